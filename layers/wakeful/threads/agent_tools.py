"""The check of an agent's ``tools`` (the threads' agent field): each entry names a
tool the agent's owner may use."""

from __future__ import annotations

from wakeful.agents.exceptions import AgentToolsUnknownError

#: An agent's ``tools`` entry naming an MCP server's tools: ``mcp:<server>`` (all of
#: them) or ``mcp:<server>/<tool>``.
MCP_PREFIX = "mcp:"


def check_tools(owner: str, names: list[str], *, preset: str | None = None) -> None:
    """Refuse an agent's ``tools`` unless each names a tool its owner may use: one of
    the owner's HTTP or Lambda tools, a built-in tool, a tool ``preset`` registers, or
    (``mcp:`` entries) an MCP server's tools.

    Raises:
        AgentToolsUnknownError: naming every entry that is none of these.
    """
    wanted = list(dict.fromkeys(names))
    plain = [name for name in wanted if not name.startswith(MCP_PREFIX)]
    usable = usable_tools(owner, preset) if plain else frozenset()
    unknown = [name for name in plain if name not in usable]
    unknown += _unknown_mcp_entries(owner, [name for name in wanted if name.startswith(MCP_PREFIX)])
    if unknown:
        raise AgentToolsUnknownError(
            f"tools names tools you cannot use: {', '.join(unknown)} "
            "(GET /tools lists yours and the built-ins; register a tool with POST /tools first; "
            "mcp:<server> and mcp:<server>/<tool> name a server of GET /mcp-servers and one of its tools)"
        )


def usable_tools(owner: str, preset: str | None = None) -> frozenset[str]:
    """The names an agent's ``tools`` may use (MCP entries aside): the owner's HTTP and
    Lambda tools, the built-in tools, and the tools ``preset`` registers."""
    from wakeful import capabilities
    from wakeful.tools import registry
    from wakeful.tools import repository as tool_repository
    from wakeful.tools.records import ToolDefinition

    own = {record.name for record in tool_repository.partition(owner) if isinstance(record, ToolDefinition)}
    return frozenset(own | set(registry.builtins()) | set(capabilities.preset_tools(preset)))


def _unknown_mcp_entries(owner: str, entries: list[str]) -> list[str]:
    """The ``mcp:`` entries that name no MCP server of the owner, or a tool its server
    does not offer."""
    if not entries:
        return []
    from wakeful.mcp_servers import service as mcp_servers

    return mcp_servers.unknown_entries(owner, entries)
