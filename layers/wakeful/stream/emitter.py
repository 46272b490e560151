"""The one interface the thread runtime (and heartbeat actions) emit StreamEvents through.

The runtime creates one :class:`Emitter` per processed step (a step is one queue message
of a thread run; ``step_id`` is deterministic, so a redelivered step re-emits under the
same key and the sinks can drop the repeats). Sinks (persistence, logging, live
broadcast) sit behind it. Until the stream capability implements it, emitting does
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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

    def __init__(self, context: StreamContext) -> None:
        self.context = context

    def start(self, **metadata: Any) -> None:
        """A run started (type ``start``)."""

    def text(self, delta: str) -> None:
        """A delta of the model's text (type ``text``)."""

    def reasoning(self, delta: str) -> None:
        """A delta of the model's reasoning (type ``reasoning``)."""

    def tool_call(self, tool_call_id: str, name: str, arguments: dict[str, Any]) -> None:
        """The agent calls a tool (type ``tool_call``)."""

    def tool_result(self, tool_call_id: str, name: str, result: Any, *, is_error: bool = False) -> None:
        """A tool answered (type ``tool_result``)."""

    def completed(self, **metadata: Any) -> None:
        """The run ended normally (type ``completed``)."""

    def error(self, message: str, **metadata: Any) -> None:
        """The run failed (type ``error``)."""

    def flush(self) -> None:
        """Write out whatever is buffered (called at the end of every step)."""


def emitter(context: StreamContext) -> Emitter:
    """The emitter for one step."""
    return Emitter(context)
