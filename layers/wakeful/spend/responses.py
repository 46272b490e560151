"""Response models of the spend routes."""

from __future__ import annotations

from pydantic import Field

from wakeful.apikit.responses import View


class SpendLimits(View):
    """Configured limits in US dollars (null: none)."""

    daily_usd: float | None = None
    monthly_usd: float | None = None
    max_usd_per_hour: float | None = None


class Budget(View):
    """The owner's budget, bounding all the owner's agents together (all null when unset)."""

    daily_usd: float | None = None
    monthly_usd: float | None = None
    max_usd_per_hour: float | None = None
    alert_at: float | None = None
    on_exceed: str | None = None


class ModelSpend(View):
    """The current UTC month's calls of one provider, model and purpose."""

    provider: str
    model: str
    purpose: str = Field(description="run, tool, triage, consolidation, replay or dry_run")
    replay: bool = Field(description="True for replays and dry runs")
    calls: int
    input_tokens: int
    output_tokens: int
    cache_read_tokens: int
    cache_write_tokens: int
    usd: float


class Saved(View):
    """What was not spent this month."""

    quiet_heartbeats: int
    probe_skips: int
    triage_ok: int
    coalesced_events: int


class AgentSpend(View):
    """An agent's spend against its limits (periods are UTC; the hour is the clock hour)."""

    status: str = Field(description='"ok", "alerted" or "paused"')
    today_usd: float
    month_usd: float
    last_hour_usd: float
    limits: SpendLimits
    paused_reason: str | None = None
    paused_until: float | None = Field(None, description="Epoch seconds")
    by_model: list[ModelSpend]
    saved: Saved
    period: dict[str, str] = Field(description="The current UTC hour, day and month")


class AgentSpendRow(View):
    agent_id: str
    name: str
    status: str
    today_usd: float
    month_usd: float
    last_hour_usd: float
    limits: SpendLimits


class OwnerSpend(View):
    """The owner's total spend, and each agent's (newest first, paged)."""

    status: str
    today_usd: float
    month_usd: float
    last_hour_usd: float
    limits: SpendLimits
    paused_reason: str | None = None
    paused_until: float | None = None
    saved: Saved
    agents: list[AgentSpendRow]
    next: str | None = None
