from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.channel_test import ChannelTest
from ...models.channel_test_accepted import ChannelTestAccepted
from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    channel_id: str,
    *,
    body: ChannelTest | None | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/channels/{channel_id}/test".format(channel_id=quote(str(channel_id), safe=""),),
    }


    if isinstance(body, ChannelTest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ChannelTestAccepted | Error | None:
    if response.status_code == 202:
        response_202 = ChannelTestAccepted.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ChannelTestAccepted | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    channel_id: str,
    *,
    client: AuthenticatedClient,
    body: ChannelTest | None | Unset = UNSET,

) -> Response[ChannelTestAccepted | Error]:
    """ Send a test message to the channel

     Send a test message to the channel. Channels carry an agent's messages to Slack, Discord, Telegram
    and email, and people's messages and approval presses back (docs/channels.md). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        channel_id (str):
        body (ChannelTest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChannelTestAccepted | Error]
     """


    kwargs = _get_kwargs(
        channel_id=channel_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    channel_id: str,
    *,
    client: AuthenticatedClient,
    body: ChannelTest | None | Unset = UNSET,

) -> ChannelTestAccepted | Error | None:
    """ Send a test message to the channel

     Send a test message to the channel. Channels carry an agent's messages to Slack, Discord, Telegram
    and email, and people's messages and approval presses back (docs/channels.md). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        channel_id (str):
        body (ChannelTest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChannelTestAccepted | Error
     """


    return sync_detailed(
        channel_id=channel_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    channel_id: str,
    *,
    client: AuthenticatedClient,
    body: ChannelTest | None | Unset = UNSET,

) -> Response[ChannelTestAccepted | Error]:
    """ Send a test message to the channel

     Send a test message to the channel. Channels carry an agent's messages to Slack, Discord, Telegram
    and email, and people's messages and approval presses back (docs/channels.md). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        channel_id (str):
        body (ChannelTest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChannelTestAccepted | Error]
     """


    kwargs = _get_kwargs(
        channel_id=channel_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    channel_id: str,
    *,
    client: AuthenticatedClient,
    body: ChannelTest | None | Unset = UNSET,

) -> ChannelTestAccepted | Error | None:
    """ Send a test message to the channel

     Send a test message to the channel. Channels carry an agent's messages to Slack, Discord, Telegram
    and email, and people's messages and approval presses back (docs/channels.md). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        channel_id (str):
        body (ChannelTest | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChannelTestAccepted | Error
     """


    return (await asyncio_detailed(
        channel_id=channel_id,
client=client,
body=body,

    )).parsed
