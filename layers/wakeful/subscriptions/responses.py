"""Response models of the subscriptions' routes."""

from __future__ import annotations

from typing import Any

from wakeful.apikit.responses import Page, View


class Subscription(View):
    """A tool subscribed to an event type, for one agent or all of yours."""

    id: str
    tool: str
    event_type: str
    filter_config: dict[str, Any] | None
    execution_order: int
    is_active: bool
    agent_id: str | None
    created_at: str | None
    updated_at: str | None


class SubscriptionPage(Page):
    """A page of subscriptions."""

    items: list[Subscription]
