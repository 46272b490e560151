from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.telegram_update_answer import TelegramUpdateAnswer
from ...models.telegram_updates_body import TelegramUpdatesBody
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    channel_id: str,
    *,
    body: TelegramUpdatesBody,
    x_telegram_bot_api_secret_token: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_telegram_bot_api_secret_token, Unset):
        headers["X-Telegram-Bot-Api-Secret-Token"] = x_telegram_bot_api_secret_token


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/channels/{channel_id}/telegram".format(channel_id=quote(str(channel_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | TelegramUpdateAnswer | None:
    if response.status_code == 200:
        response_200 = TelegramUpdateAnswer.from_dict(response.json())


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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | TelegramUpdateAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: TelegramUpdatesBody,
    x_telegram_bot_api_secret_token: str | Unset = UNSET,

) -> Response[Error | TelegramUpdateAnswer]:
    """ Telegram's webhook: a message or a button press (secret token; no API key)

     Give it to setWebhook with the channel's secret_token. `message.text` starts a thread (a reply to
    one of the bot's messages continues that thread); `callback_query` with `approve:<ref>` or
    `deny:<ref>` decides the approval. The same `update_id` again is taken once. Every request, accepted
    or not, is recorded (`GET /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_telegram_bot_api_secret_token (str | Unset):
        body (TelegramUpdatesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TelegramUpdateAnswer]
     """


    kwargs = _get_kwargs(
        channel_id=channel_id,
body=body,
x_telegram_bot_api_secret_token=x_telegram_bot_api_secret_token,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: TelegramUpdatesBody,
    x_telegram_bot_api_secret_token: str | Unset = UNSET,

) -> Error | TelegramUpdateAnswer | None:
    """ Telegram's webhook: a message or a button press (secret token; no API key)

     Give it to setWebhook with the channel's secret_token. `message.text` starts a thread (a reply to
    one of the bot's messages continues that thread); `callback_query` with `approve:<ref>` or
    `deny:<ref>` decides the approval. The same `update_id` again is taken once. Every request, accepted
    or not, is recorded (`GET /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_telegram_bot_api_secret_token (str | Unset):
        body (TelegramUpdatesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TelegramUpdateAnswer
     """


    return sync_detailed(
        channel_id=channel_id,
client=client,
body=body,
x_telegram_bot_api_secret_token=x_telegram_bot_api_secret_token,

    ).parsed

async def asyncio_detailed(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: TelegramUpdatesBody,
    x_telegram_bot_api_secret_token: str | Unset = UNSET,

) -> Response[Error | TelegramUpdateAnswer]:
    """ Telegram's webhook: a message or a button press (secret token; no API key)

     Give it to setWebhook with the channel's secret_token. `message.text` starts a thread (a reply to
    one of the bot's messages continues that thread); `callback_query` with `approve:<ref>` or
    `deny:<ref>` decides the approval. The same `update_id` again is taken once. Every request, accepted
    or not, is recorded (`GET /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_telegram_bot_api_secret_token (str | Unset):
        body (TelegramUpdatesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TelegramUpdateAnswer]
     """


    kwargs = _get_kwargs(
        channel_id=channel_id,
body=body,
x_telegram_bot_api_secret_token=x_telegram_bot_api_secret_token,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: TelegramUpdatesBody,
    x_telegram_bot_api_secret_token: str | Unset = UNSET,

) -> Error | TelegramUpdateAnswer | None:
    """ Telegram's webhook: a message or a button press (secret token; no API key)

     Give it to setWebhook with the channel's secret_token. `message.text` starts a thread (a reply to
    one of the bot's messages continues that thread); `callback_query` with `approve:<ref>` or
    `deny:<ref>` decides the approval. The same `update_id` again is taken once. Every request, accepted
    or not, is recorded (`GET /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_telegram_bot_api_secret_token (str | Unset):
        body (TelegramUpdatesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TelegramUpdateAnswer
     """


    return (await asyncio_detailed(
        channel_id=channel_id,
client=client,
body=body,
x_telegram_bot_api_secret_token=x_telegram_bot_api_secret_token,

    )).parsed
