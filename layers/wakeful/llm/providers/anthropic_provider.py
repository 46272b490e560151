"""The ``anthropic`` provider: the official SDK's Messages API.

``anthropic`` is imported here, on the first call, never at module level anywhere a
handler imports (it costs over a second and tens of MB). The client's key comes from
:mod:`wakeful.llm.credentials` (a Secrets Manager secret, cached; else
``ANTHROPIC_API_KEY``) and is built again when the key changes (rotation); a 401 drops
the cached key. It honours ``ANTHROPIC_BASE_URL``, times each request out after
``WAKEFUL_LLM_TIMEOUT_SECONDS`` and lets the SDK retry 408/409/429/5xx (529 overloaded
included) and timeouts ``WAKEFUL_LLM_MAX_RETRIES`` times with its backoff, honouring
``retry-after``.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

from wakeful.llm import credentials, pricing, render
from wakeful.llm.exceptions import LLMConfigurationError
from wakeful.llm.providers import errors
from wakeful.llm.models import Endpoint, LLMRequest, RawAnswer, Usage
from wakeful.llm.settings import get_settings

logger = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def _http_client() -> Any:
    """One HTTP client (connection pool and TLS context) for every SDK client of the
    process: the SDK would build its own for each, and a client is built again when the
    key or the settings change (building a TLS context reads the CA bundle, ~30 ms).
    The SDK still gives each request its own timeout."""
    import anthropic  # noqa: PLC0415 - lazy on purpose (cold-start cost)

    return anthropic.DefaultHttpxClient()


class AnthropicProvider:
    """Claude through the Messages API."""

    name = "anthropic"
    #: How error messages name it.
    label = "the Anthropic API"

    def classify(self, error: Exception) -> errors.Failure | None:
        """What went wrong, for :func:`wakeful.llm.providers.errors.mapped`."""
        return _classify(error)

    def __init__(self) -> None:
        self._client: Any = None
        self._key: str | None = None
        #: Clients for agents' own keys, by key (a few at most per warm function).
        self._own: dict[str, Any] = {}

    def client(self, endpoint: Endpoint | None = None) -> Any:
        """The SDK client, built on first use and again when the key changed; an agent's
        own key (``endpoint.api_key``) gets a client of its own."""
        try:
            import anthropic  # noqa: PLC0415 - lazy on purpose (cold-start cost)
        except ModuleNotFoundError as error:
            raise LLMConfigurationError(
                "the anthropic provider needs the `anthropic` package (pip install 'wakeful[llm]')"
            ) from error
        settings = get_settings()
        if endpoint is not None and endpoint.api_key:
            own = self._own.get(endpoint.api_key)
            if own is None:
                if len(self._own) >= 32:
                    self._own.clear()
                own = anthropic.Anthropic(
                    api_key=endpoint.api_key, timeout=settings.timeout_seconds, max_retries=settings.max_retries, http_client=_http_client()
                )
                self._own[endpoint.api_key] = own
            return own
        key = credentials.api_key()
        if self._client is None or key != self._key:
            self._client = anthropic.Anthropic(
                api_key=key, timeout=settings.timeout_seconds, max_retries=settings.max_retries, http_client=_http_client()
            )
            self._key = key
        return self._client

    def secrets(self, endpoint: Endpoint | None = None) -> tuple[str, ...]:
        """The key a call sends (``x-api-key``): the agent's own, else the deployment's."""
        if endpoint is not None and endpoint.api_key:
            return (endpoint.api_key,)
        return (self._key,) if self._key else ()

    def complete(self, request: LLMRequest, model: str, endpoint: Endpoint | None = None) -> RawAnswer:
        """Send one Messages API request and return its content blocks and usage."""
        client = self.client(endpoint)
        with errors.mapped(self):
            message = client.messages.create(**render.messages_params(request, model))
        return self._raw(message, model)

    def converse(self, request: Any, model: str, callbacks: Any, endpoint: Endpoint | None = None) -> RawAnswer:
        """One streamed tool-use turn (``messages.stream``): text and thinking deltas go
        to ``callbacks`` as they arrive; the final message's blocks and usage return."""
        from wakeful.llm import turns as conversation

        client = self.client(endpoint)
        with errors.mapped(self):
            with client.messages.stream(**conversation.params(request, model)) as stream:
                for event in stream:
                    if getattr(event, "type", "") != "content_block_delta":
                        continue
                    delta = event.delta
                    if delta.type == "text_delta":
                        callbacks.text(delta.text)
                    elif delta.type == "thinking_delta":
                        callbacks.reasoning(delta.thinking)
                message = stream.get_final_message()
        return self._raw(message, model)

    def _raw(self, message: Any, model: str) -> RawAnswer:
        usage = message.usage
        read = int(getattr(usage, "cache_read_input_tokens", 0) or 0)
        write = int(getattr(usage, "cache_creation_input_tokens", 0) or 0)
        cost = pricing.cost_usd(message.model or model, usage.input_tokens, usage.output_tokens, read, write, provider=self.name)
        return RawAnswer(
            # The SDK does not validate answers: a block that breaks its own shape (a tool
            # input that is not an object) is kept as sent and judged by the conversation,
            # which fails the run with a message; pydantic need not warn about it too.
            content=[block.model_dump(mode="json", warnings=False) for block in message.content],
            usage=Usage(
                model=message.model or model,
                input_tokens=int(usage.input_tokens),
                output_tokens=int(usage.output_tokens),
                cache_read_input_tokens=read,
                cache_creation_input_tokens=write,
                cost_usd=cost,
                provider=self.name,
            ),
            stop_reason=message.stop_reason,
        )


def _classify(error: Exception) -> errors.Failure | None:
    """The SDK's errors (after its retries), in :mod:`~wakeful.llm.providers.errors` terms."""
    import anthropic  # noqa: PLC0415 - already loaded by client()

    if isinstance(error, anthropic.APITimeoutError):
        return errors.Failure(errors.TIMEOUT)
    if isinstance(error, anthropic.APIStatusError):
        status = error.status_code
        return errors.Failure(errors.STATUS, status, _error_type(error), _message(error), forget_key=status == 401)
    if isinstance(error, anthropic.APIConnectionError):
        return errors.Failure(errors.CONNECTION, detail=str(error))
    if isinstance(error, anthropic.APIResponseValidationError):
        return errors.Failure(errors.SHAPE, detail=str(error))
    return None


def _error_type(error: Any) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        inner = body.get("error")
        if isinstance(inner, dict):
            return str(inner.get("type") or "")
    return ""


def _message(error: Any) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        return str(body["error"].get("message") or "")[:300]
    return str(error)[:300]
