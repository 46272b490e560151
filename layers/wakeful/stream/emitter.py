"""The one interface the thread runtime (and heartbeat actions) emit StreamEvents through.

The runtime creates one :class:`Emitter` per processed step (a step is one queue message
of a thread run; ``step_id`` is deterministic, so a redelivered step re-emits under the
same key). The n-th event of a step gets the id ``base + n``, where ``base`` is the id
after the thread's head when the step first ran; a redelivered step finds its marker in
the stream table and drops the events an earlier delivery already wrote (dedupe by
``(step_id, n)``), so ids stay gap-free and nothing is stored twice.

Every event is sanitised (secret-like keys redacted, values cut by bytes so that its frame
fits a WebSocket message: :func:`wakeful.stream.models.within_frame`) and handed to the
sinks: persistence, structured logging and the live sinks registered in this process
(:mod:`wakeful.stream.sinks`). Emitting never raises: a stream problem is logged and
the agent goes on.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from wakeful import clock
from wakeful.stream import models, repository
from wakeful.stream.models import StreamEvent
from wakeful.stream.redact import redact
from wakeful.stream.sinks import LoggingSink, PersistenceSink, StepState, StreamSink, live_sinks

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class StreamContext:
    """Where a StreamEvent belongs."""

    owner: str
    agent_id: str
    thread_id: str
    run_id: str
    step_id: str


class Emitter:
    """Emits the StreamEvents of one step. Every method is safe to call any number of times."""

    def __init__(self, context: StreamContext, sinks: tuple[StreamSink, ...] | None = None) -> None:
        self.context = context
        self._extra_sinks = live_sinks() if sinks is None else sinks
        self._state: StepState | None = None
        self._persistence: PersistenceSink | None = None
        self._sinks: list[Any] = []

    # -- the runtime's calls -----------------------------------------------------------
    def start(self, **metadata: Any) -> None:
        """A run started (type ``start``)."""
        self._emit(models.START, extra=metadata)

    def text(self, delta: str) -> None:
        """A delta of the model's text (type ``text``)."""
        if delta:
            self._emit(models.TEXT, content=delta)

    def reasoning(self, delta: str) -> None:
        """A delta of the model's reasoning (type ``reasoning``)."""
        if delta:
            self._emit(models.REASONING, content=delta)

    def tool_call(self, tool_call_id: str, name: str, arguments: dict[str, Any], **metadata: Any) -> None:
        """The agent calls a tool (type ``tool_call``)."""
        self._emit(models.TOOL_CALL, extra=metadata, tool_name=name, tool_call_id=tool_call_id, tool_args=arguments or {})

    def tool_result(self, tool_call_id: str, name: str, result: Any, *, is_error: bool = False, **metadata: Any) -> None:
        """A tool answered (type ``tool_result``)."""
        self._emit(
            models.TOOL_RESULT, extra=metadata, tool_name=name, tool_call_id=tool_call_id, tool_result=result, is_error=is_error
        )

    def completed(self, **metadata: Any) -> None:
        """The run ended normally (type ``completed``)."""
        self._emit(models.COMPLETED, extra=metadata)

    def error(self, message: str, **metadata: Any) -> None:
        """The run failed (type ``error``)."""
        self._emit(models.ERROR, content=message, extra=metadata)

    def flush(self) -> None:
        """Write out whatever is buffered (called at the end of every step)."""
        for sink in self._sinks:
            flush = getattr(sink, "flush", None)
            if flush is None:
                continue
            try:
                flush(self.context)
            except Exception:  # noqa: BLE001 - the stream never breaks the agent
                logger.exception("stream sink flush failed", extra={"sink": type(sink).__name__})

    # -- internals ---------------------------------------------------------------------
    def _ready(self) -> StepState:
        if self._state is None:
            ctx = self.context
            self._state = StepState(repository.position(ctx.agent_id, ctx.thread_id, ctx.step_id))
            self._persistence = PersistenceSink(self._state, on_written=self._written)
            # Live sinks first: a delta reaches subscribers before any write it triggers.
            self._sinks = [*self._extra_sinks, LoggingSink(), self._persistence]
        return self._state

    def _emit(self, type_: str, *, extra: dict[str, Any] | None = None, **fields: Any) -> None:
        try:
            state = self._ready()
            if self._persistence is not None and self._persistence.overtaken:
                return  # another writer ended the stream under this step: say nothing more
            n = state.next_n
            state.next_n += 1
            if n < state.written:
                return  # an earlier delivery of this step already emitted and stored it
            event = self._event(state.base + n, type_, extra or {}, fields)
        except Exception:  # noqa: BLE001 - the stream never breaks the agent
            logger.exception("stream event dropped", extra={"thread_id": self.context.thread_id, "type": type_})
            return
        for sink in self._sinks:
            try:
                sink.on_stream_event(event, self.context)
            except Exception:  # noqa: BLE001
                logger.exception("stream sink failed", extra={"sink": type(sink).__name__})

    def _event(self, event_id: int, type_: str, extra: dict[str, Any], fields: dict[str, Any]) -> StreamEvent:
        ctx = self.context
        if "tool_args" in fields:
            fields["tool_args"] = redact(fields["tool_args"])
        if "tool_result" in fields:
            fields["tool_result"] = redact(fields["tool_result"])
        event = StreamEvent(
            id=event_id,
            type=type_,
            agent_id=ctx.agent_id,
            thread_id=ctx.thread_id,
            run_id=ctx.run_id,
            created_at=clock.iso(clock.now()) or "",
            extra={"step_id": ctx.step_id, **redact(extra)},
            **fields,
        )
        # Cut by bytes where it is made: stored, streamed and posted alike, each frame
        # within what a WebSocket message may hold.
        return models.within_frame(event)

    def _written(self, context: StreamContext, last_id: int) -> None:
        for sink in self._sinks:
            on_written = getattr(sink, "on_written", None)
            if on_written is not None:
                try:
                    on_written(context, last_id)
                except Exception:  # noqa: BLE001
                    logger.exception("stream sink failed", extra={"sink": type(sink).__name__})


def emitter(context: StreamContext) -> Emitter:
    """The emitter for one step."""
    return Emitter(context)
