"""The ``openai`` provider: the ``openai`` SDK's Chat Completions, for any
OpenAI-compatible endpoint (OpenAI, OpenRouter, DeepSeek, vLLM, Ollama).

``openai`` is imported on the first call. Requests are built from the Messages API
shaped ones the rest of the runtime makes (:mod:`wakeful.llm.render`,
:mod:`wakeful.llm.turns`): the system blocks become one ``system`` message, tools
``function`` tools, ``tool_use`` blocks ``tool_calls``, ``tool_result`` blocks ``tool``
messages; a forced answer is ``tool_choice: {"type": "function", ...}``. Answers come
back as content blocks: text, ``tool_use`` (the call's id as sent; a call with no id gets
one), and ``reasoning`` for the ``reasoning_content`` (DeepSeek) or ``reasoning``
(OpenRouter, vLLM) a model streams. Stop reasons: ``stop`` -> ``end_turn``,
``tool_calls`` -> ``tool_use``, ``length`` -> ``max_tokens``, ``content_filter`` or a
``refusal`` -> ``refusal``. Usage: ``prompt_tokens`` less the cached ones
(``prompt_tokens_details.cached_tokens``, or DeepSeek's ``prompt_cache_hit_tokens``) is
the input, the cached ones are cache reads; an endpoint that reports no usage is
estimated (about four characters a token) so that budgets still count.

Where: the agent's ``base_url``, else ``OPENAI_BASE_URL``, else the SDK's default. The
key: the agent's own, else the deployment's (:func:`wakeful.llm.credentials.openai_key`);
an endpoint given a base URL may need none (Ollama). An agent's ``base_url`` is a URL a
user gave: it is judged by the outbound URL policy before each call, and the SDK's HTTP
client connects to the checked address (pinned: the ``Host`` header and TLS server name
keep the URL's host), so a name that later resolves elsewhere is never called.

The SDK retries 408/409/429/5xx and timeouts ``WAKEFUL_LLM_MAX_RETRIES`` times (honouring
``retry-after``); what still fails is a retryable
:class:`~wakeful.llm.exceptions.LLMProviderError` (the agent's fallback is tried).
"""

from __future__ import annotations

import json
import logging
import os
import uuid
from functools import lru_cache
from typing import Any

from wakeful.llm import credentials, pricing, render
from wakeful.llm.exceptions import LLMConfigurationError, LLMProviderError
from wakeful.llm.providers import errors
from wakeful.llm.models import Endpoint, LLMRequest, RawAnswer, Usage
from wakeful.llm.settings import get_settings

logger = logging.getLogger(__name__)

ENV_BASE_URL = "OPENAI_BASE_URL"
#: What is sent as the key to an endpoint that needs none (the SDK wants one).
NO_KEY = "no-key"
FINISH_REASONS = {
    "stop": "end_turn",
    "tool_calls": "tool_use",
    "function_call": "tool_use",
    "length": "max_tokens",
    "content_filter": "refusal",
}


class OpenAIProvider:
    """Chat Completions with function calling, streamed for conversations."""

    name = "openai"
    #: How error messages name it.
    label = "the OpenAI-compatible endpoint"

    def classify(self, error: Exception) -> errors.Failure | None:
        """What went wrong, for :func:`wakeful.llm.providers.errors.mapped`."""
        return _classify(error)

    def __init__(self) -> None:
        self._clients: dict[tuple[str, str, bool], Any] = {}

    # -- the client --------------------------------------------------------------------
    def client(self, endpoint: Endpoint | None) -> Any:
        """The SDK client for ``endpoint``'s base URL and key (built once per pair)."""
        try:
            import openai  # noqa: PLC0415 - lazy on purpose (cold-start cost)
        except ModuleNotFoundError as error:
            raise LLMConfigurationError("the openai provider needs the `openai` package") from error
        base_url = (endpoint.base_url if endpoint else None) or os.environ.get(ENV_BASE_URL) or ""
        checked = bool(endpoint and endpoint.checked and endpoint.base_url)
        if checked:
            _check(base_url)
        key = (endpoint.api_key if endpoint else None) or credentials.openai_key()
        if not key:
            if not base_url:
                raise LLMConfigurationError(
                    "no OpenAI-compatible API key: set the agent's api_key, WAKEFUL_OPENAI_SECRET (a Secrets Manager secret) "
                    "or OPENAI_API_KEY, or give a base_url of an endpoint that needs none"
                )
            key = NO_KEY
        cache_key = (base_url, key, checked)
        made = self._clients.get(cache_key)
        if made is None:
            if len(self._clients) >= 32:
                self._clients.clear()
            settings = get_settings()
            options: dict[str, Any] = {"api_key": key, "timeout": settings.timeout_seconds, "max_retries": settings.max_retries}
            if base_url:
                options["base_url"] = base_url
            if checked:
                options["http_client"] = _pinned_client()
            made = openai.OpenAI(**options)
            self._clients[cache_key] = made
        return made

    def secrets(self, endpoint: Endpoint | None = None) -> tuple[str, ...]:
        """The key a call sends (``Authorization: Bearer``): the agent's own, else the
        deployment's (none for an endpoint that needs none)."""
        own = endpoint.api_key if endpoint is not None else None
        if own:
            return (own,)
        try:
            key = credentials.openai_key()
        except LLMConfigurationError:
            return ()
        return (key,) if key else ()

    # -- asking -----------------------------------------------------------------------
    def complete(self, request: LLMRequest, model: str, endpoint: Endpoint | None = None) -> RawAnswer:
        """One Chat Completions request forcing the response spec's function."""
        client = self.client(endpoint)
        body = chat_request(render.messages_params(request, model), official=_official(client))
        with errors.mapped(self):
            answer = client.chat.completions.create(**body)
        return from_completion(answer, model, body)

    def converse(self, request: Any, model: str, callbacks: Any, endpoint: Endpoint | None = None) -> RawAnswer:
        """One streamed turn: text and reasoning deltas go to ``callbacks`` as they come;
        tool calls are put together from their fragments."""
        from wakeful.llm import turns

        client = self.client(endpoint)
        body = chat_request(turns.params(request, model), official=_official(client))
        with errors.mapped(self):
            stream = client.chat.completions.create(**body, stream=True, stream_options={"include_usage": True})
            collected = Collector()
            for chunk in stream:
                collected.add(chunk, callbacks)
        return collected.answer(model, body)


# -- requests ------------------------------------------------------------------------


def chat_request(params: dict[str, Any], *, official: bool = False) -> dict[str, Any]:
    """Chat Completions keyword arguments for Messages API shaped ``params``."""
    body: dict[str, Any] = {"model": params["model"], "messages": chat_messages(params)}
    # OpenAI's own reasoning models take only max_completion_tokens; other endpoints
    # (vLLM, Ollama, DeepSeek) know max_tokens.
    body["max_completion_tokens" if official else "max_tokens"] = int(params["max_tokens"])
    tools = [
        {"type": "function", "function": {"name": t["name"], "description": t.get("description") or "", "parameters": t.get("input_schema") or {"type": "object"}}}
        for t in params.get("tools") or []
    ]
    if tools:
        body["tools"] = tools
    forced = params.get("tool_choice") or {}
    if forced.get("type") == "tool":
        body["tool_choice"] = {"type": "function", "function": {"name": forced["name"]}}
    temperature = (params.get("extra_body") or {}).get("temperature")
    if temperature is not None:
        body["temperature"] = temperature
    return body


def chat_messages(params: dict[str, Any]) -> list[dict[str, Any]]:
    """The conversation as Chat Completions messages (thinking blocks are not sent)."""
    system = params.get("system") or []
    text = system if isinstance(system, str) else "\n\n".join(str(b.get("text") or "") for b in system if b.get("text"))
    out: list[dict[str, Any]] = [{"role": "system", "content": text}] if text else []
    for message in params.get("messages") or []:
        content = message.get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content or [])
        if message.get("role") == "assistant":
            said = "".join(str(b.get("text") or "") for b in blocks if b.get("type") == "text")
            calls = [
                {"id": b["id"], "type": "function", "function": {"name": b["name"], "arguments": json.dumps(b.get("input") or {})}}
                for b in blocks
                if b.get("type") == "tool_use"
            ]
            turn: dict[str, Any] = {"role": "assistant", "content": said or None}
            if calls:
                turn["tool_calls"] = calls
            elif not said:
                turn["content"] = "(no answer)"
            out.append(turn)
            continue
        for block in blocks:
            if block.get("type") == "tool_result":
                result = _result_text(block.get("content"))
                out.append({"role": "tool", "tool_call_id": block["tool_use_id"], "content": f"error: {result}" if block.get("is_error") else result})
        said = "\n".join(str(b.get("text") or "") for b in blocks if b.get("type") == "text")
        if said:
            out.append({"role": "user", "content": said})
    return out


def _result_text(content: Any) -> str:
    if isinstance(content, list):
        return "\n".join(str(b.get("text") or "") for b in content if isinstance(b, dict))
    return "" if content is None else str(content)


# -- answers -------------------------------------------------------------------------


def from_completion(answer: Any, model: str, body: dict[str, Any]) -> RawAnswer:
    """A non-streamed Chat Completion as content blocks and usage."""
    choices = getattr(answer, "choices", None)
    if not choices:
        raise LLMProviderError("the OpenAI-compatible endpoint answered no choices", provider="openai")
    message = choices[0].message
    content: list[dict[str, Any]] = []
    reasoning = _reasoning(message)
    if reasoning:
        content.append({"type": "reasoning", "thinking": reasoning})
    refusal = getattr(message, "refusal", None)
    if message.content:
        content.append({"type": "text", "text": str(message.content)})
    elif refusal:
        content.append({"type": "text", "text": str(refusal)})
    for call in message.tool_calls or []:
        function = getattr(call, "function", None)
        content.append(tool_use(getattr(call, "id", None), getattr(function, "name", None), getattr(function, "arguments", None)))
    stop = "refusal" if refusal else stop_reason(choices[0].finish_reason, content)
    return RawAnswer(content=content, usage=usage_of(getattr(answer, "usage", None), model, body, content), stop_reason=stop)


class Collector:
    """Puts a streamed answer together, chunk by chunk."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.reasoning: list[str] = []
        self.refusal: list[str] = []
        self.calls: dict[int, dict[str, Any]] = {}
        self.finish: str | None = None
        self.usage: Any = None

    def add(self, chunk: Any, callbacks: Any) -> None:
        """Take one chunk; stream its text and reasoning to ``callbacks``."""
        if getattr(chunk, "usage", None) is not None:
            self.usage = chunk.usage
        for choice in getattr(chunk, "choices", None) or []:
            delta = choice.delta
            if delta is not None:
                thought = _reasoning(delta)
                if thought:
                    self.reasoning.append(thought)
                    callbacks.reasoning(thought)
                if delta.content:
                    self.text.append(delta.content)
                    callbacks.text(delta.content)
                if getattr(delta, "refusal", None):
                    self.refusal.append(str(delta.refusal))
                for fragment in delta.tool_calls or []:
                    self._call_fragment(fragment)
            if choice.finish_reason:
                self.finish = choice.finish_reason

    def _call_fragment(self, fragment: Any) -> None:
        index = int(getattr(fragment, "index", None) or 0)
        call = self.calls.setdefault(index, {"id": None, "name": "", "arguments": ""})
        if getattr(fragment, "id", None):
            call["id"] = fragment.id
        function = getattr(fragment, "function", None)
        if function is not None:
            if getattr(function, "name", None):
                call["name"] += function.name
            if getattr(function, "arguments", None):
                call["arguments"] += function.arguments

    def answer(self, model: str, body: dict[str, Any]) -> RawAnswer:
        """The whole answer as content blocks and usage."""
        content: list[dict[str, Any]] = []
        if self.reasoning:
            content.append({"type": "reasoning", "thinking": "".join(self.reasoning)})
        said = "".join(self.text) or "".join(self.refusal)
        if said:
            content.append({"type": "text", "text": said})
        for index in sorted(self.calls):
            call = self.calls[index]
            content.append(tool_use(call["id"], call["name"], call["arguments"]))
        stop = "refusal" if self.refusal and not self.text else stop_reason(self.finish, content)
        return RawAnswer(content=content, usage=usage_of(self.usage, model, body, content), stop_reason=stop)


def tool_use(call_id: Any, name: Any, arguments: Any) -> dict[str, Any]:
    """A ``tool_use`` block for a function call; arguments that are not JSON are kept
    as text (the conversation refuses them with a message naming the tool)."""
    if isinstance(arguments, str):
        try:
            parsed: Any = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError:
            parsed = arguments
    else:
        parsed = arguments if arguments is not None else {}
    return {"type": "tool_use", "id": str(call_id or f"call_{uuid.uuid4().hex[:16]}"), "name": name, "input": parsed}


def stop_reason(finish: str | None, content: list[dict[str, Any]]) -> str:
    """The Messages API stop reason for a ``finish_reason``."""
    if finish in FINISH_REASONS:
        return FINISH_REASONS[finish]
    return "tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn"


def usage_of(raw: Any, model: str, body: dict[str, Any], content: list[dict[str, Any]]) -> Usage:
    """Usage and cost of one call (estimated when the endpoint reports none)."""
    if raw is None:
        prompt = render.estimate_tokens(json.dumps(body.get("messages")) + json.dumps(body.get("tools") or []))
        completion = render.estimate_tokens(json.dumps(content))
        cached = 0
    else:
        prompt = int(getattr(raw, "prompt_tokens", 0) or 0)
        completion = int(getattr(raw, "completion_tokens", 0) or 0)
        details = getattr(raw, "prompt_tokens_details", None)
        cached = int(getattr(details, "cached_tokens", 0) or 0) or int(getattr(raw, "prompt_cache_hit_tokens", 0) or 0)
    cached = min(cached, prompt)
    fresh = prompt - cached
    return Usage(
        model=model,
        input_tokens=fresh,
        output_tokens=completion,
        cache_read_input_tokens=cached,
        cost_usd=pricing.cost_usd(model, fresh, completion, cached, 0, provider="openai"),
        provider="openai",
    )


def _reasoning(part: Any) -> str:
    for name in ("reasoning_content", "reasoning"):
        value = getattr(part, name, None)
        if isinstance(value, str) and value:
            return value
    return ""


# -- where requests go ----------------------------------------------------------------


def _official(client: Any) -> bool:
    return str(getattr(client, "base_url", "")).startswith("https://api.openai.com")


def _check(url: str) -> Any:
    from wakeful import outbound

    try:
        return outbound.check(url)
    except outbound.UnsafeUrlError as error:
        raise LLMConfigurationError(f"the agent's base_url is refused: {error}") from error


def _pinned_client() -> Any:
    """An HTTP client (the SDK's own kind) whose every request goes to the address the
    URL policy checked for its host (judged again for each request)."""
    import openai  # noqa: PLC0415

    return openai.DefaultHttpxClient(transport=_pinned_transport_class()())


@lru_cache(maxsize=1)
def _pinned_transport_class() -> Any:
    """The transport class, defined on first use: the SDK's HTTP library (``httpx2``) is
    there only where the model providers' SDKs are installed."""
    import httpx2  # noqa: PLC0415 - the openai SDK's HTTP library

    class PinnedTransport(httpx2.BaseTransport):
        """Connects to the checked address of each request's host; the ``Host`` header
        and the TLS server name (``sni_hostname``) keep the host name, so the
        certificate is checked against it."""

        def __init__(self) -> None:
            self._inner = httpx2.HTTPTransport(trust_env=False)

        def handle_request(self, request: Any) -> Any:
            target = _check(str(request.url))
            request.url = httpx2.URL(target.pinned_url())
            request.headers["Host"] = target.host_header
            if target.scheme == "https":
                request.extensions = {**request.extensions, "sni_hostname": target.host}
            return self._inner.handle_request(request)

        def close(self) -> None:
            self._inner.close()

    return PinnedTransport


# -- errors ------------------------------------------------------------------------------


def _classify(error: Exception) -> errors.Failure | None:
    """The SDK's errors (after its retries), in :mod:`~wakeful.llm.providers.errors` terms."""
    import openai  # noqa: PLC0415 - already loaded by client()

    if isinstance(error, openai.APITimeoutError):
        return errors.Failure(errors.TIMEOUT)
    if isinstance(error, openai.APIStatusError):
        return errors.Failure(errors.STATUS, error.status_code, detail=_message(error), forget_key=error.status_code == 401)
    if isinstance(error, openai.APIConnectionError):
        cause = error.__cause__
        if isinstance(cause, LLMConfigurationError):
            return errors.Failure(errors.CONFIGURATION, error=cause)  # the URL policy refused the endpoint
        return errors.Failure(errors.CONNECTION, detail=str(error))
    if isinstance(error, openai.APIResponseValidationError):
        return errors.Failure(errors.SHAPE, detail=str(error))
    if isinstance(error, openai.APIError):  # an error sent inside a stream
        return errors.Failure(errors.FAILED, detail=str(error)[:300])
    return None


def _message(error: Any) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        inner = body.get("error") if isinstance(body.get("error"), dict) else body
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])[:300]
    return str(error)[:300]
