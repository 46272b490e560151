"""The stream table: a thread's StreamEvents, gap-free ids, one item per flush.

Items under ``stream_key = "<agent_id>#<thread_id>"``:

- ``id = 0``: the head (``head``: the last id written, ``last_type``: its type);
- ``id = N > 0``: a chunk holding events ``N..last_id`` (gzip'd JSON in ``events``).

and under ``"<agent_id>#<thread_id>#step#<step_id>"`` (``id = 0``) the step marker:
``base`` (the step's first id) and ``count`` (how many of its events are written).

A flush is one transaction: the head moves from the id before the chunk to its last id
(condition), the step marker's count moves from the count read to the new one
(condition), the chunk is put (condition: absent). Steps of a thread run one at a time,
so the conditions only fail when a redelivered step races its first delivery; the loser
reads the marker again and drops what the winner wrote (dedupe by ``(step_id, n)``).
"""

from __future__ import annotations

import gzip
import json
import logging
from dataclasses import dataclass
from typing import Any, Iterator


from wakeful import clock, ddb
from wakeful.stream.exceptions import StreamWriteConflictError
from wakeful.stream.models import StreamEvent, stream_key
from wakeful.stream.settings import get_settings

logger = logging.getLogger(__name__)

TABLE = "stream_events"
HEAD_ID = 0
#: A chunk's uncompressed JSON stays under this (DynamoDB items are at most 400 KB).
MAX_CHUNK_CHARS = 256 * 1024
#: The head outlives the events so that a thread idle for longer than the retention
#: goes on from its last id instead of starting again at 1.
HEAD_RETENTION_SECONDS = 400 * 24 * 3600


@dataclass(frozen=True)
class Head:
    """Where a thread's stream stands."""

    last_id: int = 0
    last_type: str | None = None


@dataclass(frozen=True)
class StepPosition:
    """A step's first id and how many of its events are already written."""

    base: int
    written: int


def _step_key(agent_id: str, thread_id: str, step_id: str) -> str:
    return f"{stream_key(agent_id, thread_id)}#step#{step_id}"


def position(agent_id: str, thread_id: str, step_id: str) -> StepPosition:
    """Where a step's events go: after the head, or where an earlier delivery of the
    same step put them (one consistent BatchGetItem)."""
    key = stream_key(agent_id, thread_id)
    items = ddb.batch_get(TABLE, [{"stream_key": key, "id": HEAD_ID}, {"stream_key": _step_key(agent_id, thread_id, step_id), "id": HEAD_ID}])
    by_key = {item["stream_key"]: item for item in items}
    marker = by_key.get(_step_key(agent_id, thread_id, step_id))
    if marker:
        return StepPosition(base=int(marker["base"]), written=int(marker["count"]))
    head = by_key.get(key)
    return StepPosition(base=int(head["head"]) + 1 if head else 1, written=0)


def head(agent_id: str, thread_id: str) -> Head:
    """The thread's last written id and its type (0 and None before the first)."""
    item = ddb.get(TABLE, {"stream_key": stream_key(agent_id, thread_id), "id": HEAD_ID})
    if not item:
        return Head()
    return Head(last_id=int(item.get("head", 0)), last_type=item.get("last_type"))


def write(owner: str, step_id: str, position_: StepPosition, events: list[StreamEvent]) -> StepPosition:
    """Write a step's next events (ids ``base + written`` onwards) in one transaction.

    Returns:
        The step's new position.

    Raises:
        StreamWriteConflictError: the head or the step marker moved since it was read.
    """
    if not events:
        return position_
    first = events[0]
    expected_first = position_.base + position_.written
    if first.id != expected_first or events[-1].id != expected_first + len(events) - 1:
        raise ValueError("events must continue the step's ids without gaps")
    now = clock.now()
    expires = int(now + get_settings().retention_days * 86400)
    new = StepPosition(position_.base, position_.written + len(events))
    items = [_head_update(owner, first, events[-1], now), _marker_update(first, step_id, position_, new, expires)]
    items.extend(_chunk_put(owner, step_id, chunk, now, expires) for chunk in _chunks(events))
    cancelled = ddb.transact(items)
    if cancelled is not None:
        if "ConditionalCheckFailed" in cancelled:
            raise StreamWriteConflictError(f"stream of {first.thread_id} moved while step {step_id} flushed") from cancelled.error
        raise cancelled.error
    return new


def _head_update(owner: str, first: StreamEvent, last: StreamEvent, now: float) -> dict[str, Any]:
    previous = first.id - 1
    condition = "attribute_not_exists(#head) OR #head = :prev" if previous == 0 else "#head = :prev"
    return {
        "Update": {
            "TableName": ddb.table(TABLE),
            "Key": ddb.serialize({"stream_key": first.stream_key, "id": HEAD_ID}),
            "UpdateExpression": (
                "SET #head = :head, last_type = :type, agent_id = :agent, thread_id = :thread, #owner = :owner, "
                "updated_at = :now, expires_at = :exp"
            ),
            "ConditionExpression": condition,
            "ExpressionAttributeNames": {"#owner": "owner", "#head": "head"},
            "ExpressionAttributeValues": ddb.values({
                ":head": last.id, ":type": last.type, ":agent": first.agent_id, ":thread": first.thread_id,
                ":owner": owner, ":now": now, ":exp": int(now + HEAD_RETENTION_SECONDS), ":prev": previous,
            }),  # fmt: skip
        }
    }


def _marker_update(first: StreamEvent, step_id: str, old: StepPosition, new: StepPosition, expires: int) -> dict[str, Any]:
    condition = "attribute_not_exists(#count)" if old.written == 0 else "#count = :old"
    return {
        "Update": {
            "TableName": ddb.table(TABLE),
            "Key": ddb.serialize({"stream_key": _step_key(first.agent_id, first.thread_id, step_id), "id": HEAD_ID}),
            "UpdateExpression": "SET #base = :base, #count = :count, expires_at = :exp",
            "ConditionExpression": condition,
            "ExpressionAttributeNames": {"#base": "base", "#count": "count"},
            "ExpressionAttributeValues": ddb.values(
                {":base": new.base, ":count": new.written, ":exp": expires, **({":old": old.written} if old.written else {})}
            ),
        }
    }


def _chunk_put(owner: str, step_id: str, chunk: list[StreamEvent], now: float, expires: int) -> dict[str, Any]:
    first = chunk[0]
    item = {
        "stream_key": first.stream_key,
        "id": first.id,
        "last_id": chunk[-1].id,
        "count": len(chunk),
        "agent_id": first.agent_id,
        "thread_id": first.thread_id,
        "owner": owner,
        "step_id": step_id,
        "created_at": now,
        "expires_at": expires,
        "events": encode(chunk),
    }
    return {
        "Put": {
            "TableName": ddb.table(TABLE),
            "Item": ddb.serialize(item),
            "ConditionExpression": "attribute_not_exists(#id)",
            "ExpressionAttributeNames": {"#id": "id"},
        }
    }


def _chunks(events: list[StreamEvent]) -> Iterator[list[StreamEvent]]:
    chunk: list[StreamEvent] = []
    size = 0
    for event in events:
        length = len(json.dumps(event.public(), default=str))
        if chunk and size + length > MAX_CHUNK_CHARS:
            yield chunk
            chunk, size = [], 0
        chunk.append(event)
        size += length
    if chunk:
        yield chunk


def encode(events: list[StreamEvent]) -> bytes:
    """A chunk's events as stored: gzip'd compact JSON of their public shapes."""
    raw = json.dumps([e.public() for e in events], separators=(",", ":"), default=str, ensure_ascii=False)
    return gzip.compress(raw.encode("utf-8"), compresslevel=6)


def decode(blob: bytes) -> list[StreamEvent]:
    """The events of a stored chunk."""
    return [StreamEvent.from_public(body) for body in json.loads(gzip.decompress(bytes(blob)))]


def read_after(
    agent_id: str, thread_id: str, after: int, limit: int, types: frozenset[str] | None = None
) -> tuple[list[StreamEvent], bool]:
    """Events with ``id > after``, oldest first, at most ``limit`` of them.

    Returns:
        The events and whether more (with greater ids) may follow.
    """
    key = stream_key(agent_id, thread_id)
    found: list[StreamEvent] = []
    # The chunk holding after+1 may start at or before it.
    names = {"#id": "id"}
    covering = list(
        ddb.query(
            TABLE,
            KeyConditionExpression="stream_key = :k AND #id BETWEEN :one AND :next",
            ExpressionAttributeNames=names,
            ExpressionAttributeValues={":k": key, ":one": 1, ":next": after + 1},
            ScanIndexForward=False,
            limit=1,
        )
    )
    later = ddb.query(
        TABLE,
        KeyConditionExpression="stream_key = :k AND #id > :next",
        ExpressionAttributeNames=names,
        ExpressionAttributeValues={":k": key, ":next": after + 1},
    )
    for item in _chain(covering, later):
        for event in decode(item["events"]):
            if event.id <= after or (types is not None and event.type not in types):
                continue
            found.append(event)
            if len(found) > limit:
                return found[:limit], True
    return found, False


def _chain(first: list[dict[str, Any]], rest: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    yield from first
    yield from rest
