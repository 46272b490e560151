"""The manifest of subscriptions (``wakeful.subscriptions``).

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
from wakeful.tools.slots import DELETING, ToolDeleting

NAME = "subscriptions"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        "subscriptions",
        Attr("subscription_id"),
        indexes=(
            Index("by-owner", Attr("owner"), Attr("created_at", N)),
            # scope is "agent#<agent_id>" or "owner#<owner>" (every agent of the owner)
            Index("by-scope", Attr("scope"), Attr("subscription_id")),
        ),
    ),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "subscriptions": "WAKEFUL_TABLE_SUBSCRIPTIONS",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.subscriptions.routes"
ROUTE_KEYS: tuple[str, ...] = ("subscriptions",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.subscriptions.inputs": ("SubscriptionIn", "SubscriptionPatch"),
    "wakeful.subscriptions.responses": ("Subscription", "SubscriptionPage"),
}


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "subscriptions": "A subscription runs a tool for every event of a type, for one agent or all of the owner's.",
        },
        conflicts={
            ("post", "/subscriptions"): "The same tool is already subscribed to this event type for this scope",
        },
        not_found={
            ("post", "/subscriptions"): "The agent_id of the body is not one of your agents",
        },
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- listeners: what it plugs into lower capabilities' slots --
# A tool's subscriptions go with it.


def _tool_deleting(owner: str, tool_name: str) -> None:
    from wakeful.subscriptions import service

    service.delete_for_tool(owner, tool_name)


LISTENERS: tuple[tuple[Any, Any], ...] = ((DELETING, ToolDeleting(NAME, _tool_deleting)),)

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
