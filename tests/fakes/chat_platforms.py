"""Local fakes of the chat platforms' APIs, and requests signed the way each platform
signs its own, for driving channels over real HTTP.

- :class:`FakeSlack` — the Slack Web API's ``POST /chat.postMessage`` (``Authorization:
  Bearer <bot token>``; answers ``{"ok": true, "channel", "ts"}``).
- :class:`FakeDiscord` — the Discord API's ``POST /channels/{id}/messages`` (``Authorization:
  Bot <token>``) and an interaction's follow-ups: ``PATCH
  /webhooks/{application}/{token}/messages/@original`` and ``POST
  /webhooks/{application}/{token}``.
- :class:`FakeTelegram` — the Bot API's ``POST /bot<token>/sendMessage``.

Each records every request (:attr:`PlatformFake.calls`) and answers from a queue of
scripted answers first (:meth:`PlatformFake.then`: a 429 with ``Retry-After``, a 5xx,
Slack's ``{"ok": false}``, a bare ``{}`` or an empty body, a 404; an answer may repeat
what it was sent: ``{header:<name>}`` and ``{path}`` in its body), then as the platform
does. Point Wakeful at them with
``WAKEFUL_SLACK_API_URL``, ``WAKEFUL_DISCORD_API_URL`` and ``WAKEFUL_TELEGRAM_API_URL``.

The signers build inbound requests as the platforms do: :func:`slack_headers` (``v0``
HMAC-SHA256 over ``v0:{timestamp}:{raw body}``), :class:`DiscordApp` (an Ed25519 key
pair from PyNaCl; the signature over ``timestamp + raw body``) and
:func:`telegram_headers` (the secret token).
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Answer:
    """A scripted answer: status, JSON body (or ``raw`` bytes as they are: an empty
    body), headers."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before the answer (a timeout, for a deadline shorter than it)
    raw: bytes | None = None


@dataclass(frozen=True)
class Call:
    """One request a fake received."""

    method: str
    path: str
    headers: dict[str, str]
    raw: bytes
    at: float

    @property
    def json(self) -> Any:
        return json.loads(self.raw or b"null")

    def header(self, name: str) -> str | None:
        return {k.lower(): v for k, v in self.headers.items()}.get(name.lower())


_ECHO = re.compile(r"\{(header:[A-Za-z0-9-]+|path)\}")


def _echoed(text: str, call: Call) -> str:
    """A scripted JSON answer with each ``{header:<name>}`` replaced by that request
    header's value and ``{path}`` by the request's path (a platform, proxy or gateway
    that repeats what it was sent, a token among it, in its error)."""

    def value(match: re.Match[str]) -> str:
        said = call.path if match.group(1) == "path" else call.header(match.group(1).split(":", 1)[1]) or ""
        return json.dumps(said)[1:-1]

    return _ECHO.sub(value, text)


class PlatformFake:
    """A platform API on loopback: records calls, answers scripted answers first."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._script: deque[Answer] = deque()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _serve(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                call = Call(self.command, self.path, dict(self.headers.items()), raw, time.monotonic())
                with fake._lock:
                    fake.calls.append(call)
                    scripted = fake._script.popleft() if fake._script else None
                answer = scripted or fake.answer(call)
                if answer.delay:
                    time.sleep(answer.delay)
                data = answer.raw if answer.raw is not None else _echoed(json.dumps(answer.body), call).encode()
                self.send_response(answer.status)
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_POST = do_PATCH = do_GET = _serve

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def then(self, *answers: Answer) -> None:
        """Answer the next requests with ``answers``, in order, then as the platform does."""
        with self._lock:
            self._script.extend(answers)

    def next_id(self) -> int:
        return next(self._ids)

    def answer(self, call: Call) -> Answer:  # pragma: no cover - each platform's own
        raise NotImplementedError

    def posts(self, pattern: str = "") -> list[Call]:
        """The calls whose path matches ``pattern`` (a regex)."""
        with self._lock:
            return [c for c in self.calls if re.search(pattern, c.path)]

    def wait_for(self, count: int, pattern: str = "", timeout: float = 60.0) -> list[Call]:
        """Wait until ``count`` calls match ``pattern``; returns them."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.posts(pattern)
            if len(found) >= count:
                return found
            time.sleep(0.05)
        raise AssertionError(f"{type(self).__name__}: {len(self.posts(pattern))} calls matching {pattern!r}, expected {count}")

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class FakeSlack(PlatformFake):
    """``POST /chat.postMessage``. Channel names (``#ops``) answer as the id ``CNAMED``."""

    def answer(self, call: Call) -> Answer:
        if call.method != "POST" or not call.path.endswith("/chat.postMessage"):
            return Answer(404, {"ok": False, "error": "unknown_method"})
        if not (call.header("Authorization") or "").startswith("Bearer xoxb-"):
            return Answer(200, {"ok": False, "error": "not_authed"})
        body = call.json
        channel = str(body.get("channel") or "")
        if not channel:
            return Answer(200, {"ok": False, "error": "channel_not_found"})
        ts = f"{int(time.time())}.{self.next_id():06d}"
        return Answer(200, {"ok": True, "channel": "CNAMED" if channel.startswith("#") else channel, "ts": ts, "message": {"text": body.get("text")}})


class FakeDiscord(PlatformFake):
    """A channel's messages, and an interaction's original answer and follow-ups (with
    ``webhooks=False``, those answer 404 Unknown Webhook, as for an expired token)."""

    def __init__(self, webhooks: bool = True) -> None:
        self.webhooks = webhooks
        super().__init__()

    def answer(self, call: Call) -> Answer:
        snowflake = str(1_100_000_000_000_000_000 + self.next_id())
        channel = re.fullmatch(r"/channels/([^/]+)/messages", call.path)
        if call.method == "POST" and channel:
            if not (call.header("Authorization") or "").startswith("Bot "):
                return Answer(401, {"message": "401: Unauthorized", "code": 0})
            return Answer(200, {"id": snowflake, "channel_id": channel.group(1), "content": call.json.get("content")})
        if re.fullmatch(r"/webhooks/[0-9]+/[^/]+(/messages/@original)?", call.path) and call.method in ("POST", "PATCH") and self.webhooks:
            return Answer(200, {"id": snowflake, "channel_id": "0", "content": call.json.get("content")})
        return Answer(404, {"message": "404: Not Found", "code": 0})


class FakeTelegram(PlatformFake):
    """``POST /bot<token>/sendMessage``."""

    def answer(self, call: Call) -> Answer:
        if call.method != "POST" or not re.fullmatch(r"/bot[^/]+/sendMessage", call.path):
            return Answer(404, {"ok": False, "error_code": 404, "description": "Not Found"})
        body = call.json
        result = {"message_id": 1000 + self.next_id(), "chat": {"id": body.get("chat_id")}, "date": int(time.time()), "text": body.get("text")}
        return Answer(200, {"ok": True, "result": result})


# -- inbound requests, signed as the platforms sign them ------------------------------
def slack_headers(signing_secret: str, body: bytes, timestamp: int | None = None, content_type: str = "application/json") -> dict[str, str]:
    """Headers of a Slack request: ``X-Slack-Signature`` = ``v0=`` + hex HMAC-SHA256 of
    ``v0:{timestamp}:{raw body}`` with the signing secret."""
    stamp = str(int(time.time()) if timestamp is None else timestamp)
    digest = hmac.new(signing_secret.encode(), f"v0:{stamp}:".encode() + body, hashlib.sha256).hexdigest()
    return {"Content-Type": content_type, "X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": f"v0={digest}"}


class DiscordApp:
    """A Discord application's key pair (Ed25519, PyNaCl): ``public_key`` for the
    channel's config, :meth:`headers` to sign an interaction as Discord does."""

    def __init__(self) -> None:
        from nacl.signing import SigningKey

        self.signing_key = SigningKey.generate()
        self.public_key = self.signing_key.verify_key.encode().hex()
        self.application_id = "900000000000000001"

    def headers(self, body: bytes, timestamp: int | None = None) -> dict[str, str]:
        stamp = str(int(time.time()) if timestamp is None else timestamp)
        signature = self.signing_key.sign(stamp.encode() + body).signature.hex()
        return {"Content-Type": "application/json", "X-Signature-Ed25519": signature, "X-Signature-Timestamp": stamp}


def telegram_headers(secret_token: str) -> dict[str, str]:
    """Headers of a Telegram update sent to a webhook set with ``secret_token``."""
    return {"Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": secret_token}
