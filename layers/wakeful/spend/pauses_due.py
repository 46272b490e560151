"""The scan's part for the spend guard: pauses whose period ended, from the sparse
``spend-due`` index (one Query per shard, no Scan). Each is resumed (``BUDGET_RESUMED``,
reason ``period_end``), or kept on to a later period's end when a limit still holds it."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from wakeful.config import get_settings
from wakeful.spend import repository

logger = logging.getLogger(__name__)


def claim_due(now: float, shards: Iterable[int] | None = None) -> dict[str, int]:
    """Handle every pause due at ``now``; counts by outcome."""
    counts: dict[str, int] = {}
    for shard in range(get_settings().due_shards) if shards is None else shards:
        for scope in list(repository.due_pauses(shard, now)):
            from wakeful.spend import service  # loaded once one is due: most scans find none

            try:
                outcome = service.period_ended(scope, now)
            except Exception:  # noqa: BLE001 - one scope never stops the scan of the others
                logger.exception("due pause not handled", extra={"scope": scope})
                outcome = "error"
            counts[outcome] = counts.get(outcome, 0) + 1
    return counts
