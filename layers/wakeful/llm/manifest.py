"""The manifest of the model calls (``wakeful.llm``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.llm.slots import DEFAULT_MODEL, PROVIDERS, ProviderEntry, names
from wakeful.tablespec import Attr, TableSpec

NAME = "llm"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    # Per-agent LLM state: "settings", "usage#<YYYY-MM-DD>", "answer#<action>#<step>"
    TableSpec("llm", Attr("agent_id"), Attr("record_key"), ttl="expires_at"),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "llm": "WAKEFUL_TABLE_LLM",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
LLM_CALLS = "LlmCalls"
LLM_INPUT_TOKENS = "LlmInputTokens"
LLM_OUTPUT_TOKENS = "LlmOutputTokens"
LLM_CACHE_READ_TOKENS = "LlmCacheReadTokens"
LLM_COST_MICRO_USD = "LlmCostMicroUsd"
LLM_BUDGET_EXCEEDED = "LlmBudgetExceeded"
#: The metrics it emits: name -> unit.
METRICS: Mapping[str, str] = {
    LLM_CALLS: "Count",
    LLM_INPUT_TOKENS: "Count",
    LLM_OUTPUT_TOKENS: "Count",
    LLM_CACHE_READ_TOKENS: "Count",
    LLM_COST_MICRO_USD: "Count",
    LLM_BUDGET_EXCEEDED: "Count",
}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.llm.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/llm", "llm")
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.llm.inputs": ("LLMSettingsIn",),
    "wakeful.llm.responses": ("LLMSettings", "LLMPricePage"),
}


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "llm": "The model an agent's built-in tools use, and its daily token budget.",
        },
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --


#: ``WAKEFUL_LLM_PROVIDER`` names an installed provider (:data:`wakeful.llm.slots.PROVIDERS`).
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {"WAKEFUL_LLM_PROVIDER": names}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- model providers: one entry each (the llm slot PROVIDERS) --
#: Bedrock model ids (``vendor.model``, ``geo.vendor.model``) and model, inference
#: profile or provisioned throughput ARNs.
BEDROCK_MODEL = r"^(arn:aws[a-z-]*:bedrock:[a-z0-9-]+:(\d{12})?:[a-z-]+/[A-Za-z0-9._:/-]+|[a-z0-9-]+\.[A-Za-z0-9._:-]+)$"


def _anthropic() -> Callable[[], Any]:
    from wakeful.llm.providers.anthropic_provider import AnthropicProvider

    return AnthropicProvider


def _bedrock() -> Callable[[], Any]:
    from wakeful.llm.providers.bedrock_provider import BedrockProvider

    return BedrockProvider


def _openai() -> Callable[[], Any]:
    from wakeful.llm.providers.openai_provider import OpenAIProvider

    return OpenAIProvider


def _scripted() -> Callable[[], Any]:
    from wakeful.llm.providers.scripted import ScriptedProvider

    return ScriptedProvider


def _claude(model: str) -> str | None:
    return None if model.startswith("claude") else f"{model!r} is not an Anthropic model (they are named claude-…)"


def _bedrock_model(model: str) -> str | None:
    import re

    if re.match(BEDROCK_MODEL, model):
        return None
    return (
        f"{model!r} is not a Bedrock model id (e.g. anthropic.claude-sonnet-4-5-20250929-v1:0, "
        "us.anthropic.claude-sonnet-4-5-20250929-v1:0, or an inference profile ARN)"
    )


#: Wakeful's own model providers, in the order messages list them: a provider plugs in
#: with one module in ``llm/providers/`` and one entry here.
BUILTIN_PROVIDERS: tuple[ProviderEntry, ...] = (
    ProviderEntry("anthropic", _anthropic, DEFAULT_MODEL, model_check=_claude),
    # Claude on Bedrock through a US cross-region inference profile.
    ProviderEntry(
        "bedrock",
        _bedrock,
        "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
        stack_optional=True,
        model_env="WAKEFUL_BEDROCK_MODEL",
        model_check=_bedrock_model,
    ),
    ProviderEntry("openai", _openai, "gpt-4o-mini", stack_optional=True, model_env="WAKEFUL_OPENAI_MODEL", takes_base_url=True),
    # Deterministic answers for offline runs: a deployment's choice, not an agent's.
    ProviderEntry("scripted", _scripted, DEFAULT_MODEL, agent_choosable=False),
)

# -- listeners: what it plugs into lower capabilities' slots --
LISTENERS: tuple[tuple[Any, Any], ...] = tuple((PROVIDERS, entry) for entry in BUILTIN_PROVIDERS)

MANIFEST = Capability(
    name=NAME,
    tables=TABLES,
    table_env=TABLE_ENV,
    queues=QUEUES,
    functions=FUNCTIONS,
    metrics=METRICS,
    routes=ROUTES,
    route_keys=ROUTE_KEYS,
    models=MODELS,
    openapi=OPENAPI,
    agent_fields=AGENT_FIELDS,
    env_choices=ENV_CHOICES,
    endpoints=ENDPOINTS,
    listeners=LISTENERS,
)
