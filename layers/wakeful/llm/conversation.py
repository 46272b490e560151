"""A tool-use conversation turn: the thread runtime's way of asking a model.

Where :class:`wakeful.llm.client.LLMSession` asks for one structured answer, a thread
keeps a conversation: the model sees the system prompt, the tools (the agent's and the
meta tools) and the history, and answers text and/or tool calls. :func:`converse` makes
one such turn:

1. the call is admitted (:mod:`wakeful.llm.callgate`: the agent's daily token budget,
   then the spend guard);
2. the provider streams the answer (text and thinking deltas go to the callbacks as they
   arrive) and returns its content blocks and usage;
3. the usage is counted against the budget (even when the answer is malformed);
4. the answer is validated: only ``text``, ``thinking`` and ``tool_use`` blocks, each
   tool call naming an offered tool with an object as input; anything else raises
   :class:`~wakeful.llm.exceptions.LLMMalformedOutputError` with a message for the run.

Extended thinking: when the agent's LLM settings hold ``thinking_budget_tokens`` (1,024
to 30,000), the request sends ``thinking={"type": "enabled", "budget_tokens": n}``
and ``max_tokens`` grows by ``n`` (the budget must stay below it), and the model's
thinking streams as ``reasoning``. The Messages API's rules for thinking with tools
are kept: ``tool_choice`` stays ``auto`` and no ``temperature`` is sent; the thinking
blocks of the assistant turn that called the tools are sent back unchanged (the thread
stores them); and a tool-use loop keeps the configuration it started with (one that
began without thinking finishes without it). Without thinking, stored thinking blocks
are left out of the history.

Prompt caching: the system prompt's stable block and the last tool definition carry
``cache_control`` breakpoints, so the tools and the agent's guidelines are read from the
cache on every call after the first (the dynamic part of the system prompt, stored
context and wake reason, comes after the breakpoint).
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import Any

from wakeful.llm import ledger
from wakeful.llm.exceptions import LLMMalformedOutputError, LLMRefusalError
from wakeful.llm.models import RawAnswer
from wakeful.llm.settings import get_settings

from wakeful.llm.turns import (  # noqa: F401 - the conversation's shapes, re-exported
    MAX_OUTPUT_TOKENS,
    MAX_THINKING_BUDGET,
    MIN_THINKING_BUDGET,
    THINKING_BLOCK_TYPES,
    Callbacks,
    ConversationRequest,
    Delta,
    ToolCall,
    Turn,
    params,
    thinking_blocks,
    thinking_budget,
    without_thinking,
)

logger = logging.getLogger(__name__)

def model_for(agent_settings: dict[str, Any]) -> str:
    """The model a thread of this agent uses: its LLM settings, else its provider's default."""
    settings = get_settings()
    return str(agent_settings.get("model") or settings.default_model(str(agent_settings.get("provider") or settings.provider)))


def converse(
    request: ConversationRequest,
    callbacks: Callbacks | None = None,
    *,
    model: str | None = None,
    purpose: str = "run",
    ref: str = "",
    settings: dict[str, Any] | None = None,
) -> Turn:
    """Ask the agent's provider (then its fallback ones) for one turn; see the module
    docstring. ``settings``: LLM settings to use instead of the agent's (a replay's)."""
    from wakeful.llm import choice
    from wakeful.llm.callgate import CallContext

    callbacks = callbacks or Callbacks()
    agent_id = str(request.agent.get("agent_id") or "")
    agent_settings = settings if settings is not None else ledger.agent_settings(agent_id) if agent_id else {}
    if agent_settings.get("thinking_budget_tokens") is not None and request.thinking_budget_tokens is None:
        request = replace(request, thinking_budget_tokens=int(agent_settings["thinking_budget_tokens"]))
    chain = choice.endpoints(agent_id, agent_settings, model)
    budget = agent_settings.get("daily_token_budget")
    ctx = CallContext(
        agent_id, str(request.agent.get("owner") or ""), purpose, ref,
        daily_token_budget=int(budget) if budget is not None else get_settings().daily_token_budget,
        input_chars=_size(request), max_output_tokens=request.max_tokens + (request.thinking_budget_tokens or 0),
    )  # fmt: skip
    raw = choice.ask(agent_id, chain, lambda provider, endpoint: provider.converse(request, endpoint.model, callbacks, endpoint), ctx)
    if agent_id:
        ledger.add_usage(agent_id, raw.usage)
    logger.info("llm conversation turn", extra={"agent_id": agent_id, **raw.usage.as_dict()})
    return validate(raw, {t["name"] for t in request.tools})


def _size(request: ConversationRequest) -> int:
    """The request's size in characters (what the spend guard estimates its input from)."""
    return len(request.system) + len(request.system_dynamic) + len(json.dumps(request.messages, default=str)) + len(json.dumps(request.tools, default=str))


def validate(raw: RawAnswer, offered: set[str]) -> Turn:
    """Check a provider's content blocks and turn them into a :class:`Turn`."""
    texts: list[str] = []
    thinking: list[str] = []
    calls: list[ToolCall] = []
    for block in raw.content:
        kind = block.get("type")
        if kind == "text":
            texts.append(str(block.get("text") or ""))
        elif kind in ("thinking", "redacted_thinking", "reasoning"):
            thinking.append(str(block.get("thinking") or ""))
        elif kind == "tool_use":
            calls.append(_tool_call(block, offered))
        else:
            raise LLMMalformedOutputError(f"the model answered a content block of unknown type {kind!r}")
    if raw.stop_reason == "refusal":
        said = "".join(texts).strip()
        raise LLMRefusalError(f"the model refused to answer{f': {said[:300]}' if said else ''}")
    if raw.stop_reason == "max_tokens" and (calls or not texts):
        raise LLMMalformedOutputError("the model's answer was cut off at max_tokens before it finished a tool call")
    if not calls and not "".join(texts).strip():
        raise LLMMalformedOutputError("the model answered neither text nor a tool call")
    ids = [c.id for c in calls]
    if len(set(ids)) != len(ids):
        raise LLMMalformedOutputError(f"the model used a tool call id twice: {ids}")
    return Turn("".join(texts).strip(), "".join(thinking), calls, raw.usage, raw.stop_reason, list(raw.content))


def _tool_call(block: dict[str, Any], offered: set[str]) -> ToolCall:
    name = block.get("name")
    if not isinstance(name, str) or name not in offered:
        raise LLMMalformedOutputError(f"the model called {name!r}, which is not one of its tools ({', '.join(sorted(offered))})")
    arguments = block.get("input")
    if not isinstance(arguments, dict):
        raise LLMMalformedOutputError(f"the model called `{name}` with {type(arguments).__name__} arguments, not a JSON object")
    call_id = block.get("id")
    if not isinstance(call_id, str) or not call_id:
        raise LLMMalformedOutputError(f"the model's call of `{name}` has no id")
    return ToolCall(call_id, name, arguments)
