"""Errors about MCP servers."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, ValidationError, WakefulError


class McpServerError(WakefulError):
    """Base of the MCP server errors."""


class McpServerNotFoundError(NotFoundError):
    """No such MCP server for this owner."""


class McpServerNameTakenError(ConflictError):
    """The owner already has an MCP server with this name."""


class McpServerLimitError(ConflictError):
    """The owner already has as many MCP servers as allowed."""


class McpServerUnreachableError(ValidationError):
    """The URL could not be listed as an MCP server (no answer, not MCP, an error)."""

    code = "mcp_server_unreachable"


class McpCallError(McpServerError):
    """One exchange with an MCP server failed; the message says why, for a person or a
    model to read (never a header's value)."""
