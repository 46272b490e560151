"""Action records: statuses, the order key, the record and its public view.

An action is one tool run: for an (event, subscription) of a heartbeat, or for a
thread's tool call. :class:`Action` is its item as a frozen record (``from_item`` /
``to_item`` / ``public``); :class:`ActionOutcome` is the little of it the tool
statistics read. The reads and writes are in :mod:`wakeful.actions.repository`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from wakeful import clock
from wakeful.exceptions import NotFoundError
from wakeful.items import item_of, opt_float, opt_int

PENDING = "PENDING"
RUNNING = "RUNNING"
COMPLETED = "COMPLETED"
FAILED = "FAILED"
#: A heartbeat's action the interception point (an interceptor or ``tool_policy``)
#: parked until a person approves or denies it; it is no longer part of its heartbeat.
WAITING_APPROVAL = "WAITING_APPROVAL"
OPEN = (PENDING, RUNNING)
TERMINAL = (COMPLETED, FAILED)
STATUSES = (PENDING, RUNNING, COMPLETED, FAILED, WAITING_APPROVAL)


class ActionNotFoundError(NotFoundError):
    """No such action for this agent."""


def order_key(round_no: int, seq: int, execution_order: int, subscription_id: str) -> str:
    """Sort key inside a heartbeat: round, then event seq, then execution_order."""
    return f"{round_no:03d}#{seq:012d}#{execution_order + 1000:04d}#{subscription_id}"


@dataclass(frozen=True, slots=True)
class Action:
    """An action item. Times are epoch seconds; ``None`` is an attribute the item does
    not have: a heartbeat's action has ``heartbeat_id``, its round and its event, a
    thread's has ``thread_id``; the result's attributes appear when it finishes."""

    action_id: str
    agent_id: str
    tool: str
    status: str
    owner: str | None = None
    heartbeat_id: str | None = None
    thread_id: str | None = None
    round: int | None = None
    order_key: str | None = None
    event_id: str | None = None
    event_seq: int | None = None
    event_type: str | None = None
    subscription_id: str | None = None
    parent_action_id: str | None = None
    #: The agent's hook types when the action was made (the runner fires hooks without
    #: reading the agent).
    hook_types: tuple[str, ...] | None = None
    request_meta: dict[str, Any] | None = None
    response_meta: dict[str, Any] | None = None
    #: What the interception point decided for a heartbeat's action: ``{decision
    #: (continue|mutate|deny|respond|require_approval), reason?}``.
    interception: dict[str, Any] | None = None
    #: A parked action's approval: ``{requested_at, decision?, note?, decided_at?}``.
    approval: dict[str, Any] | None = None
    error_message: str | None = None
    execution_time_ms: int | None = None
    run_count: int = 0
    created_at: float | None = None
    started_at: float | None = None
    completed_at: float | None = None
    expires_at: int | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from an action item (as :mod:`wakeful.ddb` reads it); an attribute an
        older version did not write takes its default."""
        hook_types = item.get("hook_types")
        return cls(
            action_id=item["action_id"],
            agent_id=item["agent_id"],
            tool=item["tool"],
            status=item["status"],
            owner=item.get("owner"),
            heartbeat_id=item.get("heartbeat_id"),
            thread_id=item.get("thread_id"),
            round=opt_int(item.get("round")),
            order_key=item.get("order_key"),
            event_id=item.get("event_id"),
            event_seq=opt_int(item.get("event_seq")),
            event_type=item.get("event_type"),
            subscription_id=item.get("subscription_id"),
            parent_action_id=item.get("parent_action_id"),
            hook_types=None if hook_types is None else tuple(hook_types),
            request_meta=item.get("request_meta"),
            response_meta=item.get("response_meta"),
            interception=item.get("interception"),
            approval=item.get("approval"),
            error_message=item.get("error_message"),
            execution_time_ms=opt_int(item.get("execution_time_ms")),
            run_count=int(item.get("run_count", 0)),
            created_at=opt_float(item.get("created_at")),
            started_at=opt_float(item.get("started_at")),
            completed_at=opt_float(item.get("completed_at")),
            expires_at=opt_int(item.get("expires_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The item to write (``None`` attributes left out)."""
        return item_of(self)

    def public(self) -> dict[str, Any]:
        """The API view of the action."""
        return {
            "id": self.action_id,
            "agent_id": self.agent_id,
            "heartbeat_id": self.heartbeat_id,
            "thread_id": self.thread_id,
            "event_id": self.event_id,
            "event_seq": self.event_seq,
            "event_type": self.event_type,
            "subscription_id": self.subscription_id,
            "tool": self.tool,
            "status": self.status,
            "request_meta": self.request_meta,
            "response_meta": self.response_meta,
            "interception": self.interception,
            "approval": _approval_view(self.approval),
            "error_message": self.error_message,
            "execution_time_ms": self.execution_time_ms,
            "parent_action_id": self.parent_action_id,
            "created_at": clock.iso(self.created_at),
            "started_at": clock.iso(self.started_at),
            "completed_at": clock.iso(self.completed_at),
        }


def _approval_view(approval: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if approval is None:
        return None
    return {
        "requested_at": clock.iso(approval.get("requested_at")),
        "decision": approval.get("decision"),
        "note": approval.get("note"),
        "decided_at": clock.iso(approval.get("decided_at")),
    }


@dataclass(frozen=True, slots=True)
class ActionOutcome:
    """What the tool statistics read of an action (a projection of its item)."""

    tool: str
    status: str | None = None
    execution_time_ms: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a projected action item."""
        return cls(tool=item["tool"], status=item.get("status"), execution_time_ms=opt_float(item.get("execution_time_ms")))
