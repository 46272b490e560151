"""A small Server-Sent Events client (``wakeful tail``, tests, the stream benchmark).

Reads the response line by line as it arrives (``http.client``), so a frame is seen as
soon as the server writes it.
"""

from __future__ import annotations

import http.client
import json
from dataclasses import dataclass
from typing import Any, Iterator
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Frame:
    """One dispatched SSE event (``id`` is None when the frame set none)."""

    id: str | None
    event: str
    data: str

    def json(self) -> Any:
        return json.loads(self.data)


class SseError(Exception):
    """The server answered something other than an event stream."""

    def __init__(self, status: int, body: str) -> None:
        super().__init__(f"HTTP {status}: {body[:500]}")
        self.status = status
        self.body = body


class SseStream:
    """An open event stream; iterate for frames, ``comments`` counts keep-alives and
    other comments, ``last_comment`` is the text of the latest one."""

    def __init__(self, url: str, *, key: str | None = None, last_event_id: str | None = None, timeout: float = 60.0) -> None:
        parts = urlsplit(url)
        connection_class = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        self.connection = connection_class(parts.netloc, timeout=timeout)
        headers = {"Accept": "text/event-stream", "Cache-Control": "no-cache"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        self.connection.request("GET", target, headers=headers)
        self.response = self.connection.getresponse()
        self.comments = 0
        self.last_comment: str | None = None
        self.retry_ms: int | None = None
        content_type = self.response.getheader("Content-Type", "")
        if self.response.status != 200 or not content_type.startswith("text/event-stream"):
            body = self.response.read().decode("utf-8", "replace")
            self.close()
            raise SseError(self.response.status, body)

    def __iter__(self) -> Iterator[Frame]:
        event_id: str | None = None
        event, data = "message", []
        while True:
            raw = self.response.readline()
            if not raw:
                return  # the server closed the stream
            line = raw.decode("utf-8").rstrip("\r\n")
            if not line:
                if data:
                    yield Frame(event_id, event, "\n".join(data))
                event, data = "message", []
                continue
            if line.startswith(":"):
                self.comments += 1
                self.last_comment = line[1:].strip()
                continue
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "id":
                event_id = value
            elif name == "event":
                event = value
            elif name == "data":
                data.append(value)
            elif name == "retry" and value.isdigit():
                self.retry_ms = int(value)

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> SseStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
