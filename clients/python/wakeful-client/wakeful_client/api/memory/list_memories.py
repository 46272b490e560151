from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.memory_page import MemoryPage
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    agent_id: str,
    *,
    q: None | str | Unset = UNSET,
    tag: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> dict[str, Any]:


    params: dict[str, Any] = {}

    json_q: None | str | Unset
    if isinstance(q, Unset):
        json_q = UNSET
    else:
        json_q = q
    params["q"] = json_q

    json_tag: None | str | Unset
    if isinstance(tag, Unset):
        json_tag = UNSET
    else:
        json_tag = tag
    params["tag"] = json_tag

    params["limit"] = limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/agents/{agent_id}/memories".format(agent_id=quote(str(agent_id), safe=""),),
        "params": params,
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | MemoryPage | None:
    if response.status_code == 200:
        response_200 = MemoryPage.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | MemoryPage]:
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
    q: None | str | Unset = UNSET,
    tag: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Response[Error | MemoryPage]:
    """ An agent's memories, newest first; with ?q= the most relevant first

     An agent's memories, newest first; with ?q= the most relevant first. An agent's memories: what its
    runs remember, recall and forget (docs/memory.md). Bodies are JSON (Content-Type: application/json);
    errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        q (None | str | Unset): Rank by relevance to this text (only matches)
        tag (None | str | Unset): Only memories with this tag
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset): The 'next' of a previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MemoryPage]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
q=q,
tag=tag,
limit=limit,
cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    q: None | str | Unset = UNSET,
    tag: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Error | MemoryPage | None:
    """ An agent's memories, newest first; with ?q= the most relevant first

     An agent's memories, newest first; with ?q= the most relevant first. An agent's memories: what its
    runs remember, recall and forget (docs/memory.md). Bodies are JSON (Content-Type: application/json);
    errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        q (None | str | Unset): Rank by relevance to this text (only matches)
        tag (None | str | Unset): Only memories with this tag
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset): The 'next' of a previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MemoryPage
     """


    return sync_detailed(
        agent_id=agent_id,
client=client,
q=q,
tag=tag,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    q: None | str | Unset = UNSET,
    tag: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Response[Error | MemoryPage]:
    """ An agent's memories, newest first; with ?q= the most relevant first

     An agent's memories, newest first; with ?q= the most relevant first. An agent's memories: what its
    runs remember, recall and forget (docs/memory.md). Bodies are JSON (Content-Type: application/json);
    errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        q (None | str | Unset): Rank by relevance to this text (only matches)
        tag (None | str | Unset): Only memories with this tag
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset): The 'next' of a previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MemoryPage]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
q=q,
tag=tag,
limit=limit,
cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    q: None | str | Unset = UNSET,
    tag: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Error | MemoryPage | None:
    """ An agent's memories, newest first; with ?q= the most relevant first

     An agent's memories, newest first; with ?q= the most relevant first. An agent's memories: what its
    runs remember, recall and forget (docs/memory.md). Bodies are JSON (Content-Type: application/json);
    errors are {"error": {"code", "message"}}.

    Args:
        agent_id (str):
        q (None | str | Unset): Rank by relevance to this text (only matches)
        tag (None | str | Unset): Only memories with this tag
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset): The 'next' of a previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MemoryPage
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
client=client,
q=q,
tag=tag,
limit=limit,
cursor=cursor,

    )).parsed
