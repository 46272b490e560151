"""Agent presets: named sets of subscriptions applied when an agent is created.

Each preset is a function ``(owner, agent_id) -> None``. The SnipIn capability
registers ``snipin`` (seed 000's subscription table).
"""

from __future__ import annotations

import importlib
from typing import Callable

PRESETS: dict[str, Callable[[str, str], None]] = {}

#: Modules whose import registers presets.
PRESET_MODULES = ["wakeful.snipin.preset"]

for _module in PRESET_MODULES:
    try:
        importlib.import_module(_module)
    except ModuleNotFoundError as _error:
        if not (_module == _error.name or _module.startswith(f"{_error.name}.")):
            raise
