"""Response models of the schedules' routes."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class ScheduleConfigView(View):
    """The run's kind and, for heartbeats, what to check."""

    schedule_type: str = Field(description="heartbeat or scheduled")
    heartbeat_checklist: list[str] | None = None


class ScheduleActiveHours(View):
    """A daily window in the schedule's time zone."""

    start: str
    end: str


class ScheduleCounts(View):
    """How the schedule's runs went."""

    runs: int
    ok: int
    findings: int
    errors: int
    skipped: int


class Schedule(View):
    """A cron schedule of an agent."""

    id: str
    agent_id: str
    prompt: str
    cron_expression: str
    timezone: str
    config: ScheduleConfigView
    active_hours: ScheduleActiveHours | None
    notify: list[str] | None = Field(None, description="Channels its results go to (null: the agent's notify)")
    probe: dict[str, Any] | None = Field(None, description="{url?, path?, events?, timeout_ms}: read before each run; nothing new -> skipped")
    is_active: bool
    next_run_at: str | None
    last_run_at: str | None
    last_status: str | None
    running_result_id: str | None
    counts: ScheduleCounts
    created_at: str | None
    updated_at: str | None


class SchedulePage(Page):
    """A page of schedules, newest first."""

    items: list[Schedule]


class ScheduleRunAccepted(View):
    """A run started now."""

    result_id: str


class ScheduleResult(View):
    """One run's result."""

    id: str
    schedule_id: str
    agent_id: str | None
    thread_id: str | None
    status: str = Field(description="heartbeat_ok, success, error, skipped (or pending while it runs)")
    result_content: str | None
    notified: bool
    trigger: str
    schedule_type: str
    error_message: str | None
    reason: str | None = Field(
        default=None, description="Why a skipped run did not run: previous_run_running, budget (the agent is paused), probe_unchanged"
    )
    probe: dict[str, Any] | None = Field(
        default=None, description="What the probe read before this run: {status: first | changed | failed, value_preview?, error?}"
    )
    escalated: bool = Field(default=False, description="A heartbeat run the triage model did not answer HEARTBEAT_OK: the agent's model ran it")
    triage: dict[str, Any] | None = Field(
        default=None, description="An escalated run's triage call: {provider, model, verdict: escalated, reason}"
    )
    scheduled_for: str | None
    started_at: str | None
    completed_at: str | None


class ScheduleResultPage(Page):
    """Results, newest first."""

    items: list[ScheduleResult]
