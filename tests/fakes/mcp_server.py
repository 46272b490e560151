"""A local MCP server on loopback, built with the official MCP SDK (``MCPServer``) and
served over Streamable HTTP by uvicorn in a thread: the other end of Wakeful's MCP
client in tests.

Tools: ``add {a, b}`` and ``echo {text}`` succeed, ``fail {reason}`` answers an error
result (``isError``) naming the reason, ``sleep {seconds}`` answers only after that long
(past a short deadline). :meth:`FakeMcp.add_tool` adds a tool while it runs (a refresh
should see it). Everything is counted: ``calls`` (tool name -> times called),
``messages`` (every JSON-RPC message posted, parsed) and ``headers`` (each HTTP request's
headers, lower-case names).

``stateless``/``json_response`` choose the transport's mode (default: sessions, and
answers as Server-Sent Events, like most servers in the wild). The SDK's check of the
``Host`` header (loopback names only) is on unless ``any_host``.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import Counter
from typing import Any, Callable

import anyio


class FakeMcp:
    """The server; ``url`` is its endpoint (``http://127.0.0.1:<port>/mcp``)."""

    def __init__(self, *, stateless: bool = False, json_response: bool = False, name: str = "fake-mcp", any_host: bool = False) -> None:
        import uvicorn
        from mcp.server.mcpserver import MCPServer
        from mcp.server.mcpserver.exceptions import ToolError
        from mcp.server.transport_security import TransportSecuritySettings

        self.calls: Counter[str] = Counter()
        self.messages: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        self.server = MCPServer(name, log_level="WARNING")
        fake = self

        @self.server.tool(description="Add two integers")
        def add(a: int, b: int) -> int:
            fake._count("add")
            return a + b

        @self.server.tool(description="Say the text back")
        def echo(text: str) -> str:
            fake._count("echo")
            return text

        @self.server.tool(description="Always fails, with the reason given")
        def fail(reason: str) -> str:
            fake._count("fail")
            raise ToolError(f"failed on purpose: {reason}")

        @self.server.tool(description="Answer after the given number of seconds")
        async def sleep(seconds: float) -> str:
            fake._count("sleep")
            await anyio.sleep(seconds)
            return f"slept {seconds} s"

        security = TransportSecuritySettings(enable_dns_rebinding_protection=False) if any_host else None
        app = self.server.streamable_http_app(stateless_http=stateless, json_response=json_response, transport_security=security)
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        sock.close()
        config = uvicorn.Config(self._recording(app), host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        self._uvicorn = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._uvicorn.run, name="fake-mcp", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._uvicorn.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the fake MCP server did not start")
            time.sleep(0.02)
        self.url = f"http://127.0.0.1:{self.port}/mcp"

    def _count(self, name: str) -> None:
        with self._lock:
            self.calls[name] += 1

    def add_tool(self, name: str, fn: Callable[..., Any], description: str = "") -> None:
        """Add a tool while the server runs (counted like the others)."""

        def counted(*args: Any, **kwargs: Any) -> Any:
            self._count(name)
            return fn(*args, **kwargs)

        counted.__signature__ = __import__("inspect").signature(fn)  # type: ignore[attr-defined]
        counted.__annotations__ = dict(getattr(fn, "__annotations__", {}))
        self.server.add_tool(counted, name=name, description=description or f"The {name} tool")

    def tool_calls(self, name: str | None = None) -> list[dict[str, Any]]:
        """The ``tools/call`` messages received (for one tool, when named)."""
        with self._lock:
            found = [m for m in self.messages if m.get("method") == "tools/call"]
        return [m for m in found if name is None or (m.get("params") or {}).get("name") == name]

    def _recording(self, app: Any) -> Any:
        fake = self

        async def recording(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
            with fake._lock:
                fake.headers.append(headers)
            chunks: list[bytes] = []

            async def recorded() -> Any:
                message = await receive()
                if message.get("type") == "http.request":
                    chunks.append(message.get("body") or b"")
                    if not message.get("more_body"):
                        fake._record(b"".join(chunks))
                return message

            await app(scope, recorded, send)

        return recording

    def _record(self, raw: bytes) -> None:
        try:
            message = json.loads(raw) if raw else None
        except ValueError:
            return
        if isinstance(message, dict):
            with self._lock:
                self.messages.append(message)

    def close(self) -> None:
        self._uvicorn.should_exit = True
        self._thread.join(timeout=10)


class PlainHttp:
    """A plain HTTP server that is not MCP: every request gets ``status`` and an HTML page."""

    def __init__(self, status: int = 200) -> None:
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.requests = 0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                server.requests += 1
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                body = b"<html><body>a plain web page</body></html>"
                self.send_response(status)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_DELETE = _answer

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/mcp"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


class RepeatingRefusal:
    """An endpoint that refuses every JSON-RPC request with a JSON-RPC error whose
    message repeats the request's ``header`` (a server or gateway that echoes the
    credential it was sent)."""

    def __init__(self, header: str = "authorization") -> None:
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    asked = json.loads(raw)
                except ValueError:
                    asked = {}
                said = self.headers.get(header) or ""
                error = {"code": -32001, "message": f"unauthorized: {said} is not a valid credential"}
                body = json.dumps({"jsonrpc": "2.0", "id": asked.get("id") if isinstance(asked, dict) else None, "error": error}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/mcp"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def unused_port_url() -> str:
    """An http URL on loopback where nothing listens (connection refused)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}/mcp"
