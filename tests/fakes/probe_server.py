"""A local HTTP server whose ``GET /<path>`` answers what the test sets (a schedule
probe's URL): ``answers[path] = (status, body)`` or a callable returning it; ``delay``
holds every answer that many seconds."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class ProbeServer:
    def __init__(self) -> None:
        self.answers: dict[str, Any] = {}
        self.reads: list[str] = []
        self.delay = 0.0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802
                path = self.path.lstrip("/")
                server.reads.append(path)
                time.sleep(server.delay)
                answer = server.answers.get(path, (404, "not found"))
                status, body = answer() if callable(answer) else answer
                data = body if isinstance(body, bytes) else (body if isinstance(body, str) else json.dumps(body)).encode()
                self.send_response(status)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._http.serve_forever, daemon=True).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}/{path}"

    def close(self) -> None:
        self._http.shutdown()
        self._http.server_close()
