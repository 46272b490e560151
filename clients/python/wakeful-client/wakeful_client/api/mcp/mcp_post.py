from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.mcp_message import McpMessage
from typing import cast


def _get_kwargs(

) -> dict[str, Any]:


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/mcp",
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | McpMessage | None:
    if response.status_code == 200:
        response_200 = McpMessage.from_dict(response.json())


        return response_200

    if response.status_code == 202:
        response_202 = cast(Any, None)
        return response_202

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())


        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())


        return response_401

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())


        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())


        return response_415

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error | McpMessage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[Any | Error | McpMessage]:
    """ Wakeful as an MCP server: one JSON-RPC message of the Model Context Protocol (Streamable HTTP,
    stateless)

     The Model Context Protocol over Streamable HTTP, stateless (no Mcp-Session-Id), every answer one
    JSON body (clients that accept text/event-stream get application/json too). The body is one JSON-RPC
    message: initialize, notifications/initialized, ping, tools/list, tools/call (or server/discover).
    The tools see the API key's owner's agents and threads only: list_agents, post_event, start_thread,
    get_thread, create_schedule, list_pending_approvals, decide_approval (docs/mcp.md). A message the
    transport refuses (not JSON-RPC, an Accept without application/json) answers 400 in the API's error
    shape.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | McpMessage]
     """


    kwargs = _get_kwargs(

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> Any | Error | McpMessage | None:
    """ Wakeful as an MCP server: one JSON-RPC message of the Model Context Protocol (Streamable HTTP,
    stateless)

     The Model Context Protocol over Streamable HTTP, stateless (no Mcp-Session-Id), every answer one
    JSON body (clients that accept text/event-stream get application/json too). The body is one JSON-RPC
    message: initialize, notifications/initialized, ping, tools/list, tools/call (or server/discover).
    The tools see the API key's owner's agents and threads only: list_agents, post_event, start_thread,
    get_thread, create_schedule, list_pending_approvals, decide_approval (docs/mcp.md). A message the
    transport refuses (not JSON-RPC, an Accept without application/json) answers 400 in the API's error
    shape.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | McpMessage
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[Any | Error | McpMessage]:
    """ Wakeful as an MCP server: one JSON-RPC message of the Model Context Protocol (Streamable HTTP,
    stateless)

     The Model Context Protocol over Streamable HTTP, stateless (no Mcp-Session-Id), every answer one
    JSON body (clients that accept text/event-stream get application/json too). The body is one JSON-RPC
    message: initialize, notifications/initialized, ping, tools/list, tools/call (or server/discover).
    The tools see the API key's owner's agents and threads only: list_agents, post_event, start_thread,
    get_thread, create_schedule, list_pending_approvals, decide_approval (docs/mcp.md). A message the
    transport refuses (not JSON-RPC, an Accept without application/json) answers 400 in the API's error
    shape.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | McpMessage]
     """


    kwargs = _get_kwargs(

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> Any | Error | McpMessage | None:
    """ Wakeful as an MCP server: one JSON-RPC message of the Model Context Protocol (Streamable HTTP,
    stateless)

     The Model Context Protocol over Streamable HTTP, stateless (no Mcp-Session-Id), every answer one
    JSON body (clients that accept text/event-stream get application/json too). The body is one JSON-RPC
    message: initialize, notifications/initialized, ping, tools/list, tools/call (or server/discover).
    The tools see the API key's owner's agents and threads only: list_agents, post_event, start_thread,
    get_thread, create_schedule, list_pending_approvals, decide_approval (docs/mcp.md). A message the
    transport refuses (not JSON-RPC, an Accept without application/json) answers 400 in the API's error
    shape.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | McpMessage
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
