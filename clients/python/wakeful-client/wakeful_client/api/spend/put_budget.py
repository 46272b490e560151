from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.budget import Budget
from ...models.budget_in import BudgetIn
from ...models.error import Error
from typing import cast


def _get_kwargs(
    *,
    body: BudgetIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/budget",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Budget | Error | None:
    if response.status_code == 200:
        response_200 = Budget.from_dict(response.json())


        return response_200

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

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())


        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Budget | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: BudgetIn,

) -> Response[Budget | Error]:
    """ Set your budget: limits that bound all your agents together (UTC hour, day, month)

     Set your budget: limits that bound all your agents together (UTC hour, day, month). Every model call
    is priced (GET /llm/prices); budgets bound an agent's and its owner's spend per UTC hour, day and
    month. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        body (BudgetIn): Spend limits. Days and months are UTC; the hour is the UTC clock hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Budget | Error]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: BudgetIn,

) -> Budget | Error | None:
    """ Set your budget: limits that bound all your agents together (UTC hour, day, month)

     Set your budget: limits that bound all your agents together (UTC hour, day, month). Every model call
    is priced (GET /llm/prices); budgets bound an agent's and its owner's spend per UTC hour, day and
    month. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        body (BudgetIn): Spend limits. Days and months are UTC; the hour is the UTC clock hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Budget | Error
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BudgetIn,

) -> Response[Budget | Error]:
    """ Set your budget: limits that bound all your agents together (UTC hour, day, month)

     Set your budget: limits that bound all your agents together (UTC hour, day, month). Every model call
    is priced (GET /llm/prices); budgets bound an agent's and its owner's spend per UTC hour, day and
    month. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        body (BudgetIn): Spend limits. Days and months are UTC; the hour is the UTC clock hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Budget | Error]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: BudgetIn,

) -> Budget | Error | None:
    """ Set your budget: limits that bound all your agents together (UTC hour, day, month)

     Set your budget: limits that bound all your agents together (UTC hour, day, month). Every model call
    is priced (GET /llm/prices); budgets bound an agent's and its owner's spend per UTC hour, day and
    month. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        body (BudgetIn): Spend limits. Days and months are UTC; the hour is the UTC clock hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Budget | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
