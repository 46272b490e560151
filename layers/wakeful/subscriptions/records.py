"""The subscription record: one item of the subscriptions table, typed.

A frozen dataclass (no pydantic: heartbeats read subscriptions on every run and must
not pay pydantic's import at cold start). :meth:`Subscription.from_item` reads an item
as :mod:`wakeful.ddb` returns it, whatever version wrote it; :meth:`Subscription.to_item`
is the item to put; :meth:`Subscription.public` is the API view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Self

from wakeful.clock import iso
from wakeful.items import item_of, opt_float, value_or

#: The attributes ``PATCH /subscriptions/{id}`` may change (with ``updated_at``).
PATCHABLE = ("filter_config", "execution_order", "is_active", "updated_at")


def scope_of(owner: str, agent_id: str | None) -> str:
    """The ``scope`` attribute (the ``by-scope`` index's key): ``agent#<agent_id>`` for
    one agent, ``owner#<owner>`` for every agent of the owner."""
    return f"agent#{agent_id}" if agent_id else f"owner#{owner}"


def passes(filter_config: Mapping[str, Any] | None, priority: int, payload: Any) -> bool:
    """Whether an event passes a subscription's filter.

    ``min_priority: N`` passes events whose priority is <= N (1 is the most urgent);
    ``topics`` passes events whose ``payload.topics`` shares at least one topic.
    """
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


@dataclass(frozen=True, slots=True)
class Subscription:
    """A tool subscribed to an event type, for one agent (``agent_id``) or for every
    agent of the owner (``agent_id`` None).

    Attributes:
        subscription_id: ``sub_…``, the table's key.
        owner: the API key's owner.
        scope: see :func:`scope_of`.
        tool: the tool's name (a built-in or one of the owner's).
        event_type: the event type it runs for.
        agent_id: the one agent it is for, or None for all of the owner's.
        filter_config: ``min_priority`` and/or ``topics`` (see :func:`passes`), as stored.
        execution_order: the order among the subscriptions an event matches.
        is_active: False switches it off.
        created_at: epoch seconds.
        updated_at: epoch seconds.
    """

    subscription_id: str
    owner: str
    scope: str
    tool: str
    event_type: str
    agent_id: str | None = None
    filter_config: dict[str, Any] | None = None
    execution_order: int = 0
    is_active: bool = True
    created_at: float | None = None
    updated_at: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """The record of a subscriptions-table item (a missing attribute takes its
        default; ``scope`` is derived when an item has none)."""
        agent_id = item.get("agent_id")
        return cls(
            subscription_id=item["subscription_id"],
            owner=item["owner"],
            scope=item.get("scope") or scope_of(item["owner"], agent_id),
            tool=item["tool"],
            event_type=item["event_type"],
            agent_id=agent_id,
            filter_config=item.get("filter_config"),
            execution_order=value_or(item, "execution_order", 0),
            is_active=value_or(item, "is_active", True),
            created_at=opt_float(item.get("created_at")),
            updated_at=opt_float(item.get("updated_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The item to put (None attributes left out)."""
        return item_of(self)

    def public(self) -> dict[str, Any]:
        """The API view (``Subscription`` in the OpenAPI document)."""
        return {
            "id": self.subscription_id,
            "tool": self.tool,
            "event_type": self.event_type,
            "filter_config": self.filter_config,
            "execution_order": self.execution_order,
            "is_active": self.is_active,
            "agent_id": self.agent_id,
            "created_at": iso(self.created_at),
            "updated_at": iso(self.updated_at),
        }

    def passes(self, priority: int, payload: Any) -> bool:
        """Whether an event of this subscription's type passes its filter."""
        return passes(self.filter_config, priority, payload)
