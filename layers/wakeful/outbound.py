"""Every HTTP call Wakeful makes to a URL a user gave it, in one place.

:func:`request` judges the URL with :mod:`wakeful.net`'s policy (or takes a
:class:`~wakeful.net.Target` already judged), connects to a checked address (pinned:
the ``Host`` header, TLS SNI and the certificate check keep the URL's host name), and
holds the exchange to a *deadline*:

- ``timeout`` covers the whole exchange: connecting, sending, the status line, the
  headers and the whole body. Socket timeouts are per read, so a peer trickling a byte
  at a time would renew them for ever; a watchdog shuts the socket down at the
  deadline, which ends any read or write, and the exchange is a :class:`OutboundTimeout`.
- the body is read up to ``max_body_bytes`` (decoded bytes): beyond it the call is a
  :class:`BodyTooLarge` (``Content-Length`` is checked first), or, with
  ``truncate=True``, the answer keeps its first ``max_body_bytes`` and the rest is
  not read.
- redirects are never followed, nothing is retried (callers decide), and environment
  proxies are not used (a proxy would resolve the name itself).

Callers: HTTP tools (:mod:`wakeful.tools.http`), hook deliveries
(:mod:`wakeful.hooks.attempt`) and interceptor calls
(:mod:`wakeful.interceptors.endpoint`); channels and MCP servers are meant to use it
too. Clients built on httpx (the MCP SDK uses httpx2, the openai SDK httpx) take the
same policy with :func:`check`: send the request to ``target.pinned_url()`` with
``Host: target.host_header`` and the request extension ``sni_hostname=target.host``
(TLS server name and certificate check on the host name), without following redirects,
under a total deadline of their own (httpx's timeouts are per read too; for async
clients, ``anyio.fail_after``).
"""

from __future__ import annotations

import json as jsonlib
import os
import socket
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping

from wakeful import dryrun
from wakeful.exceptions import WakefulError
from wakeful.net import Policy, Target, UnsafeUrlError

__all__ = [
    "BodyTooLarge",
    "OutboundError",
    "OutboundTimeout",
    "Policy",
    "Response",
    "Target",
    "UnsafeUrlError",
    "check",
    "redact",
    "request",
]

USER_AGENT = "Wakeful/1"
_CHUNK = 64 * 1024
_MAX_POOLS = 64


class OutboundError(WakefulError):
    """The call failed: no connection, TLS, or a broken or malformed answer.

    ``kind`` names what failed (``ConnectionError``, ``SSLError``, ``ProtocolError``,
    ``InvalidRequest``); the message never carries a request header's value.
    """

    status = 502
    code = "outbound_error"

    def __init__(self, message: str, *, kind: str = "OutboundError") -> None:
        super().__init__(message)
        self.kind = kind


class OutboundTimeout(OutboundError):
    """No complete answer within the deadline. ``phase`` is where it stopped:
    ``connect``, ``response`` (sending, the status line and headers) or ``body``."""

    status = 504
    code = "outbound_timeout"

    def __init__(self, timeout: float, phase: str) -> None:
        super().__init__(f"no complete answer within {timeout:g} s ({phase})", kind="Timeout")
        self.timeout = timeout
        self.phase = phase


class BodyTooLarge(OutboundError):
    """The answer's body is over the size limit (``declared``: its Content-Length, when
    that was what gave it away)."""

    def __init__(self, limit: int, declared: int | None = None) -> None:
        said = f"declared {declared} bytes" if declared is not None else "sent more"
        super().__init__(f"the answer {said}; the limit is {limit} bytes", kind="BodyTooLarge")
        self.limit = limit
        self.declared = declared


@dataclass(frozen=True)
class Response:
    """A complete answer. ``headers`` is case-insensitive; ``truncated`` says the body
    was cut at ``max_body_bytes`` (``truncate=True`` only); ``elapsed`` is in seconds."""

    status: int
    headers: Mapping[str, str]
    body: bytes
    truncated: bool = False
    elapsed: float = 0.0

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


def request(
    method: str,
    url: str | Target,
    *,
    timeout: float,
    max_body_bytes: int,
    headers: Mapping[str, str] | None = None,
    body: bytes | None = None,
    json: Any = None,
    truncate: bool = False,
    connect_timeout: float | None = None,
    policy: Policy | None = None,
    ca_certs: str | None = None,
) -> Response:
    """One HTTP exchange with ``url`` within ``timeout`` seconds (module docstring).

    Args:
        method: the HTTP method.
        url: the URL (judged with ``policy``, default :meth:`Policy.current`) or a
            :class:`Target` it already gave.
        timeout: the deadline of the whole exchange, in seconds.
        max_body_bytes: the most body bytes read.
        headers: request headers (``Host`` is always the URL's).
        body: the request body; or ``json``, sent as compact JSON.
        truncate: keep the first ``max_body_bytes`` of a longer body instead of failing.
        connect_timeout: the most connecting to one address may take (within ``timeout``).
        policy: the URL policy; ``ca_certs``: a CA bundle to trust instead of the default.

    Raises:
        UnsafeUrlError: the URL may not be called (nothing was sent).
        OutboundTimeout: no complete answer within ``timeout``.
        BodyTooLarge: the body is over ``max_body_bytes`` (and ``truncate`` is false).
        OutboundError: anything else that kept the exchange from completing.
    """
    dryrun.refuse(f"an HTTP {method} request")
    started = time.monotonic()
    deadline = started + timeout
    target = url if isinstance(url, Target) else (policy or Policy.current()).check(url)
    if json is not None:
        body = jsonlib.dumps(json, separators=(",", ":"), default=str).encode()
    sent = _headers(target, headers, json_body=json is not None)
    failure: OutboundError | None = None
    for address in target.addresses:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        exchange = _Exchange(target, address, timeout, deadline, connect_timeout, ca_certs)
        try:
            status, answer_headers, content, truncated = exchange.run(method, sent, body, max_body_bytes, truncate)
        except _NotConnected as error:  # nothing was sent: the next checked address may answer
            failure = error.error
            continue
        return Response(status, answer_headers, content, truncated, time.monotonic() - started)
    raise failure or OutboundTimeout(timeout, "connect")


#: What stands in an error for a secret the peer repeated.
REDACTED = "[redacted]"
#: A part of a secret (a line of it, the credential after an auth scheme) is redacted on
#: its own only from this many characters: a shorter part is no secret by itself, and
#: replacing it everywhere would garble the text.
MIN_REDACTED_PART = 4


def redact(text: str, secrets: Iterable[str | None]) -> str:
    """``text`` without any of ``secrets``: what a call sent (a bot token, an API key, an
    ``Authorization`` value, a header's value) and its peer may repeat in an error.

    Each secret goes whole, and so does each part of it a peer might repeat alone: each
    line of a value of several lines, and the credential after an auth scheme
    (``Bearer <token>`` -> ``<token>``). Longer values go first, so a part never leaves
    the rest of a longer secret behind. Every error of an outbound call that is stored,
    shown or logged passes here with that call's secrets."""
    values: set[str] = set()
    for secret in secrets:
        if not secret:
            continue
        values.add(secret)
        parts = [line.strip() for line in secret.splitlines()]
        parts += [piece.strip() for piece in secret.split(None, 1)[1:]]
        values.update(part for part in parts if len(part) >= MIN_REDACTED_PART)
    for value in sorted(values, key=len, reverse=True):
        text = text.replace(value, REDACTED)
    return text


def _headers(target: Target, given: Mapping[str, str] | None, *, json_body: bool) -> dict[str, str]:
    headers = {"User-Agent": USER_AGENT, "Accept": "*/*"}
    if json_body:
        headers["Content-Type"] = "application/json"
    lower = {k.lower(): k for k in headers}
    for name, value in (given or {}).items():
        if name.lower() == "host":
            continue
        headers.pop(lower.get(name.lower(), name), None)
        headers[name] = value
    headers["Host"] = target.host_header
    return headers


class _NotConnected(Exception):
    """Connecting to one address failed; nothing was sent."""

    def __init__(self, error: OutboundError) -> None:
        super().__init__(str(error))
        self.error = error


class _Exchange:
    """One request to one address, under one watchdog."""

    def __init__(self, target: Target, address: str, timeout: float, deadline: float, connect_timeout: float | None, ca_certs: str | None) -> None:
        self.target = target
        self.address = address
        self.timeout = timeout
        self.deadline = deadline
        self.connect_timeout = connect_timeout
        self.ca_certs = ca_certs

    def run(
        self, method: str, headers: dict[str, str], body: bytes | None, limit: int, truncate: bool
    ) -> tuple[int, Mapping[str, str], bytes, bool]:
        remaining = self.deadline - time.monotonic()
        watchdog = _Watchdog(remaining)
        with watchdog:
            response = self._send(method, headers, body, remaining, watchdog)
            try:
                content, truncated = self._read(response, limit, truncate, watchdog)
            except BaseException:
                response.close()
                response.release_conn()
                raise
        if watchdog.fired:  # the cut may have ended a body that has no declared length
            response.close()
            response.release_conn()
            raise OutboundTimeout(self.timeout, "body")
        if truncated:
            response.close()  # the rest stays unread: this connection cannot be reused
        response.release_conn()
        return response.status, response.headers, content, truncated

    def _send(self, method: str, headers: dict[str, str], body: bytes | None, remaining: float, watchdog: _Watchdog) -> Any:
        """The response, once its status line and headers are in."""
        from urllib3.exceptions import ConnectTimeoutError, NewConnectionError, ReadTimeoutError, SSLError
        from urllib3.util import Timeout

        connect = remaining if self.connect_timeout is None else min(self.connect_timeout, remaining)
        pool = _pool(self.target, self.address, self.ca_certs)
        try:
            return pool.urlopen(
                method,
                self.target.request_uri,
                body=body,
                headers=headers,
                retries=False,
                redirect=False,
                assert_same_host=False,
                timeout=Timeout(connect=max(connect, 0.001), read=max(remaining, 0.001)),
                preload_content=False,
                release_conn=False,
                decode_content=True,
                enforce_content_length=True,
            )
        except NewConnectionError as error:  # before ConnectTimeoutError: it is one of them
            if watchdog.fired:
                raise _NotConnected(OutboundTimeout(self.timeout, "connect")) from error
            raise _NotConnected(
                OutboundError(f"could not connect to {self._where()}: {_reason(error)}", kind="ConnectionError")
            ) from error
        except ConnectTimeoutError as error:
            raise _NotConnected(OutboundTimeout(self.timeout, "connect")) from error
        except (ReadTimeoutError, TimeoutError) as error:
            raise OutboundTimeout(self.timeout, "response") from error
        except SSLError as error:
            if watchdog.fired:
                raise OutboundTimeout(self.timeout, "response") from error
            raise OutboundError(f"TLS with {self._where()} failed: {_reason(error)}", kind="SSLError") from error
        except ValueError as error:  # http.client refuses a header value (never echo it)
            raise OutboundError("a request header has a value HTTP cannot carry", kind="InvalidRequest") from error
        except Exception as error:  # noqa: BLE001 - urllib3's and http.client's protocol errors, OSError
            if watchdog.fired:
                raise OutboundTimeout(self.timeout, "response") from error
            raise OutboundError(f"the exchange with {self._where()} broke: {_reason(error)}", kind="ProtocolError") from error

    def _read(self, response: Any, limit: int, truncate: bool, watchdog: _Watchdog) -> tuple[bytes, bool]:
        """The body, up to ``limit`` bytes, within the deadline."""
        declared = response.headers.get("Content-Length")
        if not truncate and declared and declared.isdigit() and int(declared) > limit:
            raise BodyTooLarge(limit, int(declared))
        chunks: list[bytes] = []
        size = 0
        while True:
            remaining = self.deadline - time.monotonic()
            if remaining <= 0:
                raise OutboundTimeout(self.timeout, "body")
            _set_read_timeout(response, remaining)
            try:
                chunk = response.read1(min(_CHUNK, limit + 1 - size), decode_content=True)
            except Exception as error:  # noqa: BLE001 - timeouts, a broken connection, a bad encoding
                if watchdog.fired or isinstance(error, TimeoutError) or "timed out" in str(error).lower():
                    raise OutboundTimeout(self.timeout, "body") from error
                raise OutboundError(f"reading the answer from {self._where()} failed: {_reason(error)}", kind="ProtocolError") from error
            if not chunk:
                return b"".join(chunks), False
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                if not truncate:
                    raise BodyTooLarge(limit)
                return b"".join(chunks)[:limit], True

    def _where(self) -> str:
        if self.target.is_ip_literal:
            return self.target.host_header
        return f"{self.target.host_header} ({self.address})"


def _reason(error: BaseException) -> str:
    """A short reason: what urllib3 says after naming the connection, or the error's
    own text (neither carries a request header)."""
    text = str(error).split("Failed to establish a new connection: ", 1)[-1]
    return text[:300] or type(error).__name__


def _set_read_timeout(response: Any, seconds: float) -> None:
    """Let the next socket read wait at most ``seconds`` (the deadline's time left)."""
    sock = getattr(response.connection, "sock", None)
    if sock is not None:
        sock.settimeout(max(0.01, seconds))


# -- the watchdog ----------------------------------------------------------------------
_local = threading.local()


class _Watchdog:
    """The total deadline of one exchange. At the deadline it shuts down the sockets the
    exchange uses, which ends any read or write on them. It holds its own duplicate of
    each socket, so it never touches a descriptor that another connection reuses, and a
    TLS socket can be cut during its handshake too."""

    def __init__(self, seconds: float) -> None:
        self.fired = False
        self._done = False
        self._lock = threading.Lock()
        self._socks: list[socket.socket] = []
        self._timer = threading.Timer(max(seconds, 0.0), self._cut)
        self._timer.daemon = True

    def __enter__(self) -> _Watchdog:
        _local.watchdog = self
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()
        _local.watchdog = None
        with self._lock:
            self._done = True
            for sock in self._socks:
                sock.close()
            self._socks.clear()

    def adopt(self, sock: socket.socket) -> None:
        """Watch ``sock`` (a connection of this exchange)."""
        try:
            watched = socket.socket(sock.family, sock.type, fileno=os.dup(sock.fileno()))
        except OSError:
            return  # already closed
        with self._lock:
            if self._done:
                watched.close()
                return
            self._socks.append(watched)
            if self.fired:
                _shut(watched)

    def _cut(self) -> None:
        with self._lock:
            if self._done:
                return
            self.fired = True
            for sock in self._socks:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass  # already closed by the peer or the client


def _adopt(sock: Any) -> None:
    watchdog = getattr(_local, "watchdog", None)
    if watchdog is not None and sock is not None:
        watchdog.adopt(sock)


# -- pinned connection pools -----------------------------------------------------------
@lru_cache(maxsize=1)
def _pool_classes() -> tuple[type, type]:
    """Connection pools whose connections the watchdog sees (urllib3 is imported on
    first use)."""
    from urllib3.connection import HTTPConnection, HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

    class _Watched:
        def _new_conn(self) -> socket.socket:
            sock: socket.socket = super()._new_conn()  # type: ignore[misc]
            _adopt(sock)
            return sock

    class _WatchedHTTP(_Watched, HTTPConnection):
        pass

    class _WatchedHTTPS(_Watched, HTTPSConnection):
        pass

    class _Reused:
        def _get_conn(self, timeout: float | None = None) -> Any:
            conn = super()._get_conn(timeout)  # type: ignore[misc]
            _adopt(conn.sock)  # an open connection kept from an earlier exchange
            return conn

    class _PinnedHTTPPool(_Reused, HTTPConnectionPool):
        ConnectionCls = _WatchedHTTP

    class _PinnedHTTPSPool(_Reused, HTTPSConnectionPool):
        ConnectionCls = _WatchedHTTPS

    return _PinnedHTTPPool, _PinnedHTTPSPool


_pools: OrderedDict[tuple[str, str, int, str, str | None], Any] = OrderedDict()
_pools_lock = threading.Lock()


def _pool(target: Target, address: str, ca_certs: str | None) -> Any:
    """A connection pool to ``address`` (the checked one) for ``target``'s host; kept
    for reuse, so that a caller calling often (interceptors, at every step) keeps its
    connection open."""
    https = target.scheme == "https"
    key = (target.scheme, address, target.port, target.host if https else "", ca_certs)
    with _pools_lock:
        pool = _pools.get(key)
        if pool is not None:
            _pools.move_to_end(key)
            return pool
        http_pool, https_pool = _pool_classes()
        if https:
            pool = https_pool(
                address,
                target.port,
                maxsize=8,
                block=False,
                cert_reqs="CERT_REQUIRED",
                ca_certs=ca_certs or _default_ca_certs(),
                server_hostname=target.host,
                assert_hostname=target.host,
            )
        else:
            pool = http_pool(address, target.port, maxsize=8, block=False)
        _pools[key] = pool
        if len(_pools) > _MAX_POOLS:
            _, oldest = _pools.popitem(last=False)
            oldest.close()
        return pool


def _default_ca_certs() -> str | None:
    """The CA bundle requests would use: ``REQUESTS_CA_BUNDLE`` or ``CURL_CA_BUNDLE``
    when set, else certifi's (installed with requests); None: the system's."""
    for name in ("REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"):
        if os.environ.get(name):
            return os.environ[name]
    try:
        import certifi
    except ImportError:
        return None
    return str(certifi.where())


def check(url: str, *, policy: Policy | None = None) -> Target:
    """Judge ``url`` with ``policy`` (default :meth:`Policy.current`): the pinned
    :class:`Target`, for clients that make the request themselves."""
    return (policy or Policy.current()).check(url)

