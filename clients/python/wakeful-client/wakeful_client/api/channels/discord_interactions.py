from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.discord_interaction_answer import DiscordInteractionAnswer
from ...models.discord_interactions_body import DiscordInteractionsBody
from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    channel_id: str,
    *,
    body: DiscordInteractionsBody,
    x_signature_ed_25519: str | Unset = UNSET,
    x_signature_timestamp: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_signature_ed_25519, Unset):
        headers["X-Signature-Ed25519"] = x_signature_ed_25519

    if not isinstance(x_signature_timestamp, Unset):
        headers["X-Signature-Timestamp"] = x_signature_timestamp


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/channels/{channel_id}/discord".format(channel_id=quote(str(channel_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DiscordInteractionAnswer | Error | None:
    if response.status_code == 200:
        response_200 = DiscordInteractionAnswer.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DiscordInteractionAnswer | Error]:
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
    body: DiscordInteractionsBody,
    x_signature_ed_25519: str | Unset = UNSET,
    x_signature_timestamp: str | Unset = UNSET,

) -> Response[DiscordInteractionAnswer | Error]:
    """ Discord's interactions: a PING, a slash command, a button (signed; no API key)

     Set it as the application's Interactions Endpoint URL. Signed with Ed25519 (`X-Signature-Ed25519`
    over `X-Signature-Timestamp` + the raw body) by the channel's public_key. Type 1 answers `{"type":
    1}`; type 2, a command with a string option `message`, starts a thread and answers `{"type": 5}`
    (the thread's answer follows up); type 3, a button `approve:<ref>` or `deny:<ref>`, decides the
    approval and answers `{"type": 6}`. Every request, accepted or not, is recorded (`GET
    /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_signature_ed_25519 (str | Unset):
        x_signature_timestamp (str | Unset):
        body (DiscordInteractionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DiscordInteractionAnswer | Error]
     """


    kwargs = _get_kwargs(
        channel_id=channel_id,
body=body,
x_signature_ed_25519=x_signature_ed_25519,
x_signature_timestamp=x_signature_timestamp,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: DiscordInteractionsBody,
    x_signature_ed_25519: str | Unset = UNSET,
    x_signature_timestamp: str | Unset = UNSET,

) -> DiscordInteractionAnswer | Error | None:
    """ Discord's interactions: a PING, a slash command, a button (signed; no API key)

     Set it as the application's Interactions Endpoint URL. Signed with Ed25519 (`X-Signature-Ed25519`
    over `X-Signature-Timestamp` + the raw body) by the channel's public_key. Type 1 answers `{"type":
    1}`; type 2, a command with a string option `message`, starts a thread and answers `{"type": 5}`
    (the thread's answer follows up); type 3, a button `approve:<ref>` or `deny:<ref>`, decides the
    approval and answers `{"type": 6}`. Every request, accepted or not, is recorded (`GET
    /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_signature_ed_25519 (str | Unset):
        x_signature_timestamp (str | Unset):
        body (DiscordInteractionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DiscordInteractionAnswer | Error
     """


    return sync_detailed(
        channel_id=channel_id,
client=client,
body=body,
x_signature_ed_25519=x_signature_ed_25519,
x_signature_timestamp=x_signature_timestamp,

    ).parsed

async def asyncio_detailed(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: DiscordInteractionsBody,
    x_signature_ed_25519: str | Unset = UNSET,
    x_signature_timestamp: str | Unset = UNSET,

) -> Response[DiscordInteractionAnswer | Error]:
    """ Discord's interactions: a PING, a slash command, a button (signed; no API key)

     Set it as the application's Interactions Endpoint URL. Signed with Ed25519 (`X-Signature-Ed25519`
    over `X-Signature-Timestamp` + the raw body) by the channel's public_key. Type 1 answers `{"type":
    1}`; type 2, a command with a string option `message`, starts a thread and answers `{"type": 5}`
    (the thread's answer follows up); type 3, a button `approve:<ref>` or `deny:<ref>`, decides the
    approval and answers `{"type": 6}`. Every request, accepted or not, is recorded (`GET
    /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_signature_ed_25519 (str | Unset):
        x_signature_timestamp (str | Unset):
        body (DiscordInteractionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DiscordInteractionAnswer | Error]
     """


    kwargs = _get_kwargs(
        channel_id=channel_id,
body=body,
x_signature_ed_25519=x_signature_ed_25519,
x_signature_timestamp=x_signature_timestamp,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: DiscordInteractionsBody,
    x_signature_ed_25519: str | Unset = UNSET,
    x_signature_timestamp: str | Unset = UNSET,

) -> DiscordInteractionAnswer | Error | None:
    """ Discord's interactions: a PING, a slash command, a button (signed; no API key)

     Set it as the application's Interactions Endpoint URL. Signed with Ed25519 (`X-Signature-Ed25519`
    over `X-Signature-Timestamp` + the raw body) by the channel's public_key. Type 1 answers `{"type":
    1}`; type 2, a command with a string option `message`, starts a thread and answers `{"type": 5}`
    (the thread's answer follows up); type 3, a button `approve:<ref>` or `deny:<ref>`, decides the
    approval and answers `{"type": 6}`. Every request, accepted or not, is recorded (`GET
    /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_signature_ed_25519 (str | Unset):
        x_signature_timestamp (str | Unset):
        body (DiscordInteractionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DiscordInteractionAnswer | Error
     """


    return (await asyncio_detailed(
        channel_id=channel_id,
client=client,
body=body,
x_signature_ed_25519=x_signature_ed_25519,
x_signature_timestamp=x_signature_timestamp,

    )).parsed
