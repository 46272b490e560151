"""LLM providers: ``anthropic`` (the official SDK, imported on first use) and
``scripted`` (deterministic answers for offline runs). Each has
``complete(request, model) -> RawAnswer``."""

from __future__ import annotations

from typing import Any, Protocol

from wakeful.llm.models import LLMRequest, RawAnswer


class Provider(Protocol):
    """Something that answers an :class:`LLMRequest`."""

    name: str

    def complete(self, request: LLMRequest, model: str) -> RawAnswer:
        """Ask the model; raise :class:`wakeful.llm.exceptions.LLMProviderError` on failure."""
        ...

    def converse(self, request: Any, model: str, callbacks: Any) -> RawAnswer:
        """One streamed tool-use turn (:mod:`wakeful.llm.conversation`)."""
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
        if name == "anthropic":
            from wakeful.llm.providers.anthropic_provider import AnthropicProvider

            _cache[name] = AnthropicProvider()
        elif name == "scripted":
            from wakeful.llm.providers.scripted import ScriptedProvider

            _cache[name] = ScriptedProvider()
        else:
            from wakeful.llm.exceptions import LLMConfigurationError

            raise LLMConfigurationError(f"unknown LLM provider {name!r} (use 'anthropic' or 'scripted')")
    return _cache[name]


def reset() -> None:
    """Forget built providers (and their HTTP clients)."""
    _cache.clear()
