"""LLM providers behind one small interface.

- ``anthropic``: the official SDK's Messages API (:mod:`.anthropic_provider`);
- ``bedrock``: boto3 ``bedrock-runtime`` ``Converse``/``ConverseStream`` under the
  function's IAM role (:mod:`.bedrock_provider`);
- ``openai``: the ``openai`` SDK's Chat Completions, for any OpenAI-compatible endpoint
  (:mod:`.openai_provider`);
- ``scripted``: deterministic answers for offline runs (:mod:`.scripted`).

Each has ``complete(request, model, endpoint=None) -> RawAnswer`` (a structured answer,
the response spec forced as a tool) and ``converse(request, model, callbacks,
endpoint=None) -> RawAnswer`` (one streamed tool-use turn). Requests and answers are
Messages API shaped (content blocks ``text``, ``tool_use``, ``thinking``, and
``reasoning`` for reasoning text that is not sent back); each adapter maps its own
wire format, stop reasons, tool-call ids, usage and errors into them, and raises
:class:`~wakeful.llm.exceptions.LLMProviderError` (``retryable`` for 429, 5xx,
overload, timeouts) when the provider fails; ``secrets(endpoint)`` names what a call
sends that is secret, so that :func:`wakeful.llm.choice.ask` redacts it from an error
the provider repeats it in. Their SDKs are imported on first use.
"""

from __future__ import annotations

from typing import Any, Protocol

from wakeful.llm.models import Endpoint, LLMRequest, RawAnswer

#: Stop reasons the adapters map theirs into (the Messages API's names).
STOP_END_TURN = "end_turn"
STOP_TOOL_USE = "tool_use"
STOP_MAX_TOKENS = "max_tokens"
STOP_REFUSAL = "refusal"


class Provider(Protocol):
    """Something that answers an :class:`LLMRequest` or a conversation turn."""

    name: str

    def complete(self, request: LLMRequest, model: str, endpoint: Endpoint | None = None) -> RawAnswer:
        """Ask the model; raise :class:`wakeful.llm.exceptions.LLMProviderError` on failure."""
        ...

    def converse(self, request: Any, model: str, callbacks: Any, endpoint: Endpoint | None = None) -> RawAnswer:
        """One streamed tool-use turn (:mod:`wakeful.llm.conversation`)."""
        ...

    def secrets(self, endpoint: Endpoint | None = None) -> tuple[str, ...]:
        """What a call to ``endpoint`` sends that is secret (its key, a token): the
        caller redacts them from the provider's errors, which may repeat them."""
        ...


#: Built providers by name, with the LLM settings they were built under.
_cache: dict[str, Any] = {}
_built_under: object = None


def get(name: str) -> Provider:
    """The provider called ``name`` (built once per process, and again after the LLM
    settings were read again: :func:`wakeful.llm.settings.reset`)."""
    from wakeful.llm.settings import get_settings

    global _built_under
    if _built_under is not get_settings():
        _cache.clear()
        _built_under = get_settings()
    if name not in _cache:
        _cache[name] = _build(name)
    return _cache[name]


def _build(name: str) -> Any:
    if name == "anthropic":
        from wakeful.llm.providers.anthropic_provider import AnthropicProvider

        return AnthropicProvider()
    if name == "bedrock":
        from wakeful.llm.providers.bedrock_provider import BedrockProvider

        return BedrockProvider()
    if name == "openai":
        from wakeful.llm.providers.openai_provider import OpenAIProvider

        return OpenAIProvider()
    if name == "scripted":
        from wakeful.llm.providers.scripted import ScriptedProvider

        return ScriptedProvider()
    from wakeful.llm.exceptions import LLMConfigurationError

    raise LLMConfigurationError(f"unknown LLM provider {name!r} (use 'anthropic', 'bedrock', 'openai' or 'scripted')")


def reset() -> None:
    """Forget built providers (and their HTTP clients)."""
    _cache.clear()
