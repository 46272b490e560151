"""The ``PATCH /agents/{id}/llm`` body (pydantic): loaded by the API when a request has
a body, never by the functions that call a model."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from wakeful.inputs import Body, OneOf, Patch, SecretToken
from wakeful.llm import slots

#: A provider an agent may choose (:func:`wakeful.llm.slots.agent_names`).
ProviderName = Annotated[str, OneOf(slots.agent_names)]
#: A model name as providers spell them: ``claude-sonnet-4-6``, ``gpt-4o-mini``,
#: ``deepseek/deepseek-chat``, ``qwen2.5:7b``, a Bedrock model id or inference profile ARN.
MODEL_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:@/-]*$"
MODEL_MAX = 200


class FallbackIn(Body):
    """One fallback model, tried when the one before fails with 429, 5xx, overload or a
    timeout (after its retries)."""

    provider: ProviderName
    model: str = Field(min_length=1, max_length=MODEL_MAX, pattern=MODEL_PATTERN)
    base_url: str | None = Field(default=None, min_length=1, max_length=2048, description="openai only")


class TriageIn(FallbackIn):
    """The triage model: asked first on heartbeat schedule runs; its ``HEARTBEAT_OK`` ends
    the run, anything else is asked again of the agent's model."""


class LLMSettingsIn(Patch):
    """``PATCH /agents/{id}/llm``; null removes a setting (back to the default)."""

    provider: ProviderName | None = Field(
        default=None, description="anthropic, bedrock or openai; null: the deployment's default (WAKEFUL_LLM_PROVIDER)"
    )
    model: str | None = Field(default=None, min_length=1, max_length=MODEL_MAX, pattern=MODEL_PATTERN)
    base_url: str | None = Field(
        default=None,
        min_length=1,
        max_length=2048,
        description=(
            "openai only: the OpenAI-compatible endpoint (e.g. https://openrouter.ai/api/v1), judged by the outbound URL policy; "
            "dropped when the provider moves off openai"
        ),
    )
    api_key: SecretToken | None = Field(
        default=None,
        min_length=1,
        max_length=4096,
        description=(
            "Write-only: the agent's own key for its provider, sealed at rest and never returned; null removes it; "
            "dropped when provider or base_url change without a new key. Visible ASCII characters only (it is sent "
            "in a header): a space, a line break or another control character is a 422"
        ),
    )
    fallback: list[FallbackIn] | None = Field(default=None, max_length=5)
    triage: TriageIn | None = Field(
        default=None,
        description=(
            "A cheaper model asked first on heartbeat schedule runs: HEARTBEAT_OK from it ends the run as heartbeat_ok; "
            "any other answer (or a tool call, never run) runs the turn again with the agent's model. Null removes it"
        ),
    )
    tool_models: dict[str, str] | None = Field(default=None, max_length=50)
    daily_token_budget: int | None = Field(default=None, ge=0, le=1_000_000_000)
    thinking_budget_tokens: int | None = Field(
        default=None,
        ge=1024,
        le=30_000,
        description=(
            "Extended thinking for the agent's threads: the model may think up to this many tokens "
            "before it answers (streamed as reasoning); max_tokens grows by it. Null turns thinking off."
        ),
    )
