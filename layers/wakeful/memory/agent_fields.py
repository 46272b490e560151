"""The agent fields memory owns: how many memories each run recalls, consolidation
while idle, and the cap (see :mod:`wakeful.agents.slots`; no pydantic at import)."""

from __future__ import annotations

from typing import Any

from wakeful.agents.slots import AgentField
from wakeful.memory.records import MAX_CAP, MAX_RECALL, MIN_CAP


def _optional_int() -> Any:
    return int | None


def _consolidation() -> Any:
    from wakeful.memory.inputs import MemoryConsolidation

    return MemoryConsolidation | None


FIELDS = (
    AgentField(
        "memory_recall",
        _optional_int,
        {
            "default": None,
            "ge": 0,
            "le": MAX_RECALL,
            "description": "How many of its most relevant memories each run's system prompt holds (default 5; 0: none)",
        },
    ),
    AgentField(
        "memory_consolidation",
        _consolidation,
        {"default": None, "description": "Consolidation while idle (default: off)"},
    ),
    AgentField(
        "memory_cap",
        _optional_int,
        {
            "default": None,
            "ge": MIN_CAP,
            "le": MAX_CAP,
            "description": "The most memories it keeps (default 500); at the cap a new one evicts the least relevant (docs/memory.md)",
        },
    ),
)
