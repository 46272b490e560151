"""The MCP servers plug their tool kind into the tools' slot under the tools' own name
for it, so a definition of that kind runs as an MCP server's tool."""

from __future__ import annotations

from wakeful import assembly
from wakeful.mcp_servers import manifest
from wakeful.mcp_servers.tool import McpTool
from wakeful.tools import registry
from wakeful.tools.records import MCP_KIND, ToolDefinition


def test_the_mcp_kind_the_manifest_plugs_is_the_tools_own_and_runs_as_an_mcp_tool() -> None:
    assert manifest.MCP_KIND == MCP_KIND
    assembly.install()
    definition = ToolDefinition.from_item({"owner": "o", "name": "srv__echo", "kind": MCP_KIND, "config": {}})
    assert isinstance(registry.runnable(definition), McpTool)
