"""The end of a run in the live stream: the one function every ending goes through.

A run always ends its stream with ``completed`` or ``error``, and ``metadata.status``
says how (:func:`end_event`):

- ``complete`` (with ``summary``), ``sleeping`` (with ``wake_at``, ``wake_reason``,
  ``wake_on_events``), ``waiting_approval`` (with ``approvals``: the pending tool calls,
  ``[{tool_call_id, tool}]``), ``cancelled`` (``POST .../cancel`` at any point),
  ``expired`` (with ``error_message``) → ``completed``;
- ``failed`` → ``error``, the reason as ``content``.

Callers: the runner when a run completes, sleeps or fails (``runner._after_run``) and
when it parks for an approval (``runner._park``); :func:`wakeful.threads.service.end`
when a thread is ended from outside its run (a cancel, an expiry, a failure found by
the scan); and a step that finds the thread ended under it (``runner`` on a fenced step).

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
  had streamed after that end: the stream gets the end again, so it ends with it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wakeful import clock
from wakeful.stream import models
from wakeful.stream import repository as stream_repository
from wakeful.stream.emitter import StreamContext, emitter
from wakeful.threads import records

if TYPE_CHECKING:
    from wakeful.stream.emitter import Emitter
    from wakeful.threads.records import Thread

logger = logging.getLogger(__name__)

#: ``ended_by`` on a thread item that a cancel ended.
CANCEL = "cancel"
#: ``metadata.status`` of a cancelled run's end.
CANCELLED = "cancelled"


@dataclass(frozen=True)
class Ending:
    """Which end of a thread's stream this is: its step id in the stream, and whether
    it is only emitted when the stream is not already ended."""

    step_id: str
    only_if_open: bool = False

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
        return cls(f"{thread.thread_id}:closed")

    @classmethod
    def fenced(cls, step_key: str) -> Ending:
        """A step found its thread ended under it: end the stream again if the step's
        own events came after the end."""
        return cls(f"{step_key}:end", only_if_open=True)


def stream_run_end(thread: Thread, ending: Ending, *, before: Emitter | None = None) -> None:
    """Emit the end of ``thread``'s run (as the item now is) into its stream, once per
    ``ending``. ``before``: the emitter of the step that ended the run, whose events are
    written first so they keep the earlier ids. Never raises (the emitter logs)."""
    if before is not None:
        before.flush()
    if ending.only_if_open and _ended(thread):
        return
    end = emitter(StreamContext(thread.owner, thread.agent_id, thread.thread_id, str(thread.run_id), ending.step_id))
    kind, content, metadata = end_event(thread)
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


def end_event(thread: Thread) -> tuple[str, str | None, dict[str, Any]]:
    """The end event of a thread as it now is: (type, content, metadata)."""
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
