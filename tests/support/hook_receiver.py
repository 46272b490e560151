"""A user's hook endpoint for tests: a real HTTP server on loopback that records every
delivery (headers, raw body, arrival time) and answers from a per-path script."""

from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Answer:
    """One scripted answer: a status, after ``delay`` seconds, with headers and a body."""

    status: int = 200
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    body: str = '{"ok": true}'


@dataclass(frozen=True)
class Delivery:
    """One request the receiver got."""

    path: str
    headers: dict[str, str]
    raw: bytes
    at: float  # time.monotonic() on arrival

    @property
    def json(self) -> dict[str, Any]:
        return json.loads(self.raw)

    def header(self, name: str) -> str | None:
        lowered = {k.lower(): v for k, v in self.headers.items()}
        return lowered.get(name.lower())


class HookReceiver:
    """Serves ``POST /<path>``. ``script(path, [Answer, ...])`` sets the answers in
    order; the last one repeats. Unscripted paths answer 200."""

    def __init__(self) -> None:
        self._scripts: dict[str, list[Answer]] = {}
        self._served: dict[str, int] = {}
        self._deliveries: list[Delivery] = []
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                path = self.path.strip("/")
                answer = receiver._record(Delivery(path, dict(self.headers.items()), raw, time.monotonic()))
                if answer.delay:
                    time.sleep(answer.delay)
                data = answer.body.encode()
                try:
                    self.send_response(answer.status)
                    for name, value in answer.headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:
                    pass  # the caller gave up (timeout) before we answered

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, args=(0.05,), name="hook-receiver", daemon=True).start()

    def _record(self, delivery: Delivery) -> Answer:
        with self._lock:
            self._deliveries.append(delivery)
            script = self._scripts.get(delivery.path) or [Answer()]
            served = self._served.get(delivery.path, 0)
            self._served[delivery.path] = served + 1
            return script[min(served, len(script) - 1)]

    def script(self, path: str, answers: list[Answer]) -> None:
        with self._lock:
            self._scripts[path] = list(answers)
            self._served[path] = 0

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/{path}"

    def deliveries(self, path: str) -> list[Delivery]:
        with self._lock:
            return [d for d in self._deliveries if d.path == path]

    def wait_for(self, path: str, count: int, timeout: float = 60.0) -> list[Delivery]:
        """The first ``count`` deliveries to ``path``; raises if they do not arrive."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.deliveries(path)
            if len(found) >= count:
                return found
            time.sleep(0.02)
        raise AssertionError(f"{path}: {len(self.deliveries(path))} deliveries after {timeout} s, expected {count}")

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def dead_url(path: str = "dead") -> str:
    """A loopback URL where nothing listens (connection refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/{path}"


def quiet_agent(api: Any, **fields: Any) -> dict[str, Any]:
    """An agent whose heartbeats are paused: the session's scans then skip it, which
    keeps tests' drains short. Hooks and webhooks work all the same."""
    agent = api.create_agent(**fields)
    response = api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    assert response.status_code == 200, response.text
    return agent


def create_hook(api: Any, agent_id: str, hook_type: str, url: str, **extra: Any) -> dict[str, Any]:
    """Register a hook through the API; returns its body (with the secret)."""
    response = api.post(f"/agents/{agent_id}/hooks", json={"hook_type": hook_type, "endpoint_url": url, **extra})
    assert response.status_code == 201, response.text
    return response.json()
