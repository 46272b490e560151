"""Hook shapes: hook types, the public views, and the deliver task's input and result
(the API's bodies are in :mod:`wakeful.hooks.inputs`)."""

from __future__ import annotations

import re
from typing import Any, TypedDict

from wakeful.clock import iso

#: Every hook type seed 000 names ("Hook Types").
SEED_HOOK_TYPES = (
    "BEFORE_SNIP_CREATE",
    "AFTER_SNIP_CREATE",
    "BEFORE_COMMENT_CREATE",
    "AFTER_COMMENT_CREATE",
    "BEFORE_SHARE",
    "AFTER_SHARE",
    "BEFORE_LIKE",
    "AFTER_LIKE",
    "BEFORE_HEARTBEAT",
    "AFTER_HEARTBEAT",
    "BEFORE_FEED_READ",
    "AFTER_FEED_READ",
    "ACTION_STARTED",
    "ACTION_COMPLETED",
    "ACTION_FAILED",
)
#: Hook types of threads, approvals, notifications and schedules.
THREAD_HOOK_TYPES = (
    "THREAD_STARTED",
    "THREAD_SLEEPING",
    "THREAD_WOKEN",
    "THREAD_COMPLETED",
    "THREAD_FAILED",
    "NOTIFICATION",
    "APPROVAL_REQUESTED",
    "SCHEDULE_RESULT",
    "SCHEDULE_FAILED",
)
#: ``BEFORE_<TOOL>`` / ``AFTER_<TOOL>``, ``<TOOL>`` being a tool's name in UPPER_SNAKE_CASE.
TOOL_HOOK_PATTERN = re.compile(r"^(BEFORE|AFTER)_[A-Z0-9]+(_[A-Z0-9]+)*$")
MAX_HOOK_TYPE_LENGTH = 100

DEFAULT_MAX_RETRIES = 3
DEFAULT_TIMEOUT_MS = 5000
MAX_RESPONSE_BODY_BYTES = 10 * 1024


def is_valid_hook_type(value: str) -> bool:
    """Whether ``value`` names a hook type Wakeful fires."""
    return len(value) <= MAX_HOOK_TYPE_LENGTH and (value in SEED_HOOK_TYPES or value in THREAD_HOOK_TYPES or bool(TOOL_HOOK_PATTERN.match(value)))


class DeliverInput(TypedDict):
    """The state machine's input, and the deliver task's event on every attempt."""

    delivery_id: str
    hook_id: str
    agent_id: str
    attempt: int  # 0 for the first try; equals the row's retry_count
    max_retries: int
    timeout_ms: int
    backoff_base_seconds: float
    carry_ms: int  # the sub-second part of the backoff, slept by the task (Wait takes whole seconds)
    replay: int


class DeliverResult(TypedDict):
    """The deliver task's answer; the state machine's Choice reads ``outcome``."""

    outcome: str  # SUCCESS | RETRY | FAILED | DISABLED | CANCELLED
    status: str | None  # the attempt row's status
    status_code: int | None
    wait_seconds: int
    carry_ms: int


def public(hook: dict[str, Any]) -> dict[str, Any]:
    """The API view of a hook (never its secret or auth header)."""
    return {
        "id": hook["hook_id"],
        "agent_id": hook["agent_id"],
        "hook_type": hook["hook_type"],
        "endpoint_url": hook["endpoint_url"],
        "is_active": hook.get("is_active", True),
        "has_auth_header": bool(hook.get("auth_header")),
        "retry_config": hook.get("retry_config") or {"max_retries": DEFAULT_MAX_RETRIES, "timeout_ms": DEFAULT_TIMEOUT_MS},
        "metadata": hook.get("metadata"),
        "disabled_reason": hook.get("disabled_reason"),
        "disabled_at": iso(hook.get("disabled_at")),
        "failing_since": iso(hook.get("failing_since")),
        "created_at": iso(hook.get("created_at")),
        "updated_at": iso(hook.get("updated_at")),
    }


def public_execution(row: dict[str, Any]) -> dict[str, Any]:
    """The API view of one delivery attempt (CONTRACT.md ``.../executions``)."""
    return {
        "id": row["execution_id"],
        "hook_id": row["hook_id"],
        "delivery_id": row["delivery_id"],
        "hook_type": row.get("hook_type"),
        "retry_count": row.get("retry_count", 0),
        "replay": row.get("replay", 0),
        "status": row["status"],
        "status_code": row.get("status_code"),
        "response_body": row.get("response_body"),
        "error_message": row.get("error_message"),
        "execution_time_ms": row.get("execution_time_ms"),
        "heartbeat_id": row.get("heartbeat_id"),
        "action_id": row.get("action_id"),
        "executed_at": iso(row.get("executed_at")),
        "next_retry_in_ms": row.get("next_retry_in_ms"),
    }


def public_delivery(row: dict[str, Any]) -> dict[str, Any]:
    """The API view of a delivery (one firing of one hook)."""
    return {
        "id": row["delivery_id"],
        "hook_id": row["hook_id"],
        "hook_type": row.get("hook_type"),
        "kind": row.get("kind", "event"),
        "status": row["status"],
        "attempts": row.get("attempts", 0),
        "replays": row.get("replays", 0),
        "last_status_code": row.get("last_status_code"),
        "error_message": row.get("error_message"),
        "heartbeat_id": row.get("heartbeat_id"),
        "action_id": row.get("action_id"),
        "created_at": iso(row.get("created_at")),
        "completed_at": iso(row.get("completed_at")),
    }


#: The API's bodies (pydantic), in :mod:`wakeful.hooks.inputs`: importable from here,
#: but loaded only when asked for, so that delivering a hook never imports pydantic.
_INPUTS = ("RetryConfig", "HookCreate", "HookTestRequest", "HookPatch")


def __getattr__(name: str) -> Any:
    if name in _INPUTS:
        from wakeful.hooks import inputs

        return getattr(inputs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
