"""Agent presets: named sets of subscriptions applied when an agent is created.

Each preset is a function ``(owner, agent_id) -> None``, declared by an installed
capability (SnipIn's ``snipin`` subscribes its built-in tools; see :mod:`wakeful.assembly`).
"""

from __future__ import annotations

from typing import Callable, Mapping

from wakeful import capabilities

PRESETS: Mapping[str, Callable[[str, str], None]] = capabilities.Derived(capabilities.presets)
