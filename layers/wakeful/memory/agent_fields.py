"""The agent fields memory owns: how many memories each run recalls, consolidation
while idle, and the cap (see :mod:`wakeful.agents.slots`; no pydantic at import)."""

from __future__ import annotations

from typing import Any

from wakeful.agents.slots import AgentField
from wakeful.memory.models import MAX_CAP, MAX_RECALL, MIN_CAP


def _optional_int() -> Any:
    return int | None


def _int() -> Any:
    return int


def _settings() -> Any:
    return dict[str, Any] | None


def _consolidation() -> Any:
    from wakeful.memory.inputs import MemoryConsolidation

    return MemoryConsolidation | None


def _recall(agent: Any) -> int:
    return 5 if agent.memory_recall is None else agent.memory_recall


def _consolidation_view(agent: Any) -> dict[str, Any]:
    return {"mode": "off", "max_per_day": 1, **dict(agent.memory_consolidation or {})}


def _cap(agent: Any) -> int:
    return agent.memory_cap or 500


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
        view=_recall,
        response=_int,
        response_field={"default": 5, "description": "How many of its most relevant memories each run's system prompt holds"},
    ),
    AgentField(
        "memory_consolidation",
        _consolidation,
        {"default": None, "description": "Consolidation while idle (default: off)"},
        view=_consolidation_view,
        response=_settings,
        response_field={"default": None, "description": "Consolidation while idle: mode, max_per_day"},
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
        view=_cap,
        response=_int,
        response_field={"default": 500, "description": "The most memories it keeps"},
    ),
)
