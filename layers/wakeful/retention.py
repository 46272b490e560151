"""How long history is kept: ``WAKEFUL_RETENTION_DAYS``.

Events, finished heartbeats and actions, hook deliveries and their attempts, and
webhook request rows carry ``expires_at`` (epoch seconds), the TTL attribute of their
tables: DynamoDB deletes them some time after it passes, at no cost. Unset (0), events,
heartbeats and actions are kept for ever and the hook and webhook rows for their own default (30 days).

Deleting old events never changes the log's numbering: ``seq`` comes from the agent's
``last_seq`` counter, which does not expire, so the sequence goes on where it was and
never restarts; a read of an expired range simply finds fewer events.
"""

from __future__ import annotations

from wakeful.config import get_settings

DAY_SECONDS = 24 * 3600


def expiry(now: float, *, default_days: int | None = None) -> int | None:
    """The ``expires_at`` of an item written at ``now``; None keeps it for ever."""
    days = get_settings().retention_days or default_days
    return int(now + days * DAY_SECONDS) if days else None
