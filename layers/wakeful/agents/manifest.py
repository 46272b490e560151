"""The manifest of agents (``wakeful.agents``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.tablespec import N, Attr, Index, TableSpec

NAME = "agents"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        "agents",
        Attr("agent_id"),
        # @alias lookups read the alias reservation in ``idempotency`` (per owner).
        indexes=(Index("by-owner", Attr("owner"), Attr("created_at", N)),),
    ),
    TableSpec("idempotency", Attr("key"), ttl="expires_at"),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "agents": "WAKEFUL_TABLE_AGENTS",
    "idempotency": "WAKEFUL_TABLE_IDEMPOTENCY",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.agents.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.agents.inputs": ("AgentCreate", "AgentPatch"),
    "wakeful.agents.responses": ("Agent", "AgentPage"),
}


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "agents": "An agent wakes on heartbeats (every heartbeat_interval_seconds, or at once on POST .../heartbeats) "
            "and runs the tools subscribed to the events of its log.",
        },
        conflicts={
            ("post", "/agents"): "You already have an agent with this alias",
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
