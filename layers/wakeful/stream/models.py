"""The StreamEvent: one thing an agent did, as subscribers see it.

``{id, type, content?, tool_name?, tool_args?, tool_result?, metadata: {agent_id,
thread_id, run_id, created_at, ...}}``. Ids are per thread, gap-free from 1. A ``text``
or ``reasoning`` event is one delta of the model's output, in order; the full text is
the concatenation of a run's deltas.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from wakeful.limits import STREAM_FRAME_BYTES, STREAM_VALUE_BYTES
from wakeful.stream.exceptions import StreamCursorError, StreamFilterError

START, TEXT, REASONING, TOOL_CALL, TOOL_RESULT, COMPLETED, ERROR = (
    "start", "text", "reasoning", "tool_call", "tool_result", "completed", "error",
)  # fmt: skip
EVENT_TYPES = (START, TEXT, REASONING, TOOL_CALL, TOOL_RESULT, COMPLETED, ERROR)
#: Deltas of the model's output: many per step, coalesced in storage.
DELTA_TYPES = frozenset({TEXT, REASONING})
#: A run ends with one of these.
TERMINAL_TYPES = frozenset({COMPLETED, ERROR})

#: A value of an event (its ``content``, ``tool_args``, ``tool_result``, each of its
#: metadata) longer than this many bytes of JSON, as a frame holds it, is cut to a string
#: preview (:func:`bounded`).
MAX_VALUE_BYTES = STREAM_VALUE_BYTES
#: An event's whole frame, as every subscriber gets it (:func:`frame_bytes`; the
#: WebSocket fan-out posts exactly these bytes, and API Gateway takes at most 128 KB a
#: message), stays under this (:func:`within_frame`).
MAX_FRAME_BYTES = STREAM_FRAME_BYTES

_UNSET: Any = object()

#: Heartbeat ids start with this; a heartbeat action's stream is ``<heartbeat_id>.<action_id>``.
HEARTBEAT_PREFIX = "hb_"
ACTION_SEPARATOR = "."


def action_stream_id(heartbeat_id: str, action_id: str) -> str:
    """The stream (pseudo-thread) id of one heartbeat action."""
    return f"{heartbeat_id}{ACTION_SEPARATOR}{action_id}"


def heartbeat_of(thread_id: str) -> str | None:
    """The heartbeat id of an action stream id (None for any other thread id)."""
    heartbeat_id, sep, action_id = thread_id.partition(ACTION_SEPARATOR)
    if sep and action_id and heartbeat_id.startswith(HEARTBEAT_PREFIX):
        return heartbeat_id
    return None


@dataclass(frozen=True)
class StreamEvent:
    """One StreamEvent (a domain record; :meth:`public` is its wire shape)."""

    id: int
    type: str
    agent_id: str
    thread_id: str
    run_id: str
    created_at: str
    content: str | None = None
    tool_name: str | None = None
    tool_call_id: str | None = None
    tool_args: dict[str, Any] | None = None
    tool_result: Any = _UNSET
    is_error: bool | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def stream_key(self) -> str:
        """The thread's stream (agent and thread)."""
        return stream_key(self.agent_id, self.thread_id)

    def public(self) -> dict[str, Any]:
        """The JSON every subscriber gets (SSE ``data:``, WebSocket, polling)."""
        body: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.content is not None:
            body["content"] = self.content
        if self.tool_name is not None:
            body["tool_name"] = self.tool_name
        if self.tool_call_id is not None:
            body["tool_call_id"] = self.tool_call_id
        if self.tool_args is not None:
            body["tool_args"] = self.tool_args
        if self.tool_result is not _UNSET:
            body["tool_result"] = self.tool_result
        if self.is_error is not None:
            body["is_error"] = self.is_error
        body["metadata"] = {
            **self.extra,
            "agent_id": self.agent_id,
            "thread_id": self.thread_id,
            "run_id": self.run_id,
            "created_at": self.created_at,
        }
        return body

    @classmethod
    def from_public(cls, body: dict[str, Any]) -> StreamEvent:
        """The inverse of :meth:`public` (reading stored or received events)."""
        meta = dict(body.get("metadata") or {})
        fixed = {k: meta.pop(k, "") for k in ("agent_id", "thread_id", "run_id", "created_at")}
        return cls(
            id=int(body["id"]),
            type=body["type"],
            content=body.get("content"),
            tool_name=body.get("tool_name"),
            tool_call_id=body.get("tool_call_id"),
            tool_args=body.get("tool_args"),
            tool_result=body["tool_result"] if "tool_result" in body else _UNSET,
            is_error=body.get("is_error"),
            extra=meta,
            **fixed,
        )


def stream_key(agent_id: str, thread_id: str) -> str:
    """The partition of one thread's stream in the stream table."""
    return f"{agent_id}#{thread_id}"


def frame_bytes(value: Any) -> bytes:
    """A value as a frame carries it: compact UTF-8 JSON (an event's :meth:`StreamEvent.public`
    is the frame every subscriber gets)."""
    return json.dumps(value, separators=(",", ":"), default=str, ensure_ascii=False).encode("utf-8", "surrogatepass")


def bounded(value: Any, max_bytes: int = MAX_VALUE_BYTES) -> Any:
    """``value``, or a string preview of it when it takes more than ``max_bytes`` of a
    frame (:func:`frame_bytes`): the start of its JSON text (of the text itself for a
    string), cut by bytes, never inside a character, and a note of its full size."""
    if value is None or isinstance(value, (bool, int, float)) or len(frame_bytes(value)) <= max_bytes:
        return value
    text = value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)
    note = f"... [truncated: {len(text.encode('utf-8', 'surrogatepass'))} bytes]"
    return _cut_json_text(text, max_bytes - len(frame_bytes(note))) + note


def _cut_json_text(text: str, max_bytes: int) -> str:
    """The longest start of ``text`` whose JSON string, as a frame holds it (escapes
    included, quotes not), is at most ``max_bytes``."""
    encoded = frame_bytes(text)[1:-1][: max(0, max_bytes)].decode("utf-8", "ignore")
    for end in range(len(encoded), max(-1, len(encoded) - 7), -1):  # an escape is at most 6 characters
        try:
            return str(json.loads(f'"{encoded[:end]}"'))
        except ValueError:
            continue
    return ""


def within_frame(event: StreamEvent, max_bytes: int = MAX_FRAME_BYTES) -> StreamEvent:
    """``event`` with each of its values within :data:`MAX_VALUE_BYTES` (:func:`bounded`),
    and its whole frame within ``max_bytes``: when the values together are still too
    many bytes, each is cut to a quarter of that, and the metadata to what the stream
    itself needs (``step_id``)."""
    if event.tool_args is None and event.tool_result is _UNSET and len(event.extra) <= 1 and len(event.content or "") * 6 <= MAX_VALUE_BYTES:
        return event  # a model's delta: a character takes at most 6 bytes of JSON
    cut = _bounded_event(event, MAX_VALUE_BYTES)
    if len(frame_bytes(cut.public())) <= max_bytes:
        return cut
    cut = _bounded_event(event, MAX_VALUE_BYTES // 4)
    if len(frame_bytes(cut.public())) <= max_bytes:
        return cut
    return replace(cut, extra={k: v for k, v in cut.extra.items() if k == "step_id"}, tool_call_id=bounded(cut.tool_call_id, 256))


def _bounded_event(event: StreamEvent, max_bytes: int) -> StreamEvent:
    args = bounded(event.tool_args, max_bytes)
    return replace(
        event,
        content=bounded(event.content, max_bytes),
        tool_args=args if args is None or isinstance(args, dict) else {"preview": args},
        tool_result=event.tool_result if event.tool_result is _UNSET else bounded(event.tool_result, max_bytes),
        extra={key: bounded(value, max_bytes // 8) for key, value in event.extra.items()},
    )


def parse_types(raw: str | Iterable[str] | None) -> frozenset[str] | None:
    """A subscriber's type filter (``"text,tool_call"`` or a list); None means every type.

    Raises:
        StreamFilterError: a name that is not a StreamEvent type.
    """
    if raw is None:
        return None
    names = [n.strip() for n in (raw.split(",") if isinstance(raw, str) else raw) if str(n).strip()]
    if not names:
        return None
    unknown = sorted(set(names) - set(EVENT_TYPES))
    if unknown:
        raise StreamFilterError(f"unknown stream event types {unknown}; use any of {list(EVENT_TYPES)}")
    return frozenset(names)


def parse_after(raw: str | int | None) -> int:
    """A resume point (``after`` or ``Last-Event-ID``): events with a greater id follow.

    Raises:
        StreamCursorError: not a non-negative integer.
    """
    if raw is None or raw == "":
        return 0
    text = str(raw).strip()
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 18):  # int() also takes "١٢" and "1_0"
        raise StreamCursorError(f"resume point {str(raw)[:40]!r} is not a stream event id (a non-negative integer)")
    value = int(text)
    if value < 0:
        raise StreamCursorError("a stream event id is never negative")
    return value
