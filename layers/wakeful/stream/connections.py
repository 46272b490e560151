"""The WebSocket connections table: who is connected, and what each one watches.

Items under ``connection_id``: ``record_key = "conn"`` (the owner whose API key opened
it) and ``record_key = "sub#<target>"`` per subscription, where ``target`` is
``thread#<agent_id>#<thread_id>`` or ``agent#<agent_id>`` and ``types`` the optional
filter. The ``by-target`` index finds the connections to post a thread's events to.
Every item expires after :data:`CONNECTION_TTL_SECONDS` (API Gateway closes a
WebSocket after two hours anyway).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wakeful import clock, ddb

TABLE = "stream_connections"
CONNECTION = "conn"
CONNECTION_TTL_SECONDS = 3 * 3600


@dataclass(frozen=True)
class Subscriber:
    """A connection subscribed to a target, with its type filter."""

    connection_id: str
    types: frozenset[str] | None


def thread_target(agent_id: str, thread_id: str) -> str:
    return f"thread#{agent_id}#{thread_id}"


def agent_target(agent_id: str) -> str:
    return f"agent#{agent_id}"


def open_connection(connection_id: str, owner: str) -> None:
    """Record a new connection and the owner it acts for."""
    now = clock.now()
    ddb.client().put_item(
        TableName=ddb.table(TABLE),
        Item=ddb.serialize(
            {"connection_id": connection_id, "record_key": CONNECTION, "owner": owner, "connected_at": now,
             "expires_at": int(now + CONNECTION_TTL_SECONDS)}
        ),
    )  # fmt: skip


def owner_of(connection_id: str) -> str | None:
    """The owner a connection acts for (None when it is unknown or closed)."""
    item = ddb.get(TABLE, {"connection_id": connection_id, "record_key": CONNECTION})
    return item.get("owner") if item else None


def subscribe(connection_id: str, owner: str, target: str, types: frozenset[str] | None) -> None:
    """Add (or replace) a subscription of a connection."""
    now = clock.now()
    item: dict[str, Any] = {
        "connection_id": connection_id,
        "record_key": f"sub#{target}",
        "target": target,
        "owner": owner,
        "created_at": now,
        "expires_at": int(now + CONNECTION_TTL_SECONDS),
    }
    if types:
        item["types"] = sorted(types)
    ddb.client().put_item(TableName=ddb.table(TABLE), Item=ddb.serialize(item))


def unsubscribe(connection_id: str, target: str) -> None:
    ddb.client().delete_item(
        TableName=ddb.table(TABLE), Key=ddb.serialize({"connection_id": connection_id, "record_key": f"sub#{target}"})
    )


def close(connection_id: str) -> int:
    """Forget a connection and its subscriptions. Returns how many items went."""
    keys = [
        {"connection_id": connection_id, "record_key": item["record_key"]}
        for item in ddb.query(
            TABLE, KeyConditionExpression="connection_id = :c", ExpressionAttributeValues={":c": connection_id}
        )
    ]
    for key in keys:
        ddb.client().delete_item(TableName=ddb.table(TABLE), Key=ddb.serialize(key))
    return len(keys)


def subscribers(target: str) -> list[Subscriber]:
    """The connections subscribed to a target."""
    found = []
    for item in ddb.query(
        TABLE, index="by-target", KeyConditionExpression="target = :t", ExpressionAttributeValues={":t": target}
    ):
        types = item.get("types")
        found.append(Subscriber(item["connection_id"], frozenset(types) if types else None))
    return found
