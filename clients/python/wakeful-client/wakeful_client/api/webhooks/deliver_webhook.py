from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.webhook_accepted import WebhookAccepted
from ...models.webhook_delivery import WebhookDelivery
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    webhook_id_path: str,
    *,
    body: WebhookDelivery,
    webhook_id_header: str | Unset = UNSET,
    webhook_timestamp: str | Unset = UNSET,
    webhook_signature: str | Unset = UNSET,
    x_wakeful_timestamp: str | Unset = UNSET,
    x_wakeful_signature: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(webhook_id_header, Unset):
        headers["webhook-id"] = webhook_id_header

    if not isinstance(webhook_timestamp, Unset):
        headers["webhook-timestamp"] = webhook_timestamp

    if not isinstance(webhook_signature, Unset):
        headers["webhook-signature"] = webhook_signature

    if not isinstance(x_wakeful_timestamp, Unset):
        headers["X-Wakeful-Timestamp"] = x_wakeful_timestamp

    if not isinstance(x_wakeful_signature, Unset):
        headers["X-Wakeful-Signature"] = x_wakeful_signature


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/webhooks/{webhook_id_path}".format(webhook_id_path=quote(str(webhook_id_path), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | WebhookAccepted | None:
    if response.status_code == 200:
        response_200 = WebhookAccepted.from_dict(response.json())


        return response_200

    if response.status_code == 202:
        response_202 = WebhookAccepted.from_dict(response.json())


        return response_202

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())


        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())


        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())


        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())


        return response_404

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())


        return response_413

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())


        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | WebhookAccepted]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id_path: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookDelivery,
    webhook_id_header: str | Unset = UNSET,
    webhook_timestamp: str | Unset = UNSET,
    webhook_signature: str | Unset = UNSET,
    x_wakeful_timestamp: str | Unset = UNSET,
    x_wakeful_signature: str | Unset = UNSET,

) -> Response[Error | WebhookAccepted]:
    """ Deliver an event to an agent through its webhook (signed; no API key)

     Served by the webhook-ingest function. Sign the raw body bytes with the webhook's secret (HMAC-
    SHA256 keyed with the base64-decoded part after `whsec_`), by either scheme: (1) `X-Wakeful-
    Timestamp: <unix seconds>` and `X-Wakeful-Signature: sha256=<hex of HMAC(key, "<timestamp>.<raw
    body>")>`; (2) Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64
    of HMAC(key, "<id>.<timestamp>.<raw body>")>`. The timestamp must be within 300 s of now. Every
    request is recorded (`GET /agents/{id}/webhooks/{webhook_id}/requests`). The event's source is
    `webhook`.

    Args:
        webhook_id_path (str):
        webhook_id_header (str | Unset):
        webhook_timestamp (str | Unset):
        webhook_signature (str | Unset):
        x_wakeful_timestamp (str | Unset):
        x_wakeful_signature (str | Unset):
        body (WebhookDelivery): The body of ``POST /webhooks/{webhook_id}``, for the OpenAPI
            document only: the
            webhook-ingest function checks it by hand, after the signature
            (:mod:`wakeful.webhooks.receive`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookAccepted]
     """


    kwargs = _get_kwargs(
        webhook_id_path=webhook_id_path,
body=body,
webhook_id_header=webhook_id_header,
webhook_timestamp=webhook_timestamp,
webhook_signature=webhook_signature,
x_wakeful_timestamp=x_wakeful_timestamp,
x_wakeful_signature=x_wakeful_signature,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    webhook_id_path: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookDelivery,
    webhook_id_header: str | Unset = UNSET,
    webhook_timestamp: str | Unset = UNSET,
    webhook_signature: str | Unset = UNSET,
    x_wakeful_timestamp: str | Unset = UNSET,
    x_wakeful_signature: str | Unset = UNSET,

) -> Error | WebhookAccepted | None:
    """ Deliver an event to an agent through its webhook (signed; no API key)

     Served by the webhook-ingest function. Sign the raw body bytes with the webhook's secret (HMAC-
    SHA256 keyed with the base64-decoded part after `whsec_`), by either scheme: (1) `X-Wakeful-
    Timestamp: <unix seconds>` and `X-Wakeful-Signature: sha256=<hex of HMAC(key, "<timestamp>.<raw
    body>")>`; (2) Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64
    of HMAC(key, "<id>.<timestamp>.<raw body>")>`. The timestamp must be within 300 s of now. Every
    request is recorded (`GET /agents/{id}/webhooks/{webhook_id}/requests`). The event's source is
    `webhook`.

    Args:
        webhook_id_path (str):
        webhook_id_header (str | Unset):
        webhook_timestamp (str | Unset):
        webhook_signature (str | Unset):
        x_wakeful_timestamp (str | Unset):
        x_wakeful_signature (str | Unset):
        body (WebhookDelivery): The body of ``POST /webhooks/{webhook_id}``, for the OpenAPI
            document only: the
            webhook-ingest function checks it by hand, after the signature
            (:mod:`wakeful.webhooks.receive`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookAccepted
     """


    return sync_detailed(
        webhook_id_path=webhook_id_path,
client=client,
body=body,
webhook_id_header=webhook_id_header,
webhook_timestamp=webhook_timestamp,
webhook_signature=webhook_signature,
x_wakeful_timestamp=x_wakeful_timestamp,
x_wakeful_signature=x_wakeful_signature,

    ).parsed

async def asyncio_detailed(
    webhook_id_path: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookDelivery,
    webhook_id_header: str | Unset = UNSET,
    webhook_timestamp: str | Unset = UNSET,
    webhook_signature: str | Unset = UNSET,
    x_wakeful_timestamp: str | Unset = UNSET,
    x_wakeful_signature: str | Unset = UNSET,

) -> Response[Error | WebhookAccepted]:
    """ Deliver an event to an agent through its webhook (signed; no API key)

     Served by the webhook-ingest function. Sign the raw body bytes with the webhook's secret (HMAC-
    SHA256 keyed with the base64-decoded part after `whsec_`), by either scheme: (1) `X-Wakeful-
    Timestamp: <unix seconds>` and `X-Wakeful-Signature: sha256=<hex of HMAC(key, "<timestamp>.<raw
    body>")>`; (2) Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64
    of HMAC(key, "<id>.<timestamp>.<raw body>")>`. The timestamp must be within 300 s of now. Every
    request is recorded (`GET /agents/{id}/webhooks/{webhook_id}/requests`). The event's source is
    `webhook`.

    Args:
        webhook_id_path (str):
        webhook_id_header (str | Unset):
        webhook_timestamp (str | Unset):
        webhook_signature (str | Unset):
        x_wakeful_timestamp (str | Unset):
        x_wakeful_signature (str | Unset):
        body (WebhookDelivery): The body of ``POST /webhooks/{webhook_id}``, for the OpenAPI
            document only: the
            webhook-ingest function checks it by hand, after the signature
            (:mod:`wakeful.webhooks.receive`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookAccepted]
     """


    kwargs = _get_kwargs(
        webhook_id_path=webhook_id_path,
body=body,
webhook_id_header=webhook_id_header,
webhook_timestamp=webhook_timestamp,
webhook_signature=webhook_signature,
x_wakeful_timestamp=x_wakeful_timestamp,
x_wakeful_signature=x_wakeful_signature,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    webhook_id_path: str,
    *,
    client: AuthenticatedClient | Client,
    body: WebhookDelivery,
    webhook_id_header: str | Unset = UNSET,
    webhook_timestamp: str | Unset = UNSET,
    webhook_signature: str | Unset = UNSET,
    x_wakeful_timestamp: str | Unset = UNSET,
    x_wakeful_signature: str | Unset = UNSET,

) -> Error | WebhookAccepted | None:
    """ Deliver an event to an agent through its webhook (signed; no API key)

     Served by the webhook-ingest function. Sign the raw body bytes with the webhook's secret (HMAC-
    SHA256 keyed with the base64-decoded part after `whsec_`), by either scheme: (1) `X-Wakeful-
    Timestamp: <unix seconds>` and `X-Wakeful-Signature: sha256=<hex of HMAC(key, "<timestamp>.<raw
    body>")>`; (2) Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64
    of HMAC(key, "<id>.<timestamp>.<raw body>")>`. The timestamp must be within 300 s of now. Every
    request is recorded (`GET /agents/{id}/webhooks/{webhook_id}/requests`). The event's source is
    `webhook`.

    Args:
        webhook_id_path (str):
        webhook_id_header (str | Unset):
        webhook_timestamp (str | Unset):
        webhook_signature (str | Unset):
        x_wakeful_timestamp (str | Unset):
        x_wakeful_signature (str | Unset):
        body (WebhookDelivery): The body of ``POST /webhooks/{webhook_id}``, for the OpenAPI
            document only: the
            webhook-ingest function checks it by hand, after the signature
            (:mod:`wakeful.webhooks.receive`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookAccepted
     """


    return (await asyncio_detailed(
        webhook_id_path=webhook_id_path,
client=client,
body=body,
webhook_id_header=webhook_id_header,
webhook_timestamp=webhook_timestamp,
webhook_signature=webhook_signature,
x_wakeful_timestamp=x_wakeful_timestamp,
x_wakeful_signature=x_wakeful_signature,

    )).parsed
