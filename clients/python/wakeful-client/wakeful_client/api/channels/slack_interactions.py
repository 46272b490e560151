from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.slack_interactions_body import SlackInteractionsBody
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    channel_id: str,
    *,
    body: SlackInteractionsBody,
    x_slack_request_timestamp: str | Unset = UNSET,
    x_slack_signature: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_slack_request_timestamp, Unset):
        headers["X-Slack-Request-Timestamp"] = x_slack_request_timestamp

    if not isinstance(x_slack_signature, Unset):
        headers["X-Slack-Signature"] = x_slack_signature


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/channels/{channel_id}/slack/interactions".format(channel_id=quote(str(channel_id), safe=""),),
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error]:
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
    body: SlackInteractionsBody,
    x_slack_request_timestamp: str | Unset = UNSET,
    x_slack_signature: str | Unset = UNSET,

) -> Response[Any | Error]:
    """ Slack's interactivity: an Approve or Deny press (signed; no API key)

     Set it as the Slack app's Interactivity Request URL. The form field `payload` is the JSON of a
    `block_actions` press; a button value `approve:<ref>` or `deny:<ref>` by a user in allowed_users (or
    anyone, when it is absent) decides the approval, once. Every request, accepted or not, is recorded
    (`GET /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_slack_request_timestamp (str | Unset):
        x_slack_signature (str | Unset):
        body (SlackInteractionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
     """


    kwargs = _get_kwargs(
        channel_id=channel_id,
body=body,
x_slack_request_timestamp=x_slack_request_timestamp,
x_slack_signature=x_slack_signature,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SlackInteractionsBody,
    x_slack_request_timestamp: str | Unset = UNSET,
    x_slack_signature: str | Unset = UNSET,

) -> Any | Error | None:
    """ Slack's interactivity: an Approve or Deny press (signed; no API key)

     Set it as the Slack app's Interactivity Request URL. The form field `payload` is the JSON of a
    `block_actions` press; a button value `approve:<ref>` or `deny:<ref>` by a user in allowed_users (or
    anyone, when it is absent) decides the approval, once. Every request, accepted or not, is recorded
    (`GET /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_slack_request_timestamp (str | Unset):
        x_slack_signature (str | Unset):
        body (SlackInteractionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
     """


    return sync_detailed(
        channel_id=channel_id,
client=client,
body=body,
x_slack_request_timestamp=x_slack_request_timestamp,
x_slack_signature=x_slack_signature,

    ).parsed

async def asyncio_detailed(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SlackInteractionsBody,
    x_slack_request_timestamp: str | Unset = UNSET,
    x_slack_signature: str | Unset = UNSET,

) -> Response[Any | Error]:
    """ Slack's interactivity: an Approve or Deny press (signed; no API key)

     Set it as the Slack app's Interactivity Request URL. The form field `payload` is the JSON of a
    `block_actions` press; a button value `approve:<ref>` or `deny:<ref>` by a user in allowed_users (or
    anyone, when it is absent) decides the approval, once. Every request, accepted or not, is recorded
    (`GET /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_slack_request_timestamp (str | Unset):
        x_slack_signature (str | Unset):
        body (SlackInteractionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
     """


    kwargs = _get_kwargs(
        channel_id=channel_id,
body=body,
x_slack_request_timestamp=x_slack_request_timestamp,
x_slack_signature=x_slack_signature,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SlackInteractionsBody,
    x_slack_request_timestamp: str | Unset = UNSET,
    x_slack_signature: str | Unset = UNSET,

) -> Any | Error | None:
    """ Slack's interactivity: an Approve or Deny press (signed; no API key)

     Set it as the Slack app's Interactivity Request URL. The form field `payload` is the JSON of a
    `block_actions` press; a button value `approve:<ref>` or `deny:<ref>` by a user in allowed_users (or
    anyone, when it is absent) decides the approval, once. Every request, accepted or not, is recorded
    (`GET /channels/{channel_id}/requests`) with the reason.

    Args:
        channel_id (str):
        x_slack_request_timestamp (str | Unset):
        x_slack_signature (str | Unset):
        body (SlackInteractionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
     """


    return (await asyncio_detailed(
        channel_id=channel_id,
client=client,
body=body,
x_slack_request_timestamp=x_slack_request_timestamp,
x_slack_signature=x_slack_signature,

    )).parsed
