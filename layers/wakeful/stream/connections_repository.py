"""The connections repository: the WebSocket connections table (who is connected, and
what each one watches), and posting to a connection through the API Gateway management
API (the only other store of a connection's state).

Items under ``connection_id``: ``record_key = "conn"`` (the owner whose API key opened
it, and ``key_hash``, the SHA-256 of that key as the ``api_keys`` table stores it, so
the key can be checked again) and ``record_key = "sub#<target>"`` per subscription
(with the same ``owner`` and ``key_hash``), where ``target`` is
``thread#<agent_id>#<thread_id>`` or ``agent#<agent_id>`` and ``types`` the optional
filter. The ``by-target`` index finds the connections to post a thread's events to;
the sparse ``by-key`` index (``conn_key`` on connection rows only) the connections a
key opened, which its revocation closes.
Every item expires after :data:`CONNECTION_TTL_SECONDS` (API Gateway closes a
WebSocket after two hours anyway).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from wakeful import aws, clock, ddb
from wakeful.config import get_settings as get_aws_settings
from wakeful.stream.models import frame_bytes
from wakeful.stream.settings import get_settings

logger = logging.getLogger(__name__)

TABLE = "stream_connections"
CONNECTION = "conn"
CONNECTION_TTL_SECONDS = 3 * 3600


@dataclass(frozen=True)
class Subscriber:
    """A connection subscribed to a target, with its type filter and the key (hash) and
    owner it was opened with."""

    connection_id: str
    types: frozenset[str] | None
    owner: str = ""
    key_hash: str | None = None


@dataclass(frozen=True)
class Connection:
    """An open connection: the owner it acts for and the hash of the key that opened it
    (None for a connection recorded before keys were kept: it cannot be checked)."""

    connection_id: str
    owner: str
    key_hash: str | None


def thread_target(agent_id: str, thread_id: str) -> str:
    return f"thread#{agent_id}#{thread_id}"


def agent_target(agent_id: str) -> str:
    return f"agent#{agent_id}"


def open_connection(connection_id: str, owner: str, key_hash: str) -> None:
    """Record a new connection, the owner it acts for and the hash of its key."""
    now = clock.now()
    ddb.client().put_item(
        TableName=ddb.table(TABLE),
        Item=ddb.serialize(
            {"connection_id": connection_id, "record_key": CONNECTION, "owner": owner, "key_hash": key_hash,
             "conn_key": key_hash, "connected_at": now, "expires_at": int(now + CONNECTION_TTL_SECONDS)}
        ),
    )  # fmt: skip


def connection(connection_id: str) -> Connection | None:
    """An open connection (None when it is unknown or closed)."""
    item = ddb.get(TABLE, {"connection_id": connection_id, "record_key": CONNECTION})
    if not item:
        return None
    return Connection(connection_id, item.get("owner", ""), item.get("key_hash"))


def of_key(key_hash: str) -> list[str]:
    """The open connections that a key opened."""
    return [
        item["connection_id"]
        for item in ddb.query(
            TABLE, index="by-key", KeyConditionExpression="conn_key = :k", ExpressionAttributeValues={":k": key_hash}
        )
    ]


def owner_of(connection_id: str) -> str | None:
    """The owner a connection acts for (None when it is unknown or closed)."""
    found = connection(connection_id)
    return found.owner if found else None


def subscribe(connection: Connection, target: str, types: frozenset[str] | None) -> None:
    """Add (or replace) a subscription of a connection."""
    now = clock.now()
    item: dict[str, Any] = {
        "connection_id": connection.connection_id,
        "record_key": f"sub#{target}",
        "target": target,
        "owner": connection.owner,
        "created_at": now,
        "expires_at": int(now + CONNECTION_TTL_SECONDS),
    }
    if connection.key_hash:
        item["key_hash"] = connection.key_hash
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
        found.append(Subscriber(item["connection_id"], frozenset(types) if types else None, item.get("owner", ""), item.get("key_hash")))
    return found


# -- posting to a connection -----------------------------------------------------------
class Gone(Exception):
    """The connection is closed (the management API answered 410)."""


class PostFailed(Exception):
    """A post to a connection failed otherwise (throttled, timed out, refused); the
    connection may still be there."""


_CLIENT_CONFIG = Config(retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=3, read_timeout=10)


@lru_cache(maxsize=4)
def _management(endpoint: str) -> Any:
    """The management API client of one WebSocket API stage (its own endpoint)."""
    return aws.new_client("apigatewaymanagementapi", region_name=get_aws_settings().region, endpoint_url=endpoint, config=_CLIENT_CONFIG)


def post(connection_id: str, message: dict[str, Any], endpoint: str | None = None) -> None:
    """Post one JSON message to a connection.

    Raises:
        Gone: the connection no longer exists.
        PostFailed: the post failed for another reason.
    """
    client = _management(endpoint or get_settings().websocket_endpoint)
    data = frame_bytes(message)  # the bytes the emitter kept within a WebSocket message
    try:
        client.post_to_connection(ConnectionId=connection_id, Data=data)
    except client.exceptions.GoneException as error:
        raise Gone(connection_id) from error
    except (ClientError, BotoCoreError) as error:
        raise PostFailed(connection_id) from error


def drop(connection_id: str, endpoint: str | None = None) -> None:
    """Close a connection whose key is no longer valid (:func:`disconnect`) and forget it
    (:func:`close`). If the management API fails, it is forgotten anyway: nothing is
    posted to it again, and its messages are refused."""
    try:
        disconnect(connection_id, endpoint)
    except PostFailed:
        logger.warning("could not close a revoked key's connection", extra={"connection_id": connection_id}, exc_info=True)
    close(connection_id)


def disconnect(connection_id: str, endpoint: str | None = None) -> None:
    """Close a connection from the server's side (API Gateway then sends the client a
    close frame and invokes ``$disconnect``). A connection already gone is fine.

    Raises:
        PostFailed: the management API refused or failed otherwise.
    """
    client = _management(endpoint or get_settings().websocket_endpoint)
    try:
        client.delete_connection(ConnectionId=connection_id)
    except client.exceptions.GoneException:
        return
    except (ClientError, BotoCoreError) as error:
        raise PostFailed(connection_id) from error
