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

from wakeful import ddb
from wakeful.events.exceptions import EventNotStorableError

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


def idempotency_part(key: str, agent_id: str, records: list[dict[str, Any]], fingerprint: str, now: float) -> dict[str, Any]:
    """Transaction part: the record of an append under its idempotency key (live for
    a day), unless a live one exists."""
    item = {
        "key": key,
        "kind": "event",
        "agent_id": agent_id,
        "event_ids": [r["event_id"] for r in records],
        "seqs": [r["seq"] for r in records],
        "body_sha256": fingerprint,
        "expires_at": int(now + IDEMPOTENCY_TTL_SECONDS),
    }
    return {
        "Put": {
            "TableName": ddb.table(IDEMPOTENCY),
            "Item": ddb.serialize(item),
            # moto never expires TTL items, and DynamoDB deletes them late: an expired
            # record counts as absent.
            "ConditionExpression": "attribute_not_exists(#k) OR expires_at < :now",
            "ExpressionAttributeNames": {"#k": "key"},
            "ExpressionAttributeValues": ddb.values({":now": int(now)}),
        }
    }


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
        ddb.client().transact_write_items(TransactItems=parts)
    except ClientError as error:
        codes = ddb.cancellation_codes(error)
        if not codes and error.response["Error"]["Code"] not in ("TransactionConflictException",):
            raise
        if not is_contention(codes):
            raise EventNotStorableError(f"the event cannot be stored ({', '.join(codes)})") from error
        return codes or ["TransactionConflict"] * len(parts)
    return None


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
