from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.tool_stats_page import ToolStatsPage
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    *,
    since: None | str | Unset = UNSET,
    cursor: None | str | Unset = UNSET,

) -> dict[str, Any]:


    params: dict[str, Any] = {}

    json_since: None | str | Unset
    if isinstance(since, Unset):
        json_since = UNSET
    else:
        json_since = since
    params["since"] = json_since

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/ops/tools/stats",
        "params": params,
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | ToolStatsPage | None:
    if response.status_code == 200:
        response_200 = ToolStatsPage.from_dict(response.json())


        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())


        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())


        return response_401

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())


        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | ToolStatsPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    since: None | str | Unset = UNSET,
    cursor: None | str | Unset = UNSET,

) -> Response[Error | ToolStatsPage]:
    """ Per tool: actions, successes, failures and mean execution time since a time

     Per tool: actions, successes, failures and mean execution time since a time. Health, documentation
    and monitoring. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        since (None | str | Unset): ISO 8601 time or epoch seconds (default: one day ago)
        cursor (None | str | Unset): The `next` value of the previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ToolStatsPage]
     """


    kwargs = _get_kwargs(
        since=since,
cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    since: None | str | Unset = UNSET,
    cursor: None | str | Unset = UNSET,

) -> Error | ToolStatsPage | None:
    """ Per tool: actions, successes, failures and mean execution time since a time

     Per tool: actions, successes, failures and mean execution time since a time. Health, documentation
    and monitoring. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        since (None | str | Unset): ISO 8601 time or epoch seconds (default: one day ago)
        cursor (None | str | Unset): The `next` value of the previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ToolStatsPage
     """


    return sync_detailed(
        client=client,
since=since,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    since: None | str | Unset = UNSET,
    cursor: None | str | Unset = UNSET,

) -> Response[Error | ToolStatsPage]:
    """ Per tool: actions, successes, failures and mean execution time since a time

     Per tool: actions, successes, failures and mean execution time since a time. Health, documentation
    and monitoring. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        since (None | str | Unset): ISO 8601 time or epoch seconds (default: one day ago)
        cursor (None | str | Unset): The `next` value of the previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ToolStatsPage]
     """


    kwargs = _get_kwargs(
        since=since,
cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    since: None | str | Unset = UNSET,
    cursor: None | str | Unset = UNSET,

) -> Error | ToolStatsPage | None:
    """ Per tool: actions, successes, failures and mean execution time since a time

     Per tool: actions, successes, failures and mean execution time since a time. Health, documentation
    and monitoring. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        since (None | str | Unset): ISO 8601 time or epoch seconds (default: one day ago)
        cursor (None | str | Unset): The `next` value of the previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ToolStatsPage
     """


    return (await asyncio_detailed(
        client=client,
since=since,
cursor=cursor,

    )).parsed
