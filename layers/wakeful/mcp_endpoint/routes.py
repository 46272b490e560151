"""``/mcp``: Wakeful's MCP server (Streamable HTTP, stateless, JSON answers).

The API checks the bearer key before the route runs (no key or a bad one: 401), so the
MCP server serves the key's owner only. The SDK is imported on the first ``POST /mcp``
(:mod:`wakeful.mcp_endpoint.server`), never at the API function's start.

A request the MCP transport refuses (not a JSON-RPC message, an ``Accept`` without
``application/json``, ...) is answered in the API's error shape, with a status of the
API's list: every error of the API reads the same. JSON-RPC errors of a message it
reads (an unknown method, bad params) are JSON-RPC answers (200), as the protocol says.
"""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.event_handler.api_gateway import Response

from wakeful.apikit.common import owner, respond
from wakeful.apikit.routing import JSON, Router, ok

router = Router()
TAGS = ["mcp"]

#: The transport's refusals as the API's errors: its status -> (code, the API's status).
_REFUSALS = {
    400: ("bad_request", 400),
    404: ("not_found", 404),
    406: ("bad_request", 400),  # Accept lacks application/json
    413: ("payload_too_large", 413),
    415: ("unsupported_media_type", 415),
}


@router.post(
    "/mcp",
    summary="Wakeful as an MCP server: one JSON-RPC message of the Model Context Protocol (Streamable HTTP, stateless)",
    description=(
        "The Model Context Protocol over Streamable HTTP, stateless (no Mcp-Session-Id), every answer one JSON body "
        "(clients that accept text/event-stream get application/json too). The body is one JSON-RPC message: "
        "initialize, notifications/initialized, ping, tools/list, tools/call (or server/discover). The tools see the "
        "API key's owner's agents and threads only: list_agents, post_event, start_thread, get_thread, "
        "create_schedule, list_pending_approvals, decide_approval (docs/mcp.md). A message the transport refuses "
        "(not JSON-RPC, an Accept without application/json) answers 400 in the API's error shape."
    ),
    tags=TAGS,
    responses={
        **ok("McpMessage", 200, "A JSON-RPC response: a result, or a JSON-RPC error"),
        202: {"description": "A notification (or a response), accepted: no body"},
    },
    operation_id="mcp_post",
)
def mcp_post():
    from wakeful.mcp_endpoint import server

    status, headers, body = server.handle(router.current_event.raw_event, owner(router))
    if status >= 400:
        return _refusal(status, body)
    if not body:
        return Response(status_code=status, content_type=None, body="")
    return Response(status_code=status, content_type=JSON, body=body.decode("utf-8", "replace"))


def _refusal(status: int, body: bytes) -> Response:
    code, answered = _REFUSALS.get(status, ("bad_request", 400)) if status < 500 else ("internal_error", 500)
    return respond(answered, {"error": {"code": code, "message": f"MCP: {_jsonrpc_message(body) or f'HTTP {status}'}"}})


def _jsonrpc_message(body: bytes) -> str | None:
    try:
        parsed: Any = json.loads(body)
    except ValueError:
        return None
    error = parsed.get("error") if isinstance(parsed, dict) else None
    message = error.get("message") if isinstance(error, dict) else None
    return str(message) if message else None


@router.get(
    "/mcp",
    summary="Not served: the MCP server is stateless and sends nothing unasked (405)",
    tags=TAGS,
    responses={405: {"description": "Use POST: there is no stream of server-sent messages"}},
    operation_id="mcp_get",
)
def mcp_get():
    message = "Wakeful's MCP server is stateless: it opens no stream for server-sent messages; POST JSON-RPC messages"
    return respond(405, {"error": {"code": "method_not_allowed", "message": message}}, headers={"Allow": "POST"})
