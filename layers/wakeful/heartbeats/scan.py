"""The heartbeat scan: find due work, claim it, fan it out.

Runs on a schedule (EventBridge, or the local runtime's ticker). For each shard it
Queries two sparse indexes, so it reads only what is due (never a Scan):

- ``pending-due``: PENDING heartbeats whose ``due_at`` has come. Each is claimed with a
  conditional write (PENDING -> QUEUED, a lease, out of the index), so two racing scans
  claim it once.
- ``lease-expiry``: claimed heartbeats whose lease ran out because their worker died.
  Each is re-queued under a new ``attempt`` (the old worker's writes are fenced off),
  or FAILED with the reason once it has used its attempts.

A due heartbeat whose agent has nothing to do (no new events, no ``HEARTBEAT``
subscriber that must run, no heartbeat hook) is not claimed: it is counted and moved to
the next interval in one conditional write (:mod:`wakeful.heartbeats.quiet`). A due
heartbeat whose agent may not start model work now (:data:`wakeful.slots.ADMISSION`: a
spend pause) is not claimed either: it is moved to the pause's end, its window kept
(no ``HEARTBEAT`` event, the processed position untouched), and runs then with every
event since.

Claimed work goes to the heartbeat queue with SendMessageBatch. A scan that dies after
claiming loses nothing: the lease expires and a later scan re-queues the heartbeat.

The same shards also hold due threads and schedules (their own sparse indexes), hook
deliveries whose firing function died mid-attempt (:mod:`wakeful.hooks.recovery`), and
the due work the capabilities above install (:data:`wakeful.heartbeats.slots.DUE`).

Fan-out: each tick runs one scan per *group* of shards, in parallel
(:func:`shard_groups`; on AWS one EventBridge Scheduler schedule per group, each
passing its ``shards``; ``wakeful dev`` the same from its ticker). Every item lives in
exactly one shard and every claim is a conditional write, so parallel scans never
take the same item, and two scans of one shard (a slow tick overlapping the next)
still claim it once. A scan fires hooks without attempting them itself
(:func:`wakeful.hooks.deferral.deferred`): its minute is every agent's.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from collections.abc import Iterable, Sequence
from typing import Any, Iterator

from wakeful import slots as admission
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.config import get_settings
from wakeful.heartbeats import quiet
from wakeful.heartbeats import repository
from wakeful.heartbeats import slots as heartbeat_slots
from wakeful.heartbeats.records import HeartbeatKey
from wakeful.heartbeats.queue import send_heartbeats
from wakeful.hooks import deferral

logger = logging.getLogger(__name__)


@dataclass
class ScanResult:
    """What one scan did."""

    claimed: int = 0
    quiet: int = 0
    #: Due heartbeats moved to their agent's admission (a pause's end).
    waiting: int = 0
    requeued: int = 0
    failed: int = 0
    items_read: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)
    threads: Any = None
    schedules: Any = None  # wakeful.schedules.due.DueResult
    hooks_taken_over: int = 0
    shards: tuple[int, ...] = ()
    #: What the capabilities above plugged into the scan did (:data:`~wakeful.heartbeats.slots.DUE`):
    #: counts by outcome, by name (``memory``: due consolidations; ``spend``: calls swept).
    due: dict[str, dict[str, int]] = field(default_factory=dict)


def shard_groups(shards: int, groups: int) -> list[list[int]]:
    """The shards ``0 .. shards-1`` dealt into ``groups`` groups (at most one per shard),
    one scan invocation each per tick: group g holds the shards s with s % groups == g."""
    if shards < 1 or groups < 1:
        raise ValueError("shards and groups must be at least 1")
    groups = min(groups, shards)
    return [list(range(g, shards, groups)) for g in range(groups)]


def checked_shards(shards: Iterable[Any] | None) -> tuple[int, ...]:
    """The shards a scan was asked for (all of them when None), checked against
    ``WAKEFUL_DUE_SHARDS``.

    Raises:
        ValueError: a shard that is not an integer in ``0 .. due_shards-1``.
    """
    count = get_settings().due_shards
    if shards is None:
        return tuple(range(count))
    picked: list[int] = []
    for shard in shards:
        if isinstance(shard, bool) or not isinstance(shard, int) or not 0 <= shard < count:
            raise ValueError(f"not a shard of this deployment (0 .. {count - 1}): {shard!r}")
        picked.append(shard)
    return tuple(sorted(set(picked)))


def scan(now: float, shards: Sequence[int] | None = None) -> ScanResult:
    """Claim every due heartbeat and every expired lease at time ``now``, in every
    shard or in ``shards`` only (one group of a fanned-out tick)."""
    settings = get_settings()
    mine = checked_shards(shards)
    result = ScanResult(shards=mine)
    with deferral.deferred():
        _scan(now, mine, settings, result)
    return result


def _scan(now: float, mine: tuple[int, ...], settings: Any, result: ScanResult) -> None:
    for shard in mine:
        due = list(_due(shard, now))
        result.items_read += len(due)
        agents = _agents(due)
        for key in due:
            agent = agents.get(key.agent_id)
            if agent is not None and quiet.is_quiet(agent) and quiet.record(key, agent, now):
                result.quiet += 1
                continue
            if agent is not None and _waits(key, agent, now):
                result.waiting += 1
                continue
            claimed = _claim(key, now, settings.heartbeat_lease_seconds)
            if claimed is not None:
                result.claimed += 1
                result.messages.append(claimed)
        for key in _expired(shard, now):
            result.items_read += 1
            attempt = key.attempt
            if attempt >= settings.max_heartbeat_attempts:
                from wakeful.heartbeats import orchestrator  # rare path; keeps the scan's import small

                reason = f"no worker finished this heartbeat in {attempt} attempts (lease expired each time)"
                if orchestrator.fail(key.agent_id, key.heartbeat_id, attempt, reason):
                    result.failed += 1
                continue
            requeued = _requeue(key, attempt, now, settings.heartbeat_lease_seconds)
            if requeued is not None:
                result.requeued += 1
                result.messages.append(requeued)
    send_heartbeats(result.messages)
    _threads(now, result, mine)
    result.schedules = _schedules(now, mine)
    result.items_read += result.schedules.items_read
    _hooks(now, result, mine)
    result.due = heartbeat_slots.run_due(now, mine)


def _waits(key: HeartbeatKey, agent: Agent, now: float) -> bool:
    """Whether the agent may not start model work now: then its heartbeat is moved to
    when it may (see the module docstring)."""
    wait = admission.may_start(agent.owner, agent.agent_id, now)
    if wait is None:
        return False
    until = wait.until if wait.until is not None else now + agent.heartbeat_interval_seconds
    return repository.defer_pending(key.agent_id, key.heartbeat_id, until, now)


def _agents(due: list[HeartbeatKey]) -> dict[str, Agent]:
    """The due heartbeats' agents, one BatchGetItem per 100: what tells a quiet
    heartbeat (wakeful.heartbeats.quiet) from one with work."""
    if not due:
        return {}
    ids_ = sorted({key.agent_id for key in due})
    return {agent.agent_id: agent for agent in agents_repository.get_many(ids_)}


def _threads(now: float, result: ScanResult, shards: tuple[int, ...]) -> None:
    """Threads' due work (timer wakes, expiries, stalled steps) from their own sparse
    index (imported here: only a scan that runs needs it)."""
    from wakeful.threads import due

    found = due.claim_due(now, shards)
    result.items_read += found.items_read
    result.threads = found


def _schedules(now: float, shards: tuple[int, ...]) -> Any:
    """Due cron schedules live in their own sparse index (wakeful.schedules.due)."""
    from wakeful.schedules import due

    return due.claim_due(now, shards)


def _hooks(now: float, result: ScanResult, shards: tuple[int, ...]) -> None:
    """Hook deliveries whose firing function died during their first attempt."""
    from wakeful.hooks import recovery

    read, taken = recovery.recover_due(now, shards)
    result.items_read += read
    result.hooks_taken_over = taken


def _due(shard: int, now: float) -> Iterator[HeartbeatKey]:
    return repository.due(shard, now)


def _expired(shard: int, now: float) -> Iterator[HeartbeatKey]:
    return repository.expired(shard, now)


def _claim(key: HeartbeatKey, now: float, lease_seconds: int) -> dict[str, Any] | None:
    attempt = repository.claim(key.agent_id, key.heartbeat_id, now, lease_seconds)
    if attempt is None:
        return None  # another scan claimed it first
    return {"agent_id": key.agent_id, "heartbeat_id": key.heartbeat_id, "attempt": attempt}


def _requeue(key: HeartbeatKey, attempt: int, now: float, lease_seconds: int) -> dict[str, Any] | None:
    if not repository.requeue(key.agent_id, key.heartbeat_id, attempt, now, lease_seconds):
        return None
    logger.warning("heartbeat lease expired; re-queued", extra={"agent_id": key.agent_id, "heartbeat_id": key.heartbeat_id, "attempt": attempt + 1})
    return {"agent_id": key.agent_id, "heartbeat_id": key.heartbeat_id, "attempt": attempt + 1}
