"""The subscription routes' request bodies (pydantic), apart from
:mod:`wakeful.subscriptions.models` so that heartbeats, which only match events
against stored subscriptions, never import pydantic."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

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
