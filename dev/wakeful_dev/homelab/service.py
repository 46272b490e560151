"""The simulated homelab as an HTTP service on loopback.

- ``POST /tools/<name>``: an HTTP tool endpoint of the ``homelab`` preset. It takes
  Wakeful's ToolRequest, checks the Standard Webhooks signature with the preset's tool
  secret (``WAKEFUL_HOMELAB_SECRET``; and a 5-minute timestamp tolerance) before parsing, runs the tool once per ``action_id`` (a repeated
  ``action_id`` gets the first answer back, nothing runs again) and answers a
  ToolResponse whose ``output`` or ``error`` the model sees.
- ``POST /notifications``: the agent's ``NOTIFICATION`` hook deliveries (the homelab's
  team channel), signature-checked and kept once per ``webhook-id``.
- ``POST /arr/events``: Radarr's and Sonarr's "Webhook" connections, with HTTP Basic
  authentication (any user name; the password ``WAKEFUL_HOMELAB_ARR_PASSWORD``): a grab,
  an import or an import that needs a person is pushed to the agent's log as
  ``download_started``, ``download_complete`` or ``download_failed``
  (:mod:`wakeful_dev.homelab.arr_events`).
- ``POST /control/...``: the world changes (players leave, the CPU heats up). The events a
  change causes are pushed to the agent's log through its signed webhook before the
  answer, which lists them with the ``event_id`` and ``seq`` the webhook gave them.
- ``GET /state``, ``GET /calls``, ``GET /notifications``: what the demo and tests read
  (``/state`` also says where each container and media tool answers from: a real
  service's base URL, or ``simulated``).

The container and media tools call the real Docker Engine, Jellyfin, Radarr and Sonarr
when their base URLs are configured (:mod:`wakeful_dev.homelab.backends`); the rest of
the homelab is always the simulated world.

The control API has no authentication: the service listens on loopback, for ``wakeful
dev``, the demo and tests only.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import json
import logging
import os
import re
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

from wakeful_dev.homelab import arr_events, tools
from wakeful_dev.homelab.backends import BackendError, Backends
from wakeful_dev.homelab.exceptions import ControlError, ToolInputError, WorldError
from wakeful_dev.homelab.world import Event, World

logger = logging.getLogger(__name__)

TIMESTAMP_TOLERANCE_SECONDS = 300
MAX_BODY_BYTES = 1 << 20
ENV_ARR_PASSWORD = "WAKEFUL_HOMELAB_ARR_PASSWORD"


@dataclass(frozen=True)
class ToolCall:
    """One ToolRequest the homelab received (replays included)."""

    tool: str
    action_id: str
    thread_id: str | None
    arguments: dict[str, Any]
    verified: bool
    replay: bool
    answer: dict[str, Any]
    at: float = field(default_factory=time.time)


def verify(secret: str, headers: dict[str, str], raw: bytes, now: float | None = None) -> bool:
    """Whether a Standard Webhooks signed request is genuine and recent."""
    from wakeful import signing

    msg_id = headers.get("webhook-id", "")
    stamp = headers.get("webhook-timestamp", "")
    if not secret or not msg_id or not stamp.isdigit():
        return False
    if abs((time.time() if now is None else now) - int(stamp)) > TIMESTAMP_TOLERANCE_SECONDS:
        return False
    return signing.verify_standard(secret, msg_id, stamp, raw, headers.get("webhook-signature", ""))


class EventPusher:
    """Sends events to one Wakeful webhook, signed with the Standard Webhooks scheme."""

    def __init__(self, url: str, secret: str) -> None:
        self.url = url
        self.secret = secret

    def push(self, event: Event) -> dict[str, Any]:
        """POST one event; returns ``{event_type, payload, status, event_id?, seq?}``."""
        import requests

        from wakeful import signing

        body = json.dumps({"event_type": event.event_type, "payload": event.payload, "priority": event.priority}).encode()
        msg_id = f"msg_homelab_{uuid.uuid4().hex}"
        headers = {"Content-Type": "application/json", **signing.headers(self.secret, msg_id, int(time.time()), body)}
        response = requests.post(self.url, data=body, headers=headers, timeout=30)
        result: dict[str, Any] = {"event_type": event.event_type, "payload": event.payload, "status": response.status_code}
        if response.status_code in (200, 202):
            answer = response.json()
            result.update(event_id=answer.get("event_id"), seq=answer.get("seq"))
        else:
            result["error"] = response.text[:300]
            logger.warning("homelab event rejected", extra={"event_type": event.event_type, "status": response.status_code})
        return result


class Homelab:
    """The service: a :class:`World`, its tool endpoints, its control API."""

    def __init__(
        self, world: World | None = None, host: str = "127.0.0.1", port: int = 0, tool_secret: str | None = None,
        backends: Backends | None = None,
    ) -> None:
        from wakeful.homelab import settings

        self.world = world or World()
        #: The real services behind the container and media tools (default: those the
        #: environment names; none: every tool answers from the world).
        self.backends = Backends.from_env() if backends is None else backends
        #: The password Radarr's and Sonarr's webhook connections send (none: refused).
        self.arr_password = os.environ.get(ENV_ARR_PASSWORD) or ""
        #: The secret the preset's tools sign with; ``tool_secrets`` overrides it per tool.
        self.tool_secret = tool_secret or settings.secret() or settings.DEV_SECRET
        self.tool_secrets: dict[str, str] = {}
        self.notification_secret = ""
        self.pusher: EventPusher | None = None
        self.calls: list[ToolCall] = []
        self.notifications: list[dict[str, Any]] = []
        self.pushed: list[dict[str, Any]] = []
        self._answers: dict[str, dict[str, Any]] = {}
        self._deliveries: set[str] = set()
        self._lock = threading.Lock()
        self._run_lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self.httpd = ThreadingHTTPServer((host, port), _handler(self))
        self.httpd.daemon_threads = True
        self._thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), name="homelab", daemon=True)
        self._thread.start()

    # -- wiring ------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def tool_url(self, name: str) -> str:
        return f"{self.url}/tools/{name}"

    @property
    def notifications_url(self) -> str:
        return f"{self.url}/notifications"

    def connect(self, webhook_url: str, webhook_secret: str) -> None:
        """Push this homelab's events to a Wakeful webhook."""
        self.pusher = EventPusher(webhook_url, webhook_secret)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    # -- the world changes ---------------------------------------------------------------------
    def push(self, events: list[Event]) -> list[dict[str, Any]]:
        """Send events to the connected webhook, in order; returns what it answered."""
        results = []
        for event in events:
            if self.pusher is None:
                result = {"event_type": event.event_type, "payload": event.payload, "status": None, "error": "no webhook connected"}
            else:
                result = self.pusher.push(event)
            with self._lock:
                self.pushed.append(result)
            results.append(result)
        return results

    def set_players(self, server: str, players: list[str]) -> list[dict[str, Any]]:
        return self.push(self.world.set_players(server, players))

    def set_system(self, **values: Any) -> list[dict[str, Any]]:
        return self.push(self.world.set_system(**values))

    def tick(self) -> list[dict[str, Any]]:
        return self.push(self.world.tick())

    # -- tools ------------------------------------------------------------------------------
    def call_tool(self, name: str, headers: dict[str, str], raw: bytes) -> tuple[int, dict[str, Any]]:
        """Serve one ToolRequest: verify, dedupe by ``action_id``, run, answer."""
        if name not in tools.BY_NAME:
            return 404, {"success": False, "error": f"the homelab has no tool named {name!r}"}
        if not verify(self.tool_secrets.get(name) or self.tool_secret, headers, raw):
            return 401, {"success": False, "error": "invalid or missing webhook signature"}
        try:
            request = json.loads(raw)
            action_id = str(request["action_id"])
        except (ValueError, KeyError, TypeError):
            return 400, {"success": False, "error": "not a ToolRequest"}
        call = request.get("tool_call") or {}
        arguments = call.get("arguments") if isinstance(call, dict) else None
        with self._run_lock:  # one tool run at a time: check-then-run stays atomic per action_id
            earlier = self._answers.get(action_id)
            replay = earlier is not None
            if earlier is None:
                earlier = self._answers[action_id] = self._run(name, arguments)
        record = ToolCall(name, action_id, request.get("thread_id"), arguments if isinstance(arguments, dict) else {}, True, replay, earlier)
        with self._changed:
            self.calls.append(record)
            self._changed.notify_all()
        return 200, earlier

    def _run(self, name: str, arguments: Any) -> dict[str, Any]:
        try:
            output = tools.run(self.world, name, arguments, self.backends)
        except (ToolInputError, WorldError, BackendError) as error:
            return {"success": False, "error": str(error)}
        return {"success": True, "output": output}

    # -- Radarr and Sonarr ---------------------------------------------------------------------
    def arr_event(self, headers: dict[str, str], raw: bytes) -> tuple[int, dict[str, Any]]:
        """One Radarr or Sonarr webhook: its download event, pushed (module docstring)."""
        if not _basic_password_matches(headers.get("authorization"), self.arr_password):
            return 401, {"error": {"code": "unauthorized", "message": f"HTTP Basic authentication with the password {ENV_ARR_PASSWORD}"}}
        try:
            event = arr_events.event_of(json.loads(raw))
        except ValueError as error:
            return 400, {"error": {"code": "bad_request", "message": str(error)}}
        return 200, {"events": self.push([event]) if event else []}

    # -- notifications ------------------------------------------------------------------------
    def notify(self, headers: dict[str, str], raw: bytes) -> tuple[int, dict[str, Any]]:
        """Take one NOTIFICATION hook delivery (once per delivery id)."""
        if not verify(self.notification_secret, headers, raw):
            return 401, {"error": "invalid or missing webhook signature"}
        delivery = headers.get("webhook-id", "")
        try:
            payload = json.loads(raw)
        except ValueError:
            return 400, {"error": "not JSON"}
        with self._changed:
            if delivery not in self._deliveries:
                self._deliveries.add(delivery)
                self.notifications.append(_notification(payload, delivery))
                self._changed.notify_all()
        return 200, {"ok": True}

    def wait_for(self, predicate: Callable[["Homelab"], bool], timeout: float = 30.0) -> bool:
        """Block until ``predicate(self)`` holds (checked on every tool call and
        notification) or ``timeout`` passes; returns whether it holds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(left)
            return True

    def calls_to(self, tool: str) -> list[ToolCall]:
        with self._lock:
            return [c for c in self.calls if c.tool == tool and not c.replay]


def _basic_password_matches(header: str | None, password: str) -> bool:
    """Whether ``Authorization: Basic <user:password>`` carries ``password`` (any user),
    compared in constant time; never with no password configured."""
    scheme, _, encoded = (header or "").partition(" ")
    if not password or scheme.lower() != "basic":
        return False
    try:
        given = base64.b64decode(encoded.strip(), validate=True).partition(b":")[2]
    except (binascii.Error, ValueError):
        return False
    return hmac.compare_digest(given, password.encode())


def _notification(payload: dict[str, Any], delivery: str) -> dict[str, Any]:
    data = payload.get("data") or {}
    context = payload.get("context") or {}
    return {
        "delivery_id": delivery,
        "message": data.get("message") if isinstance(data, dict) else None,
        "thread_id": (data.get("thread_id") if isinstance(data, dict) else None) or context.get("thread_id"),
        "agent_id": (payload.get("agent") or {}).get("id"),
        "hook_type": payload.get("hook_type"),
        "received_at": time.time(),
    }


# -- HTTP ------------------------------------------------------------------------------------
_PLAYERS = re.compile(r"^/control/servers/([^/]+)/players$")


def _control(homelab: Homelab, path: str, body: dict[str, Any]) -> dict[str, Any] | None:
    """The control API: change the world, answer the events it pushed (None: no such
    route)."""
    match = _PLAYERS.match(path)
    if match:
        players = body.get("players")
        if players is None and isinstance(body.get("count"), int) and body["count"] >= 0:
            players = [f"player{n + 1}" for n in range(body["count"])]
        if not isinstance(players, list):
            raise ControlError("send {\"players\": [names]} or {\"count\": n}")
        return {"events": homelab.set_players(match.group(1), players)}
    if path == "/control/system":
        return {"events": homelab.set_system(**body)}
    if path == "/control/tick":
        return {"events": homelab.tick()}
    if path == "/control/events":
        event_type, payload = body.get("event_type"), body.get("payload", {})
        if not isinstance(event_type, str) or not isinstance(payload, dict):
            raise ControlError("send {\"event_type\": str, \"payload\": {...}}")
        return {"events": homelab.push([Event(event_type, payload, int(body.get("priority", 5)))])}
    return None


def _handler(homelab: Homelab) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body as sent, not the body after a delayed ACK

        def log_message(self, *args: Any) -> None:
            pass

        def _send(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802
            if self.path == "/state":
                return self._send(200, {**homelab.world.snapshot(), "backends": homelab.backends.describe()})
            if self.path == "/calls":
                with homelab._lock:
                    calls = [c.__dict__ for c in homelab.calls]
                return self._send(200, {"items": calls})
            if self.path == "/notifications":
                with homelab._lock:
                    return self._send(200, {"items": list(homelab.notifications)})
            return self._send(404, {"error": {"code": "not_found", "message": self.path}})

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY_BYTES:
                return self._send(413, {"error": {"code": "too_large", "message": "body over 1 MiB"}})
            raw = self.rfile.read(length)
            headers = {k.lower(): v for k, v in self.headers.items()}
            if self.path.startswith("/tools/"):
                return self._send(*homelab.call_tool(self.path[len("/tools/"):], headers, raw))
            if self.path == "/notifications":
                return self._send(*homelab.notify(headers, raw))
            if self.path == "/arr/events":
                return self._send(*homelab.arr_event(headers, raw))
            try:
                body = json.loads(raw or b"{}")
                if not isinstance(body, dict):
                    raise ControlError("the body must be a JSON object")
                answer = _control(homelab, self.path, body)
            except (ValueError, TypeError, ControlError, WorldError) as error:
                return self._send(400, {"error": {"code": "bad_request", "message": str(error)}})
            if answer is None:
                return self._send(404, {"error": {"code": "not_found", "message": self.path}})
            return self._send(200, answer)

    return Handler
