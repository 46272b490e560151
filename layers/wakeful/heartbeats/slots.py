"""The slots the heartbeats own, which the assembly fills.

- :data:`FINISHED`: who else hears that a heartbeat finished (memory journals it, so
  that an agent whose work is heartbeats, not threads, is consolidated when it goes
  quiet). A listener is told after the finish is committed, possibly more than once for
  one heartbeat (a repeated finish): it does what it does once, keyed by the
  heartbeat's id. An error there is logged and never fails the heartbeat.
- :data:`DUE`: the due work of capabilities above the heartbeats that the scan runs at
  each tick, after its own (memory's due consolidations, the spend guard's pauses that
  end). Each claims what is due in the scan's shards from its own sparse index (no
  Scan) and answers counts by outcome; an error in one is logged and the others still
  run.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from wakeful.listening import Slot
from wakeful.structs import Struct

if TYPE_CHECKING:
    from wakeful.agents.records import Agent


class FinishedListener(Struct):
    """A capability's part in a heartbeat's finish."""

    name: str
    #: ``(agent, summary, now)``: the summary the agent keeps of it (``heartbeat_id``,
    #: ``status``, ``events_processed``, ``actions_triggered``, ``completed_at``).
    finished: Callable[[Agent, Mapping[str, Any], float], None]


#: Who hears a heartbeat's finish (the entry points fill it, through
#: :func:`wakeful.assembly.install`).
FINISHED: Slot[FinishedListener] = Slot("heartbeat finished listeners")


def finished(agent: Agent, summary: Mapping[str, Any], now: float) -> None:
    """Tell the finished listeners (each error logged, none raised)."""
    for listener in FINISHED.installed():
        try:
            listener.finished(agent, summary, now)
        except Exception:  # noqa: BLE001 - hearing never fails the heartbeat
            logging.getLogger(__name__).exception(
                "heartbeat finished listener failed", extra={"listener": listener.name, "heartbeat_id": summary.get("heartbeat_id")}
            )


class DueWork(Struct):
    """A capability's part in the scan: what it has due."""

    #: Its name, the key of its counts in the scan's result.
    name: str
    #: ``(now, shards)`` -> counts by outcome: handle what is due at ``now`` in ``shards``.
    claim_due: Callable[[float, tuple[int, ...]], Mapping[str, int]]


#: The due work the scan runs after its own, in installation order.
DUE: Slot[DueWork] = Slot("scan due work")


def run_due(now: float, shards: tuple[int, ...]) -> dict[str, dict[str, int]]:
    """Run each installed due work; its counts by name (``{"error": 1}`` when it failed)."""
    counts: dict[str, dict[str, int]] = {}
    for work in DUE.installed():
        try:
            counts[work.name] = dict(work.claim_due(now, shards))
        except Exception:  # noqa: BLE001 - one capability's due work never stops the others'
            logging.getLogger(__name__).exception("due work failed", extra={"due_work": work.name})
            counts[work.name] = {"error": 1}
    return counts
