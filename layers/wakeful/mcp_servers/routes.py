"""MCP server routes: ``/mcp-servers[/{server_id}[/refresh]]``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, no_content, ok
from wakeful.mcp_servers import service
from wakeful.pagination import MAX_LIMIT

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.mcp_servers.inputs import McpServerCreate, McpServerPatch

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]
Cursor = Annotated[str | None, Query(description="The 'next' value of the previous page")]
TAGS = ["mcp"]


@router.post(
    "/mcp-servers",
    summary="Register an MCP server (Streamable HTTP): Wakeful initializes a session and lists its tools first",
    tags=TAGS,
    responses=ok("McpServer", 201, "The server and the tools agents may use"),
)
def create_mcp_server(body: McpServerCreate):
    return respond(201, service.create(owner(router), body).public())


@router.get("/mcp-servers", summary="List your MCP servers, newest first", tags=TAGS, responses=ok("McpServerPage"))
def list_mcp_servers(limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.list_page(owner(router), limit, cursor)
    return respond(200, page([s.public() for s in items], next_cursor))


@router.get("/mcp-servers/<server_id>", summary="Get an MCP server and its tools", tags=TAGS, responses=ok("McpServer"))
def get_mcp_server(server_id: str):
    return respond(200, service.get(owner(router), server_id).public())


@router.patch(
    "/mcp-servers/<server_id>",
    summary="Change an MCP server (a new url or headers lists its tools again)",
    tags=TAGS,
    responses=ok("McpServer"),
)
def patch_mcp_server(server_id: str, body: McpServerPatch):
    return respond(200, service.patch(owner(router), server_id, body).public())


@router.delete("/mcp-servers/<server_id>", summary="Delete an MCP server", tags=TAGS, responses=no_content())
def delete_mcp_server(server_id: str):
    service.delete(owner(router), server_id)
    return respond(204, None)


@router.post(
    "/mcp-servers/<server_id>/refresh",
    summary="List the MCP server's tools again",
    tags=TAGS,
    responses=ok("McpServer"),
)
def refresh_mcp_server(server_id: str):
    return respond(200, service.refresh(owner(router), server_id).public())
