"""The ``scripted`` provider: deterministic answers, no network, no cost.

Used when ``ANTHROPIC_API_KEY`` is not set (the demo says so). Each response spec has a
responder ``(data, agent) -> answer`` registered by the capability that defines the
spec (SnipIn registers its heuristics in :mod:`wakeful.snipin.scripted`). Usage is
estimated from the rendered prompt so that budgets and timelines behave as with a model;
the cost is zero.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from wakeful.llm import render
from wakeful.llm.exceptions import LLMConfigurationError
from wakeful.llm.models import LLMRequest, RawAnswer, Usage

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

    def complete(self, request: LLMRequest, model: str) -> RawAnswer:
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
