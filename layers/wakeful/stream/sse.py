"""Server-Sent Events: framing, and the live feed of a thread or an agent.

A frame is ``id: <id>`` / ``event: <type>`` / ``data: <StreamEvent JSON>``. On an
agent's stream events of several threads interleave, so its ``id:`` is
``<thread_id>:<id>``. Comments (``: keep-alive``) keep idle connections open.

:func:`thread_feed` and :func:`agent_feed` yield frames from the stream table (catch-up
after a resume point) and then from a live :class:`~wakeful.stream.broadcast.Hub`; a
thread's feed ends once the run it shows has ended (its last event is ``completed`` or
``error``; for a heartbeat action's stream, its ``tool_result``) and the thread is not
running again, an agent's feed does not end.

Both take ``authorized`` (a :class:`~wakeful.stream.access.KeyCheck`): asked on every
turn of the loop (it reads the key again only when its interval has passed) and at once
before the first event of a run (a ``start``) goes out; when it answers False the feed
sends a comment saying so and ends.

A thread's feed also compares itself with the stored head when it has been quiet for
:data:`RECONCILE_SECONDS`: if the stored stream ended (a run cancelled while the model
was still streaming ends under an id the live deltas had already used) it sends that
stored end and closes, instead of waiting for an end it will never see live.
"""

from __future__ import annotations

import json
import time
from typing import Callable, Iterator

from wakeful.stream import repository
from wakeful.stream.access import REVOKED_COMMENT
from wakeful.stream.broadcast import Hub, Notice
from wakeful.stream.models import START, TERMINAL_TYPES, TOOL_RESULT, StreamEvent, heartbeat_of

KEEP_ALIVE = b": keep-alive\n\n"
#: Sent first: tells EventSource to reconnect after 2 s, and gets headers through proxies.
PREAMBLE = b"retry: 2000\n: stream open\n\n"
CATCH_UP_PAGE = 1000
#: A quiet thread feed compares itself with the stored head this often (seconds).
RECONCILE_SECONDS = 2.0


def _always(now: bool = False) -> bool:
    return True


def _never() -> bool:
    return False


def frame(event: StreamEvent, *, agent_stream: bool = False) -> bytes:
    """One SSE frame for a StreamEvent."""
    frame_id = f"{event.thread_id}:{event.id}" if agent_stream else str(event.id)
    data = json.dumps(event.public(), separators=(",", ":"), default=str, ensure_ascii=False)
    return f"id: {frame_id}\nevent: {event.type}\ndata: {data}\n\n".encode("utf-8")


class _Sequencer:
    """Releases a thread's events in id order, each once, filling gaps from the table."""

    def __init__(self, agent_id: str, thread_id: str, after: int) -> None:
        self.agent_id = agent_id
        self.thread_id = thread_id
        self.last = after
        self.last_type: str | None = None
        self.held: dict[int, StreamEvent] = {}

    def offer(self, event: StreamEvent) -> None:
        if event.id > self.last:
            self.held[event.id] = event

    def release(self) -> Iterator[StreamEvent]:
        while self.last + 1 in self.held:
            event = self.held.pop(self.last + 1)
            self.last, self.last_type = event.id, event.type
            yield event

    def fill_from_table(self) -> Iterator[StreamEvent]:
        """Read what was written after ``last`` (all of it, page by page)."""
        while True:
            events, more = repository.read_after(self.agent_id, self.thread_id, self.last, CATCH_UP_PAGE)
            for event in events:
                self.offer(event)
            yield from self.release()
            if not more:
                return

    @property
    def gap(self) -> bool:
        return bool(self.held) and self.last + 1 not in self.held


def thread_feed(
    hub: Hub,
    agent_id: str,
    thread_id: str,
    *,
    after: int = 0,
    types: frozenset[str] | None = None,
    keep_alive_seconds: float = 15.0,
    stop: Callable[[], bool] = _never,
    authorized: Callable[..., bool] = _always,
    running: Callable[[], bool] = _never,
) -> Iterator[bytes]:
    """Frames of one thread's stream: catch-up after ``after``, then live, until the run
    it shows ends (or ``stop()``, or ``authorized()`` answers False). ``running()``:
    whether the thread is running now, so a stream whose last stored event ended the
    previous run stays open for the run about to start."""
    subscription, backlog = hub.subscribe(agent_id, thread_id)
    terminal = terminal_types(thread_id)
    try:
        yield PREAMBLE
        seq = _Sequencer(agent_id, thread_id, after)
        head = repository.head(agent_id, thread_id)
        yield from _frames(seq.fill_from_table(), types)
        for event in backlog:
            seq.offer(event)
        yield from _frames(seq.release(), types)
        if not seq.held and seq.last >= head.last_id and _ended(seq, head, terminal) and not running():
            return
        last_write = last_event = time.monotonic()
        while not stop() and not subscription.overflowed:
            if not authorized():
                yield REVOKED_COMMENT
                return
            notice = subscription.get(timeout=min(keep_alive_seconds, 1.0))
            released: list[StreamEvent] = []
            if notice is not None:
                _take(seq, notice)
                released = list(seq.release())
                if seq.gap and notice.written is not None:
                    released.extend(seq.fill_from_table())
            elif time.monotonic() - last_event >= RECONCILE_SECONDS and seq.last_type not in terminal:
                released = list(_reconcile(seq, terminal))
                last_event = time.monotonic()
            if released:
                last_event = time.monotonic()
                if any(e.type == START for e in released) and not authorized(now=True):
                    yield REVOKED_COMMENT
                    return
                sent = list(_frames(iter(released), types))
                yield from sent
                if sent:
                    last_write = time.monotonic()
                if seq.last_type in terminal and not seq.held:
                    return
            if time.monotonic() - last_write >= keep_alive_seconds:
                yield KEEP_ALIVE
                last_write = time.monotonic()
    finally:
        subscription.close()


def _reconcile(seq: _Sequencer, terminal: frozenset[str]) -> Iterator[StreamEvent]:
    """What the stored stream has that the live view missed: written events after the
    last one released (a notice lost), or, when the stored stream ended at an id the
    live view already passed (the live events under it were not the ones stored), that
    stored end."""
    head = repository.head(seq.agent_id, seq.thread_id)
    if head.last_id > seq.last:
        yield from seq.fill_from_table()
        return
    if head.last_type in terminal and head.last_id > 0:
        events, _ = repository.read_after(seq.agent_id, seq.thread_id, head.last_id - 1, 1)
        for event in events:
            seq.held.clear()
            seq.last, seq.last_type = max(seq.last, event.id), event.type
            yield event


def agent_feed(
    hub: Hub,
    agent_id: str,
    *,
    resume: tuple[str, int] | None = None,
    types: frozenset[str] | None = None,
    keep_alive_seconds: float = 15.0,
    stop: Callable[[], bool] = _never,
    authorized: Callable[..., bool] = _always,
) -> Iterator[bytes]:
    """Frames of every thread of an agent, live; ``resume`` ``(thread_id, id)`` first
    catches that thread up from the table. Ends only on ``stop()`` or when
    ``authorized()`` answers False."""
    subscription, backlog = hub.subscribe(agent_id, None)
    sequencers: dict[str, _Sequencer] = {}
    try:
        yield PREAMBLE
        if resume is not None:
            seq = sequencers[resume[0]] = _Sequencer(agent_id, resume[0], resume[1])
            yield from _frames(seq.fill_from_table(), types, agent_stream=True)
        for event in sorted(backlog, key=lambda e: (e.thread_id, e.id)):
            _agent_take(sequencers, agent_id, Notice(event=event))
        for seq in sequencers.values():
            yield from _frames(seq.release(), types, agent_stream=True)
        last_write = time.monotonic()
        while not stop() and not subscription.overflowed:
            if not authorized():
                yield REVOKED_COMMENT
                return
            notice = subscription.get(timeout=min(keep_alive_seconds, 1.0))
            if notice is not None:
                taken = _agent_take(sequencers, agent_id, notice)
                released = list(taken.release()) if taken else []
                if taken and taken.gap and notice.written is not None:
                    released.extend(taken.fill_from_table())
                if any(e.type == START for e in released) and not authorized(now=True):
                    yield REVOKED_COMMENT
                    return
                sent = list(_frames(iter(released), types, agent_stream=True))
                yield from sent
                if sent:
                    last_write = time.monotonic()
            if time.monotonic() - last_write >= keep_alive_seconds:
                yield KEEP_ALIVE
                last_write = time.monotonic()
    finally:
        subscription.close()


def _take(seq: _Sequencer, notice: Notice) -> None:
    if notice.event is not None:
        seq.offer(notice.event)


def _agent_take(sequencers: dict[str, _Sequencer], agent_id: str, notice: Notice) -> _Sequencer | None:
    thread_id = notice.event.thread_id if notice.event is not None else notice.thread_id
    if thread_id is None:
        return None
    seq = sequencers.get(thread_id)
    if seq is None:
        if notice.event is None:
            return None
        # A thread first seen live starts where it is now.
        seq = sequencers[thread_id] = _Sequencer(agent_id, thread_id, notice.event.id - 1)
    _take(seq, notice)
    return seq


def terminal_types(thread_id: str) -> frozenset[str]:
    """The event types that end what a thread's stream shows: a run's end, or for a
    heartbeat action's stream (which has no run) the action's result."""
    return TERMINAL_TYPES | {TOOL_RESULT} if heartbeat_of(thread_id) else TERMINAL_TYPES


def _ended(seq: _Sequencer, head: repository.Head, terminal: frozenset[str]) -> bool:
    last_type = seq.last_type if seq.last_type is not None else head.last_type
    return last_type in terminal


def _frames(events: Iterator[StreamEvent], types: frozenset[str] | None, *, agent_stream: bool = False) -> Iterator[bytes]:
    for event in events:
        if types is None or event.type in types:
            yield frame(event, agent_stream=agent_stream)
