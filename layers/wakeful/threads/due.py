"""The scan's part for threads: what the sparse ``thread-due`` index says is due.

For each shard, one Query (``due_at <= now``) returns only due threads (no Scan):
- ``wake``: a sleeping thread's timer -> a run with a wake message naming the timer;
- ``expire``: a thread that slept (or waited for an approval) longer than its agent's
  ``thread_expiry_seconds`` -> ``expired`` with the reason;
- ``lease``: a running step that did not move within ``thread_lease_seconds`` (its worker
  died, or its message went to the DLQ) -> the step is queued again under a new key,
  and after ``thread_max_attempts`` the thread fails with the reason.
- ``admit``: a run that waited to be admitted (its agent was paused) -> its step is
  queued again at the pause's end (or at once by :func:`release_waiting`, when the
  pause ends early); it does not count as an attempt;
- ``holds``: events a coalescer holds whose quiet time (or longest wait) has come -> one run.
Each item is read again (consistently) and changed only if it is still due, with the
thread's version as condition, so two racing scans act once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Iterable

from wakeful.agents import repository as agent_repository
from wakeful.agents.records import Agent
from wakeful.config import get_settings
from wakeful.threads import limits, metrics, records, repository
from wakeful.threads.records import Thread
from wakeful.threads.queue import send_thread_step
from wakeful.threads.slots import COALESCER

logger = logging.getLogger(__name__)


@dataclass
class DueResult:
    """What one scan did to threads."""

    woken: int = 0
    expired: int = 0
    resent: int = 0
    failed: int = 0
    items_read: int = 0
    #: Held events handed to their run (see :data:`wakeful.threads.slots.COALESCER`).
    holds_fired: int = 0


def claim_due(now: float, shards: Iterable[int] | None = None) -> DueResult:
    """Handle every thread due at ``now`` (of ``shards`` only, when given: the scan
    runs one invocation per group of shards)."""
    result = DueResult()
    agents: dict[str, Agent | None] = {}
    shards = list(range(get_settings().due_shards) if shards is None else shards)
    for coalescer in COALESCER.installed():
        try:
            result.holds_fired += coalescer.fire_due(now, shards)
        except Exception:  # noqa: BLE001 - holds never stop the scan of the threads
            logger.exception("due holds not fired")
    for shard in shards:
        for key in repository.due(shard, now):
            result.items_read += 1
            thread = repository.get(key.agent_id, key.thread_id)
            if thread is None or thread.due_at is None or thread.due_at > now:
                continue
            if thread.agent_id not in agents:
                agents[thread.agent_id] = agent_repository.get(thread.agent_id)
            agent = agents[thread.agent_id]
            try:
                _handle(agent, thread, now, result)
            except Exception:  # noqa: BLE001 - one thread never stops the scan of the others
                logger.exception("due thread not handled", extra={"thread_id": thread.thread_id})
    return result


def _handle(agent: Agent | None, thread: Thread, now: float, result: DueResult) -> None:
    from wakeful.threads import service  # only when a thread is due: the scan's cold start stays small

    kind, status = thread.due_kind, thread.status
    if agent is None:
        service.end(None, thread, records.FAILED, error_message="agent deleted")
        result.failed += 1
    elif kind == records.DUE_WAKE and status == records.SLEEPING:
        if service.wake_by_timer(agent, thread):
            result.woken += 1
    elif kind == records.DUE_EXPIRE and status in (records.SLEEPING, records.WAITING_APPROVAL):
        seconds = limits.of(agent)["thread_expiry_seconds"]
        what = "waited for an approval" if status == records.WAITING_APPROVAL else "slept"
        if service.end(agent, thread, records.EXPIRED, error_message=f"{what} longer than thread_expiry_seconds ({seconds} s)"):
            result.expired += 1
    elif kind in (records.DUE_LEASE, records.DUE_ADMIT) and status == records.ACTIVE:
        _resend(agent, thread, now, result)


def release_waiting(agent_id: str, now: float) -> int:
    """Queue again, now, every run of the agent that waits to be admitted (its pause
    ended early); returns how many. A run still refused waits again."""
    agent = agent_repository.get(agent_id)
    if agent is None:
        return 0
    result = DueResult()
    for thread in repository.waiting_admission(agent_id):
        try:
            _resend(agent, thread, now, result)
        except Exception:  # noqa: BLE001 - one thread never keeps the others waiting
            logger.exception("waiting thread not released", extra={"thread_id": thread.thread_id})
    return result.resent


def _resend(agent: Agent, thread: Thread, now: float, result: DueResult) -> None:
    """Queue a stalled step again, or fail the thread once it used its attempts."""
    from wakeful.threads import service

    settings = get_settings()
    deferred = thread.deferred
    attempts = thread.lease_attempts + (0 if deferred else 1)
    if attempts >= settings.thread_max_attempts:
        reason = f"its run did not get past a step in {attempts} attempts (the step's messages are in the thread DLQ)"
        if service.end(agent, thread, records.FAILED, error_message=reason):
            result.failed += 1
        return
    step_key = records.step_key(str(thread.run_id), thread.step_no, attempts)
    try:
        fresh = repository.update(
            thread,
            {"step_key": step_key, "lease_attempts": attempts, "due_kind": records.DUE_LEASE, "due_at": now + settings.thread_lease_seconds, "deferred": False},
        )
    except repository.VersionConflict:
        return
    send_thread_step(thread.agent_id, thread.thread_id, str(fresh.step_key))
    metrics.add(metrics.THREAD_STEPS_RESENT)
    if not deferred:
        logger.warning("thread step lease expired; step queued again", extra={"thread_id": thread.thread_id, "attempt": attempts})
    result.resent += 1
