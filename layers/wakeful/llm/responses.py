"""Response models of ``/agents/{id}/llm``."""

from __future__ import annotations

from pydantic import Field

from wakeful.apikit.responses import Page, View


class LLMUsage(View):
    """An agent's model usage for one UTC day, over every provider."""

    day: str
    tokens: int
    input_tokens: int
    output_tokens: int
    cache_read_input_tokens: int
    cache_creation_input_tokens: int
    cost_usd: float
    calls: int


class LLMModelUsage(View):
    """An agent's usage of one provider and model for one UTC day."""

    provider: str
    model: str
    calls: int = Field(description="Answered calls")
    failed_calls: int = Field(description="Attempts that failed (e.g. before a fallback answered)")
    tokens: int
    input_tokens: int
    output_tokens: int
    cache_read_input_tokens: int
    cache_creation_input_tokens: int
    cost_usd: float


class LLMFallback(View):
    """A fallback model."""

    provider: str
    model: str
    base_url: str | None = None


class LLMSettings(View):
    """An agent's LLM settings (never its key), today's usage and its daily budget."""

    provider: str = Field(description="The provider the agent's calls go to")
    provider_reason: str | None
    default_provider: str
    default_model: str | None
    model: str | None
    effective_model: str
    base_url: str | None
    api_key_set: bool = Field(description="Whether the agent has a key of its own (the key is never shown)")
    fallback: list[LLMFallback]
    triage: LLMFallback | None = Field(default=None, description="The model asked first on heartbeat schedule runs, if any")
    tool_models: dict[str, str]
    daily_token_budget: int | None
    thinking_budget_tokens: int | None
    usage_today: LLMUsage
    usage_by_model: list[LLMModelUsage] = Field(description="Today's usage per provider and model")


class LLMPrice(View):
    """One entry of the price table, in US dollars per million tokens."""

    provider: str = Field(description="The provider, or `*` for any")
    model: str = Field(description="The model; a trailing `*` makes it a prefix")
    input_per_mtok: float
    output_per_mtok: float
    cache_read_per_mtok: float
    cache_write_per_mtok: float
    source: str = Field(description="`builtin`, or `deployment` (WAKEFUL_LLM_PRICES)")


class LLMPricePage(Page):
    """The price table every model call is priced from (the deployment's entries first)."""

    items: list[LLMPrice]
    as_of: str = Field(description="The day the built-in prices were read (YYYY-MM-DD)")
    sources: list[str] = Field(description="Where the built-in prices come from")
