"""Registering, listing, refreshing, changing and deleting an owner's MCP servers.

Registering a server connects to it: its URL passes the outbound URL policy first (a
refused URL is a 422 and nothing is connected), then ``initialize`` and ``tools/list``
run within :data:`~wakeful.mcp_servers.models.LIST_DEADLINE_SECONDS`; a server that
cannot be listed (no answer, not MCP, an error) is a 422 with the reason, and nothing is
stored. Its tools are checked (:mod:`wakeful.mcp_servers.catalog`): those a model cannot
be offered are kept out and listed under ``skipped`` with the reason.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from wakeful import clock, ids, net, secrets
from wakeful.config import get_settings
from wakeful.mcp_servers import catalog, models, repository
from wakeful.mcp_servers.exceptions import (
    McpCallError,
    McpServerLimitError,
    McpServerNameTakenError,
    McpServerNotFoundError,
    McpServerUnreachableError,
)
from wakeful.mcp_servers.records import McpServer

if TYPE_CHECKING:
    from wakeful.mcp_servers.client import Endpoint
    from wakeful.mcp_servers.inputs import McpServerCreate, McpServerPatch


def create(owner: str, body: McpServerCreate) -> McpServer:
    """Register a server: check its URL, list its tools, store it.

    Raises:
        UnsafeUrlError: the URL policy refuses the URL (nothing is connected).
        McpServerNameTakenError: the owner has a server of that name.
        McpServerLimitError: the owner has as many servers as allowed.
        McpServerUnreachableError: the server could not be listed.
    """
    target = check_url(body.url)
    if repository.by_name(owner, body.name) is not None:
        raise McpServerNameTakenError(f"you already have an MCP server named {body.name!r}")
    if repository.count(owner) >= models.MAX_SERVERS_PER_OWNER:
        raise McpServerLimitError(f"you can have at most {models.MAX_SERVERS_PER_OWNER} MCP servers")
    now = clock.now()
    server = McpServer(
        owner=owner,
        server_id=ids.new_id("mcp", now),
        name=body.name,
        url=body.url,
        allowed_tools=None if body.tools is None else tuple(body.tools),
        timeout_ms=body.timeout_ms,
        created_at=now,
        updated_at=now,
    )
    server = _with_headers(server, body.headers)
    server = _listed(server, _endpoint(server, target, body.headers or {}))
    repository.create(server)
    return server


def get(owner: str, server_id: str) -> McpServer:
    """The owner's server; another owner's is not found."""
    server = repository.get(owner, server_id)
    if server is None:
        raise McpServerNotFoundError(f"MCP server {server_id} not found")
    return server


def list_page(owner: str, limit: int, cursor: str | None) -> tuple[list[McpServer], str | None]:
    """The owner's servers, newest first."""
    return repository.page(owner, limit, cursor)


def refresh(owner: str, server_id: str) -> McpServer:
    """List the server's tools again (a tool added or removed there shows here).

    Raises:
        McpServerUnreachableError: the server could not be listed (the last listing stays).
    """
    server = get(owner, server_id)
    server = _listed(server, endpoint(server))
    server = replace(server, updated_at=clock.now())
    repository.put(server)
    return server


def patch(owner: str, server_id: str, body: McpServerPatch) -> McpServer:
    """Change a server. A new url or new headers list its tools again first: a server
    that cannot be listed is a 422 and nothing changes."""
    server = get(owner, server_id)
    given = body.model_dump(exclude_unset=True)
    changed = server
    if "tools" in given:
        changed = replace(changed, allowed_tools=None if body.tools is None else tuple(body.tools))
    if given.get("timeout_ms") is not None:
        changed = replace(changed, timeout_ms=body.timeout_ms)
    if given.get("url") is not None:
        changed = replace(changed, url=body.url)
    headers = _headers_of(server)
    if "headers" in given:
        headers = body.headers or {}
        changed = _with_headers(changed, body.headers)
    if changed.url != server.url or "headers" in given:
        changed = _listed(changed, _endpoint(changed, check_url(changed.url), headers))
    changed = replace(changed, updated_at=clock.now())
    repository.put(changed)
    return changed


def delete(owner: str, server_id: str) -> None:
    """Delete a server. Agents that name it offer its tools no more."""
    repository.delete(get(owner, server_id))


# -- calling the server ----------------------------------------------------------------


def check_url(url: str) -> net.Target:
    """The URL judged by the outbound URL policy (422 when refused)."""
    return net.Policy.current(dev_mode=get_settings().dev_mode).check(url)


def endpoint(server: McpServer) -> Endpoint:
    """How to call ``server`` now: its URL judged again (DNS may have changed since it
    was registered) and its headers unsealed.

    Raises:
        UnsafeUrlError: the URL policy refuses the URL now.
    """
    return _endpoint(server, check_url(server.url), _headers_of(server))


def _endpoint(server: McpServer, target: net.Target, headers: dict[str, str]) -> Endpoint:
    from wakeful.mcp_servers.client import Endpoint

    return Endpoint(target=target, headers=headers)


def _listed(server: McpServer, where: Endpoint) -> McpServer:
    """``server`` with a fresh listing of its tools.

    Raises:
        McpServerUnreachableError: the server could not be listed.
    """
    from wakeful.mcp_servers import client

    try:
        found = client.list_tools(where, deadline=models.LIST_DEADLINE_SECONDS)
    except McpCallError as error:
        raise McpServerUnreachableError(f"cannot list the tools of the MCP server at {server.url}: {error}") from None
    return replace(
        server,
        listing=catalog.check(server.name, found.tools),
        server_name=_short(found.server_name),
        server_version=_short(found.server_version),
        protocol_version=_short(found.protocol_version),
        listed_at=clock.now(),
    )


def _short(value: str | None) -> str | None:
    return None if value is None else str(value)[:200]


# -- headers, sealed -------------------------------------------------------------------


def _secret_context(server: McpServer) -> dict[str, str]:
    return {"owner": server.owner, "mcp_server": server.server_id}


def _with_headers(server: McpServer, headers: dict[str, str] | None) -> McpServer:
    if not headers:
        return replace(server, headers=None, header_names=())
    sealed = secrets.seal(json.dumps(headers, separators=(",", ":")), context=_secret_context(server))
    return replace(server, headers=sealed, header_names=tuple(headers))


def _headers_of(server: McpServer) -> dict[str, str]:
    if not server.headers:
        return {}
    opened: dict[str, Any] = json.loads(secrets.unseal(server.headers, context=_secret_context(server)))
    return {str(k): str(v) for k, v in opened.items()}


# -- agents' tools entries -------------------------------------------------------------


def unknown_entries(owner: str, entries: list[str]) -> list[str]:
    """The ``mcp:`` entries of an agent's ``tools`` that name no server of the owner,
    or a tool its server does not offer (not listed, not usable, or not allowed)."""
    servers: dict[str, McpServer | None] = {}
    unknown = []
    for entry in entries:
        name, tool = models.parse_entry(entry)
        if name not in servers:
            servers[name] = repository.by_name(owner, name)
        server = servers[name]
        if server is None or (tool is not None and server.tool(tool) is None):
            unknown.append(entry)
    return unknown
