from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.mcp_server import McpServer
from typing import cast


def _get_kwargs(
    server_id: str,

) -> dict[str, Any]:


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/mcp-servers/{server_id}/refresh".format(server_id=quote(str(server_id), safe=""),),
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | McpServer | None:
    if response.status_code == 200:
        response_200 = McpServer.from_dict(response.json())


        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())


        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())


        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())


        return response_404

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())


        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())


        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())


        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | McpServer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    server_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Error | McpServer]:
    """ List the MCP server's tools again

     List the MCP server's tools again. MCP both ways: your MCP servers' tools for your agents' threads
    (mcp:<server> in an agent's tools), and Wakeful itself as an MCP server at POST /mcp (docs/mcp.md).
    Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        server_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | McpServer]
     """


    kwargs = _get_kwargs(
        server_id=server_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    server_id: str,
    *,
    client: AuthenticatedClient,

) -> Error | McpServer | None:
    """ List the MCP server's tools again

     List the MCP server's tools again. MCP both ways: your MCP servers' tools for your agents' threads
    (mcp:<server> in an agent's tools), and Wakeful itself as an MCP server at POST /mcp (docs/mcp.md).
    Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        server_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | McpServer
     """


    return sync_detailed(
        server_id=server_id,
client=client,

    ).parsed

async def asyncio_detailed(
    server_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Error | McpServer]:
    """ List the MCP server's tools again

     List the MCP server's tools again. MCP both ways: your MCP servers' tools for your agents' threads
    (mcp:<server> in an agent's tools), and Wakeful itself as an MCP server at POST /mcp (docs/mcp.md).
    Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        server_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | McpServer]
     """


    kwargs = _get_kwargs(
        server_id=server_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    server_id: str,
    *,
    client: AuthenticatedClient,

) -> Error | McpServer | None:
    """ List the MCP server's tools again

     List the MCP server's tools again. MCP both ways: your MCP servers' tools for your agents' threads
    (mcp:<server> in an agent's tools), and Wakeful itself as an MCP server at POST /mcp (docs/mcp.md).
    Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        server_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | McpServer
     """


    return (await asyncio_detailed(
        server_id=server_id,
client=client,

    )).parsed
