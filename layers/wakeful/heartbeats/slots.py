"""The slot the heartbeat scan owns, which the assembly fills: :data:`DUE`, the due work
of capabilities above the heartbeats.

The scan is where all due work is found, each capability's from its own sparse index
(never a Scan). The threads', the schedules' and memory's are below the heartbeats and
called by name; a capability above them (the spend guard: model calls whose function
died before their cost was settled) registers a :class:`DueWork` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from wakeful.listening import Slot


class DueWork(NamedTuple):
    """A capability's part of every scan."""

    name: str
    #: ``(now, shards)`` -> counts by outcome, for the scan's result; handles what is
    #: due in those shards only (each item in one shard, claimed conditionally).
    claim_due: Callable[[float, tuple[int, ...]], Mapping[str, int]]


#: The installed due work, run by each scan after the heartbeats' own.
DUE: Slot[DueWork] = Slot("scan due work")
