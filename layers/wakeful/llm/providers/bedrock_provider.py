"""The ``bedrock`` provider: Amazon Bedrock's ``Converse`` and ``ConverseStream``
(boto3's ``bedrock-runtime``), under the function's IAM role: no key.

Requests are built from the Messages API shaped ones the rest of the runtime makes
(:mod:`wakeful.llm.render`, :mod:`wakeful.llm.turns`): system blocks become ``system``
text blocks, tools ``toolConfig.tools[].toolSpec`` (a forced answer is
``toolChoice.tool``), ``tool_use`` blocks ``toolUse`` and ``tool_result`` blocks
``toolResult`` (``status: error`` for an error result). Where the model supports prompt
caching (Claude, Amazon Nova) a ``cachePoint`` follows the tool definitions and the
stable system text, as the Anthropic provider's cache breakpoints do. Extended thinking
(an agent's ``thinking_budget_tokens``) is sent to Claude models as
``additionalModelRequestFields.thinking``.

Answers come back as content blocks: ``text``, ``tool_use`` (Bedrock's ``toolUseId``),
and ``reasoning`` for ``reasoningContent``. Stop reasons: ``end_turn``/``stop_sequence``
-> ``end_turn``, ``tool_use``, ``max_tokens``/``model_context_window_exceeded`` ->
``max_tokens``, ``guardrail_intervened``/``content_filtered`` -> ``refusal``. Usage:
``inputTokens``, ``outputTokens``, ``cacheReadInputTokens``, ``cacheWriteInputTokens``.

Where: ``AWS_ENDPOINT_URL_BEDROCK_RUNTIME`` when set (a proxy, a test fake), else the
region's Bedrock endpoint, named explicitly when ``AWS_ENDPOINT_URL`` is set (``wakeful
dev`` points that at its AWS emulator, which has no Bedrock). botocore retries
throttling, 5xx and connection errors ``WAKEFUL_LLM_MAX_RETRIES`` times (standard mode);
what still fails is a retryable :class:`~wakeful.llm.exceptions.LLMProviderError`.
"""

from __future__ import annotations

import json
import logging
import os
from typing import Any

from wakeful import constants
from wakeful.llm import pricing, render
from wakeful.llm.exceptions import LLMProviderError
from wakeful.llm.providers import errors
from wakeful.llm.models import Endpoint, LLMRequest, RawAnswer, Usage
from wakeful.llm.settings import get_settings

logger = logging.getLogger(__name__)

CACHE_POINT = {"cachePoint": {"type": "default"}}
STOP_REASONS = {
    "end_turn": "end_turn",
    "stop_sequence": "end_turn",
    "tool_use": "tool_use",
    "max_tokens": "max_tokens",
    "model_context_window_exceeded": "max_tokens",
    "guardrail_intervened": "refusal",
    "content_filtered": "refusal",
}
#: A Bedrock API key, which botocore sends as ``Authorization: Bearer`` (HTTPS only).
ENV_BEARER_TOKEN = "AWS_BEARER_TOKEN_BEDROCK"
#: Error codes (any case) that another attempt, or another provider, may get past.
RETRYABLE_CODES = frozenset(
    {
        "throttlingexception",
        "servicequotaexceededexception",
        "serviceunavailableexception",
        "internalserverexception",
        "modeltimeoutexception",
        "modelnotreadyexception",
        "modelstreamerrorexception",
    }
)


def endpoint_url(region: str) -> str | None:
    """Where Bedrock runtime requests go: ``AWS_ENDPOINT_URL_BEDROCK_RUNTIME``, else the
    region's endpoint when a general ``AWS_ENDPOINT_URL`` (an emulator) is set, else
    None (botocore's own resolution)."""
    specific = os.environ.get(constants.ENV_BEDROCK_ENDPOINT, "").strip()
    if specific:
        return specific
    if os.environ.get("AWS_ENDPOINT_URL"):
        return f"https://bedrock-runtime.{region}.amazonaws.com"
    return None


def supports_cache(model: str) -> bool:
    """Whether Bedrock takes cache points for ``model`` (Claude, Amazon Nova)."""
    return "anthropic.claude" in model or "amazon.nova" in model


class BedrockProvider:
    """Converse / ConverseStream with tool use."""

    name = "bedrock"
    #: How error messages name it.
    label = "Bedrock"

    def classify(self, error: Exception) -> errors.Failure | None:
        """What went wrong, for :func:`wakeful.llm.providers.errors.mapped`."""
        return _classify(error)

    def __init__(self) -> None:
        self._client: Any = None

    def client(self) -> Any:
        """The ``bedrock-runtime`` client (built once)."""
        if self._client is None:
            from botocore.config import Config

            from wakeful import aws
            from wakeful.config import get_settings as core_settings

            settings = get_settings()
            region = core_settings().region
            self._client = aws.new_client(
                "bedrock-runtime",
                region_name=region,
                endpoint_url=endpoint_url(region),
                config=Config(
                    connect_timeout=min(10.0, settings.timeout_seconds),
                    read_timeout=settings.timeout_seconds,
                    retries={"total_max_attempts": settings.max_retries + 1, "mode": "standard"},
                ),
            )
        return self._client

    def secrets(self, endpoint: Endpoint | None = None) -> tuple[str, ...]:
        """What a call sends that is secret: the session token of the function's
        credentials (``X-Amz-Security-Token``; the secret key only signs, it is never
        sent) and a Bedrock API key (``AWS_BEARER_TOKEN_BEDROCK``), when there is one."""
        from wakeful import aws

        return tuple(v for v in (aws.session_token(), os.environ.get(ENV_BEARER_TOKEN, "").strip()) if v)

    def complete(self, request: LLMRequest, model: str, endpoint: Endpoint | None = None) -> RawAnswer:
        """One ``Converse`` call forcing the response spec's tool."""
        body = converse_request(render.messages_params(request, model))
        with errors.mapped(self):
            answer = self.client().converse(**body)
        return from_converse(answer, model)

    def converse(self, request: Any, model: str, callbacks: Any, endpoint: Endpoint | None = None) -> RawAnswer:
        """One ``ConverseStream`` turn: text and reasoning deltas go to ``callbacks``."""
        from wakeful.llm import turns

        body = converse_request(turns.params(request, model))
        with errors.mapped(self):
            answer = self.client().converse_stream(**body)
            collected = Collector()
            for event in answer["stream"]:
                collected.add(event, callbacks)
        return collected.answer(model)


# -- requests ------------------------------------------------------------------------


def converse_request(params: dict[str, Any]) -> dict[str, Any]:
    """``Converse``/``ConverseStream`` arguments for Messages API shaped ``params``."""
    model = str(params["model"])
    cache = supports_cache(model)
    body: dict[str, Any] = {"modelId": model, "messages": messages(params.get("messages") or [], cache=cache)}
    system: list[dict[str, Any]] = []
    given = params.get("system") or []
    for block in [{"text": given}] if isinstance(given, str) else given:
        if block.get("text"):
            system.append({"text": str(block["text"])})
            if cache and block.get("cache_control"):
                system.append(dict(CACHE_POINT))
    if system:
        body["system"] = system
    tools: list[dict[str, Any]] = [
        {"toolSpec": {"name": t["name"], "description": t.get("description") or t["name"], "inputSchema": {"json": t.get("input_schema") or {"type": "object"}}}}
        for t in params.get("tools") or []
    ]
    if tools:
        if cache:
            tools.append(dict(CACHE_POINT))
        body["toolConfig"] = {"tools": tools}
        forced = params.get("tool_choice") or {}
        if forced.get("type") == "tool":
            body["toolConfig"]["toolChoice"] = {"tool": {"name": forced["name"]}}
    inference: dict[str, Any] = {"maxTokens": int(params["max_tokens"])}
    temperature = (params.get("extra_body") or {}).get("temperature")
    if temperature is not None:
        inference["temperature"] = temperature
    body["inferenceConfig"] = inference
    if params.get("thinking") and "anthropic.claude" in model:
        body["additionalModelRequestFields"] = {"thinking": params["thinking"]}
    return body


def messages(given: list[dict[str, Any]], *, cache: bool = False) -> list[dict[str, Any]]:
    """Messages API messages as Converse messages (thinking blocks are not sent; a
    block's cache breakpoint becomes a ``cachePoint`` after it when the model caches)."""
    out: list[dict[str, Any]] = []
    for message in given:
        content = message.get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content or [])
        converted: list[dict[str, Any]] = []
        for block in blocks:
            kind = block.get("type")
            if kind == "text" and block.get("text"):
                converted.append({"text": str(block["text"])})
            elif kind == "tool_use":
                converted.append({"toolUse": {"toolUseId": block["id"], "name": block["name"], "input": block.get("input") or {}}})
            elif kind == "tool_result":
                result = block.get("content")
                text = "\n".join(str(b.get("text") or "") for b in result) if isinstance(result, list) else str(result or "")
                converted.append(
                    {"toolResult": {"toolUseId": block["tool_use_id"], "content": [{"text": text or "(empty)"}], "status": "error" if block.get("is_error") else "success"}}
                )
            if cache and block.get("cache_control") and converted:
                converted.append(dict(CACHE_POINT))
        role = "assistant" if message.get("role") == "assistant" else "user"
        if not converted:
            converted = [{"text": "(no answer)" if role == "assistant" else "(empty)"}]
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(converted)
        else:
            out.append({"role": role, "content": converted})
    return out


# -- answers -------------------------------------------------------------------------


def from_converse(answer: dict[str, Any], model: str) -> RawAnswer:
    """A ``Converse`` answer as content blocks and usage."""
    message = ((answer.get("output") or {}).get("message")) or {}
    if not isinstance(message.get("content"), list):
        raise LLMProviderError("Bedrock answered no message", provider="bedrock")
    content: list[dict[str, Any]] = []
    for block in message["content"]:
        if "text" in block:
            content.append({"type": "text", "text": str(block["text"])})
        elif "toolUse" in block:
            call = block["toolUse"]
            content.append({"type": "tool_use", "id": call.get("toolUseId"), "name": call.get("name"), "input": call.get("input")})
        elif "reasoningContent" in block:
            text = ((block["reasoningContent"] or {}).get("reasoningText") or {}).get("text")
            if text:
                content.append({"type": "reasoning", "thinking": str(text)})
    return RawAnswer(content=content, usage=usage_of(answer.get("usage"), model), stop_reason=stop_reason(answer.get("stopReason"), content))


class Collector:
    """Puts a ``ConverseStream`` answer together, event by event."""

    def __init__(self) -> None:
        self.blocks: dict[int, dict[str, Any]] = {}
        self.stop: str | None = None
        self.usage: dict[str, Any] | None = None

    def add(self, event: dict[str, Any], callbacks: Any) -> None:
        """Take one stream event; stream text and reasoning to ``callbacks``."""
        if "contentBlockStart" in event:
            start = event["contentBlockStart"]
            call = (start.get("start") or {}).get("toolUse")
            if call:
                self.blocks[int(start.get("contentBlockIndex", 0))] = {"type": "tool_use", "id": call.get("toolUseId"), "name": call.get("name"), "json": ""}
        elif "contentBlockDelta" in event:
            part = event["contentBlockDelta"]
            index = int(part.get("contentBlockIndex", 0))
            delta = part.get("delta") or {}
            if "text" in delta:
                block = self.blocks.setdefault(index, {"type": "text", "text": ""})
                block["text"] = block.get("text", "") + delta["text"]
                callbacks.text(delta["text"])
            elif "toolUse" in delta:
                block = self.blocks.setdefault(index, {"type": "tool_use", "id": None, "name": None, "json": ""})
                block["json"] = block.get("json", "") + str(delta["toolUse"].get("input") or "")
            elif "reasoningContent" in delta:
                text = delta["reasoningContent"].get("text")
                if text:
                    block = self.blocks.setdefault(index, {"type": "reasoning", "thinking": ""})
                    block["thinking"] = block.get("thinking", "") + text
                    callbacks.reasoning(text)
        elif "messageStop" in event:
            self.stop = event["messageStop"].get("stopReason")
        elif "metadata" in event:
            self.usage = event["metadata"].get("usage")

    def answer(self, model: str) -> RawAnswer:
        """The whole answer as content blocks and usage."""
        content: list[dict[str, Any]] = []
        for index in sorted(self.blocks):
            block = dict(self.blocks[index])
            if block["type"] == "tool_use":
                raw = block.pop("json")
                try:
                    block["input"] = json.loads(raw) if raw.strip() else {}
                except json.JSONDecodeError:
                    block["input"] = raw  # refused by the conversation, naming the tool
            content.append(block)
        return RawAnswer(content=content, usage=usage_of(self.usage, model), stop_reason=stop_reason(self.stop, content))


def stop_reason(given: str | None, content: list[dict[str, Any]]) -> str:
    """The Messages API stop reason for a Bedrock ``stopReason``."""
    if given in STOP_REASONS:
        return STOP_REASONS[given]
    return "tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn"


def usage_of(raw: dict[str, Any] | None, model: str) -> Usage:
    """Usage and cost of one call."""
    raw = raw or {}
    fresh = int(raw.get("inputTokens") or 0)
    out = int(raw.get("outputTokens") or 0)
    read = int(raw.get("cacheReadInputTokens") or 0)
    write = int(raw.get("cacheWriteInputTokens") or 0)
    return Usage(
        model=model,
        input_tokens=fresh,
        output_tokens=out,
        cache_read_input_tokens=read,
        cache_creation_input_tokens=write,
        cost_usd=pricing.cost_usd(model, fresh, out, read, write, provider="bedrock"),
        provider="bedrock",
    )


# -- errors ------------------------------------------------------------------------------


def _classify(error: Exception) -> errors.Failure | None:
    """botocore's errors (after its retries), in :mod:`~wakeful.llm.providers.errors` terms."""
    from botocore import exceptions as bce
    from botocore import parsers

    if isinstance(error, bce.ClientError):
        info = error.response.get("Error") or {}
        code = str(info.get("Code") or "")
        status = int((error.response.get("ResponseMetadata") or {}).get("HTTPStatusCode") or 0)
        retryable = code.lower() in RETRYABLE_CODES or status in (408, 429) or status >= 500
        return errors.Failure(errors.STATUS, status, code or "an error", str(info.get("Message") or "")[:300], retryable)
    if isinstance(error, (bce.ReadTimeoutError, bce.ConnectTimeoutError)):
        return errors.Failure(errors.TIMEOUT)
    if isinstance(error, (bce.EndpointConnectionError, bce.ConnectionClosedError)):
        return errors.Failure(errors.CONNECTION, detail=str(error))
    if isinstance(error, bce.NoCredentialsError):
        return errors.Failure(errors.CONFIGURATION, detail="the bedrock provider found no AWS credentials (an IAM role on AWS)")
    if isinstance(error, bce.ParamValidationError):
        return errors.Failure(errors.REFUSED, detail=str(error)[:300])
    if isinstance(error, parsers.ResponseParserError):
        return errors.Failure(errors.UNREADABLE, detail=str(error)[:300])
    if isinstance(error, bce.BotoCoreError):
        return errors.Failure(errors.FAILED, detail=str(error)[:300], retryable=True)
    return None
