"""Scripted tool-use conversations: deterministic multi-turn replies for threads.

The scripted provider (no ``ANTHROPIC_API_KEY``) and the test fake of the Messages API
answer a thread's model calls from a *script*. A reply depends only on the conversation
it is asked about, so a redelivered step, a crash and a rerun all get the same answer.

Script format (plain JSON-able data)::

    {"scenarios": [
        {"match": "minecraft.*slow",          # regex searched (case-insensitive) in the
                                               # thread's first user-side message; "" = any
         "turns": [
            {"tool_calls": [{"name": "get_system_metrics", "input": {}}]},
            {"text": "Downloads are saturating the link.",
             "thinking": "optional; only when the agent enables thinking",
             "tool_calls": [{"name": "pause_downloads", "input": {}},
                            {"name": "send_notification", "input": {"message": "Paused downloads"}}]},
            {"tool_calls": [{"name": "schedule_wake", "input": {
                "delay": "60m", "reason": "resume downloads", "wake_on_events": ["server_empty"]}}]},
            # after the sleep: alternatives, the first whose "when" matches the message
            # the model is answering (user text, wake notice, tool results) wins
            [{"when": "woken by event", "tool_calls": [{"name": "resume_downloads", "input": {}}]},
             {"when": "timer", "text": "Still busy; checking again later."}],
            {"tool_calls": [{"name": "complete_task", "input": {"summary": "resolved"}}]}
         ]}
    ]}

A list of scenarios is accepted in place of ``{"scenarios": [...]}``. The reply for a
model call is ``turns[k]``, ``k`` being the number of assistant turns already in the
conversation (so a scenario is written as the story of the thread, sleeps included).
An entry that is a list holds alternatives, each with an optional ``when`` regex. When the
scenario has no turn left (or no alternative matches), the reply is the plain text
``"(scripted) nothing more to do."``. Tool call ids are ``toolu_s<turn>_<index>``,
unique within a thread.
"""

from __future__ import annotations

import json
import re
from typing import Any

DONE_TEXT = "(scripted) nothing more to do."


def scenarios(script: Any) -> list[dict[str, Any]]:
    """The scenarios of a script (either accepted shape)."""
    if isinstance(script, dict):
        return list(script.get("scenarios") or [])
    return list(script or [])


def block_text(content: Any) -> str:
    """The text a model reads in a message's content (tool results as their text)."""
    if isinstance(content, str):
        return content
    parts: list[str] = []
    for block in content or []:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text":
            parts.append(str(block.get("text", "")))
        elif block.get("type") == "tool_result":
            inner = block.get("content")
            parts.append(block_text(inner) if isinstance(inner, list) else str(inner or ""))
        elif block.get("type") == "tool_use":
            parts.append(json.dumps(block.get("input")))
    return "\n".join(parts)


def reply(script: Any, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Messages API content blocks answering ``messages`` under ``script``."""
    first = next((block_text(m.get("content")) for m in messages if m.get("role") == "user"), "")
    latest = block_text(messages[-1].get("content")) if messages else ""
    turn_no = sum(1 for m in messages if m.get("role") == "assistant")
    scenario = next(
        (s for s in scenarios(script) if re.search(str(s.get("match") or ""), first, re.I | re.S)),
        None,
    )
    turns = list((scenario or {}).get("turns") or [])
    entry: Any = turns[turn_no] if turn_no < len(turns) else None
    if isinstance(entry, list):
        entry = next((alt for alt in entry if re.search(str(alt.get("when") or ""), latest, re.I | re.S)), None)
    if not entry:
        return [{"type": "text", "text": DONE_TEXT}]
    return blocks(entry, turn_no)


def blocks(turn: dict[str, Any], turn_no: int) -> list[dict[str, Any]]:
    """The content blocks of one scripted turn."""
    out: list[dict[str, Any]] = []
    if turn.get("thinking"):
        out.append({"type": "thinking", "thinking": str(turn["thinking"]), "signature": "scripted"})
    if turn.get("text"):
        out.append({"type": "text", "text": str(turn["text"])})
    for index, call in enumerate(turn.get("tool_calls") or []):
        out.append(
            {
                "type": "tool_use",
                "id": f"toolu_s{turn_no:03d}_{index}",
                "name": call["name"],
                "input": call.get("input", {}),
            }
        )
    return out
