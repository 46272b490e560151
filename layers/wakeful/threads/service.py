"""Starting, messaging, waking, cancelling and approving threads.

Every change that starts a run puts the message that starts it and moves the thread to
``active`` in one transaction (conditioned on the thread's version), then queues the
run's first step. If the process dies between the two, the step's lease in the due index
runs out and the scan queues the step again, so nothing is lost; a repeated start (a
redelivered schedule run, a retried event route) queues it again at once.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import Any

from wakeful import clock
from wakeful.agents import repository as agent_repository
from wakeful.agents import service as agents
from wakeful.agents.records import Agent
from wakeful.hooks.events import ThreadStarted, ThreadWoken
from wakeful.threads import limits, messages_repository, metrics, records, repository
from wakeful.threads.exceptions import (
    ThreadApprovalNotFoundError,
    ThreadNotFoundError,
    ThreadStateError,
)
from wakeful.threads.hooks import fire_hook
from wakeful.threads.records import InboxEntry, StepSpec, Thread
from wakeful.threads.run_end import CANCEL, Ending, run_ended
from wakeful.threads.queue import send_thread_step

logger = logging.getLogger(__name__)

_MAX_CONFLICTS = 20


def run_fields(thread: Thread, first_seq: int, seen_seq: int, *, now: float) -> dict[str, Any]:
    """What a new run sets on the thread: its id, its first step (the message at
    ``first_seq``), its lease and the log position it has seen."""
    run_no = thread.run_no + 1
    run_id = f"{thread.thread_id}.r{run_no}"
    return {
        "run_no": run_no,
        "run_id": run_id,
        "run_started_at": now,
        "step": StepSpec.message(first_seq),
        "step_no": 0,
        "step_key": records.step_key(run_id, 0),
        "lease_attempts": 0,
        "last_msg_seq": first_seq,
        "seen_seq": seen_seq,
    }


def start_thread(
    owner: str,
    agent_id: str,
    message: str,
    *,
    source: str,
    source_id: str | None = None,
    prompt_mode: str | None = None,
    attributes: dict[str, Any] | None = None,
    thread_id: str | None = None,
    created_by: str | None = None,
    event: dict[str, Any] | None = None,
) -> Thread:
    """Create a thread whose first run starts at once, asynchronously; returns it.

    Args:
        owner: the agent's owner (checked).
        agent_id: the agent.
        message: the first message (the user's text, the event, the schedule's prompt).
        source: ``user`` | ``event`` | ``webhook`` | ``scheduled``.
        source_id: what started it (an event type, a schedule id).
        prompt_mode: ``heartbeat`` | ``scheduled`` | None: the run's guidance in the system prompt.
        attributes: stored on the thread (e.g. ``schedule_result_id``).
        thread_id: a deterministic id (the router's), so a repeat creates nothing new.
        created_by: who wrote the first message (default: ``user`` for user threads,
            else ``system``).
        event: the log event that started it, kept on the first message.
    """
    agent = agents.get(owner, agent_id)
    now = clock.now()
    seen_seq = agent_repository.mark_routing(agent_id)
    thread = _new_thread(
        owner, agent_id, thread_id or records.new_thread_id(now), now=now, seen_seq=seen_seq,
        source=source, source_id=source_id, prompt_mode=prompt_mode, attributes=attributes,
    )  # fmt: skip
    first = messages_repository.item(
        thread.thread_id,
        1,
        role="user",
        created_by=created_by or ("user" if source == "user" else "system"),
        content=message,
        run_id=thread.run_id,
        event=event,
    )
    started = ThreadStarted(thread_id=thread.thread_id, source=source, source_id=source_id, message=message)
    if not repository.create(thread, first):
        existing = repository.get(agent_id, thread.thread_id) or thread
        _finish_repeated_start(agent, existing, started)
        return existing
    send_thread_step(agent_id, thread.thread_id, str(thread.step_key))
    metrics.add(metrics.THREADS_STARTED)
    fire_hook(agent, thread, started, context={"thread_id": thread.thread_id}, delivery_key=f"{thread.thread_id}:started")
    logger.info("thread started", extra={"agent_id": agent_id, "thread_id": thread.thread_id, "source": source})
    return thread


def _new_thread(
    owner: str,
    agent_id: str,
    thread_id: str,
    *,
    now: float,
    seen_seq: int,
    source: str,
    source_id: str | None,
    prompt_mode: str | None,
    attributes: dict[str, Any] | None,
) -> Thread:
    """A new thread, active, its first run's first step leased."""
    thread = Thread(
        agent_id=agent_id,
        thread_id=thread_id,
        owner=owner,
        source=source,
        source_id=source_id,
        prompt_mode=prompt_mode,
        attributes=attributes or {},
        created_at=now,
    )
    sets, _ = repository.state(thread, records.ACTIVE, due=repository.lease(now))
    return replace(thread, **run_fields(thread, 1, seen_seq, now=now), **sets)


def _finish_repeated_start(agent: Agent, existing: Thread, started: ThreadStarted) -> None:
    """A repeat (a redelivered start) of a thread whose first step may never have been
    queued: the starter died after the write. Finish the start now rather than after the
    lease; the runner ignores a step it has already taken."""
    if existing.status == records.ACTIVE and existing.step_no == 0 and existing.run_no == 1:
        send_thread_step(existing.agent_id, existing.thread_id, str(existing.step_key))
        fire_hook(agent, existing, started, context={"thread_id": existing.thread_id}, delivery_key=f"{existing.thread_id}:started")


def activate(
    agent: Agent,
    thread: Thread,
    *,
    role: str,
    created_by: str,
    content: str,
    seen_seq: int,
    wake: str | None,
    event: dict[str, Any] | None = None,
    extra_sets: dict[str, Any] | None = None,
) -> Thread | None:
    """Start a new run of a sleeping thread with a message (one transaction), then queue
    its first step. ``wake`` names the wake (``event``, ``timer``, ``request``, ``message``)
    for hooks. What waited in the sleeping thread's inbox (events a trigger's cooldown
    folded into it) comes first, so the model reads it with the wake. Returns the thread
    as it now is, or None when the thread changed meanwhile (the caller decides again)
    or reached ``max_wakes_per_thread`` (it ended, failed)."""
    agent_limits = limits.of(agent)
    if thread.wakes >= agent_limits["max_wakes_per_thread"]:
        end(agent, thread, records.FAILED, error_message=f"reached max_wakes_per_thread ({agent_limits['max_wakes_per_thread']}) and was not woken again")
        return None
    now = clock.now()
    first = thread.last_msg_seq + 1
    seq = first + len(thread.inbox)
    sets = run_fields(thread, seq, seen_seq, now=now)
    sets["step"] = StepSpec.message(seq, first)
    state_sets, removes = repository.state(thread, records.ACTIVE, due=repository.lease(now))
    sets.update(state_sets)
    sets["wakes"] = thread.wakes + 1
    sets["inbox"] = ()
    sets.update(extra_sets or {})
    removes = removes + ["wake_at"]
    waited = [_inbox_message(thread, entry, first + offset, sets["run_id"]) for offset, entry in enumerate(thread.inbox)]
    message = messages_repository.item(thread.thread_id, seq, role=role, created_by=created_by, content=content, run_id=sets["run_id"], event=event)
    if not repository.start_run(thread, sets, removes, [*waited, message], if_status=(records.SLEEPING,)):
        return None
    fresh = thread.changed(sets, removes)
    send_thread_step(thread.agent_id, thread.thread_id, str(fresh.step_key))
    metrics.add(metrics.THREADS_WOKEN)
    woken = ThreadWoken(thread_id=thread.thread_id, woken_by=wake, wake_reason=thread.wake_reason, event=event)
    fire_hook(agent, fresh, woken, context={"thread_id": thread.thread_id}, delivery_key=f"{fresh.run_id}:woken")
    logger.info("thread woken", extra={"agent_id": thread.agent_id, "thread_id": thread.thread_id, "woken_by": wake})
    return fresh


def _inbox_message(thread: Thread, entry: InboxEntry, seq: int, run_id: str) -> dict[str, Any]:
    """The thread message of an inbox entry."""
    role = "user" if entry.created_by == "user" else "system"
    return messages_repository.item(thread.thread_id, seq, role=role, created_by=entry.created_by, content=entry.content, run_id=run_id, event=entry.event)


def wake_notice(thread: Thread, how: str, event: dict[str, Any] | None = None) -> str:
    """The message a woken thread's next model call reads: what woke it and why it slept."""
    reason = thread.wake_reason or "(no reason given)"
    if how == "event" and event:
        return (
            f"You were woken by event {event['event_type']} (seq {event['seq']}): "
            f"{json.dumps(event.get('payload') or {}, sort_keys=True, default=str)}. Reason you gave when you went to sleep: {reason}"
        )
    if how == "timer":
        return f"You were woken by your timer (set for {clock.iso(thread.wake_at)}). Reason you gave when you went to sleep: {reason}"
    return f"You were woken on request. Reason you gave when you went to sleep: {reason}"


def event_view(event: Any) -> dict[str, Any]:
    """The parts of a log event a thread keeps."""
    return {"event_id": event.id, "seq": event.seq, "event_type": event.event_type, "payload": event.payload, "source": event.source}


def wake_by_event(agent: Agent, thread_id: str, wait_id: str, event: dict[str, Any], notice: str | None = None) -> bool:
    """Wake a thread whose wait (``wait_id``) an event matched; once: a thread that is no
    longer waiting with that wait is left alone. True if this call woke it. ``notice``:
    the wake message, when it is not the event's own (several events held together)."""
    for _ in range(_MAX_CONFLICTS):
        thread = repository.get(agent.agent_id, thread_id)
        if not thread or thread.status != records.SLEEPING or thread.wait_id != wait_id:
            return False
        woken = activate(
            agent,
            thread,
            role="system",
            created_by="system",
            content=notice or wake_notice(thread, "event", event),
            seen_seq=int(event["seq"]),
            wake="event",
            event=event,
            extra_sets={"woken_by": {"kind": "event", **event}},
        )
        if woken is not None:
            return True
        if thread.wakes >= limits.of(agent)["max_wakes_per_thread"]:
            return False
    return False


def wake_by_timer(agent: Agent, thread: Thread) -> bool:
    """The scan found a sleeping thread's timer due."""
    woken = activate(
        agent,
        thread,
        role="system",
        created_by="system",
        content=wake_notice(thread, "timer"),
        seen_seq=agent.last_seq,
        wake="timer",
        extra_sets={"woken_by": {"kind": "timer", "wake_at": thread.wake_at}},
    )
    return woken is not None


def post_message(
    owner: str,
    agent_id: str,
    thread_id: str,
    content: str,
    *,
    created_by: str = "user",
    event: dict[str, Any] | None = None,
    wake: bool = True,
) -> Thread:
    """A message to an existing thread: wakes it if it sleeps (unless ``wake`` is
    False: then it waits in the sleeping thread's inbox for its next wake); a running or
    approval-waiting thread reads it when its current run would end."""
    agent = agents.get(owner, agent_id)
    for _ in range(_MAX_CONFLICTS):
        thread = repository.get(agent_id, thread_id)
        if thread is None:
            raise ThreadNotFoundError(f"thread {thread_id} not found")
        status = thread.status
        if status in records.ENDED:
            raise ThreadStateError(f"thread {thread_id} is {status}; start a new thread instead")
        if event and event["event_id"] in thread.delivered_events:
            return thread
        marker = {"delivered_events": tuple(sorted({*thread.delivered_events, event["event_id"]}))} if event else {}
        if status == records.SLEEPING and wake:
            role = "user" if created_by == "user" else "system"
            text = content
            woken = activate(agent, thread, role=role, created_by=created_by, content=text, seen_seq=int(event["seq"]) if event else agent.last_seq, wake="message", event=event, extra_sets=marker)
            if woken is not None:
                return woken
            continue
        entry = InboxEntry(content, created_by, event, clock.now())
        try:
            return repository.update(thread, {"inbox": (*thread.inbox, entry), **marker}, if_status=(status,))
        except repository.VersionConflict:
            continue
    raise ThreadStateError(f"thread {thread_id} kept changing; try again")


def wake_now(owner: str, agent_id: str, thread_id: str) -> Thread:
    """``POST .../wake``: a sleeping thread runs now; a running one is left as it is."""
    agent = agents.get(owner, agent_id)
    for _ in range(_MAX_CONFLICTS):
        thread = repository.get_or_404(agent_id, thread_id)
        if thread.status in records.ENDED:
            raise ThreadStateError(f"thread {thread_id} is {thread.status}")
        if thread.status != records.SLEEPING:
            return thread
        woken = activate(agent, thread, role="system", created_by="system", content=wake_notice(thread, "request"), seen_seq=agent.last_seq, wake="request", extra_sets={"woken_by": {"kind": "request"}})
        if woken is not None:
            return woken
        if thread.wakes >= limits.of(agent)["max_wakes_per_thread"]:
            return repository.get_or_404(agent_id, thread_id)
    raise ThreadStateError(f"thread {thread_id} kept changing; try again")


def end(
    agent: Agent | None,
    thread: Thread,
    status: str,
    *,
    summary: str | None = None,
    error_message: str | None = None,
    extra_sets: dict[str, Any] | None = None,
) -> Thread | None:
    """End a thread (complete, failed, expired) from any state; None on a version conflict.
    ``agent`` None: the agent is gone (no hook to fire). What follows the end is
    :func:`wakeful.threads.run_end.run_ended`'s; the stream gets the run's end if it
    was running, else one more end saying how the thread ended."""
    sets, removes = repository.state(thread, status)
    sets.update({"summary": summary, "error_message": error_message, "ended_at": clock.now(), "inbox": (), **(extra_sets or {})})
    sets = {k: v for k, v in sets.items() if v is not None}
    try:
        fresh = repository.update(thread, sets, removes + ["step", "step_key", "wake_at"])
    except repository.VersionConflict:
        return None
    agent_repository.release_thread_slot(thread.agent_id, thread.thread_id)
    run_ended(agent, fresh, Ending.run(fresh) if thread.status == records.ACTIVE else Ending.closed(fresh), retry_on_error=False)
    return fresh


def cancel(owner: str, agent_id: str, thread_id: str) -> Thread:
    """``POST .../cancel``: the thread ends as complete with summary ``cancelled`` (its
    stream ends with ``completed``, ``metadata.status: "cancelled"``). A step running
    meanwhile is fenced off: it stops at its next check of the thread."""
    agent = agents.get(owner, agent_id)
    for _ in range(_MAX_CONFLICTS):
        thread = repository.get_or_404(agent_id, thread_id)
        if thread.status in records.ENDED:
            raise ThreadStateError(f"thread {thread_id} is already {thread.status}")
        ended = end(agent, thread, records.COMPLETE, summary="cancelled", extra_sets={"ended_by": CANCEL})
        if ended is not None:
            return ended
    raise ThreadStateError(f"thread {thread_id} kept changing; try again")


def decide_approval(
    owner: str, agent_id: str, thread_id: str, tool_call_id: str, decision: str, note: str | None, *, by: str | None = None
) -> dict[str, Any]:
    """Approve or deny one pending tool call; when none is left pending, the run resumes.
    ``by`` says who decided (default: the owner); the model reads it with the note."""
    agents.get(owner, agent_id)
    for _ in range(_MAX_CONFLICTS):
        thread = repository.get_or_404(agent_id, thread_id)
        approvals = dict(thread.approvals)
        current = approvals.get(tool_call_id)
        if current is None or thread.status != records.WAITING_APPROVAL:
            raise ThreadApprovalNotFoundError(f"no pending approval for tool call {tool_call_id}")
        if current.decision:
            raise ThreadStateError(f"tool call {tool_call_id} was already {current.decision}d")
        approvals[tool_call_id] = replace(current, decision=decision, note=note, decided_at=clock.now(), decided_by=by or owner)
        sets: dict[str, Any] = {"approvals": approvals}
        removes: list[str] = []
        resume = all(a.decision for a in approvals.values())
        if resume:
            now = clock.now()
            step_no = thread.step_no + 1
            state_sets, removes = repository.state(thread, records.ACTIVE, due=repository.lease(now))
            sets.update(state_sets)
            sets.update({"step_no": step_no, "step_key": records.step_key(str(thread.run_id), step_no), "lease_attempts": 0})
        try:
            fresh = repository.update(thread, sets, removes)
        except repository.VersionConflict:
            continue
        if resume:
            send_thread_step(agent_id, thread_id, str(fresh.step_key))
        return {"tool_call_id": tool_call_id, "decision": decision, "note": note, "thread_status": fresh.status}
    raise ThreadStateError(f"thread {thread_id} kept changing; try again")
