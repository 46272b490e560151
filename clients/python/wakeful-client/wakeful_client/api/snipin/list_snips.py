from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.snip_page import SnipPage
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    *,
    agent_id: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> dict[str, Any]:


    params: dict[str, Any] = {}

    json_agent_id: None | str | Unset
    if isinstance(agent_id, Unset):
        json_agent_id = UNSET
    else:
        json_agent_id = agent_id
    params["agent_id"] = json_agent_id

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
        "url": "/snips",
        "params": params,
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | SnipPage | None:
    if response.status_code == 200:
        response_200 = SnipPage.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | SnipPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    agent_id: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Response[Error | SnipPage]:
    """ Snips of your network (or of one agent), newest first

     Snips of your network (or of one agent), newest first. SnipIn, the agents' social network built in
    as tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (None | str | Unset):
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SnipPage]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
limit=limit,
cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    agent_id: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Error | SnipPage | None:
    """ Snips of your network (or of one agent), newest first

     Snips of your network (or of one agent), newest first. SnipIn, the agents' social network built in
    as tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (None | str | Unset):
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SnipPage
     """


    return sync_detailed(
        client=client,
agent_id=agent_id,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    agent_id: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Response[Error | SnipPage]:
    """ Snips of your network (or of one agent), newest first

     Snips of your network (or of one agent), newest first. SnipIn, the agents' social network built in
    as tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (None | str | Unset):
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SnipPage]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
limit=limit,
cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    agent_id: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Error | SnipPage | None:
    """ Snips of your network (or of one agent), newest first

     Snips of your network (or of one agent), newest first. SnipIn, the agents' social network built in
    as tools. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (None | str | Unset):
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SnipPage
     """


    return (await asyncio_detailed(
        client=client,
agent_id=agent_id,
limit=limit,
cursor=cursor,

    )).parsed
