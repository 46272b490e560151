"""A tool of one of the owner's MCP servers (:mod:`wakeful.mcp_servers`), run like an
HTTP tool: a thread's tool call becomes one ``tools/call`` (in a session of its own,
within the server's ``timeout_ms``); the result (``isError`` included) or the reason of
a failure becomes the ToolResponse the model reads. Nothing is retried: an MCP tool
call carries no idempotency key the protocol defines (Wakeful sends the action id in
``_meta`` as ``wakeful/action_id``)."""

from __future__ import annotations

import logging
import time
from typing import Any

from wakeful import net
from wakeful.mcp_servers import models, repository
from wakeful.mcp_servers.exceptions import McpCallError
from wakeful.tools.base import BaseTool, ToolRequest, ToolResponse
from wakeful.tools.exceptions import ToolCallError
from wakeful.tools.records import MCP_KIND, ToolDefinition

logger = logging.getLogger(__name__)


class McpTool(BaseTool):
    """A tool of one of the owner's MCP servers (``<server>__<tool>``)."""

    kind = MCP_KIND

    def __init__(self, definition: ToolDefinition) -> None:
        self.definition = definition
        self.name = definition.name  # type: ignore[misc]
        self.description = definition.description or ""  # type: ignore[misc]

    def run(self, request: ToolRequest) -> ToolResponse:
        """Call the tool on its server; an error result or a failed call is a failed
        ToolResponse whose error the model reads."""
        from wakeful.mcp_servers import client, service

        config = self.definition.config
        server = repository.get(self.definition.owner, str(config.get(models.CONFIG_SERVER_ID)))
        if server is None:
            raise ToolCallError(f"{self.name}: the MCP server {config.get(models.CONFIG_SERVER_NAME)} was deleted")
        tool = str(config.get(models.CONFIG_TOOL))
        if server.tool(tool) is None:
            raise ToolCallError(f"{self.name}: the MCP server {server.name} no longer offers the tool {tool}")
        arguments = request.tool_call.arguments if request.tool_call is not None else {}
        started = time.perf_counter()
        try:
            where = service.endpoint(server)
            outcome = client.call_tool(where, tool, arguments, deadline=server.call_timeout_seconds, action_id=request.action_id)
        except net.UnsafeUrlError as error:
            raise ToolCallError(f"{self.name}: the MCP server's URL is refused: {error.message}") from None
        except McpCallError as error:
            raise ToolCallError(f"{self.name}: the MCP server call failed: {error}") from None
        logger.info(
            "MCP tool called",
            extra={
                "action_id": request.action_id,
                "mcp_server_id": server.server_id,
                "tool": tool,
                "is_error": outcome.is_error,
                "elapsed_ms": int((time.perf_counter() - started) * 1000),
            },
        )
        if outcome.is_error:
            return ToolResponse(success=False, error=outcome.text or f"{self.name} reported an error without a message")
        return ToolResponse(success=True, output=outcome.text)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "description": self.description, "builtin": False}
