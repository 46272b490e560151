"""HTTP tools are bounded: a total deadline per attempt (a trickling server cannot keep
renewing it), a response size cap, retries that honour Retry-After, and a worst case
that fits in the tool function's timeout."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterator

import pytest

from tests.integration.spine_helpers import run_heartbeat, subscribe
from wakeful import constants
from wakeful.tools import http as http_tool


class RawServer:
    """A tool endpoint that writes whatever ``respond(handler)`` writes, and records
    when each request arrived."""

    def __init__(self, respond: Callable[[BaseHTTPRequestHandler], None]) -> None:
        self.arrivals: list[float] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                server.arrivals.append(time.monotonic())
                try:
                    respond(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/tool"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture()
def raw_server() -> Iterator[Callable[..., RawServer]]:
    servers: list[RawServer] = []

    def make(respond: Callable[[BaseHTTPRequestHandler], None]) -> RawServer:
        servers.append(RawServer(respond))
        return servers[-1]

    yield make
    for server in servers:
        server.close()


def _run_tool(stack: Any, api: Any, url: str, timeout_ms: int = 10000) -> dict[str, Any]:
    agent = api.create_agent()
    name = f"Bounded{int(time.time() * 1000) % 10**9}"
    response = api.post("/tools", json={"name": name, "kind": "http", "endpoint_url": url, "timeout_ms": timeout_ms})
    assert response.status_code == 201, response.text
    subscribe(api, name, "HEARTBEAT", agent["id"])
    hb = run_heartbeat(stack, api, agent["id"])
    assert hb["status"] == "COMPLETED"
    return hb["actions"][0]


def test_a_server_trickling_a_valid_answer_is_cut_off_at_the_total_deadline(stack, api, raw_server):
    answer = b'{"success": true, "output": "finally, after a long trickle of bytes"}'

    def trickle(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(answer)))
        handler.end_headers()
        for byte in answer:  # one byte every 0.1 s: ~7 s in all, each read well under 1 s
            handler.wfile.write(bytes([byte]))
            handler.wfile.flush()
            time.sleep(0.1)

    server = raw_server(trickle)
    action = _run_tool(stack, api, server.url, timeout_ms=1000)

    assert action["status"] == "FAILED"
    assert "did not arrive completely within 1 s" in action["error_message"]
    assert len(server.arrivals) == http_tool.ATTEMPTS


def test_a_server_trickling_its_headers_is_cut_off_at_the_total_deadline(stack, api, raw_server):
    answer = b'{"success": true, "output": "headers took their time"}'

    def trickle_headers(handler: BaseHTTPRequestHandler) -> None:
        head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Slow: " + b"x" * 60 + b"\r\nContent-Length: %d\r\n\r\n" % len(answer)
        for byte in head:  # one byte every 0.1 s: ~10 s before the body, each read well under 1 s
            handler.wfile.write(bytes([byte]))
            handler.wfile.flush()
            time.sleep(0.1)
        handler.wfile.write(answer)

    server = raw_server(trickle_headers)
    action = _run_tool(stack, api, server.url, timeout_ms=1000)

    assert action["status"] == "FAILED"  # without a total deadline it succeeds, ~10 s later per attempt
    assert "no complete answer within 1 s" in action["error_message"]
    assert len(server.arrivals) == http_tool.ATTEMPTS


def test_an_answer_over_the_size_cap_fails_without_being_read_whole(stack, api, raw_server):
    def huge(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        chunk = b"x" * 65536
        for _ in range(100):  # 6.5 MB, no Content-Length
            handler.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        handler.wfile.write(b"0\r\n\r\n")

    server = raw_server(huge)
    action = _run_tool(stack, api, server.url)

    assert action["status"] == "FAILED"
    assert "1 MiB" in action["error_message"]
    assert len(server.arrivals) == 1  # too large is final, not retried


def test_a_declared_content_length_over_the_cap_fails_at_once(stack, api, raw_server):
    def declared(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Length", str(300 * 1024 * 1024))
        handler.end_headers()
        handler.wfile.write(b"{")

    action = _run_tool(stack, api, raw_server(declared).url)
    assert action["status"] == "FAILED" and "1 MiB" in action["error_message"]


def test_retry_after_is_honoured_before_the_next_attempt(stack, api, raw_server):
    answers = iter([(429, b'{"error": "slow down"}'), (200, b'{"success": true, "output": "ok"}')])

    def limited(handler: BaseHTTPRequestHandler) -> None:
        status, body = next(answers)
        handler.send_response(status)
        if status == 429:
            handler.send_header("Retry-After", "1")
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    server = raw_server(limited)
    action = _run_tool(stack, api, server.url)

    assert action["status"] == "COMPLETED"
    first, second = server.arrivals
    assert second - first >= 1.0  # a lower bound: a slow machine only makes it larger


def test_the_worst_case_of_a_call_fits_in_the_tool_functions_timeout():
    from infra.functions import specs

    worst = http_tool.RUN_BUDGET_SECONDS + http_tool.CONNECT_TIMEOUT_SECONDS
    assert worst < constants.TOOL_RUNNER_TIMEOUT_SECONDS == specs()["tool_runner"].timeout_seconds
