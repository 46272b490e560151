"""A recorded run, read back: what the model saw, how its tools answered, how it went.

Everything comes from the thread's messages, which are kept unchanged: the history
before the run's first answer (``answer_seq``), and the run's own messages from there
(its answers, its tool calls with their arguments as the tools got them, and each
result). A scheduled run's outcome is its result's status.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any, Callable

from wakeful.lab.engine import MAX_ANSWER_CHARS


def canonical(arguments: Any) -> str:
    """Arguments as one comparable text (key order ignored)."""
    return json.dumps(arguments or {}, sort_keys=True, separators=(",", ":"), default=str)


def run_messages(messages: list[dict[str, Any]], rec: dict[str, Any]) -> list[dict[str, Any]]:
    """The recorded run's own messages: from its first answer on, of its run."""
    return [m for m in messages if m["seq"] >= int(rec["answer_seq"]) and m.get("run_id") == rec.get("run_id")]


def answers(run: list[dict[str, Any]]) -> Callable[[str, dict[str, Any]], Any | None]:
    """How the source's tools answered, by tool and arguments (consumed in order; the
    last answer of a pair repeats once the others are used)."""
    arguments = {c["id"]: c.get("arguments") or {} for m in run if m["role"] == "assistant" for c in m.get("tool_calls") or []}
    found: dict[tuple[str, str], deque[dict[str, Any]]] = {}
    for message in run:
        if message["role"] != "tool" or message.get("tool_call_id") not in arguments:
            continue
        content = message.get("content")
        answer = {"success": False, "error": content} if message.get("is_error") else {"success": True, "output": content}
        found.setdefault((str(message.get("tool_name")), canonical(arguments[message["tool_call_id"]])), deque()).append(answer)

    def lookup(name: str, given: dict[str, Any]) -> Any | None:
        queue = found.get((name, canonical(given)))
        if not queue:
            return None
        return queue.popleft() if len(queue) > 1 else queue[0]

    return lookup


def outcome(rec: dict[str, Any], run: list[dict[str, Any]], row: dict[str, Any] | None) -> dict[str, Any]:
    """The source run's Outcome, from its messages (and its result, when scheduled)."""
    assistant = [m for m in run if m["role"] == "assistant"]
    calls = [c for m in assistant for c in m.get("tool_calls") or []]
    answered = {m.get("tool_call_id") for m in run if m["role"] == "tool"}
    usage = [m.get("usage") or {} for m in assistant]
    captured = [
        {"kind": "notification", "target": str(c["arguments"].get("channel") or "notify"), "body": {"message": c["arguments"].get("message")}}
        for c in calls
        if c["name"] == "send_notification"
    ]
    captured += [{"kind": "approval", "target": c["name"], "body": {"arguments": c.get("arguments") or {}}} for c in calls if c["id"] not in answered]
    texts = [str(m.get("content") or "") for m in assistant if str(m.get("content") or "").strip()]
    return {
        "outcome": _status(rec, run, row, captured),
        "answer": (texts[-1] if texts else (row or {}).get("result_content") or "")[:MAX_ANSWER_CHARS],
        "tool_calls": [{"name": c["name"], "arguments": c.get("arguments") or {}} for c in calls],
        "input_tokens": sum(int(u.get("input_tokens") or 0) + int(u.get("cache_read_input_tokens") or 0) + int(u.get("cache_creation_input_tokens") or 0) for u in usage),
        "output_tokens": sum(int(u.get("output_tokens") or 0) for u in usage),
        "usd": round(sum(float(u.get("cost_usd") or 0) for u in usage), 6),
        "captured": captured,
    }


def _status(rec: dict[str, Any], run: list[dict[str, Any]], row: dict[str, Any] | None, captured: list[dict[str, Any]]) -> str:
    if row is not None and row.get("status") in ("heartbeat_ok", "success", "error"):
        if row["status"] == "error":
            return "failed"
        if row["status"] == "heartbeat_ok":
            return "heartbeat_ok"
        return "finding" if rec.get("schedule_type") == "heartbeat" else "completed"
    if any(c["kind"] == "approval" for c in captured):
        return "waiting_approval"
    if any((m.get("effects") or {}).get("sleep") for m in run if m["role"] == "tool"):
        return "sleeping"
    if not any(m["role"] == "assistant" for m in run):
        return "failed"
    return "completed"


def differs(original: dict[str, Any], replayed: dict[str, Any]) -> bool:
    """Whether a replay differs: its outcome, its answer (whitespace and case aside) or
    its tool calls' names and arguments."""

    def normal(text: Any) -> str:
        return " ".join(str(text or "").split()).lower()

    def calls(outcome_: dict[str, Any]) -> list[tuple[str, str]]:
        return [(c["name"], canonical(c.get("arguments"))) for c in outcome_.get("tool_calls") or []]

    return (
        original["outcome"] != replayed["outcome"]
        or normal(original["answer"]) != normal(replayed["answer"])
        or calls(original) != calls(replayed)
    )
