"""The scan's part for hooks: deliveries whose first attempt, made by the function that
fired them, was never recorded.

A firing function stores the delivery under a lease (the sparse ``inline-lease`` index:
``timeout_ms`` plus a minute after the attempt began) before it posts, and takes it out
of the index when the attempt is recorded. One still there when its lease has run out
lost its firing function mid-attempt; :func:`wakeful.hooks.inline.take_over` finishes
it (docs/hooks.md, "A crash between the attempt and its record"). One Query per shard;
the inline module, with its HTTP client, loads only when there is something to do.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from wakeful.hooks import delivery_repository

logger = logging.getLogger(__name__)


def recover_due(now: float, shards: Iterable[int]) -> tuple[int, int]:
    """Take over every delivery of these shards whose inline lease ran out by ``now``.
    Returns (items read, deliveries taken over)."""
    read = taken = 0
    for shard in shards:
        for delivery_id in delivery_repository.lease_expired(shard, now):
            read += 1
            from wakeful.hooks import inline

            try:
                taken += inline.take_over(delivery_id, now)
            except Exception:  # noqa: BLE001 - one delivery never stops the scan; the next tick retries it
                logger.exception("hook delivery not taken over", extra={"delivery_id": delivery_id})
    return read, taken
