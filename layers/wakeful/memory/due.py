"""The scan's part for memory: agents whose consolidation is due (or whose claimed one
holds a lease), from the sparse ``memory-due`` index (one Query per shard, no Scan)."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from wakeful.config import get_settings
from wakeful.memory import repository

logger = logging.getLogger(__name__)


def claim_due(now: float, shards: Iterable[int] | None = None) -> dict[str, int]:
    """Handle every consolidation due at ``now``; counts by outcome."""
    counts: dict[str, int] = {}
    for shard in range(get_settings().due_shards) if shards is None else shards:
        for agent_id in list(repository.due(shard, now)):
            from wakeful.memory import consolidation  # loaded once one is due: most scans find none

            try:
                outcome = consolidation.handle_due(agent_id, now)
            except Exception:  # noqa: BLE001 - one agent never stops the scan of the others
                logger.exception("due consolidation not handled", extra={"agent_id": agent_id})
                outcome = "error"
            counts[outcome] = counts.get(outcome, 0) + 1
    return counts
