"""A local API Gateway (REST): HTTP requests become proxy events for the handlers."""

from __future__ import annotations

import base64
import json
import logging
import re
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

from wakeful.limits import LAMBDA_SYNC_RESPONSE_BYTES

logger = logging.getLogger(__name__)

MAX_BODY_BYTES = 10 * 1024 * 1024  # API Gateway's payload limit
_BAD_GATEWAY = b'{"message":"Internal server error"}'


def response_bytes(result: Any) -> int:
    """The size of a function's answer as Lambda returns it (the JSON of the whole
    ``{statusCode, headers, body}``), counting each non-ASCII character as escaped: the
    most any Python runtime writes."""
    return len(json.dumps(result, default=str))


def proxy_event(method: str, raw_path: str, headers: dict[str, str], body: bytes, source_ip: str) -> dict[str, Any]:
    """An API Gateway REST proxy event (format 1.0) for one request."""
    parts = urlsplit(raw_path)
    query = parse_qs(parts.query, keep_blank_values=True)
    try:
        text, is_b64 = body.decode("utf-8"), False
    except UnicodeDecodeError:
        text, is_b64 = base64.b64encode(body).decode(), True
    request_id = str(uuid.uuid4())
    return {
        "resource": "/{proxy+}",
        "path": parts.path,
        "httpMethod": method,
        "headers": headers,
        "multiValueHeaders": {k: [v] for k, v in headers.items()},
        "queryStringParameters": {k: v[-1] for k, v in query.items()} or None,
        "multiValueQueryStringParameters": query or None,
        "pathParameters": {"proxy": parts.path.lstrip("/")},
        "stageVariables": None,
        "requestContext": {
            "resourcePath": "/{proxy+}",
            "httpMethod": method,
            "path": f"/dev{parts.path}",
            "stage": "dev",
            "requestId": request_id,
            "identity": {"sourceIp": source_ip, "userAgent": headers.get("User-Agent", "")},
            "requestTimeEpoch": int(time.time() * 1000),
        },
        "body": text if body else None,
        "isBase64Encoded": is_b64,
    }


class _Server(ThreadingHTTPServer):
    # API Gateway takes bursts; socketserver's default listen backlog of 5 makes
    # concurrent clients see connection resets (seen with 20 concurrent webhook calls).
    request_queue_size = 128


class Gateway:
    """Serves HTTP on host:port and routes each request to a handler name."""

    def __init__(self, host: str, port: int, routes: list[tuple[str, Any, str]], default: str,
                 invoke: Callable[[str, dict[str, Any]], Any]) -> None:
        # A route's path is a regex, or an object with ``match(path)`` (asked each time).
        self.routes = [(m, re.compile(p) if isinstance(p, str) else p, name) for m, p, name in routes]
        self.default = default
        self.invoke = invoke
        #: Serves a request itself when it can stream (``wakeful dev``'s SSE), else False.
        self.streaming: Callable[[BaseHTTPRequestHandler], bool] | None = None
        gateway = self

        class _Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Keep-alive answers go out as headers, then body: with Nagle's algorithm the
            # body waited for the client's delayed ACK of the headers (40 ms a request).
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                logger.debug("http %s", format % args)

            def _serve(self) -> None:
                gateway.handle(self)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = _serve

        self.server = _Server((host, port), _Handler)
        self.server.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    def route(self, method: str, path: str) -> str:
        for route_method, pattern, name in self.routes:
            if route_method == method and pattern.match(path):
                return name
        return self.default

    def handle(self, request: BaseHTTPRequestHandler) -> None:
        if self.streaming is not None and self.streaming(request):
            return
        length = int(request.headers.get("Content-Length") or 0)
        if length > MAX_BODY_BYTES:
            # The body is not read, so the connection cannot carry another request.
            request.close_connection = True
            self._write(request, 413, {"Content-Type": "application/json", "X-Content-Type-Options": "nosniff"},
                        b'{"error":{"code":"payload_too_large","message":"request body over 10 MB"}}')
            return
        body = request.rfile.read(length) if length else b""
        headers = {k: v for k, v in request.headers.items()}
        event = proxy_event(request.command, request.path, headers, body, request.client_address[0])
        name = self.route(request.command, event["path"])
        try:
            result = self.invoke(name, event)
        except Exception:  # noqa: BLE001 - the gateway answers 502 like API Gateway does
            logger.exception("handler raised", extra={"function": name})
            self._write(request, 502, {"Content-Type": "application/json", "X-Content-Type-Options": "nosniff"}, _BAD_GATEWAY)
            return
        if response_bytes(result) > LAMBDA_SYNC_RESPONSE_BYTES:
            # Lambda refuses a synchronous answer over 6 MB and API Gateway answers 502:
            # so does this gateway, so that no test passes here what would fail there.
            logger.error("answer over Lambda's response limit", extra={"function": name, "bytes": response_bytes(result)})
            self._write(request, 502, {"Content-Type": "application/json", "X-Content-Type-Options": "nosniff"}, _BAD_GATEWAY)
            return
        out_headers = dict(result.get("headers") or {})
        for key, values in (result.get("multiValueHeaders") or {}).items():
            out_headers[key] = ", ".join(values)
        payload = result.get("body") or ""
        data = base64.b64decode(payload) if result.get("isBase64Encoded") else payload.encode()
        self._write(request, int(result.get("statusCode", 200)), out_headers, data)

    @staticmethod
    def _write(request: BaseHTTPRequestHandler, status: int, headers: dict[str, str], data: bytes) -> None:
        """Answer, saying ``Connection: close`` whenever the connection will not be kept
        (the request asked for it, or the gateway closes after this answer): a client
        that reuses a connection must know it is gone."""
        request.send_response(status)
        for key, value in headers.items():
            if key.lower() not in ("content-length", "connection"):
                request.send_header(key, value)
        request.send_header("Content-Length", str(len(data)))
        if request.close_connection:
            request.send_header("Connection", "close")
        request.end_headers()
        if request.command != "HEAD":
            request.wfile.write(data)

    def start(self) -> None:
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), name="gateway", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
