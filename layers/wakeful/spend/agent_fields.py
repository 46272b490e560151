"""The agent field the spend guard owns: the agent's ``budget`` (see
:mod:`wakeful.agents.slots`; no pydantic at import)."""

from __future__ import annotations

from typing import Any

from wakeful.agents.slots import AgentField


def _budget() -> Any:
    from wakeful.spend.inputs import BudgetIn

    return BudgetIn | None


def _whole(budget: Any) -> Any:
    """Kept whole, its defaults filled in (a PATCH replaces the budget before it)."""
    return budget.stored()


FIELDS = (
    AgentField(
        "budget",
        _budget,
        {"default": None, "description": "Its spend limits (docs/spend.md)"},
        patch_description="Its spend limits, replaced whole (docs/spend.md); null removes them",
        keep=_whole,
    ),
)
