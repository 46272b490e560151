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
ROUTE_KEYS: tuple[str, ...] = ("agents/llm",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.llm.inputs": ("LLMSettingsIn",),
    "wakeful.llm.responses": ("LLMSettings",),
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
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- listeners: what it plugs into lower capabilities' slots --
LISTENERS: tuple[tuple[Any, Any], ...] = ()

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
