"""The webhooks repository: every read and write of ``webhooks`` (one item per webhook,
its secrets sealed) and ``webhook_requests`` (per webhook, one row per inbound request,
one counter per clock hour and per minute, and the counted items of refused requests).

Changes to a webhook are conditioned on its owner and agent, so a webhook of another
owner (or moved under another agent) answers
:class:`~wakeful.webhooks.exceptions.WebhookNotFoundError` and is left as it was.
Reads answer :class:`~wakeful.webhooks.records.Webhook` and
:class:`~wakeful.webhooks.records.WebhookRequest` records.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import ddb
from wakeful.webhooks.exceptions import WebhookNotFoundError
from wakeful.webhooks.records import Webhook, WebhookRequest

WEBHOOKS = "webhooks"
REQUESTS = "webhook_requests"


# -- webhooks --------------------------------------------------------------------------
def create(webhook: Webhook) -> None:
    """Store a new webhook (its id is new)."""
    ddb.client().put_item(
        TableName=ddb.table(WEBHOOKS),
        Item=ddb.serialize(webhook.to_item()),
        ConditionExpression="attribute_not_exists(webhook_id)",
    )


def get(webhook_id: str) -> Webhook | None:
    """A webhook by id (any owner); None when absent."""
    item = ddb.get(WEBHOOKS, {"webhook_id": webhook_id})
    return None if item is None else Webhook.from_item(item)


def agent_page(agent_id: str, limit: int, cursor: str | None) -> tuple[list[Webhook], str | None]:
    """One page of an agent's webhooks, newest first."""
    items, next_cursor = ddb.page(WEBHOOKS, index="by-agent", key="agent_id", value=agent_id, limit=limit, cursor=cursor)
    return [Webhook.from_item(item) for item in items], next_cursor


def agent_webhook_ids(agent_id: str) -> list[str]:
    """The ids of an agent's webhooks (keys only)."""
    return [
        item["webhook_id"]
        for item in ddb.query(
            WEBHOOKS,
            index="by-agent",
            KeyConditionExpression="agent_id = :a",
            ExpressionAttributeValues={":a": agent_id},
            ProjectionExpression="webhook_id",
        )
    ]


def update(webhook_id: str, owner: str, agent_id: str, changes: dict[str, Any]) -> None:
    """SET ``changes`` on the owner's webhook.

    Raises:
        WebhookNotFoundError: no such webhook of this owner and agent.
    """
    expression, names, values = ddb.set_clause(changes)
    _update(webhook_id, owner, agent_id, expression, names, values)


def rotate_secret(webhook_id: str, owner: str, agent_id: str, new_sealed: str, previous_until: float, now: float) -> None:
    """Make ``new_sealed`` the webhook's secret; the current one becomes the previous
    one, valid until ``previous_until``.

    Raises:
        WebhookNotFoundError: no such webhook of this owner and agent.
    """
    _update(
        webhook_id,
        owner,
        agent_id,
        "SET previous_secret_sealed = secret_sealed, previous_secret_expires_at = :until, "
        "secret_sealed = :new, secret_rotated_at = :now, updated_at = :now",
        {},
        {":until": previous_until, ":new": new_sealed, ":now": now},
    )


def _update(webhook_id: str, owner: str, agent_id: str, expression: str, names: dict[str, str], values: dict[str, Any]) -> None:
    try:
        ddb.client().update_item(
            TableName=ddb.table(WEBHOOKS),
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


def delete(webhook_id: str, owner: str, agent_id: str) -> None:
    """Delete the owner's webhook.

    Raises:
        WebhookNotFoundError: no such webhook of this owner and agent.
    """
    try:
        ddb.client().delete_item(
            TableName=ddb.table(WEBHOOKS),
            Key=ddb.serialize({"webhook_id": webhook_id}),
            ConditionExpression="#o = :o AND agent_id = :a",
            ExpressionAttributeNames={"#o": "owner"},
            ExpressionAttributeValues=ddb.values({":o": owner, ":a": agent_id}),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise WebhookNotFoundError(f"webhook {webhook_id} not found") from error
        raise


# -- webhook_requests ------------------------------------------------------------------
def put_request(request: WebhookRequest) -> None:
    """Store one inbound request row (its ``request_id`` is new)."""
    ddb.client().put_item(TableName=ddb.table(REQUESTS), Item=ddb.serialize(request.to_item()))


def requests_page(webhook_id: str, prefix: str, limit: int, cursor: str | None) -> tuple[list[WebhookRequest], str | None]:
    """One page of a webhook's request rows (ids starting with ``prefix``), newest first."""
    items, next_cursor = ddb.page(
        REQUESTS,
        key="webhook_id",
        value=webhook_id,
        limit=limit,
        cursor=cursor,
        key_suffix=" AND begins_with(request_id, :p)",
        ExpressionAttributeValues={":p": prefix},
    )
    return [WebhookRequest.from_item(item) for item in items], next_cursor


def count_request(webhook_id: str, counter_id: str, limit: int, expires_at: int) -> bool:
    """Add one to the counter row ``counter_id`` unless it already reached ``limit``.
    True when counted. One conditional ``ADD``: DynamoDB applies concurrent updates of
    one item one at a time, so exactly ``limit`` calls succeed."""
    try:
        ddb.client().update_item(
            TableName=ddb.table(REQUESTS),
            Key=ddb.serialize({"webhook_id": webhook_id, "request_id": counter_id}),
            UpdateExpression="ADD #n :one SET expires_at = if_not_exists(expires_at, :exp)",
            ConditionExpression="attribute_not_exists(#n) OR #n < :limit",
            ExpressionAttributeNames={"#n": "request_count"},
            ExpressionAttributeValues=ddb.values({":one": 1, ":limit": limit, ":exp": expires_at}),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True


def add_to_count(webhook_id: str, request_id: str, fields: dict[str, Any], now: float, expires_at: int | None) -> None:
    """Count one more request in the counted item ``request_id`` (made by the first):
    ``count`` up by one, ``received_at`` the first request's time, ``last_received_at``
    and ``fields`` the latest's. One ``UpdateItem``: the item stays one."""
    sets: dict[str, Any] = {**{k: v for k, v in fields.items() if v is not None}, "last_received_at": now}
    if expires_at is not None:
        sets["expires_at"] = expires_at
    expression, names, values = ddb.set_clause(sets)
    names.update({"#first": "received_at", "#count": "count"})
    values.update({":first": now, ":one": 1})
    ddb.client().update_item(
        TableName=ddb.table(REQUESTS),
        Key=ddb.serialize({"webhook_id": webhook_id, "request_id": request_id}),
        UpdateExpression=f"{expression}, #first = if_not_exists(#first, :first) ADD #count :one",
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values(values),
    )
