"""Response models of the actions' routes."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from wakeful.apikit.responses import Page, View


class ActionApproval(View):
    """A parked action's approval."""

    requested_at: str | None
    decision: Literal["approve", "deny"] | None
    note: str | None
    decided_at: str | None


class Action(View):
    """One tool run: for an (event, subscription) of a heartbeat, or a thread's tool call."""

    id: str
    agent_id: str
    heartbeat_id: str | None
    thread_id: str | None
    event_id: str | None
    event_seq: int | None
    event_type: str | None
    subscription_id: str | None
    tool: str
    status: Literal["PENDING", "RUNNING", "COMPLETED", "FAILED", "WAITING_APPROVAL"] = Field(
        description="WAITING_APPROVAL: a heartbeat's action the interception point parked until a person decides"
    )
    request_meta: dict[str, Any] | None
    response_meta: dict[str, Any] | None
    interception: dict[str, Any] | None = Field(
        default=None, description="A heartbeat's action: what the interception point decided ({decision, reason?})"
    )
    approval: ActionApproval | None = None
    error_message: str | None
    execution_time_ms: float | None
    parent_action_id: str | None
    created_at: str | None
    started_at: str | None
    completed_at: str | None


class ActionPage(Page):
    """A page of actions."""

    items: list[Action]
