from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.hook_delivery_accepted import HookDeliveryAccepted
from ...models.hook_test_request import HookTestRequest
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    agent_id: str,
    hook_id: str,
    *,
    body: HookTestRequest | None | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/agents/{agent_id}/hooks/{hook_id}/test".format(agent_id=quote(str(agent_id), safe=""),hook_id=quote(str(hook_id), safe=""),),
    }


    if isinstance(body, HookTestRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | HookDeliveryAccepted | None:
    if response.status_code == 202:
        response_202 = HookDeliveryAccepted.from_dict(response.json())


        return response_202

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | HookDeliveryAccepted]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent_id: str,
    hook_id: str,
    *,
    client: AuthenticatedClient,
    body: HookTestRequest | None | Unset = UNSET,

) -> Response[Error | HookDeliveryAccepted]:
    """ Send a test delivery now

     Send a test delivery now. Hooks POST signed lifecycle payloads (Standard Webhooks) to your endpoint,
    retried with backoff. Bodies are JSON (Content-Type: application/json); errors are {"error":
    {"code", "message"}}.

    Args:
        agent_id (str):
        hook_id (str):
        body (HookTestRequest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | HookDeliveryAccepted]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
hook_id=hook_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: str,
    hook_id: str,
    *,
    client: AuthenticatedClient,
    body: HookTestRequest | None | Unset = UNSET,

) -> Error | HookDeliveryAccepted | None:
    """ Send a test delivery now

     Send a test delivery now. Hooks POST signed lifecycle payloads (Standard Webhooks) to your endpoint,
    retried with backoff. Bodies are JSON (Content-Type: application/json); errors are {"error":
    {"code", "message"}}.

    Args:
        agent_id (str):
        hook_id (str):
        body (HookTestRequest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | HookDeliveryAccepted
     """


    return sync_detailed(
        agent_id=agent_id,
hook_id=hook_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    hook_id: str,
    *,
    client: AuthenticatedClient,
    body: HookTestRequest | None | Unset = UNSET,

) -> Response[Error | HookDeliveryAccepted]:
    """ Send a test delivery now

     Send a test delivery now. Hooks POST signed lifecycle payloads (Standard Webhooks) to your endpoint,
    retried with backoff. Bodies are JSON (Content-Type: application/json); errors are {"error":
    {"code", "message"}}.

    Args:
        agent_id (str):
        hook_id (str):
        body (HookTestRequest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | HookDeliveryAccepted]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
hook_id=hook_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: str,
    hook_id: str,
    *,
    client: AuthenticatedClient,
    body: HookTestRequest | None | Unset = UNSET,

) -> Error | HookDeliveryAccepted | None:
    """ Send a test delivery now

     Send a test delivery now. Hooks POST signed lifecycle payloads (Standard Webhooks) to your endpoint,
    retried with backoff. Bodies are JSON (Content-Type: application/json); errors are {"error":
    {"code", "message"}}.

    Args:
        agent_id (str):
        hook_id (str):
        body (HookTestRequest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | HookDeliveryAccepted
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
hook_id=hook_id,
client=client,
body=body,

    )).parsed
