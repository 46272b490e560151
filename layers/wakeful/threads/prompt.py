"""What the model is given: the system prompt and the conversation.

The system prompt has a stable part (the agent's guidelines and personality, how to use
the meta tools, the channel guidance), cached, and a dynamic part (stored context, the
wake reason). The conversation is the thread's messages in Messages API form: tool calls
as ``tool_use`` blocks (after the thinking blocks the model answered with), their
results as ``tool_result`` blocks, notices (wakes, interceptor messages) as user text
marked ``[system]``; a person's decision on a call (approved or denied, by whom, the
note) as user text after the results of its turn, in the same user message (the API
wants a turn's tool results first). Long histories are trimmed to the
last :data:`records.MAX_PROMPT_MESSAGES` messages, cut where a user turn starts; the
API still returns every message.
"""

from __future__ import annotations

import json
from typing import Any

from wakeful.llm.turns import CONTEXT_HEADING, approval_notice
from wakeful.agents.records import Agent
from wakeful.threads import records
from wakeful.threads.records import Thread

HEARTBEAT_GUIDANCE = (
    "This is an automated heartbeat check. No one is waiting for a response. Check each item on your "
    "checklist using tools. If nothing needs attention, respond with exactly: HEARTBEAT_OK. Otherwise, "
    "report only what needs action. If you call complete_task, its summary must be exactly HEARTBEAT_OK "
    "when nothing needs attention."
)
SCHEDULED_GUIDANCE = (
    "This is a scheduled task. No one is waiting to answer questions: do not ask follow-up questions. "
    "Be thorough, use your tools, and end with a complete report of what you found and did."
)
META_GUIDANCE = """## Using your meta tools
- When you take an action that needs a follow-up, call schedule_wake (delay "90s", "30m", "2h", "1d")
  with the reason you will need when you wake; wake_on_events wakes you early when such an event arrives.
- When the task is fully resolved, call complete_task with a short summary.
- store_context keeps what you need across sleeps; get_context reads it back.
- send_notification tells the people who look after you."""


def system(agent: Agent, thread: Thread) -> str:
    """The stable, cached part of the system prompt."""
    parts = [_identity(agent)]
    personality = agent.personality
    if personality:
        text = personality if isinstance(personality, str) else json.dumps(personality, sort_keys=True)
        parts.append(f"## Your personality\n{text}")
    if agent.expertise:
        parts.append(f"## Your expertise\n{agent.expertise}")
    parts.append(META_GUIDANCE)
    mode = thread.prompt_mode
    if mode == "heartbeat":
        parts.append(f"## This run\n{HEARTBEAT_GUIDANCE}")
    elif mode == "scheduled":
        parts.append(f"## This run\n{SCHEDULED_GUIDANCE}")
    return "\n\n".join(parts)


def _identity(agent: Agent) -> str:
    if agent.system_prompt:
        return str(agent.system_prompt)
    who = f"You are {agent.name}"
    if agent.alias:
        who += f" (@{agent.alias})"
    return who + ", a proactive agent. You act with your tools, and decide yourself when to sleep and what should wake you."


def dynamic(thread: Thread, parts: list[str] | tuple[str, ...] = ()) -> str:
    """The per-call part: stored context, why the thread woke, and what capabilities
    added to the run's prompt (``parts``, pinned for the run)."""
    context = dict(thread.context)
    lines = [CONTEXT_HEADING]
    lines.append(f"Stored context: {json.dumps(context, sort_keys=True, default=str)}" if context else "No stored context.")
    if thread.wake_reason and thread.wakes > 0:
        lines.append(f"You just woke up. Reason: {thread.wake_reason}")
    lines.extend(f"\n{part}" for part in parts)
    return "\n".join(lines)


def conversation(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Messages API messages for a thread's history (trimmed; see module docstring)."""
    turns: list[dict[str, Any]] = []
    open_calls: list[str] = []
    decisions: list[dict[str, Any]] = []
    for message in _trimmed(history):
        role = message["role"]
        if role == "assistant":
            _close(turns, open_calls, decisions)
            # The model's thinking blocks first, unchanged, as the API wants them back.
            blocks: list[dict[str, Any]] = [dict(b) for b in message.get("thinking_blocks") or []]
            if message.get("content"):
                blocks.append({"type": "text", "text": message["content"]})
            for call in message.get("tool_calls") or []:
                blocks.append({"type": "tool_use", "id": call["id"], "name": call["name"], "input": call.get("arguments") or {}})
                open_calls.append(call["id"])
            _add(turns, "assistant", blocks or [{"type": "text", "text": "(no answer)"}])
        elif role == "tool":
            if message.get("tool_call_id") not in open_calls:
                continue  # its call was trimmed away
            open_calls.remove(message["tool_call_id"])
            _add(turns, "user", [_tool_result(message)])
            if message.get("approval"):
                decisions.append(_decision(message))
        else:
            _close(turns, open_calls, decisions)
            text = message.get("content") or ""
            _add(turns, "user", [{"type": "text", "text": text if role == "user" else f"[system] {text}"}])
    _close(turns, open_calls, decisions)
    if turns and turns[0]["role"] != "user":
        turns.insert(0, {"role": "user", "content": [{"type": "text", "text": "[system] (earlier messages omitted)"}]})
    return turns


def _trimmed(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if len(history) <= records.MAX_PROMPT_MESSAGES:
        return history
    tail = history[-records.MAX_PROMPT_MESSAGES :]
    for index, message in enumerate(tail):
        if message["role"] in ("user", "system"):
            return tail[index:]
    return tail


def _tool_result(message: dict[str, Any]) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": message["tool_call_id"], "content": message.get("content") or ""}
    if message.get("is_error"):
        block["is_error"] = True
    return block


def _decision(message: dict[str, Any]) -> dict[str, Any]:
    """The text block of a person's decision on the call ``message`` answers."""
    approval = message["approval"]
    text = approval_notice(str(message.get("tool_name") or "a tool"), str(message["tool_call_id"]), str(approval.get("decision")), approval.get("by"), approval.get("note"))
    return {"type": "text", "text": text}


def _close(turns: list[dict[str, Any]], open_calls: list[str], decisions: list[dict[str, Any]]) -> None:
    """Every tool_use needs a result before the next turn: calls that were never run
    (an interceptor answered instead) get one saying so. Then the people's decisions on
    the turn's calls, after all of its results."""
    for call_id in list(open_calls):
        _add(turns, "user", [{"type": "tool_result", "tool_use_id": call_id, "content": "not run", "is_error": True}])
    open_calls.clear()
    if decisions:
        _add(turns, "user", list(decisions))
        decisions.clear()


def _add(turns: list[dict[str, Any]], role: str, blocks: list[dict[str, Any]]) -> None:
    if turns and turns[-1]["role"] == role:
        turns[-1]["content"].extend(blocks)
    else:
        turns.append({"role": role, "content": list(blocks)})
