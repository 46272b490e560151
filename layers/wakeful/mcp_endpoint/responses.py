"""Response models of ``/mcp``."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.api.responses import View


class McpMessage(View):
    """A JSON-RPC message of the Model Context Protocol (``jsonrpc``, ``id``, and a
    ``result`` or an ``error``), or, for an answer the API gives before the MCP server
    reads the request, the API's error shape ``{"error": {"code", "message"}}``."""

    jsonrpc: str | None = Field(default=None, description='"2.0"')
    id: str | int | None = None
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = Field(default=None, description="A JSON-RPC error {code, message, data?}, or the API's {code, message}")
