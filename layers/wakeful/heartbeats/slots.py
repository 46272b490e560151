"""The slots the heartbeats own, which the assembly fills. :data:`DUE`: the due work of
capabilities above the heartbeats, which the scan runs with its own.

The scan finds every kind of due work from sparse indexes, one Query per shard (never a
Scan): the heartbeats', then the threads', the schedules' and memory's by name (they
are below it), then each installed :class:`DueWork` (a capability above the heartbeats,
such as the spend guard: budget pauses whose period ended).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from wakeful.listening import Slot


class DueWork(NamedTuple):
    """A capability's due work, run by every scan for the shards it was given."""

    name: str
    #: ``(now, shards)`` -> counts by outcome (the scan's result shows them by name).
    claim_due: Callable[[float, Iterable[int]], dict[str, int]]


#: The installed due work (the entry points fill it, through :func:`wakeful.assembly.install`).
DUE: Slot[DueWork] = Slot("due work")
