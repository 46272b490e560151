"""The channel deliveries repository: every read and write of ``channel_deliveries``
(one item per message to a channel, its id derived from what it answers).

A delivery moves ``pending`` → ``delivered`` or ``failed``. One attempt at a time:
:func:`claim` takes it (counting the attempt, with a lease), conditioned on the attempts
seen, so a job delivered twice finds it taken or done and posts nothing.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import ddb
from wakeful.channels import models
from wakeful.channels.records import ChannelDelivery

TABLE = "channel_deliveries"


def _key(delivery_id: str) -> dict[str, Any]:
    return ddb.serialize({"delivery_id": delivery_id})


def create(delivery: ChannelDelivery) -> bool:
    """Store a new delivery unless one with its id exists. True if it was written."""
    return ddb.put_new(TABLE, delivery.to_item())


def get(delivery_id: str) -> ChannelDelivery | None:
    """A delivery by id (consistent read); None when absent."""
    item = ddb.get(TABLE, {"delivery_id": delivery_id})
    return None if item is None else ChannelDelivery.from_item(item)


def channel_page(channel_id: str, limit: int, cursor: str | None) -> tuple[list[ChannelDelivery], str | None]:
    """One page of a channel's deliveries, newest first."""
    items, next_cursor = ddb.page(TABLE, index="by-channel", key="channel_id", value=channel_id, limit=limit, cursor=cursor)
    return [ChannelDelivery.from_item(item) for item in items], next_cursor


def claim(delivery_id: str, attempts_seen: int, now: float, lease_until: float) -> ChannelDelivery | None:
    """Take a pending delivery for one attempt: count it and hold it until
    ``lease_until``. None when it is not pending, another attempt took it, or one
    holds it still."""
    try:
        response = ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(delivery_id),
            UpdateExpression="SET attempts = :next, lease_until = :lease, updated_at = :now",
            ConditionExpression="#st = :pending AND attempts = :seen AND (attribute_not_exists(lease_until) OR lease_until < :now)",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values(
                {":pending": models.PENDING, ":seen": attempts_seen, ":next": attempts_seen + 1, ":lease": lease_until, ":now": now}
            ),
            ReturnValues="ALL_NEW",
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return None
        raise
    return ChannelDelivery.from_item(ddb.deserialize(response["Attributes"]) or {})


def part_sent(delivery_id: str, parts_sent: int, message_id: str | None, now: float) -> None:
    """Record that the first ``parts_sent`` parts are posted (and the platform's id of
    the last), so a retry goes on after them."""
    ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(delivery_id),
        UpdateExpression="SET parts_sent = :n, message_ids = list_append(if_not_exists(message_ids, :empty), :id), updated_at = :now",
        ExpressionAttributeValues=ddb.values({":n": parts_sent, ":id": [message_id or ""], ":empty": [], ":now": now}),
    )


def finish(delivery_id: str, status: str, now: float, *, error: str | None = None, status_code: int | None = None) -> None:
    """A final outcome: ``delivered`` (clears the error) or ``failed`` (with why)."""
    sets: dict[str, Any] = {"status": status, "updated_at": now}
    if status == models.DELIVERED:
        sets["delivered_at"] = now
    if error:
        sets["error"] = error[:2000]
    if status_code is not None:
        sets["last_status_code"] = status_code
    expression, names, values = ddb.set_clause(sets)
    expression += " REMOVE lease_until, not_before" + ("" if error else ", #err")
    if not error:
        names["#err"] = "error"
    ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(delivery_id),
        UpdateExpression=expression,
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values(values),
    )


def retry_later(delivery_id: str, now: float, *, error: str, status_code: int | None, not_before: float) -> None:
    """An attempt that will be retried: why it failed, and when the next may start."""
    sets: dict[str, Any] = {"error": error[:2000], "not_before": not_before, "updated_at": now}
    if status_code is not None:
        sets["last_status_code"] = status_code
    expression, names, values = ddb.set_clause(sets)
    ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(delivery_id),
        UpdateExpression=expression + " REMOVE lease_until",
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values(values),
    )
