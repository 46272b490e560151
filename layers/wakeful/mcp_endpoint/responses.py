"""Response models of ``/mcp``."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import View


class McpMessage(View):
    """A JSON-RPC response of the Model Context Protocol: ``jsonrpc``, the request's
    ``id``, and a ``result`` or a JSON-RPC ``error``."""

    jsonrpc: str = Field(description='"2.0"')
    id: str | int | None = None
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = Field(default=None, description="A JSON-RPC error: {code (an integer), message, data?}")
