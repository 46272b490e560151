"""The ``spend`` table: the one writer of its items (budgets, period counters, per-model
counters, open calls, pauses, extensions, savings). Partition ``scope`` (``a#<agent>`` or
``o#<owner>``), sort ``record_key``; see :mod:`wakeful.spend.records`."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from wakeful import ddb, ids
from wakeful.backoff import Backoff

TABLE = "spend"
BUDGET = "budget"
PAUSE = "pause"
#: The sparse index of due work: active pauses, by the end of their period.
DUE_INDEX = "spend-due"
#: Transaction conflicts (many calls settling on one owner's counters) are retried.
_CONFLICTS = Backoff(base=0.02, cap=0.5, max_rounds=10)
_COUNTERS = ("usd_micro", "calls", "input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens")


def _key(scope: str, record_key: str) -> dict[str, Any]:
    return ddb.serialize({"scope": scope, "record_key": record_key})


def get(scope: str, record_key: str) -> dict[str, Any] | None:
    return ddb.get(TABLE, {"scope": scope, "record_key": record_key})


def many(keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
    """Items by (scope, record_key), one BatchGet (absent ones are left out)."""
    wanted = [{"scope": s, "record_key": k} for s, k in dict.fromkeys(keys)]
    return {(i["scope"], i["record_key"]): i for i in ddb.batch_get(TABLE, wanted)} if wanted else {}


def put_budget(scope: str, budget: dict[str, Any], now: float) -> None:
    ddb.client().put_item(TableName=ddb.table(TABLE), Item=ddb.serialize({"scope": scope, "record_key": BUDGET, **budget, "updated_at": now}))


def open_call(scope: str, call_key: str, attributes: dict[str, Any]) -> None:
    """Record a call before it is made (status ``open``, its estimate)."""
    ddb.client().put_item(TableName=ddb.table(TABLE), Item=ddb.serialize({"scope": scope, "record_key": call_key, "status": "open", **attributes}))


def settle(scope: str, call_key: str, counts: dict[str, int], adds: list[tuple[str, str, int]], now: float) -> bool:
    """Close an open call and add ``counts`` to every ``(scope, record_key, expires_at)``
    of ``adds``, in one transaction: the call's ``status = open`` condition lets exactly
    one settle (or sweep) count it. False when it was settled already."""
    names = {f"#c{i}": name for i, name in enumerate(counts)}
    add = "ADD " + ", ".join(f"#c{i} :c{i}" for i in range(len(counts)))
    values = {f":c{i}": v for i, v in enumerate(counts.values())}
    parts: list[dict[str, Any]] = [
        {
            "Update": {
                "TableName": ddb.table(TABLE),
                "Key": _key(scope, call_key),
                "UpdateExpression": "SET #s = :settled, settled_at = :now, usd_micro = :usd",
                "ConditionExpression": "#s = :open",
                "ExpressionAttributeNames": {"#s": "status"},
                "ExpressionAttributeValues": ddb.values({":settled": "settled", ":open": "open", ":now": now, ":usd": counts["usd_micro"]}),
            }
        }
    ]
    for item_scope, record_key, expires_at in adds:
        parts.append(
            {
                "Update": {
                    "TableName": ddb.table(TABLE),
                    "Key": _key(item_scope, record_key),
                    "UpdateExpression": f"{add} SET expires_at = if_not_exists(expires_at, :exp)",
                    "ExpressionAttributeNames": names,
                    "ExpressionAttributeValues": ddb.values({**values, ":exp": expires_at}),
                }
            }
        )
    for round_ in range(_CONFLICTS.max_rounds):
        if round_:
            _CONFLICTS.sleep(_CONFLICTS.delay(round_))
        cancelled = ddb.transact(parts, conflict_as_cancel=True)
        if cancelled is None:
            return True
        if cancelled[0] == "ConditionalCheckFailed":
            return False
    raise RuntimeError("the spend ledger's transaction kept conflicting")


def abandon(scope: str, call_key: str) -> None:
    ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(scope, call_key),
        UpdateExpression="SET #s = :failed",
        ConditionExpression="#s = :open",
        ExpressionAttributeNames={"#s": "status"},
        ExpressionAttributeValues=ddb.values({":failed": "failed", ":open": "open"}),
    )


def with_prefix(scope: str, prefix: str) -> list[dict[str, Any]]:
    return list(
        ddb.query(
            TABLE,
            KeyConditionExpression="#p = :p AND begins_with(record_key, :k)",
            ExpressionAttributeNames={"#p": "scope"},
            ExpressionAttributeValues={":p": scope, ":k": prefix},
        )
    )


def put_pause(scope: str, pause: dict[str, Any], now: float) -> bool:
    """Pause a scope unless an active pause is there; True when this wrote it. The pause
    is in the ``spend-due`` index until it ends (its ``until``)."""
    due = {"due_shard": ids.shard_of(scope), "due_at": pause["until"]}
    return (
        ddb.conditional(
            ddb.client().put_item,
            TableName=ddb.table(TABLE),
            Item=ddb.serialize({"scope": scope, "record_key": PAUSE, **pause, **due}),
            ConditionExpression="attribute_not_exists(record_key) OR #u <= :now",
            ExpressionAttributeNames={"#u": "until"},
            ExpressionAttributeValues=ddb.values({":now": now}),
        )
        is not None
    )


def delete_pause(scope: str, pause_id: str) -> bool:
    """End a pause (one winner, by its id)."""
    return (
        ddb.conditional(
            ddb.client().delete_item,
            TableName=ddb.table(TABLE),
            Key=_key(scope, PAUSE),
            ConditionExpression="pause_id = :id",
            ExpressionAttributeValues=ddb.values({":id": pause_id}),
        )
        is not None
    )


def add(scope: str, record_key: str, counts: dict[str, Any], expires_at: int) -> None:
    """Add each of ``counts`` to an item (atomic ADD)."""
    names = {f"#c{i}": name for i, name in enumerate(counts)}
    values: dict[str, Any] = {f":c{i}": v for i, v in enumerate(counts.values())}
    ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(scope, record_key),
        UpdateExpression="ADD " + ", ".join(f"#c{i} :c{i}" for i in range(len(counts))) + " SET expires_at = if_not_exists(expires_at, :exp)",
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values({**values, ":exp": expires_at}),
    )


def due_pauses(shard: int, now: float) -> Iterator[str]:
    """The scopes whose pause ends at ``now`` or before, in one shard (sparse index; the
    open calls it also holds are the sweeper's)."""
    for item in ddb.query(
        TABLE,
        index=DUE_INDEX,
        KeyConditionExpression="due_shard = :s AND due_at <= :now",
        ExpressionAttributeValues={":s": shard, ":now": now},
    ):
        if item["record_key"] == PAUSE:
            yield str(item["scope"])


def move_pause(scope: str, pause_id: str, changes: dict[str, Any]) -> bool:
    """Keep a pause on under another limit (its ``until`` moves, the index with it)."""
    sets = {**changes, "due_at": changes["until"]}
    names = {f"#a{i}": name for i, name in enumerate(sets)}
    values = {f":a{i}": v for i, v in enumerate(sets.values())}
    return (
        ddb.conditional(
            ddb.client().update_item,
            TableName=ddb.table(TABLE),
            Key=_key(scope, PAUSE),
            UpdateExpression="SET " + ", ".join(f"#a{i} = :a{i}" for i in range(len(sets))),
            ConditionExpression="pause_id = :id",
            ExpressionAttributeNames=names,
            ExpressionAttributeValues=ddb.values({**values, ":id": pause_id}),
        )
        is not None
    )


def mark_announced(scope: str, pause_id: str) -> None:
    """The pause's hooks and messages went out (they are keyed: a repeat sends nothing)."""
    ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(scope, PAUSE),
        UpdateExpression="SET announced = :t",
        ConditionExpression="pause_id = :id",
        ExpressionAttributeValues=ddb.values({":t": True, ":id": pause_id}),
    )


def put_once(scope: str, record_key: str, attributes: dict[str, Any]) -> bool:
    """Put an item unless it is there (an alert's marker, a button's record); True when
    this wrote it."""
    return (
        ddb.conditional(
            ddb.client().put_item,
            TableName=ddb.table(TABLE),
            Item=ddb.serialize({"scope": scope, "record_key": record_key, **attributes}),
            ConditionExpression="attribute_not_exists(record_key)",
        )
        is not None
    )


def use_button(owner_scope: str, button_key: str, used: dict[str, Any], target: str, extension_key: str, usd_micro: int, expires_at: int) -> bool:
    """An ``extend:`` button's one use: marked used (condition: not used before) and its
    amount added to the period's extension, in one transaction. False: used already."""
    parts: list[dict[str, Any]] = [
        {
            "Update": {
                "TableName": ddb.table(TABLE),
                "Key": _key(owner_scope, button_key),
                "UpdateExpression": "SET used_by = :by, used_at = :at",
                "ConditionExpression": "attribute_exists(record_key) AND attribute_not_exists(used_at)",
                "ExpressionAttributeValues": ddb.values({":by": used["by"], ":at": used["at"]}),
            }
        },
        {
            "Update": {
                "TableName": ddb.table(TABLE),
                "Key": _key(target, extension_key),
                "UpdateExpression": "ADD usd_micro :u SET expires_at = if_not_exists(expires_at, :exp)",
                "ExpressionAttributeValues": ddb.values({":u": usd_micro, ":exp": expires_at}),
            }
        },
    ]
    return ddb.transact(parts) is None
