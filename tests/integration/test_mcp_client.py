"""Wakeful's MCP client (the official SDK's) held to the outbound rules, against real
servers on loopback: the checked address is the one connected to (the URL's host name
in ``Host``), the next checked address is tried when one refuses, one deadline covers
the whole exchange, and answers are capped."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterator

import pytest

from tests.fakes.mcp_server import FakeMcp
from tests.support.raw_peer import trickler  # noqa: F401 - fixture
from wakeful import net
from wakeful.mcp_servers import client, models
from wakeful.mcp_servers.exceptions import McpCallError


def policy(names: dict[str, list[str]]) -> net.Policy:
    """Dev mode's policy with a resolver of our own."""
    return net.Policy(dev_mode=True, resolve=lambda host, port: names[host])


@pytest.fixture()
def mcp() -> Iterator[FakeMcp]:
    server = FakeMcp(stateless=True, json_response=True, any_host=True)
    yield server
    server.close()


def test_the_call_goes_to_the_checked_address_with_the_urls_host_name(mcp: FakeMcp) -> None:
    target = policy({"tools.example": ["127.0.0.1"]}).check(f"http://tools.example:{mcp.port}/mcp")

    listed = client.list_tools(client.Endpoint(target), deadline=10)

    assert {t["name"] for t in listed.tools} >= {"add", "echo"}
    assert {h["host"] for h in mcp.headers} == {f"tools.example:{mcp.port}"}


def test_an_address_that_refuses_is_passed_for_the_next_checked_one(mcp: FakeMcp) -> None:
    # 127.0.0.2 is loopback too, but nothing listens there on this port.
    target = policy({"tools.example": ["127.0.0.2", "127.0.0.1"]}).check(f"http://tools.example:{mcp.port}/mcp")

    outcome = client.call_tool(client.Endpoint(target), "add", {"a": 1, "b": 2}, deadline=10)

    assert outcome.text == "3" and not outcome.is_error


def test_one_deadline_covers_the_whole_exchange_however_steadily_the_bytes_come(trickler: Any) -> None:
    slow = trickler(length=1000, interval=0.2)  # headers at once, then a byte every 0.2 s
    target = policy({}).check(slow.url("mcp"))

    started = time.monotonic()
    with pytest.raises(McpCallError) as raised:
        client.list_tools(client.Endpoint(target), deadline=2)

    assert "initialize: no complete answer from 127.0.0.1" in str(raised.value) and "within 2 s" in str(raised.value)
    assert time.monotonic() - started < 10


class _Huge(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        size = models.MAX_RESPONSE_BYTES + 1024
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        chunk = b" " * 65536
        try:
            for _ in range(size // len(chunk) + 1):
                self.wfile.write(chunk)
        except OSError:
            pass

    def log_message(self, *args: Any) -> None:
        pass


def test_an_answer_over_the_cap_is_refused() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Huge)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        target = policy({}).check(f"http://127.0.0.1:{server.server_address[1]}/mcp")
        with pytest.raises(McpCallError) as raised:
            client.list_tools(client.Endpoint(target), deadline=10)
    finally:
        server.shutdown()
        server.server_close()

    assert f"was over {models.MAX_RESPONSE_BYTES} bytes, the limit" in str(raised.value)
