"""The manifest of interception (``wakeful.interceptors``).

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
from wakeful.interceptors.agent_fields import FIELDS as _FIELDS

NAME = "interceptors"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    # An agent's interceptors; the agent item's active_interceptor_id keeps at most
    # one of them active.
    TableSpec("interceptors", Attr("agent_id"), Attr("interceptor_id")),
    # One row per call of an interceptor endpoint, newest first (call_id is
    # time-ordered); rows expire (TTL).
    TableSpec("interceptor_calls", Attr("interceptor_id"), Attr("call_id"), ttl="expires_at"),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "interceptors": "WAKEFUL_TABLE_INTERCEPTORS",
    "interceptor_calls": "WAKEFUL_TABLE_INTERCEPTOR_CALLS",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.interceptors.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/interceptors",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.interceptors.inputs": ("InterceptorCreate", "InterceptorPatch"),
    "wakeful.interceptors.responses": ("Interceptor", "InterceptorCallPage", "InterceptorCreated", "InterceptorPage"),
}


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        conflicts={
            ("post", "/agents/{agent_id}/interceptors"): (
                "The agent already has as many interceptors as allowed, or an active one (at most one may be active)"
            ),
            ("patch", "/agents/{agent_id}/interceptors/{interceptor_id}"): "Another interceptor of the agent is active (at most one may be)",
        },
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = _FIELDS

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
