"""The manifest of MCP servers as a tool source (``wakeful.mcp_servers``).

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
from wakeful.tools.slots import KINDS, ToolKind

NAME = "mcp_servers"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    # An owner's MCP servers (server_key "mcp_<ulid>", time-ordered) and the
    # reservation of each one's name (server_key "name#<name>": names are unique
    # per owner; an agent's tools name servers by name).
    TableSpec("mcp_servers", Attr("owner"), Attr("server_key")),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "mcp_servers": "WAKEFUL_TABLE_MCP_SERVERS",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.mcp_servers.routes"
ROUTE_KEYS: tuple[str, ...] = ("mcp-servers",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.mcp_servers.inputs": ("McpServerCreate", "McpServerPatch"),
    "wakeful.mcp_servers.responses": ("McpServer", "McpServerPage"),
}


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "mcp": "MCP both ways: your MCP servers' tools for your agents' threads (mcp:<server> in an agent's tools), "
            "and Wakeful itself as an MCP server at POST /mcp (docs/mcp.md).",
        },
        conflicts={
            ("post", "/mcp-servers"): "You already have an MCP server with this name, or as many as allowed",
        },
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- listeners: what it plugs into lower capabilities' slots --
# An MCP server's tool is a kind of tool the tools run through this capability.


def _mcp_tool(definition: Any) -> Any:
    from wakeful.mcp_servers.tool import McpTool

    return McpTool(definition)


#: ``wakeful.tools.records.MCP_KIND`` (a manifest imports only the slots it fills).
MCP_KIND = "mcp"

LISTENERS: tuple[tuple[Any, Any], ...] = ((KINDS, ToolKind(MCP_KIND, _mcp_tool)),)

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
