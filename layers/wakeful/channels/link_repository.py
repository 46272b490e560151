"""The channel links repository: every read and write of ``channel_links`` (per
channel: what a platform message or a button stands for)."""

from __future__ import annotations

from wakeful import ddb
from wakeful.channels.records import ChannelLink

TABLE = "channel_links"


def put(link: ChannelLink) -> None:
    """Store a link (a later one for the same key replaces it)."""
    ddb.client().put_item(TableName=ddb.table(TABLE), Item=ddb.serialize(link.to_item()))


def get(channel_id: str, link_key: str) -> ChannelLink | None:
    """The link of ``link_key`` in a channel; None when there is none."""
    item = ddb.get(TABLE, {"channel_id": channel_id, "link_key": link_key})
    return None if item is None else ChannelLink.from_item(item)
