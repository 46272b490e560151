"""The agent field channels own: ``notify``, where the agent's notifications go (see
:mod:`wakeful.agents.slots`; no pydantic at import)."""

from __future__ import annotations

from typing import Any

from wakeful.agents.slots import AgentField
from wakeful.channels.models import MAX_TARGETS

NOTIFY_DOC = (
    "Channels its notifications, schedule results and approval requests go to: channel names, or "
    "name:conversation (docs/channels.md)"
)


def _targets() -> Any:
    from wakeful.channels.inputs import Target

    return list[Target] | None


def _check(owner: str, targets: Any, preset: str | None) -> None:
    """``notify`` names only the owner's channels (else 422)."""
    from wakeful.channels import targets as channel_targets

    channel_targets.check(owner, targets)


def _names() -> Any:
    return list[str] | None


def _view(agent: Any) -> Any:
    return None if agent.notify is None else list(agent.notify)


FIELDS = (
    AgentField(
        "notify",
        _targets,
        {"default": None, "max_length": MAX_TARGETS, "description": NOTIFY_DOC},
        patch_note=" null: none.",
        check=_check,
        view=_view,
        response=_names,
        response_field={"default": None, "description": "Channel targets of its notifications, schedule results and approval requests"},
    ),
)
