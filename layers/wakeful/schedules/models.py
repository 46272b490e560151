"""Schedule shapes: API input, result statuses, and the public views."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from wakeful.clock import iso

HEARTBEAT = "heartbeat"
SCHEDULED: Literal["scheduled"] = "scheduled"
SCHEDULE_TYPES = (HEARTBEAT, SCHEDULED)

# Result statuses. ``pending`` is internal (a run claimed, its thread not finished);
# the API shows it as it is, since a run in progress has no outcome yet.
PENDING = "pending"
HEARTBEAT_OK = "heartbeat_ok"
SUCCESS = "success"
ERROR = "error"
SKIPPED = "skipped"
FINAL_STATUSES = (HEARTBEAT_OK, SUCCESS, ERROR, SKIPPED)

#: How a result came to be: a cron due time, a catch-up after downtime, or run-now.
TRIGGER_CRON = "cron"
TRIGGER_CATCH_UP = "catch_up"
TRIGGER_MANUAL = "manual"

MAX_CHECKLIST_ITEMS = 50
MAX_PROMPT_CHARS = 20_000


class ScheduleConfig(BaseModel):
    """``config``: the run's kind and, for heartbeats, what to check."""

    model_config = ConfigDict(extra="forbid")

    schedule_type: Literal["heartbeat", "scheduled"] = Field(
        default=SCHEDULED,
        description="heartbeat: check the checklist and stay silent (HEARTBEAT_OK) when nothing needs attention; "
        "scheduled: a plain run whose answer is always delivered",
    )
    heartbeat_checklist: list[str] | None = Field(
        default=None,
        max_length=MAX_CHECKLIST_ITEMS,
        description="Plain-English items the agent checks with its tools (appended to the prompt)",
    )


class ActiveHoursIn(BaseModel):
    """A daily window in the schedule's time zone; outside it nothing runs."""

    model_config = ConfigDict(extra="forbid")

    start: str = Field(description="HH:MM, inclusive", examples=["08:00"])
    end: str = Field(description="HH:MM, exclusive; before start means the window wraps past midnight", examples=["18:00"])


class ScheduleCreate(BaseModel):
    """``POST /agents/{id}/schedules`` body."""

    model_config = ConfigDict(extra="forbid")

    prompt: str = Field(min_length=1, max_length=MAX_PROMPT_CHARS, description="What the run asks the agent")
    cron_expression: str = Field(
        min_length=1, max_length=200, description="5 fields: minute hour day-of-month month day-of-week", examples=["0 8 * * 1-5"]
    )
    timezone: str = Field(default="UTC", max_length=64, description="IANA time zone the cron expression is read in")
    config: ScheduleConfig = Field(default_factory=ScheduleConfig)
    active_hours: ActiveHoursIn | None = None
    is_active: bool = True


class SchedulePatch(BaseModel):
    """``PATCH /agents/{id}/schedules/{schedule_id}`` body; only the fields sent change.
    ``active_hours: null`` removes the window."""

    model_config = ConfigDict(extra="forbid")

    prompt: str | None = Field(default=None, min_length=1, max_length=MAX_PROMPT_CHARS)
    cron_expression: str | None = Field(default=None, min_length=1, max_length=200)
    timezone: str | None = Field(default=None, max_length=64)
    config: ScheduleConfig | None = None
    active_hours: ActiveHoursIn | None = None
    is_active: bool | None = None


def schedule_type(schedule: dict[str, Any]) -> str:
    """``heartbeat`` or ``scheduled`` (absent means scheduled)."""
    return (schedule.get("config") or {}).get("schedule_type") or SCHEDULED


def public(schedule: dict[str, Any]) -> dict[str, Any]:
    """The API view of a schedule, with its per-schedule counts."""
    active = schedule.get("is_active", True)
    return {
        "id": schedule["schedule_id"],
        "agent_id": schedule["agent_id"],
        "prompt": schedule["prompt"],
        "cron_expression": schedule["cron_expression"],
        "timezone": schedule.get("timezone", "UTC"),
        "config": schedule.get("config") or {"schedule_type": SCHEDULED},
        "active_hours": schedule.get("active_hours"),
        "is_active": active,
        "next_run_at": iso(schedule.get("next_run_at")) if active else None,
        "last_run_at": iso(schedule.get("last_run_at")),
        "last_status": schedule.get("last_status"),
        "running_result_id": schedule.get("running_result_id"),
        "counts": {
            "runs": schedule.get("runs", 0),
            "ok": schedule.get("ok", 0),
            "findings": schedule.get("findings", 0),
            "errors": schedule.get("errors", 0),
            "skipped": schedule.get("skipped", 0),
        },
        "created_at": iso(schedule.get("created_at")),
        "updated_at": iso(schedule.get("updated_at")),
    }


def public_result(row: dict[str, Any]) -> dict[str, Any]:
    """The API view of one run's result."""
    return {
        "id": row["result_id"],
        "schedule_id": row["schedule_id"],
        "agent_id": row.get("agent_id"),
        "thread_id": row.get("thread_id"),
        "status": row["status"],
        "result_content": row.get("result_content"),
        "notified": row.get("notified", False),
        "trigger": row.get("trigger", TRIGGER_CRON),
        "schedule_type": row.get("schedule_type", SCHEDULED),
        "error_message": row.get("error_message"),
        "scheduled_for": iso(row.get("scheduled_for")),
        "started_at": iso(row.get("started_at")),
        "completed_at": iso(row.get("completed_at")),
    }
