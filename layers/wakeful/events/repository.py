"""The events table and the appends' idempotency records: their one writer.

An append is one transaction: the agent's ``last_seq`` moves (a part the agents
repository builds), the events are put under the next sequence numbers, and, with an
idempotency key, a record of the append is put beside them. This module builds the
event and record parts, commits the transaction and says in domain terms why one
did not commit.
"""

from __future__ import annotations

from typing import Any, Iterator

from botocore.exceptions import ClientError

from wakeful import ddb, storable
from wakeful.events.exceptions import EventAppendTooLargeError, EventNotStorableError
from wakeful.limits import APPEND_TRANSACTION_BYTES, DYNAMODB_ITEM_BYTES

TABLE = "events"
IDEMPOTENCY = "idempotency"
IDEMPOTENCY_TTL_SECONDS = 24 * 3600

#: Why an append did not commit (see :func:`commit`).
LOST_RACE = "lost-race"
REPEAT = "repeat"


def is_contention(codes: list[str]) -> bool:
    """Whether a cancelled append lost a race (a condition or a concurrent write) rather
    than being refused (an item DynamoDB cannot hold)."""
    return all(code in ("None", "ConditionalCheckFailed", "TransactionConflict") for code in codes)


def event_part(record: dict[str, Any]) -> dict[str, Any]:
    """Transaction part: put one event under its (new) seq."""
    return {"Put": {"TableName": ddb.table(TABLE), "Item": ddb.serialize(record), "ConditionExpression": "attribute_not_exists(seq)"}}


def _idempotency_item(key: str, agent_id: str, records: list[dict[str, Any]], fingerprint: str, now: float) -> dict[str, Any]:
    return {
        "key": key,
        "kind": "event",
        "agent_id": agent_id,
        "event_ids": [r["event_id"] for r in records],
        "seqs": [r["seq"] for r in records],
        "body_sha256": fingerprint,
        "expires_at": int(now + IDEMPOTENCY_TTL_SECONDS),
    }


def idempotency_part(key: str, agent_id: str, records: list[dict[str, Any]], fingerprint: str, now: float) -> dict[str, Any]:
    """Transaction part: the record of an append under its idempotency key (live for
    a day), unless a live one exists."""
    return {
        "Put": {
            "TableName": ddb.table(IDEMPOTENCY),
            "Item": ddb.serialize(_idempotency_item(key, agent_id, records, fingerprint, now)),
            # moto never expires TTL items, and DynamoDB deletes them late: an expired
            # record counts as absent.
            "ConditionExpression": "attribute_not_exists(#k) OR expires_at < :now",
            "ExpressionAttributeNames": {"#k": "key"},
            "ExpressionAttributeValues": ddb.values({":now": int(now)}),
        }
    }


def stored_bytes(item: dict[str, Any]) -> int:
    """An item's size as DynamoDB counts it, at most: the UTF-8 bytes of every attribute
    name and string, 21 bytes a number (DynamoDB's most), 1 a null or boolean, and the
    few bytes a list or map adds per element (:func:`wakeful.storable.check`). The whole
    item: a check of the payload alone would miss the rest.

    Raises:
        EventAppendTooLargeError: over DynamoDB's 400 KB item limit.
    """
    size = storable.check(item, "the stored event", max_bytes=None)
    if size > DYNAMODB_ITEM_BYTES:
        raise EventAppendTooLargeError(
            f"event {item.get('event_type')} takes {size} bytes as a stored item; DynamoDB holds at most {DYNAMODB_ITEM_BYTES} (400 KB)"
        )
    return size


def append_bytes(records: list[dict[str, Any]], key: str | None, fingerprint: str, now: float) -> int:
    """What an append's new items weigh in its transaction: its events and, with an
    idempotency ``key``, its record (each within the item limit).

    Raises:
        EventAppendTooLargeError: an event over the item limit.
    """
    size = sum(stored_bytes(record) for record in records)
    if key is not None:
        size += stored_bytes(_idempotency_item(key, records[0]["agent_id"], records, fingerprint, now))
    return size


def check_append(records: list[dict[str, Any]], key: str | None, fingerprint: str, now: float) -> None:
    """Refuse an append one transaction cannot hold, before anything is written.

    An append is all or nothing under its one idempotency key, so it is never split:
    split, a retry after a crash between the parts would find the key taken by a part
    (and drop the rest) or not taken (and append the first part twice).

    Raises:
        EventAppendTooLargeError: an event over DynamoDB's 400 KB item limit, or the
            events together over :data:`~wakeful.limits.APPEND_TRANSACTION_BYTES`.
    """
    size = append_bytes(records, key, fingerprint, now)
    if size > APPEND_TRANSACTION_BYTES:
        raise EventAppendTooLargeError(
            f"{len(records)} events take {size} bytes as stored items; one append holds at most "
            f"{APPEND_TRANSACTION_BYTES} (a DynamoDB transaction holds 4 MB): append them in several parts, "
            "or keep large content elsewhere and put a reference in the event"
        )


def commit(parts: list[dict[str, Any]], *, keyed: bool) -> str | None:
    """Commit an append's transaction. None when it committed, else why not:
    :data:`REPEAT` (``keyed`` and the idempotency record's condition failed: perhaps a
    repeat) or :data:`LOST_RACE` (another append moved ``last_seq``, or a concurrent
    write).

    Raises:
        EventNotStorableError: DynamoDB refused an item (too large, a bad value):
            retrying cannot help.
    """
    codes = commit_each(parts)
    if codes is None:
        return None
    return REPEAT if keyed and codes[-1] == "ConditionalCheckFailed" else LOST_RACE


def commit_each(parts: list[dict[str, Any]]) -> list[str] | None:
    """Commit a coalesced append's transaction (several idempotency records). None when
    it committed, else the cancellation code of each part, in order ("None" for a
    part that passed), for the caller to tell a repeat from a lost race.

    Raises:
        EventNotStorableError: DynamoDB refused an item (too large, a bad value):
            retrying cannot help.
    """
    try:
        cancelled = ddb.transact(parts, conflict_as_cancel=True)
    except ClientError as error:
        if error.response["Error"]["Code"] == "ValidationException":
            # The request itself was refused (a transaction over 4 MB, say): the same
            # request can never pass.
            raise EventNotStorableError(f"the events cannot be stored: {error.response['Error'].get('Message', '')[:300]}") from error
        raise
    if cancelled is not None and not is_contention(cancelled):
        raise EventNotStorableError(f"the event cannot be stored ({', '.join(cancelled)})") from cancelled.error
    return None if cancelled is None else list(cancelled)


def idempotency_record(key: str) -> dict[str, Any] | None:
    """The record of an earlier append under this idempotency key, if any."""
    return ddb.get(IDEMPOTENCY, {"key": key})


def items_at(agent_id: str, seqs: list[int]) -> list[dict[str, Any]]:
    """The event items at these seqs, in seq order (BatchGetItem)."""
    found = ddb.batch_get(TABLE, [{"agent_id": agent_id, "seq": s} for s in seqs])
    found.sort(key=lambda item: item["seq"])
    return found


def item(agent_id: str, seq: int) -> dict[str, Any] | None:
    """One event item by its seq."""
    return ddb.get(TABLE, {"agent_id": agent_id, "seq": seq})


def items_between(agent_id: str, after_seq: int, up_to_seq: int | None, limit: int | None) -> Iterator[dict[str, Any]]:
    """Event items with ``after_seq < seq <= up_to_seq``, oldest first (consistent)."""
    if up_to_seq is None:
        condition = "agent_id = :a AND seq > :lo"
        values: dict[str, Any] = {":a": agent_id, ":lo": after_seq}
    else:
        if up_to_seq <= after_seq:
            return iter(())
        condition = "agent_id = :a AND seq BETWEEN :lo AND :hi"
        values = {":a": agent_id, ":lo": after_seq + 1, ":hi": up_to_seq}
    return ddb.query(TABLE, KeyConditionExpression=condition, ExpressionAttributeValues=values, ConsistentRead=True, limit=limit)
