"""Response models of the MCP server routes."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class McpServerTool(View):
    """A tool of the server that agents may use; the model sees it as ``<server>__<tool>``."""

    name: str
    description: str
    input_schema: dict[str, Any] = Field(description="JSON Schema of the arguments (an object)")


class McpSkippedTool(View):
    """A tool left out, and why."""

    name: str
    reason: str


class McpServerInfo(View):
    """Who the server says it is, at its last listing."""

    name: str | None
    version: str | None
    protocol_version: str | None = Field(description="The MCP protocol version agreed")


class McpServer(View):
    """An MCP server (never its headers' values)."""

    id: str
    name: str
    url: str
    tools: list[McpServerTool] = Field(description="The tools agents may use (listed, usable, allowed)")
    skipped: list[McpSkippedTool] = Field(
        description="Tools left out: names or schemas a model cannot be given, over a limit, not allowed, or allowed but not listed"
    )
    allowed_tools: list[str] | None = Field(description="The tools field: null allows every tool")
    header_names: list[str] = Field(description="The headers set (values are write-only)")
    timeout_ms: int
    server_info: McpServerInfo
    listed_at: str | None
    created_at: str | None
    updated_at: str | None


class McpServerPage(Page):
    """A page of MCP servers, newest first."""

    items: list[McpServer]
