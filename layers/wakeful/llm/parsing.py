"""Reading a model's answer: the forced tool call's input, or JSON in text, then
validation against the response spec. Anything else is a clear error."""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError

from wakeful.llm.exceptions import LLMMalformedOutputError
from wakeful.llm.models import ResponseSpec

_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.S)


def from_content(content: list[dict[str, Any]], tool_name: str) -> tuple[Any, str]:
    """The structured answer in Messages API content blocks, and the text seen.

    A ``tool_use`` block named ``tool_name`` wins; otherwise the text blocks must hold one
    JSON object (a ```json fence is allowed)."""
    texts = [block.get("text", "") for block in content if block.get("type") == "text"]
    text = "\n".join(texts).strip()
    for block in content:
        if block.get("type") == "tool_use" and block.get("name") == tool_name:
            return block.get("input"), text or json.dumps(block.get("input"))[:2000]
    other = [b.get("name") for b in content if b.get("type") == "tool_use"]
    if other:
        raise LLMMalformedOutputError(f"the model called {other} instead of `{tool_name}`")
    if not text:
        raise LLMMalformedOutputError(f"the model answered nothing (expected a `{tool_name}` tool call or a JSON object)")
    return json_object(text, tool_name), text


def json_object(text: str, what: str) -> Any:
    """Parse a JSON object from model text."""
    fenced = _FENCE.match(text.strip())
    candidate = fenced.group(1) if fenced else text.strip()
    try:
        return json.loads(candidate)
    except json.JSONDecodeError as error:
        snippet = candidate[:120].replace("\n", " ")
        raise LLMMalformedOutputError(
            f"the model's answer for `{what}` is not valid JSON ({error.msg} at char {error.pos}): {snippet!r}"
        ) from error


def validate(spec: ResponseSpec, data: Any) -> BaseModel:
    """Check an answer against its response spec."""
    if not isinstance(data, dict):
        raise LLMMalformedOutputError(f"the model's answer for `{spec.name}` is {type(data).__name__}, not a JSON object")
    try:
        return spec.model.model_validate(data)
    except PydanticValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in error.errors()[:4]
        )
        raise LLMMalformedOutputError(f"the model's answer is not what `{spec.name}` asked for: {problems}") from error
