"""Event shapes: validated input and the stored record."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from wakeful.clock import iso

#: Case-sensitive: ``cpu_high`` and ``NEW_MENTION`` are both valid, and different from
#: ``CPU_HIGH``.
EVENT_TYPE_PATTERN = r"^[A-Za-z][A-Za-z0-9_]{0,99}$"
MAX_EVENTS_PER_APPEND = 90  # DynamoDB transactions take 100 items; keep room for the rest


class NewEvent(BaseModel):
    """An event to append (the API body, an SQS message, a tool's ``new_events`` item)."""

    model_config = ConfigDict(extra="forbid")

    event_type: str = Field(pattern=EVENT_TYPE_PATTERN, description="A letter, then letters, digits or underscores (case-sensitive)")
    payload: dict[str, Any] = Field(description="Event-specific data (a JSON object)")
    priority: int = Field(default=5, ge=1, le=10, description="1 is the most urgent, 10 the least")
    source: str = Field(default="api", min_length=1, max_length=100)
    metadata: dict[str, Any] | None = None


class EventIn(NewEvent):
    """``POST /agents/{id}/events`` body."""

    idempotency_key: str | None = Field(default=None, min_length=1, max_length=255)


class Event(BaseModel):
    """A stored event. Immutable."""

    model_config = ConfigDict(frozen=True)

    id: str
    agent_id: str
    seq: int
    event_type: str
    payload: dict[str, Any]
    priority: int
    source: str
    metadata: dict[str, Any] | None = None
    created_at: str
    parent_action_id: str | None = None

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> "Event":
        """Build from a DynamoDB item of the events table."""
        return cls(
            id=item["event_id"],
            agent_id=item["agent_id"],
            seq=item["seq"],
            event_type=item["event_type"],
            payload=item.get("payload") or {},
            priority=item.get("priority", 5),
            source=item.get("source", "api"),
            metadata=item.get("metadata"),
            created_at=iso(item["created_at"]) or "",
            parent_action_id=item.get("parent_action_id"),
        )

    def public(self) -> dict[str, Any]:
        """The API shape."""
        return self.model_dump(exclude={"agent_id"})
