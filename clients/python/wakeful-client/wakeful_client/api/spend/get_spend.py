from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.owner_spend import OwnerSpend
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    *,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> dict[str, Any]:


    params: dict[str, Any] = {}

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
        "url": "/spend",
        "params": params,
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | OwnerSpend | None:
    if response.status_code == 200:
        response_200 = OwnerSpend.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | OwnerSpend]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Response[Error | OwnerSpend]:
    """ Your total spend, and each agent's (newest first)

     Your total spend, and each agent's (newest first). Every model call is priced (GET /llm/prices);
    budgets bound an agent's and its owner's spend per UTC hour, day and month. Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | OwnerSpend]
     """


    kwargs = _get_kwargs(
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
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Error | OwnerSpend | None:
    """ Your total spend, and each agent's (newest first)

     Your total spend, and each agent's (newest first). Every model call is priced (GET /llm/prices);
    budgets bound an agent's and its owner's spend per UTC hour, day and month. Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | OwnerSpend
     """


    return sync_detailed(
        client=client,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Response[Error | OwnerSpend]:
    """ Your total spend, and each agent's (newest first)

     Your total spend, and each agent's (newest first). Every model call is priced (GET /llm/prices);
    budgets bound an agent's and its owner's spend per UTC hour, day and month. Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | OwnerSpend]
     """


    kwargs = _get_kwargs(
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
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,

) -> Error | OwnerSpend | None:
    """ Your total spend, and each agent's (newest first)

     Your total spend, and each agent's (newest first). Every model call is priced (GET /llm/prices);
    budgets bound an agent's and its owner's spend per UTC hour, day and month. Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        limit (int | Unset): Page size Default: 50.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | OwnerSpend
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
cursor=cursor,

    )).parsed
