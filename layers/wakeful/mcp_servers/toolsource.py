"""The MCP tools an agent's threads offer: the tools of the servers its ``tools`` names
(``mcp:<server>`` for all of a server's usable, allowed tools, ``mcp:<server>/<tool>``
for one), as tool definitions the thread runtime runs like HTTP tools (kind ``mcp``,
named ``<server>__<tool>``, with the server's description and input schema).

Read at every model turn and tool step of such an agent (two GetItems per server it
names), so a refresh, a change of a server's allowed tools or a deleted server shows
from the next step on.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from wakeful.mcp_servers import models, repository
from wakeful.tools.records import MCP_KIND, ToolDefinition

if TYPE_CHECKING:
    from wakeful.agents.records import Agent

logger = logging.getLogger(__name__)

def entries(agent: Agent) -> list[str]:
    """The agent's ``mcp:`` entries."""
    return [name for name in agent.tools or () if name.startswith(models.PREFIX)]


def definitions_for(agent: Agent) -> dict[str, ToolDefinition]:
    """The MCP tools the agent's threads may call, by the name the model sees."""
    wanted: dict[str, set[str] | None] = {}
    for entry in entries(agent):
        server_name, tool = models.parse_entry(entry)
        if tool is None:
            wanted[server_name] = None
        elif wanted.get(server_name, set()) is not None:
            wanted.setdefault(server_name, set()).add(tool)  # type: ignore[union-attr]
    found: dict[str, ToolDefinition] = {}
    for server_name, tools in sorted(wanted.items()):
        server = repository.by_name(agent.owner, server_name)
        if server is None:
            continue  # deleted since the agent named it: its tools are offered no more
        for offered in server.usable_tools():
            if tools is not None and offered.name not in tools:
                continue
            name = models.model_tool_name(server.name, offered.name)
            if name in found:
                logger.warning("two MCP tools have one name; the first is kept", extra={"agent_id": agent.agent_id, "tool": name})
                continue
            found[name] = ToolDefinition(
                owner=agent.owner,
                name=name,
                kind=MCP_KIND,
                endpoint_url=server.url,
                description=offered.description,
                config={models.CONFIG_SERVER_NAME: server.name, models.CONFIG_SERVER_ID: server.server_id, models.CONFIG_TOOL: offered.name},
                timeout_ms=server.timeout_ms,
                input_schema=offered.input_schema,
            )
    return found
