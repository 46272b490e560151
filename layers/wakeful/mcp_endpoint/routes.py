"""``/mcp``: Wakeful's MCP server (Streamable HTTP, stateless, JSON answers).

The API checks the bearer key before the route runs (no key or a bad one: 401), so the
MCP server serves the key's owner only. The SDK is imported on the first ``POST /mcp``
(:mod:`wakeful.mcp_endpoint.server`), never at the API function's start.
"""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from wakeful.api.common import owner, respond
from wakeful.api.routing import JSON, Router

router = Router()
TAGS = ["mcp"]
_ANSWER = {"content": {JSON: {"model": "McpMessage"}}}


@router.post(
    "/mcp",
    summary="Wakeful as an MCP server: one JSON-RPC message of the Model Context Protocol (Streamable HTTP, stateless)",
    description=(
        "The Model Context Protocol over Streamable HTTP, stateless (no Mcp-Session-Id), every answer one JSON body "
        "(clients that accept text/event-stream get application/json too). The body is one JSON-RPC message: "
        "initialize, notifications/initialized, ping, tools/list, tools/call (or server/discover). The tools see the "
        "API key's owner's agents and threads only: list_agents, post_event, start_thread, get_thread, "
        "create_schedule, list_pending_approvals, decide_approval (docs/mcp.md)."
    ),
    tags=TAGS,
    responses={
        200: {"description": "A JSON-RPC response (a result, or an error)", **_ANSWER},
        202: {"description": "A notification or response, accepted (no body)"},
        400: {"description": "Not a JSON-RPC message of the protocol, or a body the API cannot read", **_ANSWER},
        406: {"description": "The Accept header does not take application/json", **_ANSWER},
        413: {"description": "Body too large", **_ANSWER},
        415: {"description": "Not sent as application/json", **_ANSWER},
    },
    operation_id="mcp_post",
)
def mcp_post():
    from wakeful.mcp_endpoint import server

    status, headers, body = server.handle(router.current_event.raw_event, owner(router))
    content_type = headers.pop("content-type", JSON)
    kept = {k: v for k, v in headers.items() if k not in ("content-length", "connection", "transfer-encoding")}
    return Response(status_code=status, content_type=content_type, body=body.decode("utf-8", "replace"), headers=kept)


@router.get(
    "/mcp",
    summary="Not served: the MCP server is stateless and sends nothing unasked (405)",
    tags=TAGS,
    responses={405: {"description": "Use POST", "content": {JSON: {"model": "McpMessage"}}}},
    operation_id="mcp_get",
)
def mcp_get():
    message = "Wakeful's MCP server is stateless: it opens no stream for server-sent messages; POST JSON-RPC messages"
    return respond(405, {"error": {"code": "method_not_allowed", "message": message}}, headers={"Allow": "POST"})
