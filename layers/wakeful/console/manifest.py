"""The manifest of the web console (``wakeful.console``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wakeful.capabilities import Capability, QueueSpec
from wakeful.tablespec import TableSpec

NAME = "console"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = ()
TABLE_ENV: Mapping[str, str] = {}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.console.routes"
ROUTE_KEYS: tuple[str, ...] = ("console",)
MODELS: Mapping[str, tuple[str, ...]] = {}
OPENAPI: Callable[[], Any] | None = None

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
