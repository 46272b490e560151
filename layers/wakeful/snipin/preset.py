"""The ``snipin`` preset: SnipIn's subscription table, applied to one agent when it is
created with ``preset: "snipin"`` (registered in :mod:`wakeful.snipin.manifest`).

``min_priority: N`` passes events with priority <= N (docs/semantics.md), so FEED_SUMMARIZED
(priority 3) reaches SnipCreate, SnipLike and SnipShare, in that order.
"""

from __future__ import annotations

from wakeful.subscriptions.exceptions import SubscriptionDuplicateError
from wakeful.subscriptions.inputs import FilterConfig, SubscriptionIn

#: (tool, event_type, filter_config, execution_order)
SUBSCRIPTIONS: tuple[tuple[str, str, dict[str, int] | None, int], ...] = (
    ("FeedReader", "HEARTBEAT", None, 1),
    ("SnipCreate", "FEED_SUMMARIZED", {"min_priority": 7}, 2),
    ("SnipCreate", "NEW_MENTION", None, 0),
    ("SnipComment", "COMMENT_RECEIVED", None, 0),
    ("SnipShare", "FEED_SUMMARIZED", {"min_priority": 8}, 10),
    ("SnipLike", "FEED_SUMMARIZED", {"min_priority": 9}, 5),
    ("WebhookHandler", "WEBHOOK_TRIGGER", None, 0),
    ("WebhookHandler", "EXTERNAL_SIGNAL", None, 0),
    ("WebhookHandler", "EXTERNAL_TRIGGER", None, 0),
    ("WebhookHandler", "EXTERNAL_EVENT", None, 0),
)


def apply(owner: str, agent_id: str) -> None:
    """Subscribe the agent's built-in SnipIn tools as SnipIn's subscription table says (idempotent)."""
    from wakeful.subscriptions import service as subscriptions

    for tool, event_type, filter_config, order in SUBSCRIPTIONS:
        body = SubscriptionIn(
            tool=tool,
            event_type=event_type,
            filter_config=FilterConfig.model_validate(filter_config) if filter_config else None,
            execution_order=order,
            agent_id=agent_id,
        )
        try:
            subscriptions.create(owner, body, sync=False)  # agent creation syncs once
        except SubscriptionDuplicateError:
            continue

