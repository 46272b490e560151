"""Users' HTTP tools: a signed POST of the ToolRequest, retried on 5xx, 429 and
timeouts with the same ``action_id`` (CONTRACT.md "HTTP tool call").

Bounded on every side, so that one slow or hostile endpoint cannot hold the tool
function past its timeout or exhaust its memory:

- each attempt has a *total* deadline of ``timeout_ms`` (connecting, waiting, reading
  the status line, the headers and the whole answer), not a per-read timeout that a
  server trickling a byte at a time keeps renewing;
- answers over :data:`MAX_RESPONSE_BYTES` are refused (``Content-Length`` first, then
  while reading);
- at most :data:`ATTEMPTS` attempts, waiting between them with exponential backoff and
  full jitter, or for the endpoint's ``Retry-After``; and all of it within
  :data:`RUN_BUDGET_SECONDS`, which leaves the tool function time to record the result
  before its own timeout (``constants.TOOL_RUNNER_TIMEOUT_SECONDS``).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from typing import Any, Callable

from pydantic import ValidationError as PydanticValidationError

from wakeful import constants, net, secrets, signing
from wakeful.backoff import Backoff, parse_retry_after
from wakeful.config import get_settings
from wakeful.tools.base import BaseTool, ToolRequest, ToolResponse
from wakeful.tools.exceptions import ToolCallError, ToolRetryableError
from wakeful.tools.records import ToolDefinition

ATTEMPTS = 3
#: Everything one tool call may take, retries and waits included.
RUN_BUDGET_SECONDS = constants.TOOL_RUNNER_TIMEOUT_SECONDS - 30
MAX_RESPONSE_BYTES = 1024 * 1024
#: Retry n waits up to 0.5 s × 2^(n-1) (full jitter), unless the answer said Retry-After.
BACKOFF = Backoff(base=0.5, cap=8.0, max_rounds=ATTEMPTS)
MAX_RETRY_AFTER_SECONDS = 30.0
#: Connecting takes at most this (within the attempt's own deadline), so the worst
#: case of a call is RUN_BUDGET_SECONDS + CONNECT_TIMEOUT_SECONDS, inside the timeout.
CONNECT_TIMEOUT_SECONDS = 5.0
_CHUNK = 64 * 1024
_session: Any = None


def _http() -> Any:
    """A shared requests.Session (requests is imported on first use: ~200 ms) whose
    connection pools tell :class:`_Watchdog` which connection a call is using."""
    global _session
    if _session is None:
        import requests
        from requests.adapters import HTTPAdapter
        from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

        class _Tracked:
            def _get_conn(self, timeout: float | None = None) -> Any:
                conn = super()._get_conn(timeout)  # type: ignore[misc]
                watchdog = getattr(_calling, "watchdog", None)
                if watchdog is not None:
                    watchdog.conn = conn
                return conn

        class _TrackedHTTP(_Tracked, HTTPConnectionPool):
            pass

        class _TrackedHTTPS(_Tracked, HTTPSConnectionPool):
            pass

        class _Adapter(HTTPAdapter):
            def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
                super().init_poolmanager(*args, **kwargs)
                self.poolmanager.pool_classes_by_scheme = {"http": _TrackedHTTP, "https": _TrackedHTTPS}

        session = requests.Session()
        for prefix in ("http://", "https://"):
            session.mount(prefix, _Adapter())
        _session = session
    return _session


_calling = threading.local()


class _Watchdog:
    """The total deadline of one attempt, headers included: socket timeouts are per read,
    so a server trickling its status line or headers a byte at a time would renew them for
    ever. At the deadline the connection's socket is shut down, which ends any read."""

    def __init__(self, seconds: float) -> None:
        self.conn: Any = None
        self.fired = False
        self._timer = threading.Timer(seconds, self._cut)
        self._timer.daemon = True

    def __enter__(self) -> "_Watchdog":
        _calling.watchdog = self
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()
        _calling.watchdog = None

    def _cut(self) -> None:
        self.fired = True
        sock = getattr(self.conn, "sock", None)
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # already closed


class _Retry(ToolRetryableError):
    """A failure worth another attempt, with the wait the endpoint asked for."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class HttpTool(BaseTool):
    """A tool served by the user at ``endpoint_url``."""

    kind = "http"

    def __init__(self, definition: ToolDefinition, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.definition = definition
        self.name = definition.name  # type: ignore[misc]
        self.description = definition.description or ""  # type: ignore[misc]
        self._clock = clock

    def run(self, request: ToolRequest) -> ToolResponse:
        """POST the request; retry 5xx/429/timeouts within the budget; parse the answer."""
        url, sealed = self.definition.endpoint_url, self.definition.secret
        if not url or not sealed:
            raise ToolCallError(f"{self.name}: the tool has no {'endpoint_url' if not url else 'signing secret'}")
        net.check_url(url, dev_mode=get_settings().dev_mode)
        secret = secrets.unseal(sealed, context={"owner": self.definition.owner, "tool": self.name})
        body = json.dumps(request.wire(), separators=(",", ":")).encode()
        timeout = self.definition.timeout_seconds
        run_deadline = self._clock() + RUN_BUDGET_SECONDS
        last: _Retry | None = None
        for attempt in range(ATTEMPTS):
            if attempt:
                wait = self._wait(attempt, last)
                if self._clock() + wait + 0.1 >= run_deadline:
                    break
                BACKOFF.sleep(wait)
            remaining = run_deadline - self._clock()
            try:
                return self._call(url, secret, request.action_id, body, min(timeout, remaining))
            except _Retry as error:
                last = error
        raise ToolCallError(f"{self.name}: {last} (after {attempt + 1} attempt{'s' if attempt else ''})")

    @staticmethod
    def _wait(attempt: int, last: _Retry | None) -> float:
        if last is not None and last.retry_after is not None:
            return min(last.retry_after, MAX_RETRY_AFTER_SECONDS)
        return BACKOFF.delay(attempt)

    def _call(self, url: str, secret: str, action_id: str, body: bytes, timeout: float) -> ToolResponse:
        import requests

        headers = {
            "Content-Type": "application/json",
            "User-Agent": "Wakeful/1",
            "X-Wakeful-Action-Id": action_id,
            **signing.headers(secret, action_id, int(time.time()), body),
        }
        deadline = self._clock() + timeout
        with _Watchdog(timeout) as watchdog:
            try:
                with _http().post(
                    url, data=body, headers=headers, timeout=(min(CONNECT_TIMEOUT_SECONDS, timeout), timeout), allow_redirects=False, stream=True
                ) as response:
                    status = response.status_code
                    content = self._read(response, deadline, timeout, watchdog)
                    retry_after = parse_retry_after(response.headers.get("Retry-After"), time.time())
            except requests.Timeout as error:
                raise _Retry(f"no complete answer within {timeout:g} s") from error
            except requests.RequestException as error:
                if watchdog.fired:
                    raise _Retry(f"no complete answer within {timeout:g} s") from error
                raise _Retry(f"request failed: {error.__class__.__name__}") from error
        if status >= 500 or status == 429:
            raise _Retry(f"HTTP {status}", retry_after)
        if not 200 <= status < 300:
            raise ToolCallError(f"{self.name} answered HTTP {status}: {content[:300].decode('utf-8', 'replace')}")
        try:
            return ToolResponse.model_validate_json(content)
        except PydanticValidationError as error:
            raise ToolCallError(f"{self.name} answered something that is not a ToolResponse: {_first_error(error)}") from error

    def _read(self, response: Any, deadline: float, timeout: float, watchdog: _Watchdog) -> bytes:
        """The whole answer, within the attempt's deadline and the size cap."""
        declared = response.headers.get("Content-Length")
        if declared and declared.isdigit() and int(declared) > MAX_RESPONSE_BYTES:
            raise ToolCallError(f"{self.name} answered {declared} bytes; the limit is {MAX_RESPONSE_BYTES} (1 MiB)")
        chunks: list[bytes] = []
        size = 0
        raw = response.raw
        while True:
            remaining = deadline - self._clock()
            if remaining <= 0:
                raise _Retry(f"the answer did not arrive completely within {timeout:g} s")
            _set_read_timeout(raw, remaining)
            try:
                chunk = raw.read1(_CHUNK, decode_content=True) if hasattr(raw, "read1") else raw.read(_CHUNK, decode_content=True)
            except Exception as error:  # noqa: BLE001 - urllib3's timeout and protocol errors
                if watchdog.fired or "timed out" in str(error).lower() or isinstance(error, TimeoutError):
                    raise _Retry(f"the answer did not arrive completely within {timeout:g} s") from error
                raise _Retry(f"reading the answer failed: {error.__class__.__name__}") from error
            if not chunk:
                return b"".join(chunks)
            size += len(chunk)
            if size > MAX_RESPONSE_BYTES:
                raise ToolCallError(f"{self.name} answered more than {MAX_RESPONSE_BYTES} bytes (1 MiB), the limit")
            chunks.append(chunk)

    def describe(self) -> dict[str, Any]:
        """The ``GET /tools`` view (never the secret)."""
        return self.definition.public()


def _first_error(error: PydanticValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "body"
    return f"{where}: {first.get('msg')}"


def _set_read_timeout(raw: Any, seconds: float) -> None:
    """Let the next socket read wait at most ``seconds`` (the attempt's time left)."""
    connection = getattr(raw, "connection", None)
    sock = getattr(connection, "sock", None)
    if sock is not None:
        sock.settimeout(max(0.01, seconds))
