from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.subscription import Subscription
from ...models.subscription_patch import SubscriptionPatch
from typing import cast


def _get_kwargs(
    subscription_id: str,
    *,
    body: SubscriptionPatch,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/subscriptions/{subscription_id}".format(subscription_id=quote(str(subscription_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Subscription | None:
    if response.status_code == 200:
        response_200 = Subscription.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Subscription]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    subscription_id: str,
    *,
    client: AuthenticatedClient,
    body: SubscriptionPatch,

) -> Response[Error | Subscription]:
    """ Change a subscription

     Change a subscription. A subscription runs a tool for every event of a type, for one agent or all of
    the owner's. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        subscription_id (str):
        body (SubscriptionPatch): ``PATCH /subscriptions/{id}`` body. ``filter_config: null``
            removes the filter;
            the other fields always have a value.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Subscription]
     """


    kwargs = _get_kwargs(
        subscription_id=subscription_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    subscription_id: str,
    *,
    client: AuthenticatedClient,
    body: SubscriptionPatch,

) -> Error | Subscription | None:
    """ Change a subscription

     Change a subscription. A subscription runs a tool for every event of a type, for one agent or all of
    the owner's. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        subscription_id (str):
        body (SubscriptionPatch): ``PATCH /subscriptions/{id}`` body. ``filter_config: null``
            removes the filter;
            the other fields always have a value.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Subscription
     """


    return sync_detailed(
        subscription_id=subscription_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    subscription_id: str,
    *,
    client: AuthenticatedClient,
    body: SubscriptionPatch,

) -> Response[Error | Subscription]:
    """ Change a subscription

     Change a subscription. A subscription runs a tool for every event of a type, for one agent or all of
    the owner's. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        subscription_id (str):
        body (SubscriptionPatch): ``PATCH /subscriptions/{id}`` body. ``filter_config: null``
            removes the filter;
            the other fields always have a value.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Subscription]
     """


    kwargs = _get_kwargs(
        subscription_id=subscription_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    subscription_id: str,
    *,
    client: AuthenticatedClient,
    body: SubscriptionPatch,

) -> Error | Subscription | None:
    """ Change a subscription

     Change a subscription. A subscription runs a tool for every event of a type, for one agent or all of
    the owner's. Bodies are JSON (Content-Type: application/json); errors are {"error": {"code",
    "message"}}.

    Args:
        subscription_id (str):
        body (SubscriptionPatch): ``PATCH /subscriptions/{id}`` body. ``filter_config: null``
            removes the filter;
            the other fields always have a value.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Subscription
     """


    return (await asyncio_detailed(
        subscription_id=subscription_id,
client=client,
body=body,

    )).parsed
