"""The agent field the spend guard owns: the agent's ``budget`` (see
:mod:`wakeful.agents.slots`; no pydantic at import)."""

from __future__ import annotations

from typing import Any

from wakeful.agents.slots import AgentField


def _budget() -> Any:
    from wakeful.spend.inputs import BudgetIn

    return BudgetIn | None


def _budget_view() -> Any:
    return dict[str, Any] | None


def _whole(budget: Any) -> Any:
    """Kept whole, its defaults filled in (a PATCH replaces the budget before it)."""
    return budget.stored()


def _view(agent: Any) -> dict[str, Any] | None:
    """An agent's budget as the API shows it: every field, with its defaults."""
    budget = agent.budget
    if not budget:
        return None
    limits = {k: None if budget.get(k) is None else float(budget[k]) for k in ("daily_usd", "monthly_usd", "max_usd_per_hour")}
    alert_at = float(budget["alert_at"]) if budget.get("alert_at") is not None else 0.8
    return {**limits, "alert_at": alert_at, "on_exceed": budget.get("on_exceed") or "pause"}


FIELDS = (
    AgentField(
        "budget",
        _budget,
        {"default": None, "description": "Its spend limits (docs/spend.md)"},
        patch_description="Its spend limits, replaced whole (docs/spend.md); null removes them",
        keep=_whole,
        view=_view,
        response=_budget_view,
        response_field={
            "default": None,
            "description": "Its spend limits in USD per UTC hour, day and month, alert_at and on_exceed (docs/spend.md)",
        },
    ),
)
