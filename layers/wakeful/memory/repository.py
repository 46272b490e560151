"""Every read and write of the ``memories`` table (see :mod:`wakeful.memory.records`).

A memory write is one transaction with the agent's ``~meta`` item: its ``count`` (with
the cap as the condition when the write adds one) and its ``version`` (what a process's
cache of the agent's memories is keyed by) move with the memory, so the count never
drifts and a cache never serves memories that changed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from wakeful import ddb
from wakeful.memory.records import ACT_PREFIX, CONS_PREFIX, MEMORY_CEILING, META_KEY, Memory

TABLE = "memories"
#: The sparse index of agents whose consolidation is due (or whose running one holds a lease).
DUE_INDEX = "memory-due"


def _key(agent_id: str, memory_key: str) -> dict[str, Any]:
    return ddb.serialize({"agent_id": agent_id, "memory_key": memory_key})


def get(agent_id: str, memory_id: str) -> Memory | None:
    """One memory (None: no such memory, or a key that is not a memory's)."""
    if not memory_id or memory_id >= MEMORY_CEILING:
        return None
    item = ddb.get(TABLE, {"agent_id": agent_id, "memory_key": memory_id})
    return None if item is None else Memory.from_item(item)


def all_of(agent_id: str) -> list[Memory]:
    """Every memory of an agent (one Query page at the default cap)."""
    items = ddb.query(
        TABLE,
        KeyConditionExpression="agent_id = :a AND memory_key < :ceiling",
        ExpressionAttributeValues={":a": agent_id, ":ceiling": MEMORY_CEILING},
    )
    return [Memory.from_item(item) for item in items]


def meta(agent_id: str) -> dict[str, Any]:
    """The agent's ``~meta`` item ({} when it has none yet)."""
    return ddb.get(TABLE, {"agent_id": agent_id, "memory_key": META_KEY}) or {}


def ensure_meta(agent_id: str) -> dict[str, Any]:
    """The ``~meta`` item, created with the count of the agent's memories (one Query)
    the first time it is needed."""
    found = meta(agent_id)
    if "count" in found:
        return found
    count = sum(1 for _ in ddb.query(
        TABLE,
        KeyConditionExpression="agent_id = :a AND memory_key < :ceiling",
        ExpressionAttributeValues={":a": agent_id, ":ceiling": MEMORY_CEILING},
        ProjectionExpression="memory_key",
    ))
    ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, META_KEY),
        UpdateExpression="SET #c = :c, version = if_not_exists(version, :zero)",
        ConditionExpression="attribute_not_exists(#c)",
        ExpressionAttributeNames={"#c": "count"},
        ExpressionAttributeValues=ddb.values({":c": count, ":zero": 0}),
    )
    return meta(agent_id)


def _meta_update(agent_id: str, add: int, cap: int | None) -> dict[str, Any]:
    update: dict[str, Any] = {
        "TableName": ddb.table(TABLE),
        "Key": _key(agent_id, META_KEY),
        "UpdateExpression": "ADD #c :n, version :one",
        "ExpressionAttributeNames": {"#c": "count"},
        "ExpressionAttributeValues": ddb.values({":n": add, ":one": 1}),
    }
    if add > 0 and cap is not None:
        update["ConditionExpression"] = "#c <= :room"
        update["ExpressionAttributeValues"] = ddb.values({":n": add, ":one": 1, ":room": cap - add})
    return update


def write(agent_id: str, put: Memory | None, deletes: Sequence[str], *, adds: bool, cap: int | None, new: bool) -> bool:
    """One transaction: put ``put`` (only if absent when ``new``), delete ``deletes``
    (each must exist), and move the count by what that adds up to, within ``cap``.
    False when a condition failed (a memory changed meanwhile, the cap): nothing was
    written."""
    parts: list[dict[str, Any]] = []
    if put is not None:
        put_part: dict[str, Any] = {"TableName": ddb.table(TABLE), "Item": ddb.serialize(put.to_item())}
        if new:
            put_part["ConditionExpression"] = "attribute_not_exists(memory_key)"
        parts.append({"Put": put_part})
    for memory_id in deletes:
        parts.append({"Delete": {"TableName": ddb.table(TABLE), "Key": _key(agent_id, memory_id), "ConditionExpression": "attribute_exists(memory_key)"}})
    parts.append({"Update": _meta_update(agent_id, (1 if adds else 0) - len(deletes), cap)})
    return ddb.transact(parts, conflict_as_cancel=True) is None


def replace(memory: Memory) -> bool:
    """Write a changed memory that must still exist (and the version); False if it is gone."""
    parts = [
        {"Put": {"TableName": ddb.table(TABLE), "Item": ddb.serialize(memory.to_item()), "ConditionExpression": "attribute_exists(memory_key)"}},
        {"Update": _meta_update(memory.agent_id, 0, None)},
    ]
    return ddb.transact(parts, conflict_as_cancel=True) is None


def reinforce(agent_id: str, scores: Mapping[str, float], now: float) -> None:
    """Score used memories again (and mark their use); a memory gone meanwhile is skipped.
    The version stays: a cached ranking may read a score a little old."""
    for memory_id, score in scores.items():
        ddb.conditional(
            ddb.client().update_item,
            TableName=ddb.table(TABLE),
            Key=_key(agent_id, memory_id),
            UpdateExpression="SET relevance_score = :s, scored_at = :now, last_used_at = :now",
            ConditionExpression="attribute_exists(memory_key)",
            ExpressionAttributeValues=ddb.values({":s": score, ":now": now}),
        )


# -- activity and consolidations ------------------------------------------------------


def put_activity(agent_id: str, at: float, ref: str, record: Mapping[str, Any], expires_at: float) -> None:
    """Journal one activity (a run's or a heartbeat's end) for the next consolidation."""
    item = {"agent_id": agent_id, "memory_key": f"{ACT_PREFIX}{int(at * 1000):013d}#{ref}", "at": at, "expires_at": int(expires_at), **record}
    ddb.client().put_item(TableName=ddb.table(TABLE), Item=ddb.serialize(item))


def activity(agent_id: str, after: float, until: float, limit: int = 200) -> list[dict[str, Any]]:
    """The journal between two times, oldest first."""
    return list(ddb.query(
        TABLE,
        limit=limit,
        KeyConditionExpression="agent_id = :a AND memory_key BETWEEN :lo AND :hi",
        ExpressionAttributeValues={":a": agent_id, ":lo": f"{ACT_PREFIX}{int(after * 1000) + 1:013d}", ":hi": f"{ACT_PREFIX}{int(until * 1000):013d}#~"},
    ))


def set_due(agent_id: str, due_at: float, shard: int, kind: str = "consolidate") -> None:
    """Make the agent's consolidation due at ``due_at`` (replacing an earlier due time)."""
    ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, META_KEY),
        UpdateExpression="SET due_at = :at, due_shard = :s, due_kind = :k",
        ExpressionAttributeValues=ddb.values({":at": due_at, ":s": shard, ":k": kind}),
    )


def clear_due(agent_id: str) -> None:
    """Nothing is due for the agent's consolidation."""
    ddb.client().update_item(TableName=ddb.table(TABLE), Key=_key(agent_id, META_KEY), UpdateExpression="REMOVE due_at, due_shard, due_kind")


def due(shard: int, now: float) -> Iterator[str]:
    """The agents whose consolidation is due at ``now`` in one shard (sparse index)."""
    for item in ddb.query(
        TABLE,
        index=DUE_INDEX,
        KeyConditionExpression="due_shard = :s AND due_at <= :now",
        ExpressionAttributeValues={":s": shard, ":now": now},
    ):
        yield str(item["agent_id"])


def claim(agent_id: str, record: Mapping[str, Any], day: str, today: int, max_per_day: int, lease: tuple[int, float]) -> bool:
    """Claim a consolidation: one transaction puts its record (running) and, on
    ``~meta``, marks it running and counts it as the day's ``today``-th, only if none
    runs and the day had room; the due time becomes its lease ``(shard, until)`` (a
    crash after the claim is found by the scan). False: not claimed."""
    parts = [
        {"Put": {"TableName": ddb.table(TABLE), "Item": ddb.serialize(dict(record)), "ConditionExpression": "attribute_not_exists(memory_key)"}},
        {
            "Update": {
                "TableName": ddb.table(TABLE),
                "Key": _key(agent_id, META_KEY),
                "UpdateExpression": "SET cons_running = :id, cons_today = :n, cons_day = :day, due_shard = :s, due_at = :until, due_kind = :k",
                "ConditionExpression": (
                    "attribute_not_exists(cons_running) AND "
                    "(attribute_not_exists(cons_day) OR cons_day <> :day OR attribute_not_exists(cons_today) OR cons_today < :max)"
                ),
                "ExpressionAttributeValues": ddb.values({":id": record["cons_id"], ":n": today, ":day": day, ":max": max_per_day, ":s": lease[0], ":until": lease[1], ":k": "cons_lease"}),
            }
        },
    ]
    return ddb.transact(parts, conflict_as_cancel=True) is None


def consolidation(agent_id: str, cons_id: str) -> dict[str, Any] | None:
    """One consolidation record."""
    return ddb.get(TABLE, {"agent_id": agent_id, "memory_key": CONS_PREFIX + cons_id})


def consolidations(agent_id: str, limit: int = 50) -> list[dict[str, Any]]:
    """The agent's consolidations, newest first."""
    return list(ddb.query(
        TABLE,
        limit=limit,
        KeyConditionExpression="agent_id = :a AND begins_with(memory_key, :p)",
        ExpressionAttributeValues={":a": agent_id, ":p": CONS_PREFIX},
        ScanIndexForward=False,
    ))


def add_change(agent_id: str, cons_id: str, tool_call_id: str, change: Mapping[str, Any]) -> None:
    """Record one change a consolidation made (a repeat of its tool call overwrites itself)."""
    ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, CONS_PREFIX + cons_id),
        UpdateExpression="SET changes.#t = :c",
        ConditionExpression="attribute_exists(memory_key)",
        ExpressionAttributeNames={"#t": tool_call_id},
        ExpressionAttributeValues=ddb.values({":c": dict(change)}),
    )


def finish(agent_id: str, cons_id: str, status: str, sets: Mapping[str, Any], last_cons: Mapping[str, Any] | None) -> bool:
    """End a running consolidation: its record ``status`` (and ``sets``), and on
    ``~meta`` no consolidation running; ``last_cons`` moves only when given (a done
    run). False: it had already ended."""
    expression, names, values = ddb.set_clause({"status": status, **sets})
    meta_sets = "REMOVE cons_running, due_at, due_shard, due_kind" + ("" if last_cons is None else " SET last_cons = :last")
    parts = [
        {
            "Update": {
                "TableName": ddb.table(TABLE),
                "Key": _key(agent_id, CONS_PREFIX + cons_id),
                "UpdateExpression": expression,
                "ConditionExpression": "#f0 = :running",
                "ExpressionAttributeNames": names,
                "ExpressionAttributeValues": ddb.values({**values, ":running": "running"}),
            }
        },
        {
            "Update": {
                "TableName": ddb.table(TABLE),
                "Key": _key(agent_id, META_KEY),
                "UpdateExpression": meta_sets,
                **({"ExpressionAttributeValues": ddb.values({":last": dict(last_cons)})} if last_cons is not None else {}),
            }
        },
    ]
    return ddb.transact(parts, conflict_as_cancel=True) is None
