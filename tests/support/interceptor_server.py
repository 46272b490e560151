"""A user's interceptor endpoint for tests: a real HTTP server on loopback that records
every call (headers, raw body) and answers from a per-path script.

A script entry is an :class:`Answer` or a function of the received payload returning
one, so a test can answer from what it was sent (echo the event back changed, respond
only to some tool calls, ...). The last entry repeats.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterator

import pytest


@dataclass(frozen=True)
class Answer:
    """One scripted answer: ``body`` (a JSON value, or raw bytes sent as they are)
    with ``status``, after ``delay`` seconds."""

    body: Any = None
    status: int = 200
    delay: float = 0.0

    def raw(self) -> bytes:
        if self.body is None:
            return b""
        if isinstance(self.body, bytes):
            return self.body
        return json.dumps(self.body).encode()


Script = Answer | Callable[[dict[str, Any]], Answer]


@dataclass(frozen=True)
class Call:
    """One request the interceptor got."""

    path: str
    headers: dict[str, str]
    raw: bytes
    at: float = field(default_factory=time.monotonic)

    @property
    def json(self) -> dict[str, Any]:
        return json.loads(self.raw)

    @property
    def event(self) -> dict[str, Any]:
        return self.json["event"]

    def header(self, name: str) -> str | None:
        return {k.lower(): v for k, v in self.headers.items()}.get(name.lower())


def echo(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], Answer]:
    """A script entry answering ``{"event": ...}``: the received event after ``change``."""

    def answer(payload: dict[str, Any]) -> Answer:
        event = payload["event"]
        change(event)
        return Answer({"event": event})

    return answer


class InterceptorServer:
    """Serves ``POST /<path>``; unscripted paths answer 200 with an empty body."""

    def __init__(self) -> None:
        self._scripts: dict[str, list[Script]] = {}
        self._served: dict[str, int] = {}
        self._calls: list[Call] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as a real endpoint would
            disable_nagle_algorithm = True  # headers and body go out at once

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                call = Call(self.path.strip("/"), dict(self.headers.items()), raw)
                answer = server._answer(call)
                if answer.delay:
                    time.sleep(answer.delay)
                data = answer.raw()
                try:
                    self.send_response(answer.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:
                    pass  # the caller gave up (timeout) before we answered

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, args=(0.05,), name="interceptor", daemon=True).start()

    def _answer(self, call: Call) -> Answer:
        with self._lock:
            self._calls.append(call)
            script = self._scripts.get(call.path) or [Answer()]
            served = self._served.get(call.path, 0)
            self._served[call.path] = served + 1
            entry = script[min(served, len(script) - 1)]
        return entry(call.json) if callable(entry) else entry

    def script(self, path: str, *entries: Script) -> None:
        """Answer the next calls to ``path`` with ``entries`` in order (the last repeats)."""
        with self._lock:
            self._scripts[path] = list(entries)
            self._served[path] = 0

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/{path}"

    def calls(self, path: str) -> list[Call]:
        with self._lock:
            return [c for c in self._calls if c.path == path]

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def register(api: Any, agent_id: str, url: str, **fields: Any) -> dict[str, Any]:
    """Register an interceptor through the API; returns its body (with the secret)."""
    response = api.post(f"/agents/{agent_id}/interceptors", json={"endpoint_url": url, **fields})
    assert response.status_code == 201, response.text
    return response.json()


def recorded_calls(api: Any, agent_id: str, interceptor_id: str) -> list[dict[str, Any]]:
    """The interceptor's call log through the API, oldest first."""
    response = api.get(f"/agents/{agent_id}/interceptors/{interceptor_id}/calls?limit=100")
    assert response.status_code == 200, response.text
    return list(reversed(response.json()["items"]))


@pytest.fixture()
def interceptor() -> Iterator[InterceptorServer]:
    """A recording interceptor endpoint on loopback (import it into a test module)."""
    server = InterceptorServer()
    yield server
    server.close()
