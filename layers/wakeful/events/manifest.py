"""The manifest of the event log (``wakeful.events``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.tablespec import N, Attr, TableSpec

NAME = "events"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec("events", Attr("agent_id"), Attr("seq", N), ttl="expires_at"),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "events": "WAKEFUL_TABLE_EVENTS",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.events.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/events", "events")
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.events.inputs": ("EventIn", "BroadcastIn"),
    "wakeful.events.responses": ("EventAccepted", "EventPage", "BroadcastAccepted"),
}

_SAME_KEY = "the Idempotency-Key was used within 24 h for a different body"
_BUSY_LOG = "the agent's log had too many concurrent appends (retry)"


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "events": "The log is append-only; seq is per agent, from 1, without gaps, and never restarts.",
        },
        conflicts={
            ("post", "/agents/{agent_id}/events"): f"{_SAME_KEY.capitalize()}, or {_BUSY_LOG}",
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
