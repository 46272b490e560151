"""Appending to and reading the event log.

Each append is one DynamoDB transaction that moves the agent's ``last_seq`` counter
(conditioned on the value read) and puts the events under the next sequence numbers,
so ``seq`` is gap-free and every event is visible to exactly one heartbeat window
(DESIGN.md invariant 1). An idempotency record in the same transaction makes a repeated
append return the first result.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import time
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from botocore.exceptions import ClientError

from wakeful import clock, ddb, ids, retention, storable
from wakeful.events.exceptions import (
    EventAgentNotFoundError,
    EventAppendContentionError,
    EventIdempotencyConflictError,
    EventNotStorableError,
)
from wakeful.events.models import MAX_EVENTS_PER_APPEND, Event, NewEvent

logger = logging.getLogger(__name__)

IDEMPOTENCY_TTL_SECONDS = 24 * 3600
_MAX_TRIES = 40


@dataclass(frozen=True)
class AppendResult:
    """The appended events, and whether this call created them (False: a repeat).
    ``body_differs``: a repeat whose events differ from the first ones (which stand)."""

    events: list[Event]
    created: bool
    body_differs: bool = False


def idempotency_record_key(agent_id: str, key: str) -> str:
    """The idempotency-table key of an append key for one agent."""
    return f"event#{agent_id}#{key}"


def append(
    agent_id: str,
    new_events: Sequence[NewEvent],
    *,
    idempotency_key: str | None = None,
    parent_action_id: str | None = None,
    extra: dict[str, Any] | None = None,
    expected_last_seq: int | None = None,
    same_body_only: bool = False,
) -> AppendResult:
    """Append events to an agent's log atomically, in order.

    Args:
        agent_id: the agent whose log to append to.
        new_events: one or more events (at most ``MAX_EVENTS_PER_APPEND``).
        idempotency_key: repeats within 24 h return the first result, appending nothing.
        parent_action_id: the action whose tool emitted these events, if any.
        extra: additional attributes stored on each event item.
        expected_last_seq: the agent's ``last_seq`` if the caller just read it; saves
            the first read (a wrong guess only costs a retry).
        same_body_only: a repeat of ``idempotency_key`` with different events raises
            instead of returning the first result (what an outside caller reusing a key
            by mistake needs to hear). Internal callers, whose retries may legitimately
            differ (a tool re-run after a crash), leave it off: the first result stands.

    Raises:
        EventAgentNotFoundError: the agent does not exist.
        EventAppendContentionError: the append lost too many races to other appends.
        EventIdempotencyConflictError: with ``same_body_only``, the key was used for
            different events; the message names the first event.
        storable.NotStorableError: an event holds a value DynamoDB cannot store.
        EventNotStorableError: DynamoDB refused the events (never retried).
    """
    if not new_events:
        raise ValueError("append needs at least one event")
    if len(new_events) > MAX_EVENTS_PER_APPEND:
        raise ValueError(f"at most {MAX_EVENTS_PER_APPEND} events per append")
    for new in new_events:
        storable.check({"payload": new.payload, "metadata": new.metadata}, f"event {new.event_type}")
    client = ddb.client()
    agents_table = ddb.table("agents")
    events_table = ddb.table("events")
    idem_key = idempotency_record_key(agent_id, idempotency_key) if idempotency_key else None
    fingerprint = body_fingerprint(new_events)

    agent: dict[str, Any] | None = None
    for attempt in range(_MAX_TRIES):
        now = clock.now()
        if attempt == 0 and expected_last_seq is not None:
            last_seq = expected_last_seq
            routes = False  # a wrong guess fails the condition below and costs a retry
        else:
            agent = ddb.get("agents", {"agent_id": agent_id})
            if agent is None:
                raise EventAgentNotFoundError(f"agent {agent_id} not found")
            last_seq = int(agent.get("last_seq", 0))
            routes = bool(agent.get("routes_events"))
        items: list[dict[str, Any]] = []
        records: list[dict[str, Any]] = []
        for offset, new in enumerate(new_events, start=1):
            record = {
                "agent_id": agent_id,
                "seq": last_seq + offset,
                "event_id": ids.new_id("evt", now),
                "event_type": new.event_type,
                "payload": new.payload,
                "priority": new.priority,
                "source": new.source,
                "metadata": new.metadata,
                "created_at": now,
                "parent_action_id": parent_action_id,
                "expires_at": retention.expiry(now),
                **(extra or {}),
            }
            records.append(record)
            items.append(
                {
                    "Put": {
                        "TableName": events_table,
                        "Item": ddb.serialize(record),
                        "ConditionExpression": "attribute_not_exists(seq)",
                    }
                }
            )
        new_last = last_seq + len(records)
        items.insert(
            0,
            {
                "Update": {
                    "TableName": agents_table,
                    "Key": ddb.serialize({"agent_id": agent_id}),
                    "UpdateExpression": "SET last_seq = :new",
                    # The routing flag is part of the condition: an append commits with the
                    # flag it read, so an event is either routed by its own append or seen
                    # by whoever set the flag (threads: wakeful.threads.store).
                    "ConditionExpression": "attribute_exists(agent_id) AND last_seq = :old AND "
                    + ("routes_events = :routes" if routes else "attribute_not_exists(routes_events)"),
                    "ExpressionAttributeValues": ddb.values(
                        {":new": new_last, ":old": last_seq, **({":routes": True} if routes else {})}
                    ),
                }
            },
        )
        if idem_key:
            items.append(
                {
                    "Put": {
                        "TableName": ddb.table("idempotency"),
                        "Item": ddb.serialize(
                            {
                                "key": idem_key,
                                "kind": "event",
                                "agent_id": agent_id,
                                "event_ids": [r["event_id"] for r in records],
                                "seqs": [r["seq"] for r in records],
                                "body_sha256": fingerprint,
                                "expires_at": int(now + IDEMPOTENCY_TTL_SECONDS),
                            }
                        ),
                        # moto never expires TTL items, and DynamoDB deletes them late:
                        # an expired record counts as absent.
                        "ConditionExpression": "attribute_not_exists(#k) OR expires_at < :now",
                        "ExpressionAttributeNames": {"#k": "key"},
                        "ExpressionAttributeValues": ddb.values({":now": int(now)}),
                    }
                }
            )
        try:
            client.transact_write_items(TransactItems=items)
        except ClientError as error:
            codes = ddb.cancellation_codes(error)
            if not codes and error.response["Error"]["Code"] not in ("TransactionConflictException",):
                raise
            if not _is_contention(codes):
                # DynamoDB refused an item (too large, a bad value): retrying cannot help.
                raise EventNotStorableError(f"the event cannot be stored ({', '.join(codes)})") from error
            if idem_key and codes and codes[-1] == "ConditionalCheckFailed":
                # A repeat: the idempotency record exists (checked here rather than by a
                # read before every append, which would cost a request each time).
                existing = _existing(idem_key, now)
                if existing is not None:
                    first, first_fingerprint = existing
                    if same_body_only and first_fingerprint not in (None, fingerprint):
                        raise EventIdempotencyConflictError(
                            f"idempotency_key {idempotency_key!r} was already used for a different body: "
                            f"event {first[0].id} (seq {first[0].seq}); use a new key for a new event",
                            details={"event_id": first[0].id, "seq": first[0].seq},
                        ) from error
                    if first and _routes(agent_id):
                        # The first append may have died before telling the router.
                        _request_routing(agent_id, first[-1].seq)
                    return AppendResult(first, created=False, body_differs=first_fingerprint not in (None, fingerprint))
            # Lost a race (another append moved last_seq): read again and retry.
            if attempt == 0 and expected_last_seq is not None:
                continue
            time.sleep(min(0.2, 0.005 * (2 ** min(attempt, 6))) * random.random())
            continue
        if routes:
            _request_routing(agent_id, new_last)
        if agent is not None and parent_action_id is None:
            _wake_if_urgent(agent, new_events)
        return AppendResult([Event.from_item(r) for r in records], created=True)
    raise EventAppendContentionError(f"could not append to agent {agent_id}: too much contention, try again")


def _is_contention(codes: list[str]) -> bool:
    """Whether a cancelled append lost a race (a condition or a concurrent write) rather
    than being refused (an item DynamoDB cannot hold)."""
    return all(code in ("None", "ConditionalCheckFailed", "TransactionConflict") for code in codes)


def _request_routing(agent_id: str, last_seq: int) -> None:
    """Tell the thread router that the log moved (agents with threads or thread
    triggers only). If this fails the append raises: the caller's retry (with its
    idempotency key) repeats the append, which sends the routing message again."""
    from wakeful import queues

    queues.send_route(agent_id, f"seq:{last_seq}")


def _routes(agent_id: str) -> bool:
    agent = ddb.get("agents", {"agent_id": agent_id})
    return bool(agent and agent.get("routes_events"))


def _wake_if_urgent(agent: dict[str, Any], new_events: Sequence[NewEvent]) -> None:
    """Events at or above the agent's ``wake_on_priority`` make a heartbeat due now.

    Events that tools emit are left to their heartbeat's cascade. The append has
    happened whatever this does: a failure here only means the event waits for the
    next heartbeat, as it would without the setting.
    """
    threshold = agent.get("wake_on_priority")
    if not threshold or min(e.priority for e in new_events) > int(threshold):
        return
    from wakeful.agents import service as agents

    try:
        agents.wake_for_urgent_events(agent)
    except Exception:  # noqa: BLE001 - see above
        logger.exception("could not make a heartbeat due for an urgent event", extra={"agent_id": agent["agent_id"]})


def body_fingerprint(new_events: Sequence[NewEvent]) -> str:
    """SHA-256 of the events' canonical JSON: what "the same body" means for a repeat."""
    canonical = json.dumps([e.model_dump(mode="json") for e in new_events], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def _existing(idem_key: str, now: float) -> tuple[list[Event], str | None] | None:
    """The events of a live idempotency record and the fingerprint of their body."""
    record = ddb.get("idempotency", {"key": idem_key})
    if record is None or record.get("expires_at", 0) < now:
        return None
    agent_id = record["agent_id"]
    found = ddb.batch_get("events", [{"agent_id": agent_id, "seq": s} for s in record["seqs"]])
    found.sort(key=lambda item: item["seq"])
    return [Event.from_item(item) for item in found], record.get("body_sha256")


def get(agent_id: str, seq: int) -> Event | None:
    """One event by its sequence number."""
    item = ddb.get("events", {"agent_id": agent_id, "seq": seq})
    return Event.from_item(item) if item else None


def read_range(agent_id: str, after_seq: int, up_to_seq: int | None = None, limit: int | None = None) -> Iterator[Event]:
    """Events with ``after_seq < seq <= up_to_seq``, oldest first (consistent reads)."""
    if up_to_seq is None:
        condition = "agent_id = :a AND seq > :lo"
        values: dict[str, Any] = {":a": agent_id, ":lo": after_seq}
    else:
        if up_to_seq <= after_seq:
            return iter(())
        condition = "agent_id = :a AND seq BETWEEN :lo AND :hi"
        values = {":a": agent_id, ":lo": after_seq + 1, ":hi": up_to_seq}
    items = ddb.query(
        "events",
        KeyConditionExpression=condition,
        ExpressionAttributeValues=values,
        ConsistentRead=True,
        limit=limit,
    )
    return (Event.from_item(item) for item in items)
