"""Subscription shapes: the event filter and the public view (the API's bodies are in
:mod:`wakeful.subscriptions.inputs`)."""

from __future__ import annotations

from typing import Any

from wakeful.clock import iso


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


#: The API's bodies (pydantic), in :mod:`wakeful.subscriptions.inputs`: importable from
#: here, but loaded only when asked for, so that heartbeats never import pydantic.
_INPUTS = ("FilterConfig", "SubscriptionIn", "SubscriptionPatch")


def __getattr__(name: str) -> Any:
    if name in _INPUTS:
        from wakeful.subscriptions import inputs

        return getattr(inputs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
