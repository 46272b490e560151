from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.event_page import EventPage
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    agent_id: str,
    *,
    after_seq: int | Unset = 0,
    limit: int | Unset = 100,
    cursor: None | str | Unset = UNSET,

) -> dict[str, Any]:


    params: dict[str, Any] = {}

    params["after_seq"] = after_seq

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
        "url": "/agents/{agent_id}/events".format(agent_id=quote(str(agent_id), safe=""),),
        "params": params,
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | EventPage | None:
    if response.status_code == 200:
        response_200 = EventPage.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | EventPage]:
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
    after_seq: int | Unset = 0,
    limit: int | Unset = 100,
    cursor: None | str | Unset = UNSET,

) -> Response[Error | EventPage]:
    """ Read the log, oldest first

     Read the log, oldest first. The log is append-only; seq is per agent, from 1, without gaps, and
    never restarts. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (str):
        after_seq (int | Unset): Return events with seq above this Default: 0.
        limit (int | Unset): Page size Default: 100.
        cursor (None | str | Unset): The next value of a previous page (it wins over after_seq)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | EventPage]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
after_seq=after_seq,
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
    after_seq: int | Unset = 0,
    limit: int | Unset = 100,
    cursor: None | str | Unset = UNSET,

) -> Error | EventPage | None:
    """ Read the log, oldest first

     Read the log, oldest first. The log is append-only; seq is per agent, from 1, without gaps, and
    never restarts. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (str):
        after_seq (int | Unset): Return events with seq above this Default: 0.
        limit (int | Unset): Page size Default: 100.
        cursor (None | str | Unset): The next value of a previous page (it wins over after_seq)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | EventPage
     """


    return sync_detailed(
        agent_id=agent_id,
client=client,
after_seq=after_seq,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    after_seq: int | Unset = 0,
    limit: int | Unset = 100,
    cursor: None | str | Unset = UNSET,

) -> Response[Error | EventPage]:
    """ Read the log, oldest first

     Read the log, oldest first. The log is append-only; seq is per agent, from 1, without gaps, and
    never restarts. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (str):
        after_seq (int | Unset): Return events with seq above this Default: 0.
        limit (int | Unset): Page size Default: 100.
        cursor (None | str | Unset): The next value of a previous page (it wins over after_seq)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | EventPage]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
after_seq=after_seq,
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
    after_seq: int | Unset = 0,
    limit: int | Unset = 100,
    cursor: None | str | Unset = UNSET,

) -> Error | EventPage | None:
    """ Read the log, oldest first

     Read the log, oldest first. The log is append-only; seq is per agent, from 1, without gaps, and
    never restarts. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        agent_id (str):
        after_seq (int | Unset): Return events with seq above this Default: 0.
        limit (int | Unset): Page size Default: 100.
        cursor (None | str | Unset): The next value of a previous page (it wins over after_seq)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | EventPage
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
client=client,
after_seq=after_seq,
limit=limit,
cursor=cursor,

    )).parsed
