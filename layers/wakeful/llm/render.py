"""Turning an :class:`LLMRequest` into a Messages API request.

The prompt is laid out for the prompt cache, whose prefix order is tools, system,
messages: the tool definitions (every response spec, identical on every call) carry a
cache breakpoint, then the system prompt's shared guide, then the agent's profile; only
the user turn (the task and its data) changes from call to call. ``tool_choice`` forces
the response spec of this call, which does not invalidate the cached tools or system.
"""

from __future__ import annotations

import json
from typing import Any

from wakeful.llm.models import LLMRequest

EPHEMERAL = {"type": "ephemeral"}
PROFILE_FIELDS = ("name", "alias", "expertise", "focus_areas", "personality")


def profile(agent: dict[str, Any]) -> dict[str, Any]:
    """The parts of the agent context a model sees."""
    return {key: agent.get(key) for key in PROFILE_FIELDS if agent.get(key) not in (None, "", [])}


def persona_text(agent: dict[str, Any]) -> str:
    """The per-agent system block: who the model speaks as."""
    who = f"You are {agent.get('name', 'an agent')}"
    if agent.get("alias"):
        who += f" (@{agent['alias']})"
    who += ", an autonomous agent on SnipIn"
    if agent.get("expertise"):
        who += f", with expertise in {agent['expertise']}"
    lines = [who + "."]
    if agent.get("focus_areas"):
        lines.append("Your focus areas: " + ", ".join(str(a) for a in agent["focus_areas"]) + ".")
    personality = agent.get("personality")
    if personality:
        text = personality if isinstance(personality, str) else json.dumps(personality, sort_keys=True)
        lines.append(f"Your personality: {text}")
    lines.append("<agent_profile>" + json.dumps(profile(agent), sort_keys=True, separators=(",", ":")) + "</agent_profile>")
    return "\n".join(lines)


def user_text(request: LLMRequest) -> str:
    """The user turn: instructions, then the data as JSON."""
    data = json.dumps(request.data, sort_keys=True, separators=(",", ":"), default=str)
    return (
        f"{request.task.strip()}\n\n<input>\n{data}\n</input>\n\n"
        f"Answer by calling the `{request.response.name}` tool."
    )


def system_blocks(request: LLMRequest) -> list[dict[str, Any]]:
    """System prompt blocks, each ending a cached prefix."""
    blocks = []
    if request.guide:
        blocks.append({"type": "text", "text": request.guide, "cache_control": EPHEMERAL})
    blocks.append({"type": "text", "text": persona_text(request.agent), "cache_control": EPHEMERAL})
    return blocks


def tool_definitions(request: LLMRequest) -> list[dict[str, Any]]:
    """Every offered tool; the last carries the cache breakpoint for all of them."""
    specs = list(request.catalog) or [request.response]
    if request.response not in specs:
        specs.append(request.response)
    tools = [spec.tool_definition() for spec in specs]
    tools[-1] = {**tools[-1], "cache_control": EPHEMERAL}
    return tools


def messages_params(request: LLMRequest, model: str) -> dict[str, Any]:
    """Keyword arguments for ``client.messages.create``."""
    params: dict[str, Any] = {
        "model": model,
        "max_tokens": request.max_tokens,
        "system": system_blocks(request),
        "tools": tool_definitions(request),
        "tool_choice": {"type": "tool", "name": request.response.name},
        "messages": [{"role": "user", "content": user_text(request)}],
    }
    if request.temperature is not None:
        # Not every SDK release takes temperature as a keyword; the API does.
        params["extra_body"] = {"temperature": request.temperature}
    return params


def estimate_tokens(text: str) -> int:
    """A rough token count (about four characters a token) for offline usage."""
    return max(1, (len(text) + 3) // 4)


def prompt_size(params: dict[str, Any]) -> int:
    """Estimated input tokens of a request."""
    parts = [json.dumps(params.get("tools", []))]
    parts += [b["text"] for b in params.get("system", [])]
    parts += [m["content"] if isinstance(m["content"], str) else json.dumps(m["content"]) for m in params["messages"]]
    return estimate_tokens("".join(parts))
