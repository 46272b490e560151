"""Subscription shapes and the event filter."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from wakeful.clock import iso
from wakeful.events.models import EVENT_TYPE_PATTERN


class FilterConfig(BaseModel):
    """``filter_config``. ``min_priority: N`` passes events whose priority is <= N
    (1 is the most urgent, so a smaller number is a stricter filter);
    ``topics`` passes events whose ``payload.topics`` shares at least one topic."""

    model_config = ConfigDict(extra="forbid")

    min_priority: int | None = Field(default=None, ge=1, le=10)
    topics: list[str] | None = Field(default=None, min_length=1, max_length=50)


class SubscriptionIn(BaseModel):
    """``POST /subscriptions`` body."""

    model_config = ConfigDict(extra="forbid")

    tool: str = Field(min_length=1, max_length=64)
    event_type: str = Field(pattern=EVENT_TYPE_PATTERN)
    filter_config: FilterConfig | None = None
    execution_order: int = Field(default=0, ge=-1000, le=1000)
    is_active: bool = True
    agent_id: str | None = Field(default=None, description="Default: every agent of the owner")


class SubscriptionPatch(BaseModel):
    """``PATCH /subscriptions/{id}`` body."""

    model_config = ConfigDict(extra="forbid")

    filter_config: FilterConfig | None = None
    execution_order: int | None = Field(default=None, ge=-1000, le=1000)
    is_active: bool | None = None


def passes(filter_config: dict[str, Any] | None, priority: int, payload: dict[str, Any]) -> bool:
    """Whether an event passes a subscription's filter."""
    if not filter_config:
        return True
    min_priority = filter_config.get("min_priority")
    if min_priority is not None and priority > min_priority:
        return False
    topics = filter_config.get("topics")
    if topics:
        event_topics = payload.get("topics") if isinstance(payload, dict) else None
        if not isinstance(event_topics, list) or not set(topics) & {t for t in event_topics if isinstance(t, str)}:
            return False
    return True


def public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a subscription item."""
    return {
        "id": item["subscription_id"],
        "tool": item["tool"],
        "event_type": item["event_type"],
        "filter_config": item.get("filter_config"),
        "execution_order": item.get("execution_order", 0),
        "is_active": item.get("is_active", True),
        "agent_id": item.get("agent_id"),
        "created_at": iso(item.get("created_at")),
        "updated_at": iso(item.get("updated_at")),
    }
