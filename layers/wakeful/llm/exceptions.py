"""Errors of the LLM layer. Each fails the action that asked, never the heartbeat."""

from __future__ import annotations


class LLMError(Exception):
    """Base of every LLM-layer error."""


class LLMMalformedOutputError(LLMError):
    """The model answered something that is not what the caller asked for."""


class LLMRefusalError(LLMMalformedOutputError):
    """The model (or the provider's content filter) refused to answer."""


class LLMBudgetExceededError(LLMError):
    """The agent's daily token budget is spent."""


class LLMSpendRefusedError(LLMBudgetExceededError):
    """The spend guard refused the call before it was made: the agent (or its owner) is
    paused (``budget exceeded``), or the model has no price under a budget (``no price
    for <provider>/<model>``). The message is what the run's error says."""


class LLMProviderError(LLMError):
    """The provider failed (after the SDK's retries): rate limits, overload, timeouts.

    ``retryable`` says whether another provider may answer instead (429, 5xx, overload,
    a timeout, no connection): an agent's ``fallback`` is tried only then.
    """

    def __init__(self, message: str, *, retryable: bool = False, provider: str = "") -> None:
        super().__init__(message)
        self.retryable = retryable
        self.provider = provider


class LLMConfigurationError(LLMError):
    """The LLM layer is misconfigured (unknown provider, missing dependency or key)."""
