"""Driving the stream emitter as the thread runtime does, and reading SSE in a thread."""

from __future__ import annotations

import queue
import threading
import uuid
from typing import Any

from wakeful import ddb
from wakeful.stream.emitter import StreamContext, emitter
from wakeful_dev.sse_client import Frame, SseStream


def new_thread_id() -> str:
    return f"thr_{uuid.uuid4().hex[:16]}"


def existing_thread(agent_id: str) -> str:
    """A thread the agent has (a bare thread item), so that a reader may connect to its
    stream before anything is emitted (a stream of a thread that does not exist is 404)."""
    thread_id = new_thread_id()
    ddb.client().put_item(
        TableName=ddb.table("threads"),
        Item=ddb.serialize({"agent_id": agent_id, "thread_id": thread_id, "status": "active"}),
    )
    return thread_id


def context(api: Any, agent_id: str, thread_id: str, step: str, run: str = "run_1") -> StreamContext:
    return StreamContext(owner=api.owner, agent_id=agent_id, thread_id=thread_id, run_id=run, step_id=f"{thread_id}:{step}")


def emit_run(api: Any, agent_id: str, thread_id: str, texts: list[str], *, run: str = "run_1", step: str = "s1") -> None:
    """A whole run in one step: start, text deltas, completed."""
    e = emitter(context(api, agent_id, thread_id, step, run))
    e.start()
    for text in texts:
        e.text(text)
    e.completed(status="sleeping")
    e.flush()


class Reader:
    """Reads an SSE stream on a background thread; frames arrive on ``frames``."""

    def __init__(self, url: str, key: str, last_event_id: str | None = None) -> None:
        self.stream = SseStream(url, key=key, last_event_id=last_event_id, timeout=30)
        self.frames: queue.Queue[Frame | None] = queue.Queue()
        self.closed = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            for frame in self.stream:
                self.frames.put(frame)
        except OSError:
            pass
        finally:
            self.closed.set()
            self.frames.put(None)

    def next(self, timeout: float = 15.0) -> Frame:
        frame = self.frames.get(timeout=timeout)
        assert frame is not None, "the stream closed"
        return frame

    def take(self, count: int, timeout: float = 15.0) -> list[Frame]:
        return [self.next(timeout) for _ in range(count)]

    def rest(self, timeout: float = 15.0) -> list[Frame]:
        """Every frame until the server closes the stream."""
        found = []
        while True:
            frame = self.frames.get(timeout=timeout)
            if frame is None:
                return found
            found.append(frame)

    def close(self) -> None:
        self.stream.close()
