"""A tool's model question, kept with its answer so that a heartbeat round can be asked again.

:func:`kept` turns an :class:`~wakeful.llm.models.LLMRequest` into what the ledger keeps
beside the answer, one JSON text (the model asked, the task, the data, the guide, the
agent's context, the response spec and the offered catalog, ``max_tokens``,
``temperature``); bounded at
:data:`MAX_QUESTION_BYTES` (over it, only ``truncated`` is kept). :func:`ask_again` asks a
kept question once more, with other LLM settings or another guide, through the same
admission and pricing as every call; nothing is memoized.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from pydantic import BaseModel, ConfigDict

from wakeful.llm import choice, ledger, parsing
from wakeful.llm.callgate import CallContext
from wakeful.llm.exceptions import LLMRefusalError
from wakeful.llm.models import LLMRequest, ResponseSpec, Usage
from wakeful.llm.settings import get_settings

#: The most UTF-8 bytes of one kept question (the answer's item stays far under DynamoDB's limit).
MAX_QUESTION_BYTES = 96 * 1024


def kept(tool: str, request: LLMRequest, model: str) -> str:
    """What is kept of ``request`` asked of ``model``, as one JSON text: the question, or
    only ``truncated`` when it is too large (or holds what JSON cannot say, such as NaN)."""
    spec = request.response.model
    question = {
        "tool": tool,
        "model": model,
        "task": request.task,
        "guide": request.guide,
        "data": request.data,
        "agent": request.agent,
        "response": request.response.name,
        "model_ref": f"{spec.__module__}:{spec.__qualname__}",
        "catalog": [s.tool_definition() for s in (request.catalog or (request.response,))],
        "max_tokens": request.max_tokens,
        "temperature": request.temperature,
    }
    try:
        text = json.dumps(question, ensure_ascii=False, allow_nan=False, separators=(",", ":"), default=str)
    except ValueError:
        text = ""
    if not text or len(text.encode("utf-8", "surrogatepass")) > MAX_QUESTION_BYTES:
        return json.dumps({"tool": tool, "response": request.response.name, "truncated": True})
    return text


def read(text: str) -> dict[str, Any]:
    """A kept question, read back."""
    found = json.loads(text)
    return found if isinstance(found, dict) else {"truncated": True}


class _Any(BaseModel):
    """An answer whose own model cannot be found: taken as it is."""

    model_config = ConfigDict(extra="allow")


def _answer_model(ref: str) -> type[BaseModel]:
    """The response spec's model named ``module:qualname`` (a Wakeful module), else a loose one."""
    module, _, name = ref.partition(":")
    if not module.startswith("wakeful."):
        return _Any
    try:
        found = getattr(importlib.import_module(module), name, None)
    except ImportError:
        return _Any
    return found if isinstance(found, type) and issubclass(found, BaseModel) else _Any


def request_of(question: dict[str, Any], guide: str | None = None) -> LLMRequest:
    """The kept question as a request again (``guide`` replaces its guide)."""
    model = _answer_model(str(question.get("model_ref") or ""))
    catalog = tuple(ResponseSpec(d["name"], d.get("description") or "", d.get("input_schema") or {}, model if d["name"] == question["response"] else _Any) for d in question.get("catalog") or [])
    response = next((s for s in catalog if s.name == question["response"]), None) or ResponseSpec(question["response"], "", {"type": "object"}, model)
    return LLMRequest(
        task=str(question.get("task") or ""),
        data=dict(question.get("data") or {}),
        response=response,
        agent=dict(question.get("agent") or {}),
        guide=str(question.get("guide") if guide is None else guide),
        catalog=catalog,
        max_tokens=int(question.get("max_tokens") or 1024),
        temperature=float(question["temperature"]) if question.get("temperature") is not None else None,
    )


def ask_again(agent_id: str, request: LLMRequest, *, settings: dict[str, Any] | None, model: str | None, purpose: str, ref: str) -> tuple[dict[str, Any], Usage]:
    """Ask ``request`` once (``settings`` instead of the agent's, ``model`` instead of
    its model); the validated answer as JSON, and the usage. Priced and admitted like any
    call, counted in the agent's usage; nothing memoized.

    Raises:
        LLMError: the call failed, was refused, or its answer is not what was asked.
    """
    chosen = settings if settings is not None else ledger.agent_settings(agent_id)
    chain = choice.endpoints(agent_id, chosen, model)
    budget = chosen.get("daily_token_budget")
    size = len(request.task) + len(request.guide) + len(json.dumps(request.data, default=str))
    ctx = CallContext(
        agent_id, str(request.agent.get("owner") or ""), purpose, ref,
        daily_token_budget=int(budget) if budget is not None else get_settings().daily_token_budget,
        input_chars=size, max_output_tokens=request.max_tokens,
    )  # fmt: skip
    raw = choice.ask(agent_id, chain, lambda provider, endpoint: provider.complete(request, endpoint.model, endpoint), ctx)
    ledger.add_usage(agent_id, raw.usage)
    if raw.stop_reason == "refusal":
        raise LLMRefusalError("the model refused to answer")
    data, _text = parsing.from_content(raw.content, request.response.name)
    return parsing.validate(request.response, data).model_dump(mode="json"), raw.usage
