"""The channel requests repository: every read and write of ``channel_requests``: per
channel, one row per inbound platform request (``chr_<ulid>``, time-ordered), one
counted item per minute and reason for the requests refused before their signature was
valid (:func:`count`: also a ``chr_`` id, so the list shows it in its place), and one
marker per platform event taken (``seen#<key>``: the same event again is a duplicate).
"""

from __future__ import annotations

from typing import Any, Mapping

from botocore.exceptions import ClientError

from wakeful import ddb
from wakeful.channels.records import ChannelRequest

TABLE = "channel_requests"
REQUEST_PREFIX = "chr_"
SEEN_PREFIX = "seen#"


def record(request: ChannelRequest) -> None:
    """Store one request row (its ``request_id`` is new)."""
    ddb.client().put_item(TableName=ddb.table(TABLE), Item=ddb.serialize(request.to_item()))


def count(channel_id: str, request_id: str, fields: Mapping[str, Any], now: float, expires_at: int | None) -> None:
    """Count one more request in the counted item ``request_id`` (made by the first):
    ``count`` goes up by one, ``received_at`` keeps the first request's time,
    ``last_received_at`` and ``fields`` (the reason, the source address, ...) the
    latest's. One ``UpdateItem``: however many requests come, the item stays one."""
    sets: dict[str, Any] = {**{k: v for k, v in fields.items() if v is not None}, "last_received_at": now}
    if expires_at is not None:
        sets["expires_at"] = expires_at
    expression, names, values = ddb.set_clause(sets)
    names.update({"#first": "received_at", "#count": "count"})
    values.update({":first": now, ":one": 1})
    ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=ddb.serialize({"channel_id": channel_id, "request_id": request_id}),
        UpdateExpression=f"{expression}, #first = if_not_exists(#first, :first) ADD #count :one",
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values(values),
    )


def set_outcome(channel_id: str, request_id: str, outcome: str, thread_id: str | None) -> None:
    """What the worker did with an accepted request (nothing when the row is gone)."""
    sets: dict[str, Any] = {"outcome": outcome[:500]}
    if thread_id:
        sets["thread_id"] = thread_id
    expression, names, values = ddb.set_clause(sets)
    try:
        ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=ddb.serialize({"channel_id": channel_id, "request_id": request_id}),
            UpdateExpression=expression,
            ConditionExpression="attribute_exists(request_id)",
            ExpressionAttributeNames=names,
            ExpressionAttributeValues=ddb.values(values),
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise


def page(channel_id: str, limit: int, cursor: str | None) -> tuple[list[ChannelRequest], str | None]:
    """One page of a channel's request rows, newest first."""
    items, next_cursor = ddb.page(
        TABLE,
        key="channel_id",
        value=channel_id,
        limit=limit,
        cursor=cursor,
        key_suffix=" AND begins_with(request_id, :p)",
        ExpressionAttributeValues={":p": REQUEST_PREFIX},
    )
    return [ChannelRequest.from_item(item) for item in items], next_cursor


def see(channel_id: str, key: str, expires_at: int) -> bool:
    """Mark a platform event as taken. True the first time, False when it was."""
    return ddb.put_new(TABLE, {"channel_id": channel_id, "request_id": SEEN_PREFIX + key[:400], "expires_at": expires_at})


def unsee(channel_id: str, key: str) -> None:
    """Forget a marker (its work could not be queued: the platform's retry may take it)."""
    ddb.client().delete_item(TableName=ddb.table(TABLE), Key=ddb.serialize({"channel_id": channel_id, "request_id": SEEN_PREFIX + key[:400]}))
