"""Heartbeat records: statuses, the sparse index attributes, the record and its views.

A heartbeat is PENDING until the scan claims it (QUEUED), EXECUTING while the
orchestrator works through its window, and COMPLETED or FAILED at the end. Two sparse,
sharded indexes hold only the work that needs attention: ``pending-due`` (PENDING
heartbeats of active agents, by ``due_at``) and ``lease-expiry`` (claimed heartbeats, by
``lease_expires_at``), so the scan's cost grows with the work that is due
(never a Scan).

:class:`Heartbeat` is the item as a frozen record (``from_item`` / ``to_item`` /
``public``); :class:`HeartbeatKey` is what the keys-only scan indexes give.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from wakeful import clock, ids
from wakeful.items import item_of, opt_float, opt_int

if TYPE_CHECKING:
    from wakeful.agents.records import Agent

PENDING = "PENDING"
QUEUED = "QUEUED"
EXECUTING = "EXECUTING"
COMPLETED = "COMPLETED"
FAILED = "FAILED"
CLAIMED = (QUEUED, EXECUTING)


#: The due-index shard of an agent (stable for a given shard count).
shard_of = ids.shard_of




def due_attributes(agent_id: str, due_at: float) -> dict[str, Any]:
    """Attributes that put a heartbeat into the ``pending-due`` index."""
    return {"due_shard": shard_of(agent_id), "due_at": due_at}


#: Attributes an item carries only once they are set: left out of :meth:`Heartbeat.to_item`
#: at their default (``forced`` above all: the quiet path asks ``attribute_not_exists``).
_SPARSE = frozenset(
    {
        "forced",
        "quiet_heartbeats",
        "cascade_round",
        "round",
        "round_actions",
        "open_actions",
        "dispatched_since_target",
        "events_skipped",
    }
)


@dataclass(frozen=True, slots=True)
class HeartbeatKey:
    """A heartbeat as the scan's keys-only indexes give it (``attempt``: the claim
    number, projected into ``lease-expiry``, 0 where it is not; ``due_at``: the
    ``pending-due`` index's sort key, None in the other)."""

    agent_id: str
    heartbeat_id: str
    attempt: int = 0
    due_at: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from an index item."""
        return cls(
            agent_id=item["agent_id"],
            heartbeat_id=item["heartbeat_id"],
            attempt=int(item.get("attempt", 0)),
            due_at=opt_float(item.get("due_at")),
        )


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """A heartbeat item. Times are epoch seconds; ``None`` is an attribute the item
    does not have (yet): the window's attributes appear when it starts, the lease's
    while it is claimed, the due index's while it is PENDING and its agent active."""

    agent_id: str
    heartbeat_id: str
    owner: str
    status: str
    scheduled_at: float | None = None
    created_at: float | None = None
    events_processed: int = 0
    #: Events of the window older than the agent's lookback: counted, not processed.
    events_skipped: int = 0
    actions_triggered: int = 0
    attempt: int = 0
    # PENDING: the due index, a request, the quiet heartbeats it stands for.
    due_shard: int | None = None
    due_at: float | None = None
    forced: bool = False
    quiet_heartbeats: int = 0
    last_quiet_heartbeat_at: float | None = None
    # Claimed: the lease (and its index), the stuck-heartbeat index.
    queued_at: float | None = None
    lease_shard: int | None = None
    lease_expires_at: float | None = None
    active_owner: str | None = None
    started_at: float | None = None
    # The window (after_seq, window_end_seq], the cursor and the rounds.
    window_start_seq: int | None = None
    window_end_seq: int | None = None
    heartbeat_event_seq: int | None = None
    cursor_seq: int | None = None
    target_seq: int | None = None
    cascade_round: int = 0
    round: int = 0
    round_actions: tuple[str, ...] = ()
    round_dispatch: int | None = None
    open_actions: frozenset[str] = frozenset()
    dispatched_since_target: bool = False
    # Finished.
    completed_at: float | None = None
    error_message: str | None = None
    failed_owner: str | None = None
    expires_at: int | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a heartbeat item (as :mod:`wakeful.ddb` reads it); an attribute
        an older version did not write takes its default."""
        return cls(
            agent_id=item["agent_id"],
            heartbeat_id=item["heartbeat_id"],
            owner=item.get("owner", ""),
            status=item["status"],
            scheduled_at=opt_float(item.get("scheduled_at")),
            created_at=opt_float(item.get("created_at")),
            events_processed=int(item.get("events_processed", 0)),
            events_skipped=int(item.get("events_skipped", 0)),
            actions_triggered=int(item.get("actions_triggered", 0)),
            attempt=int(item.get("attempt", 0)),
            due_shard=opt_int(item.get("due_shard")),
            due_at=opt_float(item.get("due_at")),
            forced=bool(item.get("forced", False)),
            quiet_heartbeats=int(item.get("quiet_heartbeats", 0)),
            last_quiet_heartbeat_at=opt_float(item.get("last_quiet_heartbeat_at")),
            queued_at=opt_float(item.get("queued_at")),
            lease_shard=opt_int(item.get("lease_shard")),
            lease_expires_at=opt_float(item.get("lease_expires_at")),
            active_owner=item.get("active_owner"),
            started_at=opt_float(item.get("started_at")),
            window_start_seq=opt_int(item.get("window_start_seq")),
            window_end_seq=opt_int(item.get("window_end_seq")),
            heartbeat_event_seq=opt_int(item.get("heartbeat_event_seq")),
            cursor_seq=opt_int(item.get("cursor_seq")),
            target_seq=opt_int(item.get("target_seq")),
            cascade_round=int(item.get("cascade_round", 0)),
            round=int(item.get("round", 0)),
            round_actions=tuple(item.get("round_actions") or ()),
            round_dispatch=opt_int(item.get("round_dispatch")),
            open_actions=frozenset(item.get("open_actions") or ()),
            dispatched_since_target=bool(item.get("dispatched_since_target", False)),
            completed_at=opt_float(item.get("completed_at")),
            error_message=item.get("error_message"),
            failed_owner=item.get("failed_owner"),
            expires_at=opt_int(item.get("expires_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The item to write: ``None`` attributes, and sparse ones at their default, are
        left out; ``open_actions`` is a string set."""
        return item_of(self, _SPARSE)

    def public(self) -> dict[str, Any]:
        """The API view of the heartbeat."""
        return {
            "id": self.heartbeat_id,
            "agent_id": self.agent_id,
            "status": self.status,
            "scheduled_at": clock.iso(self.scheduled_at),
            "started_at": clock.iso(self.started_at),
            "completed_at": clock.iso(self.completed_at),
            "events_processed": self.events_processed,
            "events_skipped": self.events_skipped,
            "actions_triggered": self.actions_triggered,
            "error_message": self.error_message,
            "attempt": self.attempt,
            "window": {"after_seq": self.window_start_seq, "up_to_seq": self.cursor_seq},
            "rounds": self.round,
            # Quiet heartbeats (nothing to do, counted and rescheduled instead of run) this
            # pending heartbeat stood for before it ran; cumulative for the agent.
            "quiet_heartbeats": self.quiet_heartbeats,
            "last_quiet_heartbeat_at": clock.iso(self.last_quiet_heartbeat_at),
        }

    @property
    def key(self) -> HeartbeatKey:
        """Its key, with its claim number."""
        return HeartbeatKey(self.agent_id, self.heartbeat_id, self.attempt)

    @property
    def in_due_index(self) -> bool:
        """Whether it is in the ``pending-due`` index (PENDING, its agent active)."""
        return self.due_shard is not None

    @property
    def cursor(self) -> int:
        """Where the window is processed up to (a started heartbeat's ``cursor_seq``)."""
        return _started(self, self.cursor_seq)

    @property
    def window_start(self) -> int:
        """The window's ``after_seq`` (a started heartbeat's ``window_start_seq``)."""
        return _started(self, self.window_start_seq)

    @property
    def target(self) -> int:
        """Where the current paging stops: ``target_seq``, else the window's end."""
        return _started(self, self.target_seq if self.target_seq is not None else self.window_end_seq)


def new_pending(
    agent: Agent, heartbeat_id: str, scheduled_at: float, *, now: float, forced: bool = False
) -> Heartbeat:
    """A new PENDING heartbeat; in the due index only if the agent is active
    (``forced``: it runs even when it would be quiet)."""
    due = due_attributes(agent.agent_id, scheduled_at) if agent.is_active else {}
    return Heartbeat(
        agent_id=agent.agent_id,
        heartbeat_id=heartbeat_id,
        owner=agent.owner,
        status=PENDING,
        scheduled_at=scheduled_at,
        created_at=now,
        forced=forced,
        due_shard=due.get("due_shard"),
        due_at=due.get("due_at"),
    )


def quiet_counts(item: Heartbeat | None, agent: Agent) -> dict[str, Any]:
    """The agent's quiet heartbeats so far: the count is kept on the pending heartbeat
    (wakeful.heartbeats.quiet) and carried to the next one and to the agent when a
    heartbeat runs, so the larger of the two is the total."""
    count = max(item.quiet_heartbeats if item else 0, agent.quiet_heartbeats)
    last = (item.last_quiet_heartbeat_at if item else None) or agent.last_quiet_heartbeat_at
    return {"quiet_heartbeats": count, "last_quiet_heartbeat_at": last}


def _started(item: Heartbeat, value: int | None) -> int:
    if value is None:
        raise ValueError(f"heartbeat {item.heartbeat_id} has no window yet (status {item.status})")
    return value
