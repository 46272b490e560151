"""Wakeful's MCP server: the official MCP SDK's low-level ``Server`` behind its
Streamable HTTP transport, stateless and answering JSON, driven by one API Gateway
proxy event at a time.

Each ``POST /mcp`` runs in a fresh session manager (``stateless=True``,
``json_response=True``: no session id, nothing kept between requests, every answer one
JSON body) inside ``anyio.run``; the proxy event becomes an ASGI request and the SDK's
ASGI answer becomes the proxy answer. The SDK speaks both protocol eras this way: the
``initialize`` handshake (2025 versions), and ``server/discover`` with per-request
versions (2026-07-28).

A request whose ``id`` is neither a string nor an integer gets a JSON-RPC Invalid
Request error before the SDK sees it (:func:`invalid_request`).

The request's owner (the API key's, checked by the API before this runs) reaches the
tools through a context variable; the tools are :mod:`wakeful.mcp_endpoint.tools`.

The SDK (about 2 s of imports on a cold start) is imported by the first request, never
at the API function's start (and this module imports without it).
"""

from __future__ import annotations

import base64
import contextvars
import json
import logging
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from wakeful import aio
from wakeful.mcp_endpoint import tools

if TYPE_CHECKING:
    import mcp_types as types
    from mcp.server.lowlevel.server import Server

logger = logging.getLogger(__name__)

SERVER_NAME = "wakeful"
SERVER_VERSION = "1"
INSTRUCTIONS = (
    "Wakeful runs proactive AI agents. list_agents gives your agents' ids; post_event appends to an agent's log; "
    "start_thread asks an agent something (read the answer with get_thread, include_messages true); "
    "create_schedule makes it run on a cron; list_pending_approvals and decide_approval handle the tool calls "
    "that wait for a person."
)
#: JSON-RPC 2.0's code of a message that is not a valid request object.
INVALID_REQUEST = -32600
#: The largest request body the transport reads (the API screens bodies over 512 KiB first).
MAX_REQUEST_BYTES = 1024 * 1024

_owner: contextvars.ContextVar[str] = contextvars.ContextVar("mcp_owner")


async def _list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    import mcp_types as types

    return types.ListToolsResult(tools=[_tool(t) for t in tools.TOOLS])


def _tool(tool: tools.Tool) -> types.Tool:
    import mcp_types as types

    return types.Tool(
        name=tool.name,
        description=tool.description,
        input_schema=tool.input_schema(),
        annotations=types.ToolAnnotations(read_only_hint=tool.read_only, destructive_hint=False),
    )


async def _call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
    import mcp_types as types

    answer, is_error = tools.call(_owner.get(), params.name, params.arguments)
    logger.info("MCP tool called", extra={"tool": params.name, "is_error": is_error})
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=tools.as_text(answer))],
        structured_content=answer,
        is_error=is_error,
    )


def _input_schema(name: str) -> dict[str, Any] | None:
    tool = tools.BY_NAME.get(name)
    return None if tool is None else tool.input_schema()


@lru_cache(maxsize=1)
def server() -> Server[Any]:
    """The SDK server (built once per process; it holds no request's state)."""
    from mcp.server.lowlevel.server import Server

    return Server(
        SERVER_NAME,
        version=SERVER_VERSION,
        instructions=INSTRUCTIONS,
        get_tool_input_schema=_input_schema,
        on_list_tools=_list_tools,
        on_call_tool=_call_tool,
    )


# -- one proxy event through the SDK's ASGI transport ----------------------------------


def handle(event: Mapping[str, Any], owner: str) -> tuple[int, dict[str, str], bytes]:
    """Serve one ``POST /mcp`` proxy event for ``owner``: (status, headers, body)."""
    refused = invalid_request(_body(event))
    if refused is not None:
        return 200, {"content-type": "application/json"}, refused
    token = _owner.set(owner)
    try:
        return aio.run(_serve, event)
    finally:
        _owner.reset(token)


async def _serve(event: Mapping[str, Any]) -> tuple[int, dict[str, str], bytes]:
    import anyio
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

    manager = StreamableHTTPSessionManager(
        app=server(), json_response=True, stateless=True, max_request_body_size=MAX_REQUEST_BYTES
    )
    answer = _Answer()
    body = _body(event)
    sent = anyio.Event()

    async def receive() -> dict[str, Any]:
        if not sent.is_set():
            sent.set()
            return {"type": "http.request", "body": body, "more_body": False}
        await answer.done.wait()  # the client "goes away" only once it has its answer
        return {"type": "http.disconnect"}

    async with manager.run():
        await manager.handle_request(_scope(event), receive, answer.send)
    return answer.status, answer.headers, bytes(answer.body)


def invalid_request(body: bytes) -> bytes | None:
    """The JSON-RPC error of a request whose ``id`` is not a string or an integer, else
    None (the SDK reads the message).

    JSON-RPC 2.0 allows a string, a number or null as a request's id; MCP narrows it to a
    string or an integer, never null. The SDK takes a message with a ``method`` and any
    other ``id`` (an object, an array, a boolean, null, a fraction) for a notification
    and answers 202 with no body, so the client waits for an answer that never comes.
    Such a message is an Invalid Request (-32600), answered (200, as every JSON-RPC error
    of a message that was read) with ``id`` null: its own id cannot be repeated."""
    try:
        message = json.loads(body)
    except ValueError:
        return None  # not JSON: the SDK's parse error
    if not isinstance(message, dict) or "method" not in message or "id" not in message:
        return None
    given = message["id"]
    if isinstance(given, str) or (isinstance(given, int) and not isinstance(given, bool)):
        return None
    kind = "null" if given is None else {dict: "an object", list: "an array", bool: "a boolean", float: "a number written with a fraction or an exponent"}.get(type(given), "another type")
    error = {"code": INVALID_REQUEST, "message": f"Invalid Request: a request's id must be a string or an integer, not {kind}"}
    return json.dumps({"jsonrpc": "2.0", "id": None, "error": error}).encode()


class _Answer:
    """The ASGI answer, collected."""

    def __init__(self) -> None:
        import anyio

        self.status = 500
        self.headers: dict[str, str] = {}
        self.body = bytearray()
        self.done = anyio.Event()

    async def send(self, message: Mapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.status = int(message["status"])
            for name, value in message.get("headers") or ():
                self.headers[name.decode("latin-1").lower()] = value.decode("latin-1")
        elif message["type"] == "http.response.body":
            self.body.extend(message.get("body") or b"")
            if not message.get("more_body"):
                self.done.set()


def _body(event: Mapping[str, Any]) -> bytes:
    raw = event.get("body") or ""
    if event.get("isBase64Encoded"):
        return base64.b64decode(raw)
    return str(raw).encode("utf-8", "surrogatepass")


def _scope(event: Mapping[str, Any]) -> dict[str, Any]:
    """The ASGI scope of a proxy event (REST, format 1.0)."""
    headers: dict[str, str] = {}
    for name, values in (event.get("multiValueHeaders") or {}).items():
        if values:
            headers[name.lower()] = str(values[-1])
    for name, value in (event.get("headers") or {}).items():
        if value is not None:
            headers[name.lower()] = str(value)
    identity = (event.get("requestContext") or {}).get("identity") or {}
    host = headers.get("host", "localhost")
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": str(event.get("httpMethod") or "POST").upper(),
        "scheme": "https",
        "path": "/mcp",
        "raw_path": b"/mcp",
        "query_string": b"",
        "root_path": "",
        "headers": [(name.encode("latin-1"), value.encode("latin-1", "replace")) for name, value in headers.items()],
        "client": (identity.get("sourceIp") or "0.0.0.0", 0),
        "server": (host.split(":")[0], 443),
        "state": {},
    }
