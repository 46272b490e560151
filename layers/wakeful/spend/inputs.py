"""The spend routes' request bodies: budgets (the agent field and ``PUT /budget``) and
resume. Strict: a bool or a string is not a number; unknown fields are refused."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from wakeful.inputs import Body

MAX_USD = 1_000_000
_LIMIT_DOC = "US dollars; null: no limit"


class BudgetIn(Body):
    """Spend limits. Days and months are UTC; the hour is the UTC clock hour."""

    daily_usd: float | None = Field(default=None, ge=0.01, le=MAX_USD, description=f"Per UTC day, {_LIMIT_DOC}")
    monthly_usd: float | None = Field(default=None, ge=0.01, le=MAX_USD, description=f"Per UTC month, {_LIMIT_DOC}")
    max_usd_per_hour: float | None = Field(default=None, ge=0.01, le=MAX_USD, description=f"Per UTC clock hour, {_LIMIT_DOC}")
    alert_at: float | None = Field(default=None, ge=0, le=1, description="The share of a limit that alerts (default 0.8)")
    on_exceed: Literal["pause", "alert"] | None = Field(default=None, description='"pause" (default) stops model calls at a limit; "alert" only alerts')

    def stored(self) -> dict[str, Any]:
        """The budget as it is kept: every field, defaults filled in."""
        return {
            "daily_usd": self.daily_usd,
            "monthly_usd": self.monthly_usd,
            "max_usd_per_hour": self.max_usd_per_hour,
            "alert_at": 0.8 if self.alert_at is None else self.alert_at,
            "on_exceed": self.on_exceed or "pause",
        }


class ResumeIn(Body):
    """``POST /agents/{id}/spend/resume``: raise the limit that paused it, and resume."""

    extend_usd: float = Field(gt=0, le=MAX_USD, description="US dollars added to the limit that paused it, for its current period")
