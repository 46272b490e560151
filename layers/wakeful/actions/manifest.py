"""The manifest of actions (``wakeful.actions``).

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

NAME = "actions"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        "actions",
        Attr("action_id"),
        indexes=(
            Index("by-heartbeat", Attr("heartbeat_id"), Attr("order_key")),
            Index("by-agent", Attr("agent_id"), Attr("created_at", N)),
            Index("by-owner", Attr("owner"), Attr("created_at", N)),
        ),
        ttl="expires_at",  # set when the action finishes (WAKEFUL_RETENTION_DAYS)
    ),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "actions": "WAKEFUL_TABLE_ACTIONS",
}
QUEUES: tuple[QueueSpec, ...] = (
    # FIFO, one message group per agent: a heartbeat's actions run in the order the
    # orchestrator dispatched them (execution_order).
    QueueSpec("action", "WAKEFUL_QUEUE_ACTION_URL", fifo=True, function="tool_runner"),
)
FUNCTIONS: tuple[str, ...] = (
    "tool_runner",  # SQS FIFO action queue -> one action
)
ACTIONS_COMPLETED = "ActionsCompleted"
ACTIONS_FAILED = "ActionsFailed"
#: The metrics it emits: name -> unit.
METRICS: Mapping[str, str] = {
    ACTIONS_COMPLETED: "Count",
    ACTIONS_FAILED: "Count",
}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.actions.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/actions",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.actions.inputs": ("ApprovalIn",),
    "wakeful.actions.responses": ("ActionPage", "Action"),
}


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "actions": "One action per (event, subscription): a tool run with its request, response and timing.",
        },
        conflicts={
            ("post", "/agents/{agent_id}/actions/{action_id}/approval"): "The action is not waiting for an approval (decided already, or never parked)",
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
