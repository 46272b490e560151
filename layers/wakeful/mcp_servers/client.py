"""Talking to an MCP server: the official MCP SDK's Streamable HTTP client, held to
Wakeful's outbound rules.

- **The URL policy.** The caller passes a :class:`~wakeful.net.Target` (the URL judged by
  :mod:`wakeful.net`). The SDK's HTTP client (httpx2) gets a transport that sends every
  request to the checked address, with the ``Host`` header, TLS server name and
  certificate check of the URL's host (the recipe of :mod:`wakeful.outbound` for
  httpx-based clients), refuses a request to any other origin, never uses environment
  proxies, and asks for uncompressed answers of at most
  :data:`~wakeful.mcp_servers.models.MAX_RESPONSE_BYTES` each.
- **A total deadline.** Everything one call does (connecting, the handshake, the request,
  the whole answer, closing) is inside one ``anyio.fail_after``; httpx2's own timeouts
  are per read, so they only back it up.
- **One session per call.** Each :func:`list_tools` or :func:`call_tool` opens a session
  (``initialize`` and ``notifications/initialized``), makes its request and closes it (a
  ``DELETE`` when the server gave a session id): a Lambda invocation keeps no connection
  between calls, and a stateless server needs nothing more (docs/mcp.md, "Costs").
- **Failures are sentences.** Whatever goes wrong (no connection, the deadline, an
  answer that is not MCP, a JSON-RPC error) raises :class:`McpCallError` whose message
  says what, in which step, for a person or a model to read. Header values never
  appear in it, nor in a tool's error result: a server that repeats one has it
  redacted (:func:`wakeful.outbound.redact`).

The SDK (about 2 s of imports on a cold start) is imported when a server is first
called, never at import (this module imports without it).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Mapping

from wakeful import outbound
from wakeful.mcp_servers import models
from wakeful.mcp_servers.exceptions import McpCallError

if TYPE_CHECKING:
    import httpx2

    from wakeful.net import Target

logger = logging.getLogger(__name__)

CLIENT_NAME = "wakeful"
CLIENT_VERSION = "1"
#: Connecting takes at most this, within the call's deadline.
CONNECT_TIMEOUT_SECONDS = 5.0
#: The ``_meta`` key a tool call carries its action id under: the same id for every
#: attempt of one thread tool call, which a server may use to stay idempotent.
ACTION_ID_META_KEY = "wakeful/action_id"


@dataclass(frozen=True)
class Endpoint:
    """Where and how to call a server: its checked URL and the headers to send (their
    values unsealed; never logged)."""

    target: Target
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ServerTools:
    """A server's ``tools/list`` (every page), as it listed them, and who it says it is."""

    tools: list[dict[str, Any]]
    server_name: str | None
    server_version: str | None
    protocol_version: str | None


@dataclass(frozen=True)
class CallOutcome:
    """A tool call's result as text for the model, and whether the tool said it failed."""

    text: str
    is_error: bool


def list_tools(endpoint: Endpoint, *, deadline: float) -> ServerTools:
    """Every tool the server lists (up to :data:`~models.MAX_LIST_PAGES` pages).

    Raises:
        McpCallError: the server could not be listed, with the reason.
    """

    async def work(client: Any, step: _Step) -> ServerTools:
        tools: list[dict[str, Any]] = []
        cursor: str | None = None
        for _ in range(models.MAX_LIST_PAGES):
            step.name = "tools/list"
            page = await client.session.list_tools(params=_paginated(cursor))
            tools.extend({"name": t.name, "description": t.description, "input_schema": t.input_schema} for t in page.tools)
            cursor = page.next_cursor
            if not cursor:
                break
        info = client.server_info
        return ServerTools(
            tools=tools,
            server_name=getattr(info, "name", None),
            server_version=getattr(info, "version", None) or None,
            protocol_version=client.protocol_version,
        )

    return _exchange(endpoint, deadline, work)


def call_tool(endpoint: Endpoint, tool: str, arguments: dict[str, Any], *, deadline: float, action_id: str | None = None) -> CallOutcome:
    """Call ``tool`` with ``arguments``; its result (``isError`` included) as text.

    Raises:
        McpCallError: the call did not come back with a result, with the reason.
    """
    import mcp_types as types

    async def work(client: Any, step: _Step) -> CallOutcome:
        step.name = "tools/call"
        meta = {ACTION_ID_META_KEY: action_id} if action_id else None
        request = types.CallToolRequest(params=types.CallToolRequestParams(name=tool, arguments=arguments, _meta=meta))
        # send_request, not call_tool: call_tool lists the tools again (one more request)
        # to check structured content against an output schema the model never sees.
        result = await client.session.send_request(request, types.CallToolResult)
        text = result_text(result)
        if result.is_error:  # a tool's error text may repeat what it was sent
            text = outbound.redact(text, endpoint.headers.values())
        return CallOutcome(text=text, is_error=bool(result.is_error))

    return _exchange(endpoint, deadline, work)


# -- one session within a deadline -----------------------------------------------------


@dataclass
class _Step:
    """The step a session is at (for the reason of a failure)."""

    name: str = "initialize"


def _exchange(endpoint: Endpoint, deadline: float, work: Callable[[Any, _Step], Awaitable[Any]]) -> Any:
    """Open a session, run ``work`` in it and close it, all within ``deadline`` seconds."""
    import anyio
    import httpx2

    from wakeful import aio
    import mcp_types as types
    from mcp.client.client import Client
    from mcp.client.streamable_http import streamable_http_client

    step = _Step()
    transport_box: dict[str, Any] = {}
    done: dict[str, Any] = {}

    async def session() -> None:
        transport = transport_box["t"] = _pinned_transport()(endpoint.target)
        http = httpx2.AsyncClient(
            transport=transport,
            headers={**endpoint.headers, "User-Agent": f"Wakeful/{CLIENT_VERSION}", "Accept-Encoding": "identity"},
            timeout=httpx2.Timeout(deadline, connect=min(CONNECT_TIMEOUT_SECONDS, deadline)),
            follow_redirects=False,
            trust_env=False,
        )
        with anyio.fail_after(deadline):
            async with http:
                client = Client(
                    streamable_http_client(endpoint.target.url, http_client=http),
                    mode="legacy",  # the initialize handshake every MCP server speaks
                    cache=None,
                    client_info=types.Implementation(name=CLIENT_NAME, version=CLIENT_VERSION),
                )
                async with client:
                    done["result"] = await work(client, step)

    try:
        aio.run(session)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # noqa: BLE001 - every failure (task groups' included) is a reason, below
        if "result" in done:  # the answer came; only closing the session failed
            logger.info("MCP session close failed", extra={"host": endpoint.target.host, "error": type(error).__name__})
            return done["result"]
        # A server (or a proxy before it) may repeat the headers it got in its error.
        reason = outbound.redact(_reason(error, step.name, deadline, endpoint.target, transport_box.get("t")), endpoint.headers.values())
        logger.info("MCP exchange failed", extra={"host": endpoint.target.host, "step": step.name, "reason": reason})
        raise McpCallError(reason) from None
    return done["result"]


def _paginated(cursor: str | None) -> Any:
    import mcp_types as types

    return types.PaginatedRequestParams(cursor=cursor) if cursor else None


# -- the pinned transport --------------------------------------------------------------


class _ResponseTooLarge(Exception):
    """An answer's body went over :data:`~models.MAX_RESPONSE_BYTES`."""


@lru_cache(maxsize=1)
def _pinned_transport() -> type:
    """The pinned transport's class (httpx2's kind, so built when the SDK is first
    needed)."""
    import httpx2

    capped = _capped_stream()

    class PinnedTransport(httpx2.AsyncBaseTransport):
        """httpx2's transport, connecting to the checked addresses only (module docstring).

        Records the status and content type of the last answer, for the reason of a
        failure (the SDK turns a non-MCP answer into a JSON-RPC error without its HTTP
        status).
        """

        def __init__(self, target: Target) -> None:
            self.target = target
            self.inner = httpx2.AsyncHTTPTransport(trust_env=False)
            self.last: tuple[int, str] | None = None
            #: The checked address that took the session's first connection (the
            #: others are tried in order until one does, as wakeful.outbound does).
            self.chosen: str | None = None

        async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
            target, url = self.target, request.url
            port = url.port or (443 if url.scheme == "https" else 80)
            if url.scheme != target.scheme or port != target.port or url.host not in (target.host, *target.addresses):
                raise httpx2.ConnectError(f"refused a request to another origin than {target.host}:{target.port}", request=request)
            request.headers["Host"] = target.host_header
            if target.scheme == "https" and not target.is_ip_literal:
                request.extensions = {**request.extensions, "sni_hostname": target.host}
            failed: httpx2.ConnectError | None = None
            for address in [self.chosen] if self.chosen else target.addresses:
                request.url = url.copy_with(host=address)
                try:
                    response = await self.inner.handle_async_request(request)
                except httpx2.ConnectError as error:  # nothing was sent: the next address may answer
                    failed = error
                    continue
                self.chosen = address
                break
            else:
                raise failed or httpx2.ConnectError(f"no address of {target.host} to connect to", request=request)
            self.last = (response.status_code, response.headers.get("content-type", ""))
            response.stream = capped(response.stream, models.MAX_RESPONSE_BYTES)
            return response

        async def aclose(self) -> None:
            await self.inner.aclose()

    return PinnedTransport


@lru_cache(maxsize=1)
def _capped_stream() -> type:
    """The class of a response stream that stops at ``limit`` bytes."""
    import httpx2

    class CappedStream(httpx2.AsyncByteStream):
        def __init__(self, inner: Any, limit: int) -> None:
            self.inner = inner
            self.limit = limit

        async def __aiter__(self) -> AsyncIterator[bytes]:
            seen = 0
            async for chunk in self.inner:
                seen += len(chunk)
                if seen > self.limit:
                    raise _ResponseTooLarge(seen)
                yield chunk

        async def aclose(self) -> None:
            await self.inner.aclose()

    return CappedStream


# -- a tool's result as text -----------------------------------------------------------


def result_text(result: Any) -> str:
    """A ``CallToolResult`` as the text the model reads: text blocks as they are, other
    blocks as a short note, the structured content when there is no block; at most
    :data:`~models.MAX_RESULT_BYTES` (a cut result says so)."""
    parts = [_block_text(block) for block in result.content or ()]
    if not parts and result.structured_content is not None:
        parts = [json.dumps(result.structured_content, ensure_ascii=False, default=str)]
    return cap(("\n".join(parts)) if parts else "")


def cap(text: str, limit: int = models.MAX_RESULT_BYTES) -> str:
    """``text`` cut to ``limit`` UTF-8 bytes, ending with a note of what was cut."""
    raw = text.encode("utf-8", "surrogatepass")
    if len(raw) <= limit:
        return text
    kept = raw[:limit].decode("utf-8", "ignore")
    return f"{kept}\n[cut: the result was {len(raw)} bytes; Wakeful keeps the first {limit}]"


def _block_text(block: Any) -> str:
    kind = getattr(block, "type", None)
    if kind == "text":
        return str(block.text)
    if kind in ("image", "audio"):
        size = len(getattr(block, "data", "") or "") * 3 // 4
        return f"[{kind}: {getattr(block, 'mime_type', None) or 'unknown type'}, about {size} bytes, not shown]"
    if kind == "resource_link":
        return f"[resource: {block.uri}{' (' + block.name + ')' if getattr(block, 'name', None) else ''}]"
    if kind == "resource":
        resource = block.resource
        text = getattr(resource, "text", None)
        return str(text) if text is not None else f"[resource: {resource.uri}, binary, not shown]"
    return f"[{kind or 'unknown'} content, not shown]"


# -- why it failed ---------------------------------------------------------------------


def _leaves(error: BaseException) -> list[BaseException]:
    """The exceptions an exception group holds (task groups wrap what their tasks
    raised), innermost first; a plain exception is its own leaf."""
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in _leaves(inner)]
    return [error]


def _reason(error: BaseException, step: str, deadline: float, target: Target, transport: Any) -> str:
    import httpx2
    import mcp_types as types
    from mcp.shared.exceptions import MCPError

    leaves = _leaves(error)
    where = f"{target.host}:{target.port}"
    for leaf in leaves:
        if isinstance(leaf, (TimeoutError, httpx2.TimeoutException)):
            return f"{step}: no complete answer from {where} within {deadline:g} s"
    for leaf in leaves:
        if isinstance(leaf, _ResponseTooLarge):
            return f"{step}: the answer of {where} was over {models.MAX_RESPONSE_BYTES} bytes, the limit"
        if isinstance(leaf, httpx2.ConnectError):
            return f"{step}: cannot connect to {where} ({_short(leaf) or 'connection failed'})"
        if isinstance(leaf, httpx2.HTTPError):
            return f"{step}: the exchange with {where} failed ({type(leaf).__name__}: {_short(leaf)})"
        if isinstance(leaf, MCPError):
            last = transport.last if transport is not None else None
            if last is not None and (last[0] >= 300 or not _mcp_content_type(last[1]) or leaf.code == types.PARSE_ERROR):
                shown = last[1].split(";")[0].strip() or "no content type"
                return (
                    f"{step}: {where} answered HTTP {last[0]} ({shown}), which is not an MCP Streamable HTTP answer"
                    f" ({_short(leaf, leaf.message)})"
                )
            return f"{step}: the MCP server answered error {leaf.code}: {_short(leaf, leaf.message)}"
    first = leaves[0]
    return f"{step}: {type(first).__name__}: {_short(first)}"


def _mcp_content_type(value: str) -> bool:
    media = value.split(";")[0].strip().lower()
    return media in ("application/json", "text/event-stream")


def _short(error: BaseException, text: str | None = None) -> str:
    message = str(error) if text is None else text
    return " ".join(message.split())[:300]
