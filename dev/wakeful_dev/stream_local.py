"""Server-Sent Events in ``wakeful dev``: the local gateway's streaming path.

API Gateway (and the local gateway that plays it) turns a request into one Lambda
invocation and one response, so it cannot keep a stream open. For the two SSE routes
with ``Accept: text/event-stream`` the local gateway instead serves the request here:
the same bearer-key check and ownership rule as the API (another owner's agent → 404),
then frames from the stream table (catch-up) and from the in-process hub that every
emitter in this process publishes to (live), until the thread's run ends or the client
goes away. Everything else about these paths (no SSE ``Accept``) goes to the api
function as usual.

The key that opened a stream is checked again while it is open (at least every
``WAKEFUL_STREAM_KEY_RECHECK_SECONDS``, default 60, and with every keep-alive; at once
before a new run's first event): once it is revoked the stream ends. An error answered
before the stream starts closes the connection, and says so (``Connection: close``).
"""

from __future__ import annotations

import json
import logging
import os
import re
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, Callable, Iterator
from urllib.parse import parse_qs, urlsplit

from wakeful.exceptions import BadRequestError, WakefulError
from wakeful.stream import access, broadcast, service, sinks, sse
from wakeful.stream.models import heartbeat_of, parse_types
from wakeful.stream.settings import get_settings

if TYPE_CHECKING:
    from wakeful_dev.runtime import DevStack

logger = logging.getLogger(__name__)

THREAD_STREAM = re.compile(r"^/agents/(?P<agent_id>[^/]+)/threads/(?P<thread_id>[^/]+)/stream/?$")
AGENT_STREAM = re.compile(r"^/agents/(?P<agent_id>[^/]+)/stream/?$")
ENV_KEEP_ALIVE = "WAKEFUL_STREAM_KEEPALIVE_SECONDS"


class StreamServer:
    """Answers the SSE routes for the local gateway."""

    def __init__(self, hub: broadcast.Hub, stopped: Callable[[], bool], keep_alive_seconds: float = 15.0) -> None:
        self.hub = hub
        self.stopped = stopped
        self.keep_alive_seconds = keep_alive_seconds

    def handles(self, request: BaseHTTPRequestHandler) -> bool:
        """Serve ``request`` if it is an SSE request for a stream route; else False."""
        if request.command != "GET" or not service.wants_sse(request.headers.get("Accept")):
            return False
        path = urlsplit(request.path).path
        if not (THREAD_STREAM.match(path) or AGENT_STREAM.match(path)):
            return False
        try:
            feed = self._feed(request, path)
        except WakefulError as error:
            _error(request, error.status, error.code, error.message)
            return True
        self._stream(request, feed)
        return True

    def _feed(self, request: BaseHTTPRequestHandler, path: str) -> Iterator[bytes]:
        query = {k: v[-1] for k, v in parse_qs(urlsplit(request.path).query, keep_blank_values=True).items()}
        caller = service.authenticate(request.headers.get("Authorization"))
        types = parse_types(query.get("types"))
        last_event_id = request.headers.get("Last-Event-ID")
        keep_alive = _keep_alive(query, self.keep_alive_seconds)
        # The key is checked again with every keep-alive, and at least every
        # key_recheck_seconds (the bound a revocation takes to close the stream).
        authorized = access.KeyCheck(caller.key_hash, caller.owner, min(get_settings().key_recheck_seconds, keep_alive))
        options = {"types": types, "keep_alive_seconds": keep_alive, "stop": self.stopped, "authorized": authorized}
        match = THREAD_STREAM.match(path)
        if match:
            agent_id, thread_id = match["agent_id"], match["thread_id"]
            service.check_agent(caller.owner, agent_id)
            after = service.resume_point(query.get("after"), last_event_id)
            service.require_stream(agent_id, thread_id)
            return sse.thread_feed(
                self.hub, agent_id, thread_id, after=after, running=lambda: _running(agent_id, thread_id), **options
            )
        agent_id = AGENT_STREAM.match(path)["agent_id"]  # type: ignore[index]
        service.check_agent(caller.owner, agent_id)
        return sse.agent_feed(self.hub, agent_id, resume=service.agent_resume_point(last_event_id), **options)

    @staticmethod
    def _stream(request: BaseHTTPRequestHandler, feed: Iterator[bytes]) -> None:
        # The feed's first frame comes once it has subscribed to the hub: only then may
        # the client learn the stream is open (an event emitted and written between the
        # headers and the subscription would be in neither the catch-up nor the live feed).
        try:
            first = next(feed)
            request.close_connection = True
            request.send_response(200)
            request.send_header("Content-Type", "text/event-stream; charset=utf-8")
            request.send_header("Cache-Control", "no-cache")
            request.send_header("X-Content-Type-Options", "nosniff")
            request.send_header("Connection", "close")
            request.send_header("X-Accel-Buffering", "no")
            request.end_headers()
            request.wfile.write(first)
            request.wfile.flush()
            for chunk in feed:
                request.wfile.write(chunk)
                request.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            logger.debug("stream client went away")
        finally:
            feed.close()  # type: ignore[attr-defined]


def _running(agent_id: str, thread_id: str) -> bool:
    """Whether the thread is running (its next run's events are about to come)."""
    if heartbeat_of(thread_id):
        return False
    from wakeful.threads import records
    from wakeful.threads import repository as threads

    thread = threads.get(agent_id, thread_id)
    return thread is not None and thread.status == records.ACTIVE


def _keep_alive(query: dict[str, str], default: float) -> float:
    """``?keepalive=SECONDS`` (0.1 to 60): how long the stream may stay silent."""
    raw = query.get("keepalive")
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise BadRequestError("keepalive must be a number of seconds") from None
    if not 0.1 <= value <= 60:
        raise BadRequestError("keepalive must be between 0.1 and 60 seconds")
    return value


def _error(request: BaseHTTPRequestHandler, status: int, code: str, message: str) -> None:
    data = json.dumps({"error": {"code": code, "message": message}}).encode()
    request.send_response(status)
    request.send_header("Content-Type", "application/json")
    request.send_header("Content-Length", str(len(data)))
    request.send_header("X-Content-Type-Options", "nosniff")
    # The connection is not kept: say so, or a client reusing it finds it closed.
    request.send_header("Connection", "close")
    request.end_headers()
    request.wfile.write(data)


def setup(stack: DevStack) -> None:
    """Register the in-process hub as a live sink and serve SSE through the gateway."""
    get_settings()  # read the stream settings now: a bad value stops `wakeful dev` at startup
    hub = broadcast.hub()
    sinks.register(hub)
    stack.stream_hub = hub
    keep_alive = float(os.environ.get(ENV_KEEP_ALIVE) or 15.0)
    if stack.gateway is not None:
        stack.gateway.streaming = StreamServer(hub, stack._stop.is_set, keep_alive).handles
