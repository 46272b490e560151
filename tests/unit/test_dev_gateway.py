"""`wakeful dev`'s HTTP gateway: keep-alive connections answer without Nagle's delay."""

from __future__ import annotations

import socket
from typing import Any

import requests

from wakeful_dev.gateway import Gateway


def test_keep_alive_connections_send_each_answer_at_once() -> None:
    # An answer goes out as headers, then body; with Nagle's algorithm on, the body of
    # every answer on a kept-alive connection waited for the client's delayed ACK.
    gateway = Gateway("127.0.0.1", 0, [], "api", lambda name, event: {"statusCode": 200, "body": '{"ok": true}'})
    seen: list[int] = []
    handle = gateway.handle

    def recording(request: Any) -> None:
        seen.append(request.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        handle(request)

    gateway.handle = recording  # type: ignore[method-assign]
    gateway.start()
    try:
        with requests.Session() as http:
            answers = [http.get(f"http://127.0.0.1:{gateway.port}/health", timeout=5) for _ in range(3)]
    finally:
        gateway.stop()
    assert [a.json() for a in answers] == [{"ok": True}] * 3
    assert len(seen) == 3 and all(seen)
