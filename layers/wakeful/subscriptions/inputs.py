"""The subscription routes' request bodies (pydantic), apart from
:mod:`wakeful.subscriptions.models` so that heartbeats, which only match events
against stored subscriptions, never import pydantic."""

from __future__ import annotations

from pydantic import Field

from wakeful.events.models import EVENT_TYPE_PATTERN
from wakeful.inputs import Body, Patch, unchanged


class FilterConfig(Body):
    """``filter_config``. ``min_priority: N`` passes events whose priority is <= N
    (1 is the most urgent, so a smaller number is a stricter filter);
    ``topics`` passes events whose ``payload.topics`` shares at least one topic."""

    min_priority: int | None = Field(default=None, ge=1, le=10)
    topics: list[str] | None = Field(default=None, min_length=1, max_length=50)


class SubscriptionIn(Body):
    """``POST /subscriptions`` body."""

    tool: str = Field(min_length=1, max_length=64)
    event_type: str = Field(pattern=EVENT_TYPE_PATTERN)
    filter_config: FilterConfig | None = None
    execution_order: int = Field(default=0, ge=-1000, le=1000)
    is_active: bool = True
    agent_id: str | None = Field(default=None, description="Default: every agent of the owner")


class SubscriptionPatch(Patch):
    """``PATCH /subscriptions/{id}`` body. ``filter_config: null`` removes the filter;
    the other fields always have a value."""

    filter_config: FilterConfig | None = None
    execution_order: int = unchanged(ge=-1000, le=1000)
    is_active: bool = unchanged()
