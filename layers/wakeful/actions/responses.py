"""Response models of the actions' routes."""

from __future__ import annotations

from typing import Any, Literal

from wakeful.api.responses import Page, View


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
    status: Literal["PENDING", "RUNNING", "COMPLETED", "FAILED"]
    request_meta: dict[str, Any] | None
    response_meta: dict[str, Any] | None
    error_message: str | None
    execution_time_ms: float | None
    parent_action_id: str | None
    created_at: str | None
    started_at: str | None
    completed_at: str | None


class ActionPage(Page):
    """A page of actions."""

    items: list[Action]
