"""The manifest of tools (``wakeful.tools``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wakeful.agents.slots import DELETED, DeletedListener
from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.tablespec import Attr, TableSpec

if TYPE_CHECKING:
    from wakeful.agents.records import Agent

NAME = "tools"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec("tools", Attr("owner"), Attr("name")),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "tools": "WAKEFUL_TABLE_TOOLS",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.tools.routes"
ROUTE_KEYS: tuple[str, ...] = ("tools", "agents/tools")
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.tools.inputs": ("ToolIn", "ToolSettingsPatch"),
    "wakeful.tools.responses": ("AgentTool", "AgentToolPage", "Tool", "ToolCreated", "ToolPage"),
}


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "tools": "HTTP tools receive a signed ToolRequest and answer a ToolResponse (docs/api.md, 'The HTTP tool protocol').",
        },
        conflicts={
            ("post", "/tools"): "A built-in tool or another of your tools already has this name",
        },
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- listeners: what it plugs into lower capabilities' slots --
# An agent's tool settings go with it.


def _agent_deleted(agent: Agent) -> None:
    from wakeful.tools import configs

    configs.delete_for_agent(agent.agent_id)


LISTENERS: tuple[tuple[Any, Any], ...] = ((DELETED, DeletedListener(NAME, _agent_deleted)),)

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
