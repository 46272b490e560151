"""Shapes of the "ask a model" interface: what is asked, what comes back, what it cost."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import BaseModel


@dataclass(frozen=True)
class ResponseSpec:
    """The structured answer a call asks for.

    It is offered to the model as a tool (``name``, ``description``, ``input_schema``) that
    the model is forced to call; ``model`` validates the answer.
    """

    name: str
    description: str
    input_schema: dict[str, Any]
    model: type[BaseModel]

    def tool_definition(self) -> dict[str, Any]:
        """The Messages API tool definition."""
        return {"name": self.name, "description": self.description, "input_schema": self.input_schema}


@dataclass(frozen=True)
class LLMRequest:
    """One question to a model.

    Attributes:
        task: the instructions for this call (the user turn, before the data).
        data: the facts the model decides on, sent as JSON.
        response: the structured answer wanted.
        agent: the agent's context (name, alias, expertise, focus areas, personality).
        guide: the stable system text shared by every call (cached).
        catalog: every ResponseSpec offered as a tool, so that the tool definitions stay
            identical across calls and hit the prompt cache (``response`` is forced).
        max_tokens: cap on the answer.
        temperature: optional sampling temperature.
    """

    task: str
    data: dict[str, Any]
    response: ResponseSpec
    agent: dict[str, Any]
    guide: str = ""
    catalog: tuple[ResponseSpec, ...] = ()
    max_tokens: int = 1024
    temperature: float | None = None


@dataclass(frozen=True)
class Usage:
    """Tokens and cost of one call (or of several, summed)."""

    model: str
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cost_usd: float = 0.0
    provider: str = ""
    calls: int = 1

    @property
    def total_tokens(self) -> int:
        """Every token the call was billed for (what the daily budget counts)."""
        return self.input_tokens + self.output_tokens + self.cache_read_input_tokens + self.cache_creation_input_tokens

    def as_dict(self) -> dict[str, Any]:
        """The ``usage_stats`` shape."""
        return {
            "model": self.model,
            "provider": self.provider,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cache_read_input_tokens": self.cache_read_input_tokens,
            "cache_creation_input_tokens": self.cache_creation_input_tokens,
            "cost_usd": round(self.cost_usd, 6),
            "calls": self.calls,
        }


@dataclass(frozen=True)
class RawAnswer:
    """What a provider returns before validation: Messages API content blocks
    (``{"type": "tool_use", "name", "input"}`` or ``{"type": "text", "text"}``) and usage."""

    content: list[dict[str, Any]]
    usage: Usage
    stop_reason: str | None = None


@dataclass(frozen=True)
class Answer:
    """A validated answer."""

    #: An instance of the response spec's model (its fields are the spec's, hence Any).
    data: Any
    usage: Usage
    memoized: bool = False
    step: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Endpoint:
    """Where one call goes: the provider, the model, and for OpenAI-compatible endpoints
    the base URL; ``api_key`` is the agent's own key (plaintext, only in memory), else
    the deployment's key is used. ``checked`` says ``base_url`` came from a user and goes
    through the outbound URL policy on every call."""

    provider: str
    model: str
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    checked: bool = False
