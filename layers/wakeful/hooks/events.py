"""Typed hook events: one class per hook type Wakeful fires.

A lifecycle point builds the event of its hook type and hands it to
:func:`wakeful.hooks.firing.fire`; the event's :meth:`data` is the HookPayload's
``data``, key for key and in the order it is delivered. Field names are the payload's
keys, so an event is rebuilt from a payload with :func:`from_data` (the schedules
capability holds a heartbeat run's hooks as payloads and sends them later).

Events whose payload has two shapes say which by one field: an action of a thread
(``thread_id`` set) or of a heartbeat. ``BEFORE_<TOOL>`` / ``AFTER_<TOOL>`` are one
class each, the tool's hook name (``SNIP_CREATE``) being a field.

Plain frozen dataclasses (no pydantic): firing runs on every heartbeat's cold path.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from wakeful.hooks.models import TOOL_HOOK_PATTERN


class HookEvent:
    """What every hook event has: its ``hook_type`` and its payload ``data``."""

    __slots__ = ()
    hook_type: ClassVar[str]

    @property
    def name(self) -> str:
        """The hook type this event fires as (hooks of this type receive it)."""
        return self.hook_type

    def data(self) -> dict[str, Any]:
        """The HookPayload's ``data``: the event's fields in declaration order (a tool
        hook's name aside). Events whose payload has two shapes override it."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _NOT_IN_PAYLOAD}  # type: ignore[arg-type]  # every subclass is a dataclass

    # Equality, hash and repr are written once here rather than generated for each of
    # the event classes (``eq=False, repr=False``): a generated method is compiled at
    # import, and these classes load on every firing function's cold start.
    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f.name) for f in fields(self))  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.__class__, self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))  # type: ignore[arg-type]
        return f"{self.__class__.__name__}({shown})"


#: Fields that name the hook rather than carry its payload.
_NOT_IN_PAYLOAD = frozenset({"tool_hook_name"})


# -- heartbeats ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, repr=False, eq=False)
class BeforeHeartbeat(HookEvent):
    """A heartbeat starts (QUEUED -> EXECUTING)."""

    hook_type: ClassVar[str] = "BEFORE_HEARTBEAT"
    scheduled_at: str | None
    last_heartbeat: Any


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class AfterHeartbeat(HookEvent):
    """A heartbeat finished (committed)."""

    hook_type: ClassVar[str] = "AFTER_HEARTBEAT"
    status: str
    scheduled_at: str | None
    started_at: str | None
    completed_at: str | None
    events_processed: int
    actions_triggered: int
    error_message: str | None
    next_heartbeat_at: str | None


# -- a heartbeat's tool calls (BEFORE_<TOOL> / AFTER_<TOOL>) ---------------------------
@dataclass(frozen=True, slots=True, repr=False, eq=False)
class BeforeTool(HookEvent):
    """A heartbeat's action is about to run its tool; fires as ``BEFORE_<tool_hook_name>``."""

    hook_type: ClassVar[str] = "BEFORE_<TOOL>"
    tool_hook_name: str  # the tool's name in UPPER_SNAKE_CASE; not part of the payload
    action_id: str
    tool_name: str
    event_type: str | None
    request_meta: dict[str, Any]

    @property
    def name(self) -> str:
        return f"BEFORE_{self.tool_hook_name}"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class AfterTool(HookEvent):
    """A heartbeat's action ran its tool; fires as ``AFTER_<tool_hook_name>``."""

    hook_type: ClassVar[str] = "AFTER_<TOOL>"
    tool_hook_name: str  # the tool's name in UPPER_SNAKE_CASE; not part of the payload
    action_id: str
    tool_name: str
    success: bool
    output: Any
    execution_time_ms: int
    #: What the tool says it made, when it says (SnipCreate: the created snip): then the
    #: payload's ``data`` is this instead of the fields above.
    made: dict[str, Any] | None = None

    @property
    def name(self) -> str:
        return f"AFTER_{self.tool_hook_name}"

    def data(self) -> dict[str, Any]:
        if self.made is not None:
            return dict(self.made)
        return {
            "action_id": self.action_id,
            "tool_name": self.tool_name,
            "success": self.success,
            "output": self.output,
            "execution_time_ms": self.execution_time_ms,
        }


# -- actions (of a heartbeat, or of a thread when ``thread_id`` is set) ----------------
@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ActionStarted(HookEvent):
    """An action starts. A heartbeat's carries ``event_type``, a thread's ``thread_id``."""

    hook_type: ClassVar[str] = "ACTION_STARTED"
    action_id: str
    tool_name: str
    request_meta: dict[str, Any]
    event_type: str | None = None
    thread_id: str | None = None

    def data(self) -> dict[str, Any]:
        middle = {"thread_id": self.thread_id} if self.thread_id is not None else {"event_type": self.event_type}
        return {"action_id": self.action_id, "tool_name": self.tool_name, **middle, "request_meta": self.request_meta}


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ActionCompleted(HookEvent):
    """An action succeeded. A thread's also carries ``thread_id`` and ``error_message`` (None)."""

    hook_type: ClassVar[str] = "ACTION_COMPLETED"
    action_id: str
    tool_name: str
    output: Any
    execution_time_ms: int
    thread_id: str | None = None
    success: bool = True
    error_message: str | None = None

    def data(self) -> dict[str, Any]:
        if self.thread_id is None:
            return {
                "action_id": self.action_id,
                "tool_name": self.tool_name,
                "success": self.success,
                "output": self.output,
                "execution_time_ms": self.execution_time_ms,
            }
        return _thread_action_data(self)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ActionFailed(HookEvent):
    """An action failed. A heartbeat's carries ``request_meta``; a thread's carries
    ``thread_id``, ``success`` (False) and ``output``."""

    hook_type: ClassVar[str] = "ACTION_FAILED"
    action_id: str
    tool_name: str
    error_message: str | None
    execution_time_ms: int
    request_meta: dict[str, Any] | None = None
    thread_id: str | None = None
    success: bool = False
    output: Any = None

    def data(self) -> dict[str, Any]:
        if self.thread_id is None:
            return {
                "action_id": self.action_id,
                "tool_name": self.tool_name,
                "error_message": self.error_message,
                "request_meta": self.request_meta,
                "execution_time_ms": self.execution_time_ms,
            }
        return _thread_action_data(self)


def _thread_action_data(event: ActionCompleted | ActionFailed) -> dict[str, Any]:
    """A thread's action event: the one shape both outcomes share."""
    return {
        "action_id": event.action_id,
        "tool_name": event.tool_name,
        "thread_id": event.thread_id,
        "success": event.success,
        "output": event.output,
        "execution_time_ms": event.execution_time_ms,
        "error_message": event.error_message,
    }


# -- threads ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ThreadStarted(HookEvent):
    """A thread was created (its first run queued)."""

    hook_type: ClassVar[str] = "THREAD_STARTED"
    thread_id: str
    source: str | None
    source_id: str | None
    message: str


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ThreadSleeping(HookEvent):
    """A thread's run ended asleep (a timer and/or events wake it)."""

    hook_type: ClassVar[str] = "THREAD_SLEEPING"
    thread_id: str
    wake_at: str | None
    wake_reason: str | None
    wake_on_events: list[Any]


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ThreadWoken(HookEvent):
    """A sleeping thread started a new run (``woken_by``: event, timer, request, message)."""

    hook_type: ClassVar[str] = "THREAD_WOKEN"
    thread_id: str
    woken_by: str | None
    wake_reason: str | None
    event: dict[str, Any] | None


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ThreadCompleted(HookEvent):
    """A thread completed."""

    hook_type: ClassVar[str] = "THREAD_COMPLETED"
    thread_id: str
    status: str
    summary: str | None
    error_message: str | None


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ThreadFailed(HookEvent):
    """A thread failed or expired (``status`` says which)."""

    hook_type: ClassVar[str] = "THREAD_FAILED"
    thread_id: str
    status: str
    summary: str | None
    error_message: str | None


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Notification(HookEvent):
    """The model called ``send_notification``."""

    hook_type: ClassVar[str] = "NOTIFICATION"
    thread_id: str
    message: str
    tool_call_id: str


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ApprovalRequested(HookEvent):
    """A tool call waits for a person's approval: a thread's (``thread_id``), or a
    heartbeat's action (``thread_id`` None, ``action_id`` and ``heartbeat_id`` set; its
    ``tool_call_id`` is the action id)."""

    hook_type: ClassVar[str] = "APPROVAL_REQUESTED"
    thread_id: str | None
    tool_call_id: str
    tool: str
    arguments: dict[str, Any]
    action_id: str | None = None
    heartbeat_id: str | None = None

    def data(self) -> dict[str, Any]:
        """A thread's approval as ever; a heartbeat action's also names the action."""
        data = HookEvent.data(self)  # a slotted dataclass: no zero-argument super()
        return {k: v for k, v in data.items() if v is not None or k not in ("action_id", "heartbeat_id")}


# -- schedules -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ScheduleResult(HookEvent):
    """A schedule's run succeeded (a heartbeat run's report has no ``HEARTBEAT_OK``)."""

    hook_type: ClassVar[str] = "SCHEDULE_RESULT"
    schedule_id: str
    result_id: str
    thread_id: str | None
    status: str
    schedule_type: str
    trigger: str
    scheduled_for: str | None
    completed_at: str | None
    result_content: str | None


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ScheduleFailed(HookEvent):
    """A schedule's run failed."""

    hook_type: ClassVar[str] = "SCHEDULE_FAILED"
    schedule_id: str
    result_id: str
    thread_id: str | None
    status: str
    schedule_type: str
    trigger: str
    scheduled_for: str | None
    completed_at: str | None
    error_message: str | None


# -- the spend guard --------------------------------------------------------------------
@dataclass(frozen=True, slots=True, repr=False, eq=False)
class BudgetAlert(HookEvent):
    """A budget's spend reached ``alert_at`` of a limit (``level`` ``alert``), or, with
    ``on_exceed: "alert"``, the limit itself (``level`` ``limit``); once per period.
    ``scope``: ``agent`` (its own budget) or ``owner`` (its owner's)."""

    hook_type: ClassVar[str] = "BUDGET_ALERT"
    scope: str
    limit: str
    period: str
    level: str
    alert_at: float
    limit_usd: float
    spent_usd: float
    on_exceed: str
    extend_usd: float


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class BudgetPaused(HookEvent):
    """A budget's limit was reached with ``on_exceed: "pause"``: no model call starts
    until ``paused_until`` (epoch seconds, the period's end) or a resume."""

    hook_type: ClassVar[str] = "BUDGET_PAUSED"
    scope: str
    limit: str
    period: str
    limit_usd: float
    spent_usd: float
    paused_until: float
    extend_usd: float


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class BudgetResumed(HookEvent):
    """A pause ended: ``reason`` ``period_end``, ``api``, ``button`` or ``budget_changed``;
    ``extend_usd`` what the limit was raised by, ``by`` who pressed the button."""

    hook_type: ClassVar[str] = "BUDGET_RESUMED"
    scope: str
    reason: str
    extend_usd: float | None = None
    by: str | None = None

    def data(self) -> dict[str, Any]:
        """Without ``extend_usd`` and ``by`` when they are not set."""
        data = HookEvent.data(self)  # a slotted dataclass: no zero-argument super()
        return {k: v for k, v in data.items() if v is not None or k not in ("extend_usd", "by")}


#: The class of every fixed hook type.
EVENT_CLASSES: dict[str, type[HookEvent]] = {
    cls.hook_type: cls
    for cls in (
        BeforeHeartbeat,
        AfterHeartbeat,
        ActionStarted,
        ActionCompleted,
        ActionFailed,
        ThreadStarted,
        ThreadSleeping,
        ThreadWoken,
        ThreadCompleted,
        ThreadFailed,
        Notification,
        ApprovalRequested,
        ScheduleResult,
        ScheduleFailed,
        BudgetAlert,
        BudgetPaused,
        BudgetResumed,
    )
}
#: The classes of ``BEFORE_<TOOL>`` / ``AFTER_<TOOL>``.
TOOL_EVENT_CLASSES: dict[str, type[HookEvent]] = {"BEFORE": BeforeTool, "AFTER": AfterTool}


def event_class(hook_type: str) -> type[HookEvent] | None:
    """The event class a hook type fires from (None for a type Wakeful never fires)."""
    if hook_type in EVENT_CLASSES:
        return EVENT_CLASSES[hook_type]
    if TOOL_HOOK_PATTERN.match(hook_type):
        return TOOL_EVENT_CLASSES[hook_type.split("_", 1)[0]]
    return None


def from_data(hook_type: str, data: dict[str, Any]) -> HookEvent:
    """The event of ``hook_type`` whose :meth:`HookEvent.data` is ``data`` (its keys are
    the class's fields).

    Raises:
        ValueError: ``hook_type`` is not one Wakeful fires.
        TypeError: ``data`` does not have that event's fields.
    """
    cls = event_class(hook_type)
    if cls is None:
        raise ValueError(f"not a hook type Wakeful fires: {hook_type!r}")
    if cls is AfterTool and "action_id" not in data:
        # what the tool made (its action is in the payload's envelope, not in its data)
        return AfterTool(tool_hook_name=hook_type.split("_", 1)[1], action_id="", tool_name="", success=True, output=None, execution_time_ms=0, made=data)
    if cls in (BeforeTool, AfterTool):
        return cls(tool_hook_name=hook_type.split("_", 1)[1], **data)
    return cls(**data)
