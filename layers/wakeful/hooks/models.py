"""Hook shapes: hook types and the deliver task's input and result (the records and
their public views are in :mod:`wakeful.hooks.records`, the API's bodies in
:mod:`wakeful.hooks.inputs`)."""

from __future__ import annotations

import re
from typing import NotRequired, TypedDict

#: The lifecycle hook types of heartbeats, tools and actions (docs/hooks.md).
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
#: Hook types of the spend guard: a budget's alert, its pause, its end.
SPEND_HOOK_TYPES = (
    "BUDGET_ALERT",
    "BUDGET_PAUSED",
    "BUDGET_RESUMED",
)
#: ``BEFORE_<TOOL>`` / ``AFTER_<TOOL>``, ``<TOOL>`` being a tool's name in UPPER_SNAKE_CASE.
TOOL_HOOK_PATTERN = re.compile(r"^(BEFORE|AFTER)_[A-Z0-9]+(_[A-Z0-9]+)*$")
MAX_HOOK_TYPE_LENGTH = 100

DEFAULT_MAX_RETRIES = 3
DEFAULT_TIMEOUT_MS = 5000
MAX_RESPONSE_BODY_BYTES = 10 * 1024


def is_valid_hook_type(value: str) -> bool:
    """Whether ``value`` names a hook type Wakeful fires."""
    return len(value) <= MAX_HOOK_TYPE_LENGTH and (value in SEED_HOOK_TYPES or value in THREAD_HOOK_TYPES or value in SPEND_HOOK_TYPES or bool(TOOL_HOOK_PATTERN.match(value)))


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
    #: Only when the execution takes over after a first attempt made elsewhere (by the
    #: firing function): the whole seconds to wait before ``attempt`` (1).
    wait_seconds: NotRequired[int]


class DeliverResult(TypedDict):
    """The deliver task's answer; the state machine's Choice reads ``outcome``."""

    outcome: str  # SUCCESS | RETRY | FAILED | DISABLED | CANCELLED
    status: str | None  # the attempt row's status
    status_code: int | None
    wait_seconds: int
    carry_ms: int
