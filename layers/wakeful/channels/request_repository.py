"""The channel requests repository: every read and write of ``channel_requests``: per
channel, one row per inbound platform request (``chr_<ulid>``, time-ordered) and one
marker per platform event taken (``seen#<key>``: the same event again is a duplicate).
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import ddb
from wakeful.channels.records import ChannelRequest

TABLE = "channel_requests"
REQUEST_PREFIX = "chr_"
SEEN_PREFIX = "seen#"


def record(request: ChannelRequest) -> None:
    """Store one request row (its ``request_id`` is new)."""
    ddb.client().put_item(TableName=ddb.table(TABLE), Item=ddb.serialize(request.to_item()))


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
