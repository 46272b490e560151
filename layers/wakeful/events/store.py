"""Appending to and reading the event log.

Each append is one DynamoDB transaction that moves the agent's ``last_seq`` counter
(conditioned on the value read) and puts the events under the next sequence numbers,
so ``seq`` is gap-free and every event is visible to exactly one heartbeat window
(no event is missed or processed twice). An idempotency record in the same transaction makes a repeated
append return the first result.

A transaction holds 4 MB: an append whose events weigh more is refused before anything
is written (:class:`~wakeful.events.exceptions.EventAppendTooLargeError`), never split
(see :func:`wakeful.events.repository.check_append`). :func:`append_each`, whose events
are appends of their own, splits instead.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from typing import Any, Iterator, Sequence

from wakeful import clock, dryrun, ids, retention, storable
from wakeful.backoff import jitter
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.events import repository
from wakeful.events.exceptions import (
    EventAgentNotFoundError,
    EventAppendContentionError,
    EventIdempotencyConflictError,
)
from wakeful.events.models import MAX_EVENTS_PER_APPEND, Event, NewEvent
from wakeful.events.slots import URGENT
from wakeful.limits import APPEND_TRANSACTION_BYTES
from wakeful.structs import Struct

logger = logging.getLogger(__name__)

IDEMPOTENCY_TTL_SECONDS = repository.IDEMPOTENCY_TTL_SECONDS
_MAX_TRIES = 40


class AppendResult(Struct):
    """The appended events, and whether this call created them (False: a repeat).
    ``body_differs``: a repeat whose events differ from the first ones (which stand)."""

    events: list[Event]
    created: bool
    body_differs: bool = False


def _captured(new_events: Sequence[NewEvent]) -> bool:
    """Inside a dry run: each event captured (``event``), none appended."""
    return bool([dryrun.capture("event", e.event_type, e.payload) for e in new_events if dryrun.current() is not None])


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
        expected_last_seq: the agent's ``last_seq`` if the caller just read it; saves the first read (a wrong guess only costs a retry).
        same_body_only: a repeat of ``idempotency_key`` with different events raises
            instead of returning the first result (what an outside caller reusing a key
            by mistake needs to hear). Internal callers, whose retries may legitimately
            differ (a tool re-run after a crash), leave it off: the first result stands.

    Raises:
        EventAgentNotFoundError: the agent does not exist.
        EventAppendContentionError: the append lost too many races to other appends.
        EventIdempotencyConflictError: with ``same_body_only``, the key was used for different events; the message names the first event.
        storable.NotStorableError: an event holds a value DynamoDB cannot store.
        EventNotStorableError: DynamoDB refused the events, or (EventAppendTooLargeError) one transaction cannot hold them: never retried.
    """
    _check(new_events)
    if _captured(new_events):
        return AppendResult([], True)
    idem_key = idempotency_record_key(agent_id, idempotency_key) if idempotency_key else None
    fingerprint = body_fingerprint(new_events)
    agent: Agent | None = None
    for attempt in range(_MAX_TRIES):
        now = clock.now()
        guessed = attempt == 0 and expected_last_seq is not None
        if guessed:
            # A wrong guess fails the transaction's condition and costs a retry.
            last_seq, routes = int(expected_last_seq), False  # type: ignore[arg-type]
        else:
            agent = _agent(agent_id)
            last_seq, routes = agent.last_seq, agent.routes_events
        records = _records(agent_id, new_events, last_seq, now, parent_action_id, extra)
        outcome = repository.commit(_parts(agent_id, records, last_seq, routes, idem_key, fingerprint, now), keyed=idem_key is not None)
        if outcome is None:
            return _appended(agent_id, agent, records, routes, new_events, parent_action_id)
        if outcome == repository.REPEAT:
            # The idempotency record exists (checked here rather than by a read before
            # every append, which would cost a request each time).
            repeat = _repeat(agent_id, idem_key, idempotency_key, now, fingerprint, same_body_only)  # type: ignore[arg-type]
            if repeat is not None:
                return repeat
        # Lost a race (another append moved last_seq): read again and retry.
        if not guessed:
            time.sleep(min(0.2, 0.005 * (2 ** min(attempt, 6))) * jitter())
    raise EventAppendContentionError(f"could not append to agent {agent_id}: too much contention, try again")


#: Messages one coalesced append takes: an event and an idempotency record each, beside
#: the agent's counter, within DynamoDB's 100 items per transaction.
MAX_KEYED_PER_APPEND = 40


def append_each(agent_id: str, items: Sequence[tuple[NewEvent, str]]) -> list[AppendResult]:
    """Append several separately keyed events to one agent's log in one transaction (an
    SQS ingest batch's messages for one agent): each once under its own idempotency key,
    in order, with gap-free seqs, as if each were an :func:`append` of its own. One
    result per item: ``created``, else the first result of its key (``body_differs``
    when that key was used for another event; the first stands). A key repeated within
    ``items`` is one append, whose later copies are repeats.

    Events that together weigh more than one transaction holds (4 MB) are appended in
    several transactions, in order: each event is an append of its own, so a crash
    between two leaves each key appended once or not at all, and a retry appends only
    the rest.

    Raises:
        EventAgentNotFoundError: the agent does not exist.
        EventAppendContentionError: the append lost too many races to other appends.
        EventAppendTooLargeError: one event is over what a stored item holds (400 KB).
        EventNotStorableError: DynamoDB refused an event (never retried).
        ValueError: more than :data:`MAX_KEYED_PER_APPEND` items, or none.
    """
    if not items:
        raise ValueError("append_each needs at least one event")
    if len(items) > MAX_KEYED_PER_APPEND:
        raise ValueError(f"at most {MAX_KEYED_PER_APPEND} keyed events per append")
    _check([event for event, _ in items])
    if _captured([event for event, _ in items]):
        return [AppendResult([], True) for _ in items]
    fingerprints = [body_fingerprint([event]) for event, _ in items]
    first_of: dict[str, int] = {}
    for index, (_, key) in enumerate(items):
        first_of.setdefault(key, index)
    results: dict[int, AppendResult] = {}
    for group in _transactions(agent_id, items, sorted(set(first_of.values())), fingerprints):
        results.update(_append_keyed(agent_id, items, group, fingerprints))
    return _per_item(items, first_of, fingerprints, results)


def _transactions(agent_id: str, items: Sequence[tuple[NewEvent, str]], indexes: list[int], fingerprints: list[str]) -> Iterator[list[int]]:
    """The items (by index, in order) in groups that one transaction each holds."""
    now = clock.now()
    group: list[int] = []
    size = 0
    for index in indexes:
        event, key = items[index]
        record = _records(agent_id, [event], 0, now, None, None)
        weight = repository.append_bytes(record, idempotency_record_key(agent_id, key), fingerprints[index], now)
        if group and size + weight > APPEND_TRANSACTION_BYTES:
            yield group
            group, size = [], 0
        group.append(index)
        size += weight
    if group:
        yield group


def _append_keyed(agent_id: str, items: Sequence[tuple[NewEvent, str]], pending: list[int], fingerprints: list[str]) -> dict[int, AppendResult]:
    """One transaction of :func:`append_each`: the ``pending`` items (by index), each
    under its own key; the result of each."""
    results: dict[int, AppendResult] = {}
    pending = list(pending)
    for attempt in range(_MAX_TRIES):
        now = clock.now()
        agent = _agent(agent_id)
        records = _records(agent_id, [items[i][0] for i in pending], agent.last_seq, now, None, None)
        parts = [agents_repository.last_seq_part(agent_id, old=agent.last_seq, new=agent.last_seq + len(records), routes=agent.routes_events)]
        for index, record in zip(pending, records, strict=True):
            parts.append(repository.event_part(record))
            key = idempotency_record_key(agent_id, items[index][1])
            parts.append(repository.idempotency_part(key, agent_id, [record], fingerprints[index], now))
        codes = repository.commit_each(parts)
        if codes is None:
            _appended(agent_id, agent, records, agent.routes_events, [items[i][0] for i in pending], None)
            for index, record in zip(pending, records, strict=True):
                results[index] = AppendResult([Event.from_item(record)], created=True)
            pending = []
            break
        # A failed idempotency condition: that key was appended before (a live record)
        # or its record just expired (then it was a race). Repeats leave the batch.
        repeats = [
            index
            for position, index in enumerate(pending)
            if 2 + 2 * position < len(codes) and codes[2 + 2 * position] == "ConditionalCheckFailed"
        ]
        for index in repeats:
            key = idempotency_record_key(agent_id, items[index][1])
            repeat = _repeat(agent_id, key, items[index][1], now, fingerprints[index], False)
            if repeat is not None:
                results[index] = repeat
                pending.remove(index)
        if not pending:
            break
        time.sleep(min(0.2, 0.005 * (2 ** min(attempt, 6))) * jitter())
    if pending:
        raise EventAppendContentionError(f"could not append to agent {agent_id}: too much contention, try again")
    return results


def _per_item(
    items: Sequence[tuple[NewEvent, str]], first_of: dict[str, int], fingerprints: list[str], results: dict[int, AppendResult]
) -> list[AppendResult]:
    """One result per item; a key repeated within the items is a repeat of its first copy."""
    out: list[AppendResult] = []
    for index, (_, key) in enumerate(items):
        first = first_of[key]
        if index == first:
            out.append(results[index])
        else:
            original = results[first]
            differs = fingerprints[index] != fingerprints[first] or original.body_differs
            out.append(AppendResult(original.events, created=False, body_differs=differs))
    return out


def _parts(
    agent_id: str,
    records: list[dict[str, Any]],
    last_seq: int,
    routes: bool,
    idem_key: str | None,
    fingerprint: str,
    now: float,
) -> list[dict[str, Any]]:
    """The append's transaction: ``last_seq`` moves, the events, the idempotency record.

    Raises:
        EventAppendTooLargeError: more than one transaction holds (nothing is sent).
    """
    repository.check_append(records, idem_key, fingerprint, now)
    parts = [agents_repository.last_seq_part(agent_id, old=last_seq, new=last_seq + len(records), routes=routes)]
    parts += [repository.event_part(record) for record in records]
    if idem_key:
        parts.append(repository.idempotency_part(idem_key, agent_id, records, fingerprint, now))
    return parts


def _appended(
    agent_id: str,
    agent: Agent | None,
    records: list[dict[str, Any]],
    routes: bool,
    new_events: Sequence[NewEvent],
    parent_action_id: str | None,
) -> AppendResult:
    """After a committed append: tell the router, wake the agent for urgent events."""
    if routes:
        _request_routing(agent_id, records[-1]["seq"])
    if agent is not None and parent_action_id is None:
        _wake_if_urgent(agent, new_events)
    return AppendResult([Event.from_item(r) for r in records], created=True)


def _check(new_events: Sequence[NewEvent]) -> None:
    """Refuse an empty or oversized batch and events DynamoDB could not store."""
    if not new_events:
        raise ValueError("append needs at least one event")
    if len(new_events) > MAX_EVENTS_PER_APPEND:
        raise ValueError(f"at most {MAX_EVENTS_PER_APPEND} events per append")
    for new in new_events:
        storable.check({"payload": new.payload, "metadata": new.metadata}, f"event {new.event_type}")


def _agent(agent_id: str) -> Agent:
    agent = agents_repository.get(agent_id)
    if agent is None:
        raise EventAgentNotFoundError(f"agent {agent_id} not found")
    return agent


def _records(
    agent_id: str,
    new_events: Sequence[NewEvent],
    last_seq: int,
    now: float,
    parent_action_id: str | None,
    extra: dict[str, Any] | None,
) -> list[dict[str, Any]]:
    """The event items of an append after ``last_seq``, in order."""
    return [
        {
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
        for offset, new in enumerate(new_events, start=1)
    ]


def _repeat(
    agent_id: str, idem_key: str, idempotency_key: str, now: float, fingerprint: str, same_body_only: bool
) -> AppendResult | None:
    """The first result of a repeated append, or None if its record has expired (then
    the append lost a race instead).

    Raises:
        EventIdempotencyConflictError: ``same_body_only`` and the first body differs.
    """
    existing = _existing(idem_key, now)
    if existing is None:
        return None
    first, first_fingerprint = existing
    if same_body_only and first_fingerprint not in (None, fingerprint):
        raise EventIdempotencyConflictError(
            f"idempotency_key {idempotency_key!r} was already used for a different body: "
            f"event {first[0].id} (seq {first[0].seq}); use a new key for a new event",
            details={"event_id": first[0].id, "seq": first[0].seq},
        )
    if first and _routes(agent_id):
        # The first append may have died before telling the router.
        _request_routing(agent_id, first[-1].seq)
    return AppendResult(first, created=False, body_differs=first_fingerprint not in (None, fingerprint))




def _request_routing(agent_id: str, last_seq: int) -> None:
    """Tell the thread router that the log moved (agents with threads or thread
    triggers only). If this fails the append raises: the caller's retry (with its
    idempotency key) repeats the append, which sends the routing message again."""
    from wakeful import queues

    # The route queue's message (wakeful.threads.queue.send_route), sent from below the threads.
    queues.send_fifo("route", {"agent_id": agent_id}, group=agent_id, dedup=f"{agent_id}:seq:{last_seq}")


def _routes(agent_id: str) -> bool:
    agent = agents_repository.get(agent_id)
    return bool(agent and agent.routes_events)


def _wake_if_urgent(agent: Agent, new_events: Sequence[NewEvent]) -> None:
    """Events at or above the agent's ``wake_on_priority`` wake it: each urgent
    listener is told (the heartbeats make one due now).

    Events that tools emit are left to their heartbeat's cascade. The append has
    happened whatever this does: a failure here only means the event waits for the
    next heartbeat, as it would without the setting.
    """
    threshold = agent.wake_on_priority
    if not threshold or min(e.priority for e in new_events) > threshold:
        return
    for listener in URGENT.installed():
        try:
            listener.woken(agent)
        except Exception:  # noqa: BLE001 - see above
            logger.exception("could not wake the agent for an urgent event", extra={"agent_id": agent.agent_id, "listener": listener.name})


def body_fingerprint(new_events: Sequence[NewEvent]) -> str:
    """SHA-256 of the events' canonical JSON: what "the same body" means for a repeat."""
    canonical = json.dumps([e.model_dump(mode="json") for e in new_events], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def _existing(idem_key: str, now: float) -> tuple[list[Event], str | None] | None:
    """The events of a live idempotency record and the fingerprint of their body."""
    record = repository.idempotency_record(idem_key)
    if record is None or record.get("expires_at", 0) < now:
        return None
    found = repository.items_at(record["agent_id"], record["seqs"])
    return [Event.from_item(item) for item in found], record.get("body_sha256")


def get(agent_id: str, seq: int) -> Event | None:
    """One event by its sequence number."""
    item = repository.item(agent_id, seq)
    return Event.from_item(item) if item else None


def read_range(agent_id: str, after_seq: int, up_to_seq: int | None = None, limit: int | None = None) -> Iterator[Event]:
    """Events with ``after_seq < seq <= up_to_seq``, oldest first (consistent reads)."""
    return (Event.from_item(item) for item in repository.items_between(agent_id, after_seq, up_to_seq, limit))
