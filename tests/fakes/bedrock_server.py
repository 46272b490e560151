"""A fake Amazon Bedrock runtime (``Converse`` and ``ConverseStream``) on loopback, for
driving real boto3/botocore.

Point the client at it with ``AWS_ENDPOINT_URL_BEDROCK_RUNTIME=<server.url>``.
``POST /model/{modelId}/converse`` answers JSON (``output.message.content`` with
``text``, ``toolUse`` and ``reasoningContent`` blocks, ``stopReason``, ``usage`` with
cache read and write tokens); ``POST /model/{modelId}/converse-stream`` answers in the
AWS event stream binary encoding (``application/vnd.amazon.eventstream``): each message
a prelude (total length, headers length, CRC32), string headers (``:event-type``,
``:content-type``, ``:message-type``), a JSON payload and a CRC32 of the whole, built
here byte by byte (:func:`frame`). Errors are REST-JSON errors (``x-amzn-ErrorType``
and ``{"message"}``); ``Reply(error_type=..., stop_reason="in-stream")`` sends one as an
exception message inside the stream instead. See :mod:`tests.fakes.model_server`.
"""

from __future__ import annotations

import json
import struct
import zlib
from typing import Any
from urllib.parse import unquote

from tests.fakes.model_server import FakeModelServer, Reply

STOP = {"tool_use": "tool_use", "end_turn": "end_turn"}
ERROR_TYPES = {429: "ThrottlingException", 503: "ServiceUnavailableException", 500: "InternalServerException", 400: "ValidationException", 408: "ModelTimeoutException", 403: "AccessDeniedException"}


def _header(name: str, value: str) -> bytes:
    raw_name, raw_value = name.encode(), value.encode()
    return struct.pack(">B", len(raw_name)) + raw_name + b"\x07" + struct.pack(">H", len(raw_value)) + raw_value


def frame(headers: dict[str, str], payload: bytes) -> bytes:
    """One event stream message: prelude (total length, headers length), its CRC32,
    the headers (all strings, type 7), the payload, and the CRC32 of all before."""
    encoded = b"".join(_header(k, v) for k, v in headers.items())
    total = 4 + 4 + 4 + len(encoded) + len(payload) + 4
    prelude = struct.pack(">II", total, len(encoded))
    head = prelude + struct.pack(">I", zlib.crc32(prelude) & 0xFFFFFFFF) + encoded + payload
    return head + struct.pack(">I", zlib.crc32(head) & 0xFFFFFFFF)


def event(kind: str, data: dict[str, Any]) -> bytes:
    """An event message of ``kind`` (``messageStart``, ``contentBlockDelta``, ...)."""
    return frame({":event-type": kind, ":content-type": "application/json", ":message-type": "event"}, json.dumps(data).encode())


def exception(kind: str, message: str) -> bytes:
    """An exception message inside the stream (``throttlingException``, ...)."""
    return frame({":exception-type": kind, ":content-type": "application/json", ":message-type": "exception"}, json.dumps({"message": message}).encode())


class FakeBedrock(FakeModelServer):
    """The fake Bedrock runtime."""

    name = "fake-bedrock"

    def route(self, path: str) -> str | None:
        clean = path.split("?", 1)[0]
        if not clean.startswith("/model/"):
            return None
        if clean.endswith("/converse-stream"):
            return "stream"
        if clean.endswith("/converse"):
            return "converse"
        return None

    def model_ids(self) -> list[str]:
        """The model id of each request (from its path)."""
        return [unquote(p.split("/model/", 1)[1].rsplit("/", 1)[0]) for p in self.paths]

    def forced_tool(self, body: dict[str, Any]) -> str:
        choice = (body.get("toolConfig") or {}).get("toolChoice") or {}
        return str((choice.get("tool") or {}).get("name") or "")

    def prompt_text(self, body: dict[str, Any]) -> str:
        parts = [b.get("text", "") for b in body.get("system") or []]
        for message in body.get("messages") or []:
            for block in message.get("content") or []:
                parts.append(block["text"] if "text" in block else json.dumps(block))
        return "\n".join(parts)

    def anthropic_messages(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for message in body.get("messages") or []:
            blocks: list[dict[str, Any]] = []
            for block in message.get("content") or []:
                if "text" in block:
                    blocks.append({"type": "text", "text": block["text"]})
                elif "toolUse" in block:
                    use = block["toolUse"]
                    blocks.append({"type": "tool_use", "id": use["toolUseId"], "name": use["name"], "input": use.get("input")})
                elif "toolResult" in block:
                    result = block["toolResult"]
                    said = "\n".join(c.get("text", "") for c in result.get("content") or [])
                    blocks.append({"type": "tool_result", "tool_use_id": result["toolUseId"], "content": said})
            out.append({"role": message["role"], "content": blocks})
        return out

    def render_error(self, reply: Reply) -> tuple[int, bytes, dict[str, str]]:
        kind = reply.error_type or ERROR_TYPES.get(reply.status, "InternalServerException")
        return reply.status, json.dumps({"message": reply.message}).encode(), {"Content-Type": "application/json", "x-amzn-ErrorType": kind}

    def render(self, route: str, body: dict[str, Any], reply: Reply, usage: dict[str, int]) -> tuple[bytes, dict[str, str]]:
        content = reply.content or []
        stop = reply.stop_reason or ("tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn")
        counts = {
            "inputTokens": usage["input"],
            "outputTokens": usage["output"],
            "totalTokens": usage["input"] + usage["output"] + usage.get("cache_read", 0) + usage.get("cache_write", 0),
            "cacheReadInputTokens": usage.get("cache_read", 0),
            "cacheWriteInputTokens": usage.get("cache_write", 0),
        }
        if route == "converse":
            blocks = []
            for b in content:
                if b["type"] == "text":
                    blocks.append({"text": b["text"]})
                elif b["type"] == "reasoning":
                    blocks.append({"reasoningContent": {"reasoningText": {"text": b["thinking"], "signature": "sig"}}})
                elif b["type"] == "tool_use":
                    blocks.append({"toolUse": {"toolUseId": b["id"], "name": b["name"], "input": b["input"]}})
            answer = {"output": {"message": {"role": "assistant", "content": blocks}}, "stopReason": stop, "usage": counts, "metrics": {"latencyMs": 5}}
            return json.dumps(answer).encode(), {"Content-Type": "application/json"}
        return self._stream(content, stop, counts, reply), {"Content-Type": "application/vnd.amazon.eventstream"}

    def _stream(self, content: list[dict[str, Any]], stop: str, counts: dict[str, int], reply: Reply) -> bytes:
        out = [event("messageStart", {"role": "assistant"})]
        for index, block in enumerate(content):
            if block["type"] == "tool_use":
                out.append(event("contentBlockStart", {"contentBlockIndex": index, "start": {"toolUse": {"toolUseId": block["id"], "name": block["name"]}}}))
                raw = block["input"] if isinstance(block["input"], str) else json.dumps(block["input"])
                for piece in _pieces(raw, 15):
                    out.append(event("contentBlockDelta", {"contentBlockIndex": index, "delta": {"toolUse": {"input": piece}}}))
            elif block["type"] == "reasoning":
                for piece in _pieces(block["thinking"]):
                    out.append(event("contentBlockDelta", {"contentBlockIndex": index, "delta": {"reasoningContent": {"text": piece}}}))
                out.append(event("contentBlockDelta", {"contentBlockIndex": index, "delta": {"reasoningContent": {"signature": "sig"}}}))
            else:
                for piece in _pieces(block.get("text", "")):
                    out.append(event("contentBlockDelta", {"contentBlockIndex": index, "delta": {"text": piece}}))
            out.append(event("contentBlockStop", {"contentBlockIndex": index}))
        if reply.error_type and reply.stop_reason == "in-stream":
            out.append(exception(reply.error_type, reply.message or "in-stream failure"))
            return b"".join(out)
        out.append(event("messageStop", {"stopReason": stop}))
        out.append(event("metadata", {"usage": counts, "metrics": {"latencyMs": 5}}))
        return b"".join(out)


def _pieces(value: str, size: int = 10) -> list[str]:
    return [value[i : i + size] for i in range(0, len(value), size)] or [""]
