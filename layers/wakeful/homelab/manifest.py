"""What the homelab preset adds to the core (registered in :mod:`wakeful.extensions`): the
``homelab`` agent preset and its in-process interceptor.

Light on purpose, like every manifest: it imports nothing; the preset and the guard load
when first asked for.
"""

from __future__ import annotations

from typing import Any

NAME = "homelab"


def apply_preset(owner: str, agent_id: str) -> None:
    """The ``homelab`` agent preset: tools, guidelines, thread triggers."""
    from wakeful.homelab.preset import apply

    apply(owner, agent_id)


def preset_tools() -> tuple[str, ...]:
    """The tools the ``homelab`` preset registers for the owner."""
    from wakeful.homelab.tools import NAMES

    return NAMES


def interceptor() -> Any:
    """The in-process interceptor of every ``homelab`` agent: the stop guard."""
    from wakeful.homelab.guard import interceptor as guard

    return guard()
