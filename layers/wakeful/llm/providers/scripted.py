"""The ``scripted`` provider: deterministic answers, no network, no cost.

Used when ``ANTHROPIC_API_KEY`` is not set (the demo says so), or when a conversation
script is given (``WAKEFUL_LLM_SCRIPT``, ``wakeful dev --script``): its rules answer
threads' model calls first (:func:`wakeful.llm.script.rules_reply`). Each response spec has a
responder ``(data, agent) -> answer`` registered by the capability that defines the
spec (SnipIn registers its heuristics in :mod:`wakeful.snipin.scripted`). Usage is
estimated from the rendered prompt so that budgets and timelines behave as with a model;
the cost is zero.
"""

from __future__ import annotations

import json
import os
from typing import Any, Callable

from wakeful.llm import render
from wakeful.llm.exceptions import LLMConfigurationError
from wakeful.llm.models import Endpoint, LLMRequest, RawAnswer, Usage

Responder = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]
_RESPONDERS: dict[str, Responder] = {}


def register(spec_name: str, responder: Responder) -> None:
    """Make ``responder`` answer requests for the response spec ``spec_name``."""
    _RESPONDERS[spec_name] = responder


def respond(spec_name: str, data: dict[str, Any], agent: dict[str, Any]) -> dict[str, Any]:
    """The scripted answer to one request (also used by test fakes of the Messages API)."""
    responder = _RESPONDERS.get(spec_name)
    if responder is None:
        raise LLMConfigurationError(f"the scripted provider has no answer for `{spec_name}`")
    return responder(data, agent)


class ScriptedProvider:
    """Answers from registered responders."""

    name = "scripted"

    def secrets(self, endpoint: Endpoint | None = None) -> tuple[str, ...]:
        """Nothing is sent anywhere."""
        return ()

    def complete(self, request: LLMRequest, model: str, endpoint: Endpoint | None = None) -> RawAnswer:
        """Answer as a forced tool call would."""
        answer = respond(request.response.name, request.data, request.agent)
        params = render.messages_params(request, model)
        return RawAnswer(
            content=[{"type": "tool_use", "id": "toolu_scripted", "name": request.response.name, "input": answer}],
            usage=Usage(
                model=model,
                input_tokens=render.prompt_size(params),
                output_tokens=render.estimate_tokens(json.dumps(answer)),
                cost_usd=0.0,
                provider=self.name,
            ),
            stop_reason="tool_use",
        )

    def converse(self, request: Any, model: str, callbacks: Any, endpoint: Endpoint | None = None) -> RawAnswer:
        """One tool-use turn from the conversation rules, else replayed from the agent's
        script, streamed to ``callbacks``."""
        from wakeful.llm import script
        from wakeful.llm import turns as conversation

        params = conversation.params(request, model)
        content = script.rules_reply(rules(), request.messages)
        if content is None:
            content = script.reply(script_for(request.agent), request.messages)
        if "thinking" not in params:  # as the API: thinking only when the request enables it
            content = [b for b in content if b["type"] not in conversation.THINKING_BLOCK_TYPES]
        for block in content:
            if block["type"] == "thinking":
                callbacks.reasoning(block["thinking"])
            elif block["type"] == "text":
                callbacks.text(block["text"])
        output = json.dumps(content)
        return RawAnswer(
            content=content,
            usage=Usage(
                model=model,
                input_tokens=render.prompt_size({"system": params["system"], "tools": params["tools"], "messages": params["messages"]}),
                output_tokens=render.estimate_tokens(output),
                cost_usd=0.0,
                provider=self.name,
            ),
            stop_reason="tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn",
        )


# -- tool-use conversations (threads) ---------------------------------------------------

_SCRIPTS: dict[str, Any] = {}


def register_script(key: str, script: Any) -> None:
    """Make ``script`` (see :mod:`wakeful.llm.script` for the format) answer the threads
    of an agent: ``key`` is an agent id, a preset name, or ``"default"``."""
    _SCRIPTS[key] = script


def unregister_script(key: str) -> None:
    """Forget the script registered under ``key``."""
    _SCRIPTS.pop(key, None)


def script_for(agent: dict[str, Any]) -> Any:
    """The script for an agent: its own, else its preset's, else the default one."""
    for key in (str(agent.get("agent_id") or ""), str(agent.get("preset") or ""), "default"):
        if key and key in _SCRIPTS:
            return _SCRIPTS[key]
    return None


_rules_cache: dict[str, tuple[float, list[dict[str, Any]]]] = {}


def rules() -> list[dict[str, Any]] | None:
    """The conversation rules of ``WAKEFUL_LLM_SCRIPT`` (read again when the file changes).

    Raises:
        LLMConfigurationError: the file is unreadable or not of the rules format.
    """
    from wakeful.llm import script
    from wakeful.llm.settings import get_settings

    path = get_settings().script_path
    if not path:
        return None
    try:
        stamp = os.stat(path).st_mtime
    except OSError as error:
        raise LLMConfigurationError(f"cannot read the conversation script {path}: {error.strerror or error}") from error
    cached = _rules_cache.get(path)
    if cached is None or cached[0] != stamp:
        try:
            cached = (stamp, script.load_rules(path))
        except script.ScriptError as error:
            raise LLMConfigurationError(str(error)) from error
        _rules_cache[path] = cached
    return cached[1]
