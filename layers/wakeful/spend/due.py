"""The scan's part for the spend guard: model calls admitted whose settle never came,
from the sparse ``spend-due`` index (one Query per shard, no Scan). An open call leaves
the index when it is settled or abandoned; one still there past its deadline belonged
to a function that died between the call and its settle, and is charged its estimate
(:func:`wakeful.spend.service.sweep`)."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from wakeful.config import get_settings
from wakeful.spend import repository

logger = logging.getLogger(__name__)


def claim_due(now: float, shards: Iterable[int] | None = None) -> dict[str, int]:
    """Charge every call overdue at ``now`` in ``shards`` (all when None); counts by
    outcome: ``swept`` (charged here) or ``closed`` (settled meanwhile)."""
    counts = {"swept": 0, "closed": 0}
    for shard in range(get_settings().due_shards) if shards is None else shards:
        for scope, call_key in repository.due_calls(shard, now):
            from wakeful.spend import service  # loaded once one is due: most scans find none

            try:
                counts["swept" if service.sweep(scope, call_key, now) else "closed"] += 1
            except Exception:  # noqa: BLE001 - one call never stops the sweep of the others
                logger.exception("overdue model call not swept", extra={"scope": scope, "call": call_key})
    return counts
