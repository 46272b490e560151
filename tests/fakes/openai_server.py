"""A fake OpenAI Chat Completions API on loopback, for driving the real ``openai`` SDK.

Point the SDK at it with ``base_url=<server.url>/v1`` (an agent's ``base_url``, or
``OPENAI_BASE_URL``). ``POST /v1/chat/completions`` answers as the API does: a JSON
``chat.completion`` (``choices[0].message`` with ``content``, ``tool_calls``,
``refusal``; ``finish_reason``; ``usage`` with ``prompt_tokens_details.cached_tokens``),
or, with ``"stream": true``, Server-Sent Events of ``chat.completion.chunk`` objects
(text deltas, ``reasoning_content`` deltas as DeepSeek sends them, tool calls in
fragments by ``index``, a last chunk with ``usage`` when ``stream_options.include_usage``)
ending in ``data: [DONE]``. Errors are ``{"error": {"message", "type", "code"}}`` with
their status. See :mod:`tests.fakes.model_server` for what it answers.
"""

from __future__ import annotations

import json
from typing import Any

from tests.fakes.model_server import FakeModelServer, Reply

FINISH = {"tool_use": "tool_calls", "end_turn": "stop"}


class FakeOpenAI(FakeModelServer):
    """The fake Chat Completions API."""

    name = "fake-openai"

    def route(self, path: str) -> str | None:
        return "chat" if path.split("?", 1)[0].rstrip("/").endswith("/chat/completions") else None

    def forced_tool(self, body: dict[str, Any]) -> str:
        choice = body.get("tool_choice")
        return str(((choice or {}).get("function") or {}).get("name") or "") if isinstance(choice, dict) else ""

    def prompt_text(self, body: dict[str, Any]) -> str:
        return "\n".join(m["content"] if isinstance(m.get("content"), str) else json.dumps(m.get("content")) for m in body.get("messages") or [])

    def anthropic_messages(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []

        def add(role: str, block: dict[str, Any]) -> None:
            if out and out[-1]["role"] == role:
                out[-1]["content"].append(block)
            else:
                out.append({"role": role, "content": [block]})

        for message in body.get("messages") or []:
            role = message.get("role")
            if role == "system":
                continue
            if role == "assistant":
                out.append({"role": "assistant", "content": [{"type": "text", "text": message.get("content") or ""}]})
            elif role == "tool":
                add("user", {"type": "tool_result", "tool_use_id": message.get("tool_call_id"), "content": message.get("content")})
            else:
                add("user", {"type": "text", "text": message.get("content") or ""})
        return out

    def render_error(self, reply: Reply) -> tuple[int, bytes, dict[str, str]]:
        payload = {"error": {"message": reply.message, "type": reply.error_type or "server_error", "code": None}}
        return reply.status, json.dumps(payload).encode(), {"Content-Type": "application/json"}

    def render(self, route: str, body: dict[str, Any], reply: Reply, usage: dict[str, int]) -> tuple[bytes, dict[str, str]]:
        content = reply.content or []
        said = "".join(b.get("text", "") for b in content if b["type"] == "text")
        reasoning = "".join(b.get("thinking", "") for b in content if b["type"] == "reasoning")
        calls = [
            {"id": b.get("id"), "type": "function", "function": {"name": b["name"], "arguments": b["input"] if isinstance(b["input"], str) else json.dumps(b["input"])}}
            for b in content
            if b["type"] == "tool_use"
        ]
        finish = reply.stop_reason or ("tool_calls" if calls else "stop")
        counts = {
            "prompt_tokens": usage["input"] + usage.get("cache_read", 0),
            "completion_tokens": usage["output"],
            "total_tokens": usage["input"] + usage.get("cache_read", 0) + usage["output"],
            "prompt_tokens_details": {"cached_tokens": usage.get("cache_read", 0)},
        }
        model = body.get("model", "fake")
        if not body.get("stream"):
            message: dict[str, Any] = {"role": "assistant", "content": said or None, "refusal": None}
            if reasoning:
                message["reasoning_content"] = reasoning
            if calls:
                message["tool_calls"] = calls
            if finish == "refusal":
                message["refusal"], message["content"], finish = said, None, "stop"
            answer = {
                "id": f"chatcmpl-fake{len(self.requests)}", "object": "chat.completion", "created": 1, "model": model,
                "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
                "usage": counts,
            }  # fmt: skip
            return json.dumps(answer).encode(), {"Content-Type": "application/json"}
        return self._sse(model, said, reasoning, calls, finish, counts, bool((body.get("stream_options") or {}).get("include_usage"))), {
            "Content-Type": "text/event-stream"
        }

    def _sse(self, model: str, said: str, reasoning: str, calls: list[dict[str, Any]], finish: str, counts: dict[str, Any], with_usage: bool) -> bytes:
        base = {"id": f"chatcmpl-fake{len(self.requests)}", "object": "chat.completion.chunk", "created": 1, "model": model}

        def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> bytes:
            data = {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}
            return f"data: {json.dumps(data)}\n\n".encode()

        out = [chunk({"role": "assistant", "content": ""})]
        for piece in _pieces(reasoning):
            out.append(chunk({"reasoning_content": piece}))
        if finish == "refusal":
            out += [chunk({"refusal": piece}) for piece in _pieces(said)]
            finish = "stop"
        else:
            out += [chunk({"content": piece}) for piece in _pieces(said)]
        for index, call in enumerate(calls):
            out.append(chunk({"tool_calls": [{"index": index, "id": call["id"], "type": "function", "function": {"name": call["function"]["name"], "arguments": ""}}]}))
            for piece in _pieces(call["function"]["arguments"], 15):
                out.append(chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}))
        out.append(chunk({}, finish))
        if with_usage:
            out.append(f"data: {json.dumps({**base, 'choices': [], 'usage': counts})}\n\n".encode())
        out.append(b"data: [DONE]\n\n")
        return b"".join(out)


def _pieces(value: str, size: int = 10) -> list[str]:
    return [value[i : i + size] for i in range(0, len(value), size)]
