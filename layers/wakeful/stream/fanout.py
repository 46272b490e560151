"""From the stream table to WebSocket connections: the fan-out of new chunks.

DynamoDB Streams delivers each new chunk item (in order per thread: one partition
key, one shard). Its events go to the connections subscribed to the thread and to the
agent, each event one message, in id order; a connection that is gone is forgotten.

Before posting to a connection its key is checked (:class:`~wakeful.stream.access.KeyCache`:
each key read at most once per ``key_recheck_seconds`` per process): a connection
whose key was revoked, or now belongs to another owner, gets nothing more and is closed
through the management API (``DeleteConnection``) and forgotten.

The ``api_keys`` table's changes come here too: a key's revocation closes every
connection it opened at once (the ``by-key`` index), so an idle connection that would
receive nothing does not stay open either.
"""

from __future__ import annotations

import base64
import logging
from dataclasses import dataclass, field
from typing import Any, Iterable

from wakeful import ddb
from wakeful.stream import access, connections_repository, repository
from wakeful.stream.connections_repository import Gone, PostFailed, post

logger = logging.getLogger(__name__)


@dataclass
class FanoutResult:
    """What one batch of stream records did."""

    chunks: int = 0
    posted: int = 0
    gone: set[str] = field(default_factory=set)
    failed: int = 0
    #: Connections closed because their key is no longer valid.
    revoked: set[str] = field(default_factory=set)


def _chunk(record: dict[str, Any]) -> dict[str, Any] | None:
    """The new chunk item of an INSERT record (None for heads, step markers, removals)."""
    if record.get("eventName") != "INSERT":
        return None
    image = (record.get("dynamodb") or {}).get("NewImage") or {}
    if "events" not in image:
        return None
    blob = image["events"].get("B")
    if isinstance(blob, str):  # Lambda's event JSON carries binary as base64
        image = {**image, "events": {"B": base64.b64decode(blob)}}
    return ddb.deserialize(image)


def _subscribers(agent_id: str, thread_id: str, cache: dict[str, list[connections_repository.Subscriber]]) -> list[connections_repository.Subscriber]:
    """The thread's and the agent's subscribers, once per connection (a connection on
    both gets each event once, with the wider filter)."""
    merged: dict[str, frozenset[str] | None] = {}
    first: dict[str, connections_repository.Subscriber] = {}
    for target in (connections_repository.thread_target(agent_id, thread_id), connections_repository.agent_target(agent_id)):
        if target not in cache:
            cache[target] = connections_repository.subscribers(target)
        for subscriber in cache[target]:
            first.setdefault(subscriber.connection_id, subscriber)
            known = merged.get(subscriber.connection_id, frozenset())
            merged[subscriber.connection_id] = None if known is None or subscriber.types is None else known | subscriber.types
    return [
        connections_repository.Subscriber(connection_id, types, first[connection_id].owner, first[connection_id].key_hash)
        for connection_id, types in merged.items()
    ]


def _allowed(subscriber: connections_repository.Subscriber, result: FanoutResult, endpoint: str | None) -> bool:
    """Whether the connection's key still lets it receive; a revoked key's connection
    is closed and forgotten. A failed key lookup holds back this delivery only."""
    try:
        allowed = access.fanout_keys().allows(subscriber.key_hash, subscriber.owner)
    except Exception:  # noqa: BLE001 - one lookup must not make the whole batch retry
        result.failed += 1
        logger.warning("stream key check failed", extra={"connection_id": subscriber.connection_id}, exc_info=True)
        return False
    if not allowed:
        result.revoked.add(subscriber.connection_id)
        connections_repository.drop(subscriber.connection_id, endpoint)
    return allowed


def _revoked_key(record: dict[str, Any]) -> str | None:
    """The hash of the key a record of the ``api_keys`` table revokes, if it does."""
    image = (record.get("dynamodb") or {}).get("NewImage") or {}
    if record.get("eventName") not in ("INSERT", "MODIFY") or "key_hash" not in image or "revoked_at" not in image:
        return None
    return str((ddb.deserialize(image) or {})["key_hash"])


def _close_key(key_hash: str, result: FanoutResult, endpoint: str | None) -> None:
    for connection_id in connections_repository.of_key(key_hash):
        result.revoked.add(connection_id)
        connections_repository.drop(connection_id, endpoint)


def handle(records: Iterable[dict[str, Any]], endpoint: str | None = None) -> FanoutResult:
    """Post the events of every new chunk to its subscribers; close the connections of
    every key a record revokes."""
    result = FanoutResult()
    cache: dict[str, list[connections_repository.Subscriber]] = {}  # target -> subscribers, for this batch
    for record in records:
        revoked = _revoked_key(record)
        if revoked is not None:
            _close_key(revoked, result, endpoint)
            continue
        item = _chunk(record)
        if item is None:
            continue
        result.chunks += 1
        subscribers = _subscribers(item["agent_id"], item["thread_id"], cache)
        if not subscribers:
            continue
        events = repository.decode(item["events"])
        for subscriber in subscribers:
            if subscriber.connection_id in result.gone or subscriber.connection_id in result.revoked:
                continue
            if not _allowed(subscriber, result, endpoint):
                continue
            try:
                for event in events:
                    if subscriber.types is None or event.type in subscriber.types:
                        post(subscriber.connection_id, event.public(), endpoint)
                        result.posted += 1
            except Gone:
                result.gone.add(subscriber.connection_id)
                connections_repository.close(subscriber.connection_id)
            except PostFailed:
                # One slow or throttled connection must not make the whole batch retry
                # (and repeat to everyone else): it misses this chunk and can catch up
                # by subscribing again with "after".
                result.failed += 1
                logger.warning("stream post failed", extra={"connection_id": subscriber.connection_id}, exc_info=True)
    if result.gone:
        logger.info("closed gone connections", extra={"connections": len(result.gone)})
    if result.revoked:
        logger.info("closed connections of revoked keys", extra={"connections": len(result.revoked)})
    return result
