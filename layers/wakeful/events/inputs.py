"""Validated event input as pydantic models: the API body and the rules a
:class:`wakeful.events.models.NewEvent` falls back on.

Kept apart from :mod:`wakeful.events.models` so that the paths that append events
without an API body (SQS ingest, webhooks, the orchestrator) never import pydantic.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.events.models import EVENT_TYPE_PATTERN
from wakeful.inputs import Body


class NewEventIn(Body):
    """An event to append: the rules of :class:`wakeful.events.models.NewEvent`."""

    event_type: str = Field(pattern=EVENT_TYPE_PATTERN, description="A letter, then letters, digits or underscores (case-sensitive)")
    payload: dict[str, Any] = Field(description="Event-specific data (a JSON object)")
    priority: int = Field(default=5, ge=1, le=10, description="1 is the most urgent, 10 the least")
    source: str = Field(default="api", min_length=1, max_length=100)
    metadata: dict[str, Any] | None = None


class EventIn(NewEventIn):
    """``POST /agents/{id}/events`` body."""

    idempotency_key: str | None = Field(default=None, min_length=1, max_length=255)


class BroadcastIn(NewEventIn):
    """``POST /events/broadcast`` body: one event for many agents of the owner."""

    idempotency_key: str | None = Field(
        default=None, min_length=1, max_length=200, description="The same key again (within 24 h) appends nothing more"
    )
    agent_ids: list[str] | None = Field(
        default=None, min_length=1, max_length=1000, description="The agents to append to (default: every active agent of yours)"
    )
