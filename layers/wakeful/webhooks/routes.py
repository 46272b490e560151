"""Webhook management: ``/agents/{id}/webhooks[...]`` (docs/webhooks.md).

The inbound ``POST /webhooks/{webhook_id}`` is not here: API Gateway sends it to the
small webhook_ingest function (:mod:`wakeful.webhooks.receive`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from wakeful.apikit.common import owner, page, public_base_url, respond
from wakeful.apikit.routing import Query, Router, no_content, ok
from wakeful.pagination import MAX_LIMIT
from wakeful.webhooks import records, service

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.webhooks.inputs import WebhookCreate, WebhookPatch, WebhookRotate

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]
Cursor = Annotated[str | None, Query(description="The `next` value of the previous page")]
TAGS = ["webhooks"]



def _view(webhook: records.Webhook) -> dict[str, Any]:
    return webhook.public(public_base_url(router))


@router.post(
    "/agents/<agent_id>/webhooks",
    status_code=201,
    summary="Create an inbound webhook; its secret is shown only in this answer",
    tags=TAGS,
    responses=ok("WebhookCreated", 201, "The webhook and its secret, shown once"),
)
def create_webhook(agent_id: str, body: WebhookCreate):
    item, secret = service.create(owner(router), agent_id, body)
    return respond(201, {**_view(item), "secret": secret})


@router.get(
    "/agents/<agent_id>/webhooks",
    summary="List an agent's webhooks, newest first",
    tags=TAGS,
    responses=ok("WebhookPage"),
)
def list_webhooks(agent_id: str, limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.list_page(owner(router), agent_id, limit, cursor)
    return respond(200, page([_view(i) for i in items], next_cursor))


@router.get(
    "/agents/<agent_id>/webhooks/<webhook_id>",
    summary="Get a webhook (never its secret)",
    tags=TAGS,
    responses=ok("Webhook"),
)
def get_webhook(agent_id: str, webhook_id: str):
    return respond(200, _view(service.get(owner(router), agent_id, webhook_id)))


@router.patch(
    "/agents/<agent_id>/webhooks/<webhook_id>",
    summary="Change is_active, allowed_event_types or rate_limit_per_hour",
    tags=TAGS,
    responses=ok("Webhook"),
)
def patch_webhook(agent_id: str, webhook_id: str, body: WebhookPatch):
    return respond(200, _view(service.patch(owner(router), agent_id, webhook_id, body)))


@router.delete(
    "/agents/<agent_id>/webhooks/<webhook_id>",
    status_code=204,
    summary="Delete a webhook",
    tags=TAGS,
    responses=no_content(),
)
def delete_webhook(agent_id: str, webhook_id: str):
    service.delete(owner(router), agent_id, webhook_id)
    return respond(204, None)


@router.post(
    "/agents/<agent_id>/webhooks/<webhook_id>/rotate",
    summary="Give the webhook a new secret; the old one stays valid for 24 h (overlap_seconds)",
    tags=TAGS,
    responses=ok("WebhookRotated"),
)
def rotate_webhook_secret(agent_id: str, webhook_id: str, body: WebhookRotate | None = None):
    item, secret = service.rotate(owner(router), agent_id, webhook_id, body)
    return respond(
        200,
        {
            "id": item.webhook_id,
            "secret": secret,
            "previous_secret_expires_at": item.public("")["previous_secret_expires_at"],
        },
    )


@router.get(
    "/agents/<agent_id>/webhooks/<webhook_id>/requests",
    summary="Every request the webhook received, accepted or not, newest first",
    tags=TAGS,
    responses=ok("WebhookRequestPage"),
)
def list_webhook_requests(agent_id: str, webhook_id: str, limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.requests_page(owner(router), agent_id, webhook_id, limit, cursor)
    return respond(200, page([i.public() for i in items], next_cursor))
