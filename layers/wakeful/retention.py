"""How long history is kept: ``WAKEFUL_RETENTION_DAYS``.

Events, finished heartbeats and actions, hook deliveries and their attempts, webhook
request rows and the channels' deliveries and request rows carry ``expires_at`` (epoch
seconds), the TTL attribute of their tables: DynamoDB deletes them some time after it
passes, at no cost. Unset (0), events, heartbeats and actions are kept for ever and the
hook, webhook and channel rows for their own default (30 days).

What DynamoDB deletes this way is not lost: the archive (:mod:`wakeful.archive`) writes
every such record to S3, as JSON Lines per table, agent and day, from the tables'
streams of TTL deletions (docs/operations.md, "Retention and the archive").

Deleting old events never changes the log's numbering: ``seq`` comes from the agent's
``last_seq`` counter, which does not expire, so the sequence goes on where it was and
never restarts; a read of an expired range simply finds fewer events.
"""

from __future__ import annotations

from wakeful.config import get_settings

DAY_SECONDS = 24 * 3600

#: The tables whose rows :func:`expiry` stamps (their writers call it), in the order the
#: docs list them. Their TTL deletions are what the archive keeps.
TABLES = (
    "events",
    "heartbeats",
    "actions",
    "hook_deliveries",
    "hook_executions",
    "webhook_requests",
    "channel_deliveries",
    "channel_requests",
)


def expiry(now: float, *, default_days: int | None = None) -> int | None:
    """The ``expires_at`` of an item written at ``now``; None keeps it for ever."""
    days = get_settings().retention_days or default_days
    return int(now + days * DAY_SECONDS) if days else None
