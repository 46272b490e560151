from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.channel import Channel
from ...models.error import Error
from typing import cast


def _get_kwargs(
    channel_id: str,

) -> dict[str, Any]:


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/channels/{channel_id}".format(channel_id=quote(str(channel_id), safe=""),),
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Channel | Error | None:
    if response.status_code == 200:
        response_200 = Channel.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Channel | Error]:
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

) -> Response[Channel | Error]:
    """ Get a channel (never its secrets)

     Get a channel (never its secrets). Channels carry an agent's messages to Slack, Discord, Telegram
    and email, and people's messages and approval presses back (docs/channels.md). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        channel_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Channel | Error]
     """


    kwargs = _get_kwargs(
        channel_id=channel_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    channel_id: str,
    *,
    client: AuthenticatedClient,

) -> Channel | Error | None:
    """ Get a channel (never its secrets)

     Get a channel (never its secrets). Channels carry an agent's messages to Slack, Discord, Telegram
    and email, and people's messages and approval presses back (docs/channels.md). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        channel_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Channel | Error
     """


    return sync_detailed(
        channel_id=channel_id,
client=client,

    ).parsed

async def asyncio_detailed(
    channel_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Channel | Error]:
    """ Get a channel (never its secrets)

     Get a channel (never its secrets). Channels carry an agent's messages to Slack, Discord, Telegram
    and email, and people's messages and approval presses back (docs/channels.md). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        channel_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Channel | Error]
     """


    kwargs = _get_kwargs(
        channel_id=channel_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    channel_id: str,
    *,
    client: AuthenticatedClient,

) -> Channel | Error | None:
    """ Get a channel (never its secrets)

     Get a channel (never its secrets). Channels carry an agent's messages to Slack, Discord, Telegram
    and email, and people's messages and approval presses back (docs/channels.md). Bodies are JSON
    (Content-Type: application/json); errors are {"error": {"code", "message"}}.

    Args:
        channel_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Channel | Error
     """


    return (await asyncio_detailed(
        channel_id=channel_id,
client=client,

    )).parsed
