"""The end of a run: the one place every end goes through, and its stream end.

:func:`run_ended` does everything that follows a run's end, in this order, each part
done once however often the end is done again:

1. the stream's end (:func:`stream_run_end`);
2. the thread's hooks and metrics: ``THREAD_SLEEPING`` (and the router's re-check of
   the new wait against events it already passed), ``APPROVAL_REQUESTED`` for each
   tool call a parked run waits for, ``THREAD_COMPLETED``/``THREAD_FAILED``; each hook
   under its delivery key (``<run_id>:sleeping``, ``<thread_id>:<call>:approval``,
   ``<thread_id>:<status>``), through :func:`wakeful.threads.hooks.fire_hook`;
3. the run-end listeners of the thread's source (:mod:`wakeful.threads.slots`): a
   scheduled thread's result (the schedules capability), and whatever a capability
   above the threads registers.

Callers: the runner when a run completes, sleeps, fails or parks for an approval, and
when a step of a run that already ended comes back (its worker may have died right
after the end was recorded); :func:`wakeful.threads.service.end` when a thread is ended
from outside its run (a cancel, an expiry, a failure found by the scan). So an event's
walk through a run goes down from the runner (or the service) to here and back once.

The stream: a run always ends its stream with ``completed`` or ``error``, and
``metadata.status`` says how (:func:`end_event`):

- ``complete`` (with ``summary``), ``sleeping`` (with ``wake_at``, ``wake_reason``,
  ``wake_on_events``), ``waiting_approval`` (with ``approvals``: the pending tool calls,
  ``[{tool_call_id, tool}]``), ``cancelled`` (``POST .../cancel`` at any point),
  ``expired`` (with ``error_message``) → ``completed``;
- ``failed`` → ``error``, the reason as ``content``.

The end of a run (not the ``closed`` end of a thread that was not running) also carries
``metadata.usage``: ``{calls, input_tokens, output_tokens, cache_read_tokens,
cache_write_tokens, usd}``, the sum of the usage its model calls left on the run's
assistant messages, each call priced from the price table as the spend guard prices it
(:func:`run_usage`). A run that parked for an approval shows its cost so far at the park
and its whole cost at its end.

Each end is emitted once: under a deterministic step id of the stream (an
:class:`Ending`), so an end done again (a redelivered step, a retried cancel) finds the
marker of the first and adds nothing:

- ``<run_id>:end`` — the run ended (by its runner, or ended by a cancel, expiry or
  failure while it ran);
- ``<run_id>:park:<step_no>`` — the run parked for approvals at that step (an approved
  run goes on with a new ``start`` and ends again);
- ``<thread_id>:closed`` — a thread whose run had already ended (sleeping or waiting
  for an approval) was cancelled, expired or failed: one more end, saying so;
- ``<step_key>:end`` — a step that was running when its thread was ended under it and
  had streamed after that end: the stream gets the end again, so it ends with it (the
  runner calls :func:`stream_run_end` alone for this one: the cancel did the rest).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wakeful import clock
from wakeful.hooks.events import ApprovalRequested, ThreadCompleted, ThreadFailed, ThreadSleeping
from wakeful.stream import models
from wakeful.stream import repository as stream_repository
from wakeful.stream.emitter import StreamContext, emitter
from wakeful.threads import messages_repository, metrics, records, slots
from wakeful.threads.hooks import fire_hook
from wakeful.threads.slots import RunEnd
from wakeful.threads.queue import send_route

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.stream.emitter import Emitter
    from wakeful.threads.records import Thread

logger = logging.getLogger(__name__)

#: ``ended_by`` of a thread that a cancel ended.
CANCEL = "cancel"
#: ``metadata.status`` of a cancelled run's end.
CANCELLED = "cancelled"


@dataclass(frozen=True)
class Ending:
    """Which end of a thread's stream this is: its step id in the stream, and whether
    it is only emitted when the stream is not already ended."""

    step_id: str
    only_if_open: bool = False
    #: Whether the end closes a run of its own (its cost goes with it): not so for a
    #: thread that was not running when it was ended.
    of_a_run: bool = True

    @classmethod
    def run(cls, thread: Thread) -> Ending:
        """The thread's current run ended."""
        return cls(f"{thread.run_id}:end")

    @classmethod
    def park(cls, thread: Thread) -> Ending:
        """The run parked for approvals (``thread`` as parked: its step is the resume
        step, the one after the step that parked)."""
        return cls(f"{thread.run_id}:park:{thread.step_no - 1}")

    @classmethod
    def closed(cls, thread: Thread) -> Ending:
        """A thread that was not running ended (cancelled, expired, failed)."""
        return cls(f"{thread.thread_id}:closed", of_a_run=False)

    @classmethod
    def fenced(cls, step_key: str) -> Ending:
        """A step found its thread ended under it: end the stream again if the step's
        own events came after the end."""
        return cls(f"{step_key}:end", only_if_open=True)


def run_ended(agent: Agent | None, thread: Thread, ending: Ending, *, before: Emitter | None = None, retry_on_error: bool) -> None:
    """Everything that follows the end (or the park) of ``thread``'s run, ``thread`` as
    the end left it (see the module docstring). ``agent`` None: the agent is gone (no
    hook to fire). ``retry_on_error``: the caller is the run's step, whose message comes
    back when this raises and does the end again, so a listener's error is raised (after
    every listener had its turn); elsewhere (a cancel, the expiry scan) it is logged."""
    stream_run_end(thread, ending, before=before)
    if agent is not None:
        _thread_hooks(agent, thread)
    if thread.status in _ENDED_METRICS:
        metrics.add(_ENDED_METRICS[thread.status])
    if thread.status == records.SLEEPING and thread.wake_on_events:
        # Events appended while this run went on may match the wait it just set.
        send_route(thread.agent_id, f"wait:{thread.run_id}", thread_id=thread.thread_id)
    _tell_listeners(RunEnd(agent, thread), retry_on_error=retry_on_error)
    logger.info("thread run ended", extra={"thread_id": thread.thread_id, "status": thread.status, "run_id": thread.run_id})


_ENDED_METRICS = {
    records.SLEEPING: metrics.THREADS_SLEPT,
    records.COMPLETE: metrics.THREADS_COMPLETED,
    records.FAILED: metrics.THREADS_FAILED,
    records.EXPIRED: metrics.THREADS_EXPIRED,
}


def _thread_hooks(agent: Agent, thread: Thread) -> None:
    """The thread's own hooks for the end it is at."""
    if thread.status == records.SLEEPING:
        sleeping = ThreadSleeping(
            thread_id=thread.thread_id,
            wake_at=clock.iso(thread.wake_at),
            wake_reason=thread.wake_reason,
            wake_on_events=[w.to_item() for w in thread.wake_on_events],
        )
        fire_hook(agent, thread, sleeping, context={"thread_id": thread.thread_id}, delivery_key=f"{thread.run_id}:sleeping")
    elif thread.status == records.WAITING_APPROVAL:
        for approval in thread.pending():
            requested = ApprovalRequested(thread_id=thread.thread_id, tool_call_id=approval.tool_call_id, tool=approval.tool, arguments=dict(approval.arguments))
            fire_hook(agent, thread, requested, context={"thread_id": thread.thread_id}, delivery_key=f"{thread.thread_id}:{approval.tool_call_id}:approval")
    elif thread.status in records.ENDED:
        hook = ThreadCompleted if thread.status == records.COMPLETE else ThreadFailed
        ended = hook(thread_id=thread.thread_id, status=thread.status, summary=thread.summary, error_message=thread.error_message)
        fire_hook(agent, thread, ended, context={"thread_id": thread.thread_id}, delivery_key=f"{thread.thread_id}:{thread.status}")


def _tell_listeners(end: RunEnd, *, retry_on_error: bool) -> None:
    failure: Exception | None = None
    for listener in slots.of(end.thread):
        try:
            listener.run_ended(end)
        except Exception as error:  # noqa: BLE001 - each listener has its turn; see run_ended
            if not retry_on_error:
                logger.exception("run-end listener failed", extra={"listener": listener.name, "thread_id": end.thread.thread_id})
            elif failure is None:
                failure = error
    if failure is not None:
        raise failure


def stream_run_end(thread: Thread, ending: Ending, *, before: Emitter | None = None) -> None:
    """Emit the end of ``thread``'s run (as the item now is) into its stream, once per
    ``ending``. ``before``: the emitter of the step that ended the run, whose events are
    written first so they keep the earlier ids. Never raises (the emitter logs)."""
    if before is not None:
        before.flush()
    if ending.only_if_open and _ended(thread):
        return
    end = emitter(StreamContext(thread.owner, thread.agent_id, thread.thread_id, str(thread.run_id), ending.step_id))
    kind, content, metadata = end_event(thread, run_usage(thread) if ending.of_a_run else None)
    if kind == models.ERROR:
        end.error(content or "failed", **metadata)
    else:
        end.completed(**metadata)
    end.flush()


def _ended(thread: Thread) -> bool:
    """Whether the thread's stream already ends with an end (unknown: not ended, so
    the end is emitted rather than lost)."""
    try:
        return stream_repository.head(thread.agent_id, thread.thread_id).last_type in models.TERMINAL_TYPES
    except Exception:  # noqa: BLE001 - the stream never breaks the agent
        logger.exception("stream head not read", extra={"thread_id": thread.thread_id})
        return False


_USAGE_TOKENS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")
_SHOWN_TOKENS = ("input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens")


def run_usage(thread: Thread) -> dict[str, Any] | None:
    """What the thread's current run cost: the usage its model calls left on its
    assistant messages, and that of an answer the turn policy asked for and dropped
    (kept on the thread), summed, each call priced as the spend guard prices it (None
    when it cannot be read: the end goes out without it)."""
    if not thread.run_id:
        return None
    total: dict[str, Any] = {"calls": 0, **dict.fromkeys(_SHOWN_TOKENS, 0), "usd": 0.0}
    try:
        policy = thread.turn_policy or {}
        if policy.get("run_id") == thread.run_id and isinstance(policy.get("usage"), dict):
            _add_usage(total, policy["usage"])
        for message in messages_repository.run_messages(thread.thread_id, thread.run_id, thread.last_msg_seq):
            if message.get("from_model") and isinstance(message.get("usage"), dict):
                _add_usage(total, message["usage"])
    except Exception:  # noqa: BLE001 - the stream never breaks the agent
        logger.exception("run usage not read", extra={"thread_id": thread.thread_id})
        return None
    total["usd"] = round(total["usd"], 6)
    return total


def _add_usage(total: dict[str, Any], usage: dict[str, Any]) -> None:
    from wakeful.llm import pricing

    tokens = [int(usage.get(k) or 0) for k in _USAGE_TOKENS]
    total["calls"] += int(usage.get("calls") or 1)
    for name, value in zip(_SHOWN_TOKENS, tokens, strict=True):
        total[name] += value
    total["usd"] += pricing.cost_usd(str(usage.get("model") or ""), *tokens, provider=str(usage.get("provider") or ""))


def end_event(thread: Thread, usage: dict[str, Any] | None = None) -> tuple[str, str | None, dict[str, Any]]:
    """The end event of a thread as it now is: (type, content, metadata), with
    ``metadata.usage`` when ``usage`` (what the run cost) is given."""
    kind, content, metadata = _end_event(thread)
    if usage is not None:
        metadata["usage"] = usage
    return kind, content, metadata


def _end_event(thread: Thread) -> tuple[str, str | None, dict[str, Any]]:
    status = thread.status
    if status == records.FAILED:
        return models.ERROR, thread.error_message or "failed", {"status": status}
    if status == records.COMPLETE:
        shown = CANCELLED if thread.ended_by == CANCEL else status
        return models.COMPLETED, None, {"status": shown, "summary": thread.summary}
    if status == records.SLEEPING:
        waits = [w.event_type for w in thread.wake_on_events]
        metadata: dict[str, Any] = {"status": status, "wake_at": clock.iso(thread.wake_at), "wake_reason": thread.wake_reason}
        if waits:
            metadata["wake_on_events"] = waits
        return models.COMPLETED, None, metadata
    if status == records.WAITING_APPROVAL:
        pending = [{"tool_call_id": a.tool_call_id, "tool": a.tool} for a in thread.pending()]
        return models.COMPLETED, None, {"status": status, "approvals": pending}
    if status == records.EXPIRED:
        return models.COMPLETED, None, {"status": status, "error_message": thread.error_message}
    return models.COMPLETED, None, {"status": status}
