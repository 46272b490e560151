"""What the fake model APIs (OpenAI Chat Completions, Bedrock Converse) share: a
threaded HTTP server on loopback that records each request and answers, in order, the
replies queued with :meth:`FakeModelServer.push`, else (``auto``) from a conversation
script (:meth:`FakeModelServer.converse`: the rules format of ``wakeful dev --script``,
or the built-in stories' scenarios) for tool-use conversations, and the scripted
provider's deterministic answers for forced tools (SnipIn's structured questions).

A subclass turns its wire format into Messages API shaped messages (for the script)
and renders a :class:`Reply` (content blocks as the Messages API has them) in its own.
An error's message may repeat a request header (:func:`echoed`).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """One scripted answer: content blocks (``text``, ``tool_use``, ``reasoning``), or an
    error status, or a raw body; optional headers, delay and stop reason (the wire's own
    name, e.g. ``content_filter`` or ``guardrail_intervened``)."""

    status: int = 200
    content: list[dict[str, Any]] | None = None
    error_type: str = ""
    message: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    raw_body: bytes | None = None
    stop_reason: str | None = None
    usage: dict[str, int] | None = None


def text(value: str, reasoning: str = "") -> Reply:
    """A text answer (with reasoning first, when given)."""
    blocks: list[dict[str, Any]] = [{"type": "reasoning", "thinking": reasoning}] if reasoning else []
    return Reply(content=[*blocks, {"type": "text", "text": value}])


def tool_call(name: str, arguments: Any, call_id: str = "call_fake_1") -> Reply:
    """One tool call (``arguments`` a dict, or a string sent as is: malformed JSON)."""
    return Reply(content=[{"type": "tool_use", "id": call_id, "name": name, "input": arguments}])


def error(status: int, error_type: str = "", message: str = "scripted error") -> Reply:
    """An error answer."""
    return Reply(status=status, error_type=error_type, message=message)


def garbage(status: int = 200, body: bytes = b"<html>not a model</html>") -> Reply:
    """A body that is no answer at all."""
    return Reply(status=status, raw_body=body, headers={"Content-Type": "application/json"})


_ECHO = re.compile(r"\{header:([A-Za-z0-9-]+)\}")


def echoed(message: str, headers: dict[str, str]) -> str:
    """``message`` with each ``{header:<name>}`` replaced by that request header's value
    (a peer that repeats a credential in its error, as some gateways and proxies do)."""
    return _ECHO.sub(lambda m: headers.get(m.group(1).lower(), ""), message)


def estimate(value: Any) -> int:
    return max(1, (len(value if isinstance(value, str) else json.dumps(value)) + 3) // 4)


class FakeModelServer:
    """The shared server. Subclasses set :attr:`name` and implement :meth:`route`,
    :meth:`anthropic_messages`, :meth:`forced_tool`, :meth:`prompt_text`, :meth:`render`
    and :meth:`render_error`."""

    name = "fake-model"

    def __init__(self, *, auto: bool = True) -> None:
        self.auto = auto
        self.script: deque[Reply] = deque()
        self.always: Reply | None = None
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self.headers: list[dict[str, str]] = []
        self.conversation_script: Any = None
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                status, body, headers, delay = server.answer(self.path, {k.lower(): v for k, v in self.headers.items()}, raw)
                if delay:
                    time.sleep(delay)
                try:
                    self.send_response(status)
                    for key, value in headers.items():
                        self.send_header(key, value)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self._thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), name=self.name, daemon=True)
        self._thread.start()

    # -- control ------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def push(self, *replies: Reply) -> None:
        """Queue replies, answered in order before any automatic answer."""
        with self._lock:
            self.script.extend(replies)

    def fail_always(self, reply: Reply | None) -> None:
        """Answer every request with ``reply`` (None: stop)."""
        with self._lock:
            self.always = reply

    def converse(self, script: Any) -> None:
        """Answer tool-use conversations from ``script`` (rules or scenarios)."""
        with self._lock:
            self.conversation_script = script

    def reset(self) -> None:
        with self._lock:
            self.script.clear()
            self.requests.clear()
            self.paths.clear()
            self.headers.clear()
            self.always = None
            self.conversation_script = None

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def conversation_requests(self) -> list[dict[str, Any]]:
        return [r for r in self.requests if not self.forced_tool(r)]

    # -- answering ---------------------------------------------------------------------------
    def answer(self, path: str, headers: dict[str, str], raw: bytes) -> tuple[int, bytes, dict[str, str], float]:
        route = self.route(path)
        if route is None:
            return 404, json.dumps({"message": f"no route {path}"}).encode(), {"Content-Type": "application/json"}, 0.0
        body = json.loads(raw or b"{}")
        with self._lock:
            self.requests.append(body)
            self.paths.append(path)
            self.headers.append(headers)
            reply = self.always or (self.script.popleft() if self.script else None)
        if reply is None:
            reply = self.auto_reply(body) if self.auto else error(500, "", "nothing scripted")
        if reply.raw_body is not None:
            return reply.status, reply.raw_body, {"Content-Type": "application/json", **reply.headers}, reply.delay
        if reply.status != 200:
            status, payload, extra = self.render_error(replace(reply, message=echoed(reply.message, headers)))
            return status, payload, {**extra, **reply.headers}, reply.delay
        content = [
            {**b, "name": b.get("name") or self.forced_tool(body)} if b.get("type") == "tool_use" else b for b in reply.content or []
        ]
        usage = reply.usage or {"input": estimate(self.prompt_text(body)), "output": estimate(content), "cache_read": 0}
        payload, extra = self.render(route, body, replace(reply, content=content), usage)
        return 200, payload, {**extra, **reply.headers}, reply.delay

    def auto_reply(self, body: dict[str, Any]) -> Reply:
        from wakeful.llm import script
        from wakeful.llm.providers.scripted import respond
        from wakeful.snipin import scripted  # noqa: F401 - registers the SnipIn answers

        forced = self.forced_tool(body)
        if forced:
            prompt = self.prompt_text(body)
            data = re.search(r"<input>\s*(.*?)\s*</input>", prompt, re.S)
            profile = re.search(r"<agent_profile>(.*?)</agent_profile>", prompt, re.S)
            answer = respond(forced, json.loads(data.group(1)) if data else {}, json.loads(profile.group(1)) if profile else {})
            return tool_call(forced, answer, "call_forced")
        messages = self.anthropic_messages(body)
        given = self.conversation_script
        blocks = script.rules_reply(given["rules"], messages) if isinstance(given, dict) and "rules" in given else None
        if blocks is None:
            blocks = script.reply(None if isinstance(given, dict) and "rules" in given else given, messages)
        return Reply(content=blocks)

    # -- the wire format (subclasses) ---------------------------------------------------------
    def route(self, path: str) -> str | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def anthropic_messages(self, body: dict[str, Any]) -> list[dict[str, Any]]:  # pragma: no cover
        raise NotImplementedError

    def forced_tool(self, body: dict[str, Any]) -> str:  # pragma: no cover
        raise NotImplementedError

    def prompt_text(self, body: dict[str, Any]) -> str:  # pragma: no cover
        raise NotImplementedError

    def render(self, route: str, body: dict[str, Any], reply: Reply, usage: dict[str, int]) -> tuple[bytes, dict[str, str]]:  # pragma: no cover
        raise NotImplementedError

    def render_error(self, reply: Reply) -> tuple[int, bytes, dict[str, str]]:  # pragma: no cover
        raise NotImplementedError
