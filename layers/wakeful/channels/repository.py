"""The channels repository: every read and write of ``channels`` (one item per
channel) and of the name reservations (items of ``idempotency``, kind
``channel_name``: a name is unique per owner).

Changes are conditioned on the owner, so another owner's channel answers
:class:`~wakeful.channels.exceptions.ChannelNotFoundError` and is left as it was.
"""

from __future__ import annotations

from typing import Any


from wakeful import ddb
from wakeful.channels.exceptions import ChannelChangedError, ChannelNameTakenError, ChannelNotFoundError
from wakeful.channels.records import Channel

TABLE = "channels"
NAMES = "idempotency"


def name_key(owner: str, name: str) -> str:
    """The reservation of a channel name (unique per owner)."""
    return f"channel#{owner}#{name}"


def _reservation(owner: str, name: str, channel_id: str) -> dict[str, Any]:
    return {
        "Put": {
            "TableName": ddb.table(NAMES),
            "Item": ddb.serialize({"key": name_key(owner, name), "kind": "channel_name", "channel_id": channel_id}),
            "ConditionExpression": "attribute_not_exists(#k)",
            "ExpressionAttributeNames": {"#k": "key"},
        }
    }


def _release(owner: str, name: str) -> dict[str, Any]:
    return {"Delete": {"TableName": ddb.table(NAMES), "Key": ddb.serialize({"key": name_key(owner, name)})}}


def get(channel_id: str) -> Channel | None:
    """A channel by id (any owner); None when absent."""
    item = ddb.get(TABLE, {"channel_id": channel_id})
    return None if item is None else Channel.from_item(item)


def find_name(owner: str, name: str) -> str | None:
    """The id of the owner's channel called ``name`` (one GetItem)."""
    record = ddb.get(NAMES, {"key": name_key(owner, name)})
    return record.get("channel_id") if record else None


def page(owner: str, limit: int, cursor: str | None) -> tuple[list[Channel], str | None]:
    """One page of the owner's channels, newest first."""
    items, next_cursor = ddb.page(TABLE, index="by-owner", key="owner", value=owner, limit=limit, cursor=cursor)
    return [Channel.from_item(item) for item in items], next_cursor


def count(owner: str) -> int:
    """How many channels the owner has (keys only)."""
    return sum(
        1
        for _ in ddb.query(
            TABLE,
            index="by-owner",
            KeyConditionExpression="#o = :o",
            ExpressionAttributeNames={"#o": "owner"},
            ExpressionAttributeValues={":o": owner},
            ProjectionExpression="channel_id",
        )
    )


def create(channel: Channel) -> None:
    """Put a new channel and reserve its name, atomically.

    Raises:
        ChannelNameTakenError: the owner has a channel with this name.
    """
    codes = ddb.transact(
        [
            {
                "Put": {
                    "TableName": ddb.table(TABLE),
                    "Item": ddb.serialize(channel.to_item()),
                    "ConditionExpression": "attribute_not_exists(channel_id)",
                }
            },
            _reservation(channel.owner, channel.name, channel.channel_id),
        ]
    )
    if codes is not None:
        raise ChannelNameTakenError(f"you already have a channel named {channel.name!r}")


def replace(old: Channel, new: Channel) -> None:
    """Write ``new`` over ``old`` (the same channel, changed), provided it has not
    changed meanwhile; a new name is reserved and the old one freed in the same
    transaction.

    Raises:
        ChannelNameTakenError: the new name is the owner's other channel's.
        ChannelChangedError: the channel was deleted or changed meanwhile.
    """
    put = {
        "Put": {
            "TableName": ddb.table(TABLE),
            "Item": ddb.serialize(new.to_item()),
            "ConditionExpression": "#o = :o AND updated_at = :u",
            "ExpressionAttributeNames": {"#o": "owner"},
            "ExpressionAttributeValues": ddb.values({":o": old.owner, ":u": old.updated_at}),
        }
    }
    parts = [put]
    if new.name != old.name:
        parts += [_reservation(new.owner, new.name, new.channel_id), _release(old.owner, old.name)]
    codes = ddb.transact(parts)
    if codes is None:
        return
    if len(codes) > 1 and codes[1] == "ConditionalCheckFailed":
        raise ChannelNameTakenError(f"you already have a channel named {new.name!r}")
    raise ChannelChangedError(f"channel {old.channel_id} changed meanwhile; try again")


def delete(channel: Channel) -> None:
    """Delete the owner's channel and free its name.

    Raises:
        ChannelNotFoundError: it was deleted meanwhile.
    """
    codes = ddb.transact(
        [
            {
                "Delete": {
                    "TableName": ddb.table(TABLE),
                    "Key": ddb.serialize({"channel_id": channel.channel_id}),
                    "ConditionExpression": "#o = :o",
                    "ExpressionAttributeNames": {"#o": "owner"},
                    "ExpressionAttributeValues": ddb.values({":o": channel.owner}),
                }
            },
            _release(channel.owner, channel.name),
        ]
    )
    if codes is not None:
        raise ChannelNotFoundError(f"channel {channel.channel_id} not found")
