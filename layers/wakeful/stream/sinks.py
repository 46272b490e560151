"""Where StreamEvents go: sinks behind one small interface.

A sink implements ``on_stream_event(event, context)`` (every event, in id order, as
it is emitted) and may implement ``on_written(context, last_id)`` (events up to
``last_id`` are stored) and ``flush(context)`` (the end of a step). Three kinds exist:

- persistence (:class:`PersistenceSink`, one per step): buffers events and writes them
  to the stream table, one item per flush;
- structured logging (:class:`LoggingSink`);
- live broadcast: sinks registered with :func:`register` (``wakeful dev`` registers its
  in-process hub that feeds Server-Sent Events; on AWS the WebSocket fan-out reads the
  stream table's changes instead, so Lambda functions register none).

A sink that raises is logged and skipped: watching an agent must never break it.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Callable, Protocol, runtime_checkable

from wakeful.stream import repository
from wakeful.stream.exceptions import StreamWriteConflictError
from wakeful.stream.models import DELTA_TYPES, StreamEvent
from wakeful.stream.settings import get_settings

if TYPE_CHECKING:
    from wakeful.stream.emitter import StreamContext

logger = logging.getLogger(__name__)


@runtime_checkable
class StreamSink(Protocol):
    """The hook every sink implements."""

    def on_stream_event(self, event: StreamEvent, context: StreamContext) -> None:
        """One event, in id order."""


_lock = threading.Lock()
_live: list[StreamSink] = []


def register(sink: StreamSink) -> None:
    """Add a live sink for every emitter of this process (idempotent)."""
    with _lock:
        if sink not in _live:
            _live.append(sink)


def unregister(sink: StreamSink) -> None:
    """Remove a live sink."""
    with _lock:
        if sink in _live:
            _live.remove(sink)


def live_sinks() -> tuple[StreamSink, ...]:
    """The registered live sinks."""
    with _lock:
        return tuple(_live)


class StepState:
    """A step's place in its thread's stream: first id, events written, next ordinal."""

    def __init__(self, position: repository.StepPosition) -> None:
        self.base = position.base
        self.written = position.written
        self.next_n = 0

    def position(self) -> repository.StepPosition:
        return repository.StepPosition(self.base, self.written)


class PersistenceSink:
    """Buffers a step's events and writes them to the stream table.

    Deltas are written at most every ``flush_seconds`` while they arrive; any other
    event (start, a tool call or result, the end of the run) is written at once, so
    polling and WebSocket subscribers see it without waiting for the step to end.
    """

    def __init__(self, state: StepState, on_written: Callable[[StreamContext, int], None] | None = None) -> None:
        self.state = state
        self.pending: list[StreamEvent] = []
        self._since = 0.0
        self._on_written = on_written
        #: Another writer took this step's ids (the run was ended under it, e.g.
        #: cancelled while the model streamed): what the step emits now is dropped.
        self.overtaken = False

    def on_stream_event(self, event: StreamEvent, context: StreamContext) -> None:
        if not self.pending:
            self._since = time.monotonic()
        self.pending.append(event)
        if event.type not in DELTA_TYPES or time.monotonic() - self._since >= get_settings().flush_seconds:
            self.flush(context)

    def flush(self, context: StreamContext) -> None:
        """Write the buffered events (retrying once after a redelivery race)."""
        for _ in range(3):
            if not self.pending:
                return
            try:
                written = repository.write(context.owner, context.step_id, self.state.position(), self.pending)
            except StreamWriteConflictError:
                self._resync(context)
                continue
            last_id = self.pending[-1].id
            self.state.written = written.written
            self.pending = []
            if self._on_written:
                self._on_written(context, last_id)
            return
        logger.error("stream events not written", extra={"thread_id": context.thread_id, "step_id": context.step_id})
        self.pending = []
        self.overtaken = True

    def _resync(self, context: StreamContext) -> None:
        """Another delivery of this step wrote first: keep only what it did not write."""
        position = repository.position(context.agent_id, context.thread_id, context.step_id)
        if position.base != self.state.base:
            # Another step took these ids: the run was ended under this step (a cancel
            # while it ran) or, which the runtime prevents, two runs of one thread ran
            # at once. Drop rather than write under ids subscribers saw.
            logger.warning(
                "stream step overtaken", extra={"thread_id": context.thread_id, "step_id": context.step_id}
            )
            self.pending = []
            self.overtaken = True
            return
        self.state.written = position.written
        self.pending = [e for e in self.pending if e.id >= position.base + position.written]


class LoggingSink:
    """One structured log line per event; deltas are summed into one line per step."""

    def __init__(self) -> None:
        self.delta_chars = 0
        self.deltas = 0

    def on_stream_event(self, event: StreamEvent, context: StreamContext) -> None:
        if event.type in DELTA_TYPES:
            self.deltas += 1
            self.delta_chars += len(event.content or "")
            return
        logger.info(
            "stream event",
            extra={
                "agent_id": event.agent_id,
                "thread_id": event.thread_id,
                "run_id": event.run_id,
                "stream_event_id": event.id,
                "stream_event_type": event.type,
                "tool_name": event.tool_name,
                "content": (event.content or "")[:200] or None,
            },
        )

    def flush(self, context: StreamContext) -> None:
        if self.deltas:
            logger.info(
                "stream deltas",
                extra={"thread_id": context.thread_id, "step_id": context.step_id, "deltas": self.deltas, "chars": self.delta_chars},
            )
            self.deltas = self.delta_chars = 0
