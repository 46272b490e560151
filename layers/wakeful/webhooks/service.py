"""Creating, reading, changing, rotating and deleting webhooks, owner-scoped.

Every call first resolves the owner's agent (another owner's agent is not found), then
the webhook under that agent, so another owner's webhook answers 404 (DESIGN.md
invariant 6). The secret (``whsec_`` + base64 of 32 random bytes from :mod:`secrets`)
is returned only by :func:`create` and :func:`rotate`, stored sealed with KMS, and
never logged.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import clock, ddb, ids, secrets, signing
from wakeful.agents import service as agents
from wakeful.ingest import payload as checks
from wakeful.ingest.exceptions import IngestMessageInvalidError
from wakeful.exceptions import ValidationError
from wakeful.webhooks import records
from wakeful.webhooks.exceptions import WebhookLimitError, WebhookNotFoundError
from wakeful.webhooks.models import WebhookCreate, WebhookPatch, WebhookRotate

MAX_WEBHOOKS_PER_AGENT = 50
MAX_METADATA_BYTES = 10_000


def create(owner: str, agent_id: str, body: WebhookCreate) -> tuple[dict[str, Any], str]:
    """Create a webhook on the owner's agent. Returns the item and its secret, which
    is shown only here."""
    agents.get(owner, agent_id)
    _check_metadata(body.metadata)
    if len(_agent_webhooks(agent_id)) >= MAX_WEBHOOKS_PER_AGENT:
        raise WebhookLimitError(f"an agent can have at most {MAX_WEBHOOKS_PER_AGENT} webhooks")
    now = clock.now()
    webhook_id = ids.new_id("whk", now)
    secret = body.secret or signing.new_secret()
    item: dict[str, Any] = {
        "webhook_id": webhook_id,
        "agent_id": agent_id,
        "owner": owner,
        "provider": body.provider,
        "is_active": True,
        "allowed_event_types": body.allowed_event_types,
        "rate_limit_per_hour": body.rate_limit_per_hour,
        "metadata": body.metadata,
        "secret_sealed": secrets.seal(secret, context=records.secret_context(webhook_id)),
        "created_at": now,
        "updated_at": now,
    }
    ddb.client().put_item(
        TableName=ddb.table("webhooks"),
        Item=ddb.serialize(item),
        ConditionExpression="attribute_not_exists(webhook_id)",
    )
    return item, secret


def get(owner: str, agent_id: str, webhook_id: str) -> dict[str, Any]:
    """The owner's webhook on that agent."""
    agents.get(owner, agent_id)
    item = records.get(webhook_id)
    if item is None or item.get("owner") != owner or item.get("agent_id") != agent_id:
        raise WebhookNotFoundError(f"webhook {webhook_id} not found")
    return item


def list_page(owner: str, agent_id: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """An agent's webhooks, newest first."""
    agents.get(owner, agent_id)
    return ddb.page("webhooks", index="by-agent", key="agent_id", value=agent_id, limit=limit, cursor=cursor)


def patch(owner: str, agent_id: str, webhook_id: str, body: WebhookPatch) -> dict[str, Any]:
    """Change ``is_active``, ``allowed_event_types`` or ``rate_limit_per_hour``."""
    get(owner, agent_id, webhook_id)
    changes = body.model_dump(exclude_unset=True)
    if changes.get("is_active", True) is None:
        del changes["is_active"]
    if "rate_limit_per_hour" in changes and changes["rate_limit_per_hour"] is None:
        del changes["rate_limit_per_hour"]
    changes["updated_at"] = clock.now()
    expression, names, values = ddb.set_clause(changes)
    _update(webhook_id, owner, agent_id, expression, names, values)
    return get(owner, agent_id, webhook_id)


def rotate(owner: str, agent_id: str, webhook_id: str, body: WebhookRotate | None = None) -> tuple[dict[str, Any], str]:
    """Give the webhook a new secret; the old one stays valid for ``overlap_seconds``
    (default 24 h) so senders can switch without losing requests. A second rotation
    within the overlap replaces the older secret. Returns the item and the new secret."""
    body = body or WebhookRotate()
    webhook = get(owner, agent_id, webhook_id)
    provider = webhook.get("provider") or "wakeful"
    if provider == "stripe" and not body.secret:
        raise ValidationError("a stripe webhook's new secret comes from Stripe: send it as secret")
    if body.secret and provider not in ("stripe", "github"):
        raise ValidationError(f"secret cannot be chosen for provider {provider}: Wakeful generates it")
    overlap = body.overlap_seconds
    now = clock.now()
    secret = body.secret or signing.new_secret()
    _update(
        webhook_id,
        owner,
        agent_id,
        "SET previous_secret_sealed = secret_sealed, previous_secret_expires_at = :until, "
        "secret_sealed = :new, secret_rotated_at = :now, updated_at = :now",
        {},
        {
            ":until": now + overlap,
            ":new": secrets.seal(secret, context=records.secret_context(webhook_id)),
            ":now": now,
        },
    )
    return get(owner, agent_id, webhook_id), secret


def delete(owner: str, agent_id: str, webhook_id: str) -> None:
    """Delete a webhook; its URL answers 404 from now on. Its request rows expire."""
    get(owner, agent_id, webhook_id)
    try:
        ddb.client().delete_item(
            TableName=ddb.table("webhooks"),
            Key=ddb.serialize({"webhook_id": webhook_id}),
            ConditionExpression="#o = :o AND agent_id = :a",
            ExpressionAttributeNames={"#o": "owner"},
            ExpressionAttributeValues=ddb.values({":o": owner, ":a": agent_id}),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise WebhookNotFoundError(f"webhook {webhook_id} not found") from error
        raise


def requests_page(
    owner: str, agent_id: str, webhook_id: str, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """The webhook's recorded requests, newest first."""
    get(owner, agent_id, webhook_id)
    return ddb.page(
        "webhook_requests",
        key="webhook_id",
        value=webhook_id,
        limit=limit,
        cursor=cursor,
        key_suffix=" AND begins_with(request_id, :p)",
        ExpressionAttributeValues={":p": records.REQUEST_PREFIX},
    )


def _update(webhook_id: str, owner: str, agent_id: str, expression: str, names: dict[str, str], values: dict[str, Any]) -> None:
    try:
        ddb.client().update_item(
            TableName=ddb.table("webhooks"),
            Key=ddb.serialize({"webhook_id": webhook_id}),
            UpdateExpression=expression,
            ConditionExpression="#own = :own AND agent_id = :agent",
            ExpressionAttributeNames={**names, "#own": "owner"},
            ExpressionAttributeValues=ddb.values({**values, ":own": owner, ":agent": agent_id}),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise WebhookNotFoundError(f"webhook {webhook_id} not found") from error
        raise


def _agent_webhooks(agent_id: str) -> list[dict[str, Any]]:
    return list(
        ddb.query(
            "webhooks",
            index="by-agent",
            KeyConditionExpression="agent_id = :a",
            ExpressionAttributeValues={":a": agent_id},
            ProjectionExpression="webhook_id",
        )
    )


def _check_metadata(metadata: dict[str, Any] | None) -> None:
    if metadata is None:
        return
    try:
        size = checks.check_storable(metadata, "metadata")
    except IngestMessageInvalidError as error:
        raise ValidationError(error.message) from error
    if size > MAX_METADATA_BYTES:
        raise ValidationError(f"metadata is too large ({size} bytes > {MAX_METADATA_BYTES})")
