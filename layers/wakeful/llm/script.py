"""Scripted tool-use conversations: deterministic multi-turn replies for threads.

Two formats. *Rules* (:func:`parse_rules`, what ``wakeful dev --script FILE`` and
``WAKEFUL_LLM_SCRIPT`` take) let one try one's own agents with no key::

    {"rules": [
        {"when": "disk",                      # found (case-insensitive) in the newest
                                              # user-role text of the run: the task, a
                                              # wake notice, an approval
         "then": [                            # the model's turns, one per model call
            {"tool": "check_disk", "input": {"path": "/"}},
            {"tools": [{"tool": "store_context", "input": {"key": "k", "value": 1}},
                       {"tool": "send_notification", "input": {"message": "hi"}}]},
            {"text": "The disk is fine."}
         ]}
    ]}

The first rule whose ``when`` occurs applies; step ``k`` answers the ``k``-th model call
after that text (a sleep or a wake notice starts counting again from its own text).
A person's decision on a tool call (``[system] Approval: your call of restart_service
(toolu_…) was approved by alice. Note: …``, see :func:`wakeful.llm.turns.approval_notice`)
is user-role text too: a rule that applies to it starts counting from it, unless it is
the rule the run already follows (which goes on, so a rule whose tool needs an approval
does not start again); when none applies, the rule of the text before it goes on (the
task's rule answers its next step once the call is approved). After the last step the
model answers the last ``text`` of the rule (or ``done``). No rule applies: the scripted
default (below).

*Scenarios* (:func:`reply`, the built-in stories' format) tell a whole thread:

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

from wakeful.llm.turns import APPROVAL_NOTICE, CONTEXT_HEADING

DONE_TEXT = "(scripted) nothing more to do."
#: What a rule's model answers once its steps are spent and none of them was text.
RULE_DONE_TEXT = "done"
_STEP_KEYS = ({"tool"}, {"tool", "input"}, {"tools"}, {"text"})


class ScriptError(ValueError):
    """A conversation script that is not of the rules format (the message says where)."""


def load_rules(path: str) -> list[dict[str, Any]]:
    """The rules of the JSON file at ``path``, checked (:func:`parse_rules`).

    Raises:
        ScriptError: the file cannot be read, is not JSON, or is not of the format.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise ScriptError(f"cannot read the script {path}: {error.strerror or error}") from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScriptError(f"the script {path} is not JSON: {error.msg} at line {error.lineno} column {error.colno}") from error
    try:
        return parse_rules(data)
    except ScriptError as error:
        raise ScriptError(f"the script {path}: {error}") from error


def parse_rules(data: Any) -> list[dict[str, Any]]:
    """Check a rules script (``{"rules": [{"when": text, "then": [step, ...]}]}``) and
    return its rules, each step one of ``{"tool": name, "input"?: {...}}``,
    ``{"tools": [{"tool", "input"?}, ...]}`` or ``{"text": "..."}``.

    Raises:
        ScriptError: what is wrong, and where (``rules[1].then[0]: ...``).
    """
    if not isinstance(data, dict) or set(data) != {"rules"}:
        raise ScriptError('expected a JSON object {"rules": [{"when": text, "then": [step, ...]}, ...]}')
    rules = data["rules"]
    if not isinstance(rules, list):
        raise ScriptError("rules must be a list")
    for i, rule in enumerate(rules):
        where = f"rules[{i}]"
        if not isinstance(rule, dict) or set(rule) != {"when", "then"}:
            raise ScriptError(f'{where} must be an object with exactly "when" and "then"')
        if not isinstance(rule["when"], str) or not rule["when"].strip():
            raise ScriptError(f"{where}.when must be a non-empty text")
        if not isinstance(rule["then"], list) or not rule["then"]:
            raise ScriptError(f"{where}.then must be a non-empty list of steps")
        for j, step in enumerate(rule["then"]):
            _check_step(step, f"{where}.then[{j}]")
    return rules


def _check_step(step: Any, where: str) -> None:
    if not isinstance(step, dict) or set(step) not in _STEP_KEYS:
        raise ScriptError(f'{where} must be one of {{"tool": name, "input": {{...}}}}, {{"tools": [...]}} or {{"text": "..."}}')
    if "text" in step:
        if not isinstance(step["text"], str) or not step["text"].strip():
            raise ScriptError(f"{where}.text must be a non-empty text")
        return
    calls = step["tools"] if "tools" in step else [step]
    if not isinstance(calls, list) or not calls:
        raise ScriptError(f"{where}.tools must be a non-empty list of {{\"tool\", \"input\"}}")
    for k, call in enumerate(calls):
        at = f"{where}.tools[{k}]" if "tools" in step else where
        if not isinstance(call, dict) or not set(call) <= {"tool", "input"} or "tool" not in call:
            raise ScriptError(f'{at} must be {{"tool": name, "input": {{...}}}}')
        if not isinstance(call["tool"], str) or not call["tool"].strip():
            raise ScriptError(f"{at}.tool must be a tool name")
        if not isinstance(call.get("input", {}), dict):
            raise ScriptError(f"{at}.input must be a JSON object")


def newest_user_text(messages: list[dict[str, Any]]) -> tuple[str, int]:
    """The text of the newest user-role message that has text (not only tool results,
    nor only the per-call context every request ends with; a person's decision on a tool
    call is text), and how many assistant turns came after it."""
    texts = user_texts(messages)
    return texts[0] if texts else ("", sum(1 for m in messages if m.get("role") == "assistant"))


def user_texts(messages: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """The user-role texts the rules read, newest first, each with how many assistant
    turns came after it: the newest text, and while that is a person's decisions on tool
    calls (:data:`~wakeful.llm.turns.APPROVAL_NOTICE`) the one before it, up to the
    first that is not."""
    out: list[tuple[str, int]] = []
    after = 0
    for message in reversed(messages):
        role = message.get("role")
        if role == "assistant":
            after += 1
            continue
        content = message.get("content")
        texts = [content] if isinstance(content, str) else [str(b.get("text") or "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text"]
        said = "\n".join(text for text in (_without_context(t) for t in texts) if text)
        if said:
            out.append((said, after))
            if not said.startswith(APPROVAL_NOTICE):
                break
    return out


def _without_context(text: str) -> str:
    """``text`` without the per-call context section (see :data:`wakeful.llm.turns.CONTEXT_HEADING`)."""
    at = text.find(CONTEXT_HEADING)
    return (text if at < 0 else text[:at]).strip()


def rules_reply(rules: list[dict[str, Any]] | None, messages: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The content blocks the rules answer ``messages`` with, or None when no rule applies."""
    if not rules:
        return None
    # From the oldest text read on: a decision on a tool call starts the rule that applies
    # to it, unless that is the rule already followed (or none applies): that one goes on.
    rule: dict[str, Any] | None = None
    turn = 0
    for text, after in reversed(user_texts(messages)):
        lowered = text.lower()
        found = next((r for r in rules if str(r["when"]).lower() in lowered), None)
        if found is not None and found is not rule:
            rule, turn = found, after
    if rule is None:
        return None
    steps: list[dict[str, Any]] = rule["then"]
    if turn >= len(steps):
        last = next((s["text"] for s in reversed(steps) if "text" in s), RULE_DONE_TEXT)
        return [{"type": "text", "text": last}]
    step = steps[turn]
    if "text" in step:
        return [{"type": "text", "text": step["text"]}]
    number = sum(1 for m in messages if m.get("role") == "assistant")
    calls = step["tools"] if "tools" in step else [step]
    return [
        {"type": "tool_use", "id": f"toolu_r{number:03d}_{index}", "name": call["tool"], "input": dict(call.get("input") or {})}
        for index, call in enumerate(calls)
    ]


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
    latest = _without_context(block_text(messages[-1].get("content"))) if messages else ""
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
