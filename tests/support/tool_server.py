"""A user's HTTP tool for tests: a real HTTP server on loopback that records each
ToolRequest and answers with a behaviour chosen per path."""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

Behaviour = Callable[[dict[str, Any]], "tuple[int, dict[str, Any]] | dict[str, Any]"]


class ToolServer:
    """Serves ``POST /<path>``; ``behaviours[path](request)`` gives the answer."""

    def __init__(self) -> None:
        self.behaviours: dict[str, Behaviour] = {}
        self.calls: list[tuple[str, dict[str, Any], dict[str, str], bytes]] = []
        self.effects: dict[str, set[str]] = defaultdict(set)  # path -> action ids (idempotent effects)
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                request = json.loads(raw)
                path = self.path.strip("/")
                with server.lock:
                    server.calls.append((path, request, dict(self.headers.items()), raw))
                    server.effects[path].add(request["action_id"])
                behaviour = server.behaviours.get(path, lambda r: {"success": True, "output": {"ok": True}})
                answer = behaviour(request)
                status, body = answer if isinstance(answer, tuple) else (200, answer)
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/{path}"

    def requests_for(self, path: str) -> list[dict[str, Any]]:
        with self.lock:
            return [request for p, request, _, _ in self.calls if p == path]

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
