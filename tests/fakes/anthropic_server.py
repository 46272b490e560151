"""A fake Anthropic Messages API on loopback, for driving the real ``anthropic`` SDK.

Point the SDK at it with ``ANTHROPIC_BASE_URL=<server.url>``. ``POST /v1/messages``
records each request and answers the next reply scripted for its model
(:meth:`for_model`), else the next one scripted for the forced tool (:meth:`on`), else
the next scripted reply (:meth:`push`), or, with ``auto=True`` and nothing scripted, the scripted provider's deterministic answer to the
forced tool (read back from the request's ``<input>`` and ``<agent_profile>``).

Streamed requests (``"stream": true``, what ``client.messages.stream`` sends) are answered
with Server-Sent Events as the real API sends them (``message_start``,
``content_block_start``/``_delta``/``_stop`` with ``text_delta``, ``thinking_delta`` and
``input_json_delta``, ``message_delta``, ``message_stop``). Requests that force no tool
(a thread's tool-use conversation) are answered from the conversation script set with
:meth:`converse` (either format of :mod:`wakeful.llm.script`), after any reply queued with
:meth:`push`.

Extended thinking is answered as the API does: thinking blocks (scripted, or in the
conversation script) are sent only when the request enables thinking (``thinking:
{"type": "enabled", "budget_tokens": n}``), each signed; such a request is refused (400
``invalid_request_error``) when the budget is below 1,024 or not below ``max_tokens``,
when ``tool_choice`` forces a tool, when ``temperature`` is not 1 or ``top_k`` is set,
when it continues a tool-use loop whose assistant turn does not start with its thinking
block, or when a thinking block comes back with a signature that is not its own.

Usage is estimated from the request (about four characters a token) and the prompt cache
is simulated the way the API documents it (a breakpoint also finds a prefix cached at
up to 20 blocks before it): each ``cache_control`` breakpoint (tools,
then system, then messages) ends a prefix; the longest prefix seen before (same model,
within 5 minutes) is read from the cache, longer ones of at least
``min_cacheable_tokens`` are written. So ``cache_read_input_tokens`` and
``cache_creation_input_tokens`` behave like the real thing.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CACHE_TTL_SECONDS = 300


@dataclass
class Reply:
    """One scripted answer: an HTTP status and body, optional headers and delay."""

    status: int = 200
    content: list[dict[str, Any]] | None = None
    error_type: str = ""
    message: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    raw_body: bytes | None = None
    stop_reason: str | None = None


def tool_use(input_: Any, name: str | None = None, text: str | None = None) -> Reply:
    """A ``tool_use`` answer (``name`` defaults to the forced tool)."""
    blocks: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    blocks.append({"type": "tool_use", "id": "toolu_fake", "name": name or "", "input": input_})
    return Reply(content=blocks)


def text(value: str) -> Reply:
    """A plain text answer."""
    return Reply(content=[{"type": "text", "text": value}])


def error(status: int, error_type: str, message: str = "scripted error", retry_after_ms: int | None = 20) -> Reply:
    """An API error (429 rate_limit_error, 529 overloaded_error, 500 api_error, ...)."""
    headers = {"retry-after-ms": str(retry_after_ms)} if retry_after_ms is not None else {}
    return Reply(status=status, error_type=error_type, message=message, headers=headers)


def slow(seconds: float, reply: Reply | None = None) -> Reply:
    """Answer only after ``seconds`` (to make the client time out)."""
    base = reply or Reply()
    return Reply(base.status, base.content, base.error_type, base.message, base.headers, seconds, base.raw_body, base.stop_reason)


#: How many blocks before a cache breakpoint the API looks for an earlier cached prefix.
LOOKBACK_BLOCKS = 20


def _tokens(text_: str) -> int:
    return max(0, (len(text_) + 3) // 4)


class FakeAnthropic:
    """The fake server. ``requests`` holds every request body (parsed) in order."""

    def __init__(self, *, auto: bool = True, min_cacheable_tokens: int = 1024) -> None:
        self.auto = auto
        self.min_cacheable_tokens = min_cacheable_tokens
        self.script: deque[Reply] = deque()
        self.by_tool: dict[str, deque[Reply]] = {}
        self.by_model: dict[str, deque[Reply]] = {}
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.usages: list[dict[str, int]] = []
        self.conversation_script: Any = None
        self._cache: dict[str, float] = {}
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body as sent, not the body after a delayed ACK

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                status, body, headers, delay = server._answer(self.path, dict(self.headers.items()), raw)
                if delay:
                    time.sleep(delay)
                streamed = status == 200 and _wants_stream(raw)
                if streamed:
                    body = _sse(json.loads(body))
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "text/event-stream" if streamed else "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.send_header("request-id", f"req_fake_{len(server.requests)}")
                    for key, value in headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:
                    pass  # the client gave up (timeout)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self._thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), name="fake-anthropic", daemon=True)
        self._thread.start()

    # -- control ------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The base URL to give the SDK."""
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def push(self, *replies: Reply) -> None:
        """Queue replies, answered in order before any automatic answer."""
        with self._lock:
            self.script.extend(replies)

    def on(self, tool: str, *replies: Reply) -> None:
        """Queue replies for requests that force ``tool``; they take precedence over
        :meth:`push` and the automatic answer."""
        with self._lock:
            self.by_tool.setdefault(tool, deque()).extend(replies)

    def for_model(self, model: str, *replies: Reply) -> None:
        """Queue replies for requests naming ``model``; they take precedence over
        everything else (one server plays two models)."""
        with self._lock:
            self.by_model.setdefault(model, deque()).extend(replies)

    def requests_for_model(self, model: str) -> list[dict[str, Any]]:
        """The requests that named ``model``."""
        return [r for r in self.requests if r.get("model") == model]

    def converse(self, script: Any) -> None:
        """Answer tool-use conversation requests (no forced tool) from ``script`` (the
        format of :mod:`wakeful.llm.script`)."""
        with self._lock:
            self.conversation_script = script

    def conversation_requests(self) -> list[dict[str, Any]]:
        """The requests of tool-use conversations (those forcing no tool)."""
        return [r for r in self.requests if not self.forced_tool(r)]

    def requests_for(self, tool: str) -> list[dict[str, Any]]:
        """The requests that forced ``tool``."""
        return [r for r in self.requests if self.forced_tool(r) == tool]

    def reset(self) -> None:
        """Forget requests, script and cache."""
        with self._lock:
            self.script.clear()
            self.by_tool.clear()
            self.by_model.clear()
            self.requests.clear()
            self.headers.clear()
            self.usages.clear()
            self.conversation_script = None
            self._cache.clear()

    def close(self) -> None:
        """Stop serving."""
        self.httpd.shutdown()
        self.httpd.server_close()

    # -- reading requests ---------------------------------------------------------------------
    @staticmethod
    def forced_tool(body: dict[str, Any]) -> str:
        """The tool a request forces with ``tool_choice``."""
        choice = body.get("tool_choice") or {}
        return choice.get("name", "") if choice.get("type") == "tool" else ""

    @staticmethod
    def prompt_text(body: dict[str, Any]) -> str:
        """System and user text of a request, joined."""
        system = body.get("system") or []
        parts = [system] if isinstance(system, str) else [b.get("text", "") for b in system]
        for message in body.get("messages") or []:
            content = message.get("content")
            parts.append(content if isinstance(content, str) else json.dumps(content))
        return "\n".join(parts)

    @staticmethod
    def input_data(body: dict[str, Any]) -> dict[str, Any]:
        """The JSON between ``<input>`` tags of the user turn."""
        found = re.search(r"<input>\s*(.*?)\s*</input>", FakeAnthropic.prompt_text(body), re.S)
        return json.loads(found.group(1)) if found else {}

    @staticmethod
    def agent_profile(body: dict[str, Any]) -> dict[str, Any]:
        """The JSON between ``<agent_profile>`` tags of the system prompt."""
        found = re.search(r"<agent_profile>(.*?)</agent_profile>", FakeAnthropic.prompt_text(body), re.S)
        return json.loads(found.group(1)) if found else {}

    # -- answering ---------------------------------------------------------------------------
    def _answer(self, path: str, headers: dict[str, str], raw: bytes) -> tuple[int, bytes, dict[str, str], float]:
        if not path.rstrip("/").endswith("/v1/messages"):
            return 404, json.dumps({"type": "error", "error": {"type": "not_found_error", "message": path}}).encode(), {}, 0.0
        body = json.loads(raw)
        with self._lock:
            self.requests.append(body)
            self.headers.append({k.lower(): v for k, v in headers.items()})
        problem = thinking_problem(body)
        if problem:
            payload = {"type": "error", "error": {"type": "invalid_request_error", "message": problem}}
            return 400, json.dumps(payload).encode(), {}, 0.0
        with self._lock:
            queued = self.by_model.get(str(body.get("model"))) or self.by_tool.get(self.forced_tool(body))
            reply = queued.popleft() if queued else (self.script.popleft() if self.script else None)
        if reply is None:
            reply = self._auto(body) if self.auto else error(500, "api_error", "nothing scripted", None)
        if reply.raw_body is not None:
            return reply.status, reply.raw_body, reply.headers, reply.delay
        if reply.status != 200:
            from tests.fakes.model_server import echoed

            payload = {"type": "error", "error": {"type": reply.error_type or "api_error", "message": echoed(reply.message, {k.lower(): v for k, v in headers.items()})}}
            return reply.status, json.dumps(payload).encode(), reply.headers, reply.delay
        content = [
            {**block, "name": block.get("name") or self.forced_tool(body)} if block.get("type") == "tool_use" else block
            for block in reply.content or []
        ]
        if thinking_enabled(body):
            content = [{**b, "signature": sign(b.get("thinking", ""))} if b.get("type") == "thinking" else b for b in content]
        else:
            content = [b for b in content if b.get("type") not in THINKING_TYPES]
        usage = self._usage(body, content)
        message = {
            "id": f"msg_fake_{len(self.requests)}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "claude-fake"),
            "content": content,
            "stop_reason": reply.stop_reason or ("tool_use" if any(b.get("type") == "tool_use" for b in content) else "end_turn"),
            "stop_sequence": None,
            "usage": usage,
        }
        return 200, json.dumps(message).encode(), reply.headers, reply.delay

    def _auto(self, body: dict[str, Any]) -> Reply:
        from wakeful.llm.providers.scripted import respond
        from wakeful.snipin import scripted  # noqa: F401 - registers the SnipIn answers

        name = self.forced_tool(body)
        if not name:
            from wakeful.llm import script

            given, messages = self.conversation_script, body.get("messages") or []
            if isinstance(given, dict) and "rules" in given:  # the rules format of `wakeful dev --script`
                return Reply(content=script.rules_reply(given["rules"], messages) or script.reply(None, messages))
            return Reply(content=script.reply(given, messages))
        return tool_use(respond(name, self.input_data(body), self.agent_profile(body)), name)

    def _usage(self, body: dict[str, Any], content: list[dict[str, Any]]) -> dict[str, int]:
        """Estimated usage with the prompt cache simulated over the request's breakpoints."""
        segments: list[tuple[str, bool]] = []
        for tool in body.get("tools") or []:
            segments.append((json.dumps({k: v for k, v in tool.items() if k != "cache_control"}, sort_keys=True), "cache_control" in tool))
        system = body.get("system") or []
        for block in [{"text": system}] if isinstance(system, str) else system:
            segments.append((block.get("text", ""), "cache_control" in block))
        for message in body.get("messages") or []:
            blocks = message["content"] if isinstance(message["content"], list) else [{"text": message["content"]}]
            for block in blocks:
                plain = {k: v for k, v in block.items() if k != "cache_control"}  # the marker is not content
                segments.append((json.dumps(plain, sort_keys=True) if "type" in block else block.get("text", ""), "cache_control" in block))
        total = sum(_tokens(s) for s, _ in segments)
        model = str(body.get("model"))
        digest = hashlib.sha256(model.encode())
        running = 0
        prefixes: list[tuple[str, int]] = []  # the digest and size of the prompt up to each block
        breakpoints: list[tuple[str, int]] = []
        looked_up: list[tuple[str, int]] = []
        for text_, marked in segments:
            digest.update(text_.encode())
            running += _tokens(text_)
            prefixes.append((digest.copy().hexdigest(), running))
            if marked:
                breakpoints.append(prefixes[-1])
                # The API looks for a hit at the breakpoint and at up to 20 blocks before it.
                looked_up.extend(prefixes[-LOOKBACK_BLOCKS - 1 :])
        now = time.monotonic()
        read = 0
        with self._lock:
            for key, length in looked_up:
                if self._cache.get(key, 0) > now:
                    read = max(read, length)
            written = 0
            for key, length in breakpoints:
                if length > read and length >= self.min_cacheable_tokens:
                    written = max(written, length)
                    self._cache[key] = now + CACHE_TTL_SECONDS
                elif length <= read:
                    self._cache[key] = now + CACHE_TTL_SECONDS  # a hit refreshes the entry
        creation = max(0, written - read)
        output = sum(
            _tokens(json.dumps(b.get("input")) if b.get("type") == "tool_use" else b.get("text", "") or b.get("thinking", ""))
            for b in content
        )
        usage = {
            "input_tokens": total - read - creation,
            "output_tokens": max(1, output),
            "cache_creation_input_tokens": creation,
            "cache_read_input_tokens": read,
        }
        with self._lock:
            self.usages.append(usage)
        return usage


THINKING_TYPES = ("thinking", "redacted_thinking")


def sign(thinking: str) -> str:
    """The signature the fake gives a thinking block (checked when it comes back)."""
    return "sig_" + hashlib.sha256(f"fake-thinking:{thinking}".encode()).hexdigest()[:32]


def thinking_enabled(body: dict[str, Any]) -> bool:
    """Whether a request enables extended thinking."""
    thinking = body.get("thinking")
    return isinstance(thinking, dict) and thinking.get("type") == "enabled"


def thinking_problem(body: dict[str, Any]) -> str:
    """Why the API would refuse a request's use of thinking ("" when it would not)."""
    for index, message in enumerate(body.get("messages") or []):
        content = message.get("content")
        for block in content if isinstance(content, list) else []:
            if block.get("type") == "thinking" and block.get("signature") != sign(block.get("thinking", "")):
                return f"messages.{index}.content: Invalid `signature` in `thinking` block"
    if not thinking_enabled(body):
        return ""
    budget = body["thinking"].get("budget_tokens")
    if not isinstance(budget, int) or budget < 1024:
        return "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"
    if budget >= int(body.get("max_tokens") or 0):
        return "`max_tokens` must be greater than `thinking.budget_tokens`"
    if (body.get("tool_choice") or {}).get("type") in ("any", "tool"):
        return "Thinking may not be enabled when tool_choice forces tool use."
    if body.get("temperature") not in (None, 1, 1.0) or body.get("top_k") is not None:
        return "`temperature` may only be set to 1 and `top_k` may not be set when thinking is enabled"
    return _tool_loop_problem(body.get("messages") or [])


def _tool_loop_problem(messages: list[dict[str, Any]]) -> str:
    last = messages[-1] if messages else {}
    content = last.get("content")
    if last.get("role") != "user" or not any(b.get("type") == "tool_result" for b in content if isinstance(content, list)):
        return ""
    index = max((i for i, m in enumerate(messages) if m.get("role") == "assistant"), default=-1)
    blocks = messages[index].get("content") if index >= 0 else None
    first = blocks[0].get("type") if isinstance(blocks, list) and blocks else "text"
    if first in THINKING_TYPES:
        return ""
    return (
        f"messages.{index}.content.0.type: Expected `thinking` or `redacted_thinking`, but found `{first}`. "
        "When `thinking` is enabled, a final `assistant` message must start with a thinking block."
    )


def _wants_stream(raw: bytes) -> bool:
    try:
        return bool(json.loads(raw).get("stream"))
    except (ValueError, AttributeError):
        return False


def _event(name: str, data: dict[str, Any]) -> bytes:
    return f"event: {name}\ndata: {json.dumps({'type': name, **data})}\n\n".encode()


def _chunks(text_: str, size: int = 12) -> list[str]:
    return [text_[i : i + size] for i in range(0, len(text_), size)] or [""]


def _sse(message: dict[str, Any]) -> bytes:
    """A Messages API answer as the Server-Sent Events of a streamed response."""
    usage = message["usage"]
    start = {**message, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 1}}
    out = [_event("message_start", {"message": start})]
    for index, block in enumerate(message["content"]):
        kind = block.get("type")
        if kind == "text":
            out.append(_event("content_block_start", {"index": index, "content_block": {"type": "text", "text": ""}}))
            for piece in _chunks(block.get("text", "")):
                out.append(_event("content_block_delta", {"index": index, "delta": {"type": "text_delta", "text": piece}}))
        elif kind == "thinking":
            out.append(_event("content_block_start", {"index": index, "content_block": {"type": "thinking", "thinking": "", "signature": ""}}))
            for piece in _chunks(block.get("thinking", "")):
                out.append(_event("content_block_delta", {"index": index, "delta": {"type": "thinking_delta", "thinking": piece}}))
            out.append(_event("content_block_delta", {"index": index, "delta": {"type": "signature_delta", "signature": block.get("signature", "fake")}}))
        elif kind == "tool_use":
            out.append(_event("content_block_start", {"index": index, "content_block": {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}}))
            for piece in _chunks(json.dumps(block.get("input")), 20):
                out.append(_event("content_block_delta", {"index": index, "delta": {"type": "input_json_delta", "partial_json": piece}}))
        else:
            out.append(_event("content_block_start", {"index": index, "content_block": block}))
        out.append(_event("content_block_stop", {"index": index}))
    out.append(_event("message_delta", {"delta": {"stop_reason": message["stop_reason"], "stop_sequence": None}, "usage": {"output_tokens": usage["output_tokens"]}}))
    out.append(_event("message_stop", {}))
    return b"".join(out)
