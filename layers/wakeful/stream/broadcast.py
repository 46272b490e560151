"""An in-process live broadcast: a sink that hands each StreamEvent to the subscribers
of its thread and of its agent, as it is emitted.

It keeps the events not yet written to the stream table (its backlog), so a subscriber
that joins mid-step gets them too: catch-up is the stream table plus the backlog, then
live events. ``wakeful dev`` registers one :class:`Hub` and serves Server-Sent Events
from it; a Lambda function has no subscribers and registers none.
"""

from __future__ import annotations

import queue
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wakeful.stream.models import StreamEvent

if TYPE_CHECKING:
    from wakeful.stream.emitter import StreamContext

#: A subscriber further behind than this is dropped (it resumes from its last id).
MAX_QUEUED = 100_000
#: Unwritten events kept per thread (a step's deltas between two flushes fit easily).
MAX_BACKLOG = 50_000


@dataclass(frozen=True)
class Notice:
    """What a subscription receives: an event, or "written up to ``last_id``"."""

    event: StreamEvent | None = None
    written: int | None = None
    thread_id: str | None = None


class Subscription:
    """One subscriber's queue (a thread's events, or every thread of an agent)."""

    def __init__(self, hub: Hub, agent_id: str, thread_id: str | None) -> None:
        self.hub = hub
        self.agent_id = agent_id
        self.thread_id = thread_id
        self.overflowed = False
        self._queue: queue.SimpleQueue[Notice] = queue.SimpleQueue()

    def put(self, notice: Notice) -> None:
        if self._queue.qsize() >= MAX_QUEUED:
            self.overflowed = True
            return
        self._queue.put(notice)

    def get(self, timeout: float) -> Notice | None:
        """The next notice, or None after ``timeout`` seconds without one."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self.hub.unsubscribe(self)


class Hub:
    """Subscriptions by (agent, thread) and (agent, any thread); a live sink."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscriptions: dict[tuple[str, str | None], set[Subscription]] = {}
        self._backlog: dict[tuple[str, str], OrderedDict[int, StreamEvent]] = {}

    def subscribe(self, agent_id: str, thread_id: str | None = None) -> tuple[Subscription, list[StreamEvent]]:
        """A new subscription and the unwritten events it should see first."""
        subscription = Subscription(self, agent_id, thread_id)
        with self._lock:
            self._subscriptions.setdefault((agent_id, thread_id), set()).add(subscription)
            backlog = [
                event
                for (agent, thread), events in self._backlog.items()
                if agent == agent_id and (thread_id is None or thread == thread_id)
                for event in events.values()
            ]
        return subscription, backlog

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            key = (subscription.agent_id, subscription.thread_id)
            subscribers = self._subscriptions.get(key)
            if subscribers is not None:
                subscribers.discard(subscription)
                if not subscribers:
                    del self._subscriptions[key]

    def _targets(self, agent_id: str, thread_id: str) -> list[Subscription]:
        return [
            *self._subscriptions.get((agent_id, thread_id), ()),
            *self._subscriptions.get((agent_id, None), ()),
        ]

    # -- the sink ----------------------------------------------------------------------
    def on_stream_event(self, event: StreamEvent, context: StreamContext) -> None:
        with self._lock:
            backlog = self._backlog.setdefault((event.agent_id, event.thread_id), OrderedDict())
            backlog[event.id] = event
            while len(backlog) > MAX_BACKLOG:
                backlog.popitem(last=False)
            targets = self._targets(event.agent_id, event.thread_id)
        notice = Notice(event=event)
        for subscription in targets:
            subscription.put(notice)

    def on_written(self, context: StreamContext, last_id: int) -> None:
        with self._lock:
            key = (context.agent_id, context.thread_id)
            backlog = self._backlog.get(key)
            if backlog is not None:
                for event_id in [i for i in backlog if i <= last_id]:
                    del backlog[event_id]
                if not backlog:
                    del self._backlog[key]
            targets = self._targets(context.agent_id, context.thread_id)
        notice = Notice(written=last_id, thread_id=context.thread_id)
        for subscription in targets:
            subscription.put(notice)


_hub: Hub | None = None
_hub_lock = threading.Lock()


def hub() -> Hub:
    """This process's hub (created on first use)."""
    global _hub
    with _hub_lock:
        if _hub is None:
            _hub = Hub()
        return _hub
