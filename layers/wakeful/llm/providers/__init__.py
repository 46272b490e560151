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

from collections.abc import Mapping
from typing import Any, Protocol

from wakeful.llm import slots
from wakeful.llm.slots import DEFAULT_MODEL

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


#: What a provider is registered as (:data:`wakeful.llm.slots.PROVIDERS`).
ProviderEntry = slots.ProviderEntry


def names() -> tuple[str, ...]:
    """Every installed provider's name (what ``WAKEFUL_LLM_PROVIDER`` may say)."""
    return slots.names()


def agent_names() -> tuple[str, ...]:
    """The providers an agent may choose."""
    return slots.agent_names()


def stack_optional() -> tuple[str, ...]:
    """The providers a deployment enables beside the Anthropic API (``wakeful:llmProviders``)."""
    return tuple(entry.name for entry in slots.PROVIDERS.installed() if entry.stack_optional)


def entry(name: str) -> ProviderEntry | None:
    """The installed provider ``name`` (None: no such provider)."""
    return slots.entries().get(name)


def takes_base_url(name: str) -> bool:
    """Whether an agent's ``base_url`` applies to provider ``name``."""
    found = entry(name)
    return bool(found and found.takes_base_url)


def model_problem(name: str, model: str) -> str | None:
    """What is wrong with ``model`` for provider ``name`` (None: nothing it checks)."""
    found = entry(name)
    return found.model_check(model) if found and found.model_check else None


def default_model(name: str) -> str:
    """Provider ``name``'s own default model (the Anthropic API's for an unknown name)."""
    found = entry(name)
    return found.default_model if found else DEFAULT_MODEL


def default_choice(env: Mapping[str, str]) -> tuple[str, str]:
    """The deployment's default provider when ``WAKEFUL_LLM_PROVIDER`` names none, and
    why: ``scripted`` with a conversation script, else ``anthropic`` when its key has a
    source (a Secrets Manager secret, or ``ANTHROPIC_API_KEY``), else ``scripted``."""
    from wakeful import constants

    if env.get(constants.ENV_LLM_SCRIPT):
        return "scripted", f"the model is a script ({env[constants.ENV_LLM_SCRIPT]})"
    if env.get(constants.ENV_ANTHROPIC_SECRET):
        return "anthropic", f"the Anthropic key is read from Secrets Manager ({env[constants.ENV_ANTHROPIC_SECRET]})"
    if env.get("ANTHROPIC_API_KEY"):
        return "anthropic", "ANTHROPIC_API_KEY is set"
    return "scripted", "ANTHROPIC_API_KEY is not set"


def spelled(names_: tuple[str, ...]) -> str:
    """``a, b or c``: how messages list names."""
    return ", ".join(names_[:-1]) + f" or {names_[-1]}" if len(names_) > 1 else "".join(names_)


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
    found = entry(name)
    if found is None:
        from wakeful.llm.exceptions import LLMConfigurationError

        quoted = tuple(f"'{known}'" for known in names())
        raise LLMConfigurationError(f"unknown LLM provider {name!r} (use {spelled(quoted)})")
    return found.load()()


def reset() -> None:
    """Forget built providers (and their HTTP clients)."""
    _cache.clear()
