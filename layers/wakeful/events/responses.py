"""Response models of the event log's routes."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class Event(View):
    """An event of an agent's log (immutable)."""

    id: str
    seq: int = Field(description="Per agent, from 1, without gaps")
    event_type: str
    payload: dict[str, Any]
    priority: int = Field(description="1 most urgent … 10")
    source: str = Field(description="api, webhook, sqs, tool, ...")
    metadata: dict[str, Any] | None
    created_at: str
    parent_action_id: str | None = Field(default=None, description="The action whose tool answered this event, if any")


class EventPage(Page):
    """A page of events, oldest first."""

    items: list[Event]


class EventAccepted(View):
    """The event appended (or, for a repeated idempotency key, the first one)."""

    event_id: str
    seq: int


class BroadcastAccepted(View):
    """A broadcast queued: its event lands in each agent's log within seconds."""

    broadcast_id: str = Field(description="The same for the same idempotency key")
    event_type: str
    agent_ids: list[str] = Field(description="The agents it is appended to")
    agents: int
