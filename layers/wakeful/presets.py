"""Agent presets: named sets of subscriptions applied when an agent is created.

Each preset is a function ``(owner, agent_id) -> None``, declared by an extension in
:mod:`wakeful.extensions` (SnipIn's ``snipin`` subscribes its built-in tools).
"""

from __future__ import annotations

from typing import Callable

from wakeful import extensions

PRESETS: dict[str, Callable[[str, str], None]] = extensions.presets()
