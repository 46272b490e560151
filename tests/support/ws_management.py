"""An API Gateway WebSocket management endpoint for tests: a real HTTP server that
records every ``POST /@connections/{id}`` (one message each, in order, and its size) and every
``DELETE /@connections/{id}`` (a connection the functions closed), and answers 410
GoneException for connections marked gone, as API Gateway does for closed ones, and 403
ForbiddenException for connections marked refused (a post that fails, the connection
still there)."""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote


class ManagementEndpoint:
    def __init__(self) -> None:
        self.messages: dict[str, list[Any]] = defaultdict(list)
        self.sizes: dict[str, list[int]] = defaultdict(list)  # each message's bytes, as posted
        self.gone: set[str] = set()
        self.refused: set[str] = set()
        self.deleted: list[str] = []
        self.changed = threading.Condition()
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                connection_id = unquote(self.path.rsplit("/@connections/", 1)[-1])
                if connection_id in endpoint.gone:
                    body = b'{"message": "Gone"}'
                    self.send_response(410)
                    self.send_header("x-amzn-ErrorType", "GoneException")
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                if connection_id in endpoint.refused:
                    body = b'{"message": "Forbidden"}'
                    self.send_response(403)
                    self.send_header("x-amzn-ErrorType", "ForbiddenException")
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                with endpoint.changed:
                    endpoint.messages[connection_id].append(json.loads(raw))
                    endpoint.sizes[connection_id].append(len(raw))
                    endpoint.changed.notify_all()
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_DELETE(self) -> None:  # noqa: N802
                connection_id = unquote(self.path.rsplit("/@connections/", 1)[-1])
                with endpoint.changed:
                    endpoint.deleted.append(connection_id)
                    endpoint.gone.add(connection_id)  # closed: later posts are 410
                    endpoint.changed.notify_all()
                self.send_response(204)
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
