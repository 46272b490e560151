from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.slack_events_answer import SlackEventsAnswer
from ...models.slack_events_body import SlackEventsBody
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    channel_id: str,
    *,
    body: SlackEventsBody,
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
        "url": "/channels/{channel_id}/slack/events".format(channel_id=quote(str(channel_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | SlackEventsAnswer | None:
    if response.status_code == 200:
        response_200 = SlackEventsAnswer.from_dict(response.json())


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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | SlackEventsAnswer]:
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
    body: SlackEventsBody,
    x_slack_request_timestamp: str | Unset = UNSET,
    x_slack_signature: str | Unset = UNSET,

) -> Response[Error | SlackEventsAnswer]:
    """ Slack's Events API: a URL check, or a person's message (signed; no API key)

     Set it as the Slack app's Event Subscriptions Request URL (events message.channels, app_mention).
    `url_verification` is answered with its challenge; a `message` or `app_mention` from an allowed,
    non-bot user starts a thread on the channel's agent (source `slack`), or is a message to the thread
    its `thread_ts` belongs to. The same `event_id` again is taken once. Answered at once; the work goes
    on after. Every request, accepted or not, is recorded (`GET /channels/{channel_id}/requests`) with
    the reason.

    Args:
        channel_id (str):
        x_slack_request_timestamp (str | Unset):
        x_slack_signature (str | Unset):
        body (SlackEventsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SlackEventsAnswer]
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
    body: SlackEventsBody,
    x_slack_request_timestamp: str | Unset = UNSET,
    x_slack_signature: str | Unset = UNSET,

) -> Error | SlackEventsAnswer | None:
    """ Slack's Events API: a URL check, or a person's message (signed; no API key)

     Set it as the Slack app's Event Subscriptions Request URL (events message.channels, app_mention).
    `url_verification` is answered with its challenge; a `message` or `app_mention` from an allowed,
    non-bot user starts a thread on the channel's agent (source `slack`), or is a message to the thread
    its `thread_ts` belongs to. The same `event_id` again is taken once. Answered at once; the work goes
    on after. Every request, accepted or not, is recorded (`GET /channels/{channel_id}/requests`) with
    the reason.

    Args:
        channel_id (str):
        x_slack_request_timestamp (str | Unset):
        x_slack_signature (str | Unset):
        body (SlackEventsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SlackEventsAnswer
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
    body: SlackEventsBody,
    x_slack_request_timestamp: str | Unset = UNSET,
    x_slack_signature: str | Unset = UNSET,

) -> Response[Error | SlackEventsAnswer]:
    """ Slack's Events API: a URL check, or a person's message (signed; no API key)

     Set it as the Slack app's Event Subscriptions Request URL (events message.channels, app_mention).
    `url_verification` is answered with its challenge; a `message` or `app_mention` from an allowed,
    non-bot user starts a thread on the channel's agent (source `slack`), or is a message to the thread
    its `thread_ts` belongs to. The same `event_id` again is taken once. Answered at once; the work goes
    on after. Every request, accepted or not, is recorded (`GET /channels/{channel_id}/requests`) with
    the reason.

    Args:
        channel_id (str):
        x_slack_request_timestamp (str | Unset):
        x_slack_signature (str | Unset):
        body (SlackEventsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SlackEventsAnswer]
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
    body: SlackEventsBody,
    x_slack_request_timestamp: str | Unset = UNSET,
    x_slack_signature: str | Unset = UNSET,

) -> Error | SlackEventsAnswer | None:
    """ Slack's Events API: a URL check, or a person's message (signed; no API key)

     Set it as the Slack app's Event Subscriptions Request URL (events message.channels, app_mention).
    `url_verification` is answered with its challenge; a `message` or `app_mention` from an allowed,
    non-bot user starts a thread on the channel's agent (source `slack`), or is a message to the thread
    its `thread_ts` belongs to. The same `event_id` again is taken once. Answered at once; the work goes
    on after. Every request, accepted or not, is recorded (`GET /channels/{channel_id}/requests`) with
    the reason.

    Args:
        channel_id (str):
        x_slack_request_timestamp (str | Unset):
        x_slack_signature (str | Unset):
        body (SlackEventsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SlackEventsAnswer
     """


    return (await asyncio_detailed(
        channel_id=channel_id,
client=client,
body=body,
x_slack_request_timestamp=x_slack_request_timestamp,
x_slack_signature=x_slack_signature,

    )).parsed
