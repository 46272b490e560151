"""Errors of the LLM layer. Each fails the action that asked, never the heartbeat."""

from __future__ import annotations


class LLMError(Exception):
    """Base of every LLM-layer error."""


class LLMMalformedOutputError(LLMError):
    """The model answered something that is not what the caller asked for."""


class LLMBudgetExceededError(LLMError):
    """The agent's daily token budget is spent."""


class LLMProviderError(LLMError):
    """The provider failed (after the SDK's retries): rate limits, overload, timeouts."""


class LLMConfigurationError(LLMError):
    """The LLM layer is misconfigured (unknown provider, missing dependency)."""
