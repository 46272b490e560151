"""Schedule shapes: result statuses, trigger names and the public views (the API's
bodies are in :mod:`wakeful.schedules.inputs`)."""

from __future__ import annotations

from typing import Any, Literal

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
#: A probe's path: dotted keys into its URL's JSON answer.
PROBE_PATH = r"^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$"
MAX_PROMPT_CHARS = 20_000


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
        "notify": schedule.get("notify"),
        "probe": schedule.get("probe"),
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
        "reason": row.get("skip_reason"),
        "probe": row.get("probe"),
        "escalated": bool(row.get("escalated", False)),
        "triage": row.get("triage"),
        "scheduled_for": iso(row.get("scheduled_for")),
        "started_at": iso(row.get("started_at")),
        "completed_at": iso(row.get("completed_at")),
    }
