from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.consolidation_page import ConsolidationPage
from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    agent_id: str,
    *,
    limit: int | Unset = 50,

) -> dict[str, Any]:


    params: dict[str, Any] = {}

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/agents/{agent_id}/memories/consolidations".format(agent_id=quote(str(agent_id), safe=""),),
        "params": params,
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ConsolidationPage | Error | None:
    if response.status_code == 200:
        response_200 = ConsolidationPage.from_dict(response.json())


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

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())


        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ConsolidationPage | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> Response[ConsolidationPage | Error]:
    """ An agent's consolidation runs, newest first, each with what it changed

     An agent's consolidation runs, newest first, each with what it changed. An agent's memories: what
    its runs remember, recall and forget (docs/memory.md). Bodies are JSON (Content-Type:
    application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        limit (int | Unset): Page size Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsolidationPage | Error]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> ConsolidationPage | Error | None:
    """ An agent's consolidation runs, newest first, each with what it changed

     An agent's consolidation runs, newest first, each with what it changed. An agent's memories: what
    its runs remember, recall and forget (docs/memory.md). Bodies are JSON (Content-Type:
    application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        limit (int | Unset): Page size Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsolidationPage | Error
     """


    return sync_detailed(
        agent_id=agent_id,
client=client,
limit=limit,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> Response[ConsolidationPage | Error]:
    """ An agent's consolidation runs, newest first, each with what it changed

     An agent's consolidation runs, newest first, each with what it changed. An agent's memories: what
    its runs remember, recall and forget (docs/memory.md). Bodies are JSON (Content-Type:
    application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        limit (int | Unset): Page size Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsolidationPage | Error]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> ConsolidationPage | Error | None:
    """ An agent's consolidation runs, newest first, each with what it changed

     An agent's consolidation runs, newest first, each with what it changed. An agent's memories: what
    its runs remember, recall and forget (docs/memory.md). Bodies are JSON (Content-Type:
    application/json); errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        limit (int | Unset): Page size Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsolidationPage | Error
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
client=client,
limit=limit,

    )).parsed
