"""The holds repository: the ``flow_holds`` table. A hold is a timer over events that
are already in the agent's log: the seqs of the matching events, and when they go to
their run.

Keys (``agent_id`` + ``hold_key``):
- ``open#t<trigger index>#<kh>`` (a thread trigger) or ``open#w<thread_id>#<wait_id>#<kh>``
  (a sleeping thread's wait), ``kh`` the hash of the coalescing key's value: ``hold_id``,
  ``target``, ``coalesce``, ``seqs`` (in order), ``first_at``, ``last_at``, ``version``,
  ``due_shard`` + ``due_at`` (sparse index ``hold-due``);
- ``fired#<hold_id>``: a hold being handed to its run (``status`` ``firing``, due again
  after a lease, so a crash is picked up by the scan) -> ``done`` (or ``dropped``).

The router writes the open holds of an agent (one router per agent at a time); the scan
fires them. Every change is conditioned on the ``version`` read, so the two never lose
an event: the loser reads again.
"""

from __future__ import annotations

import uuid
from typing import Any, Iterator

from botocore.exceptions import ClientError

from wakeful import ddb

TABLE = "flow_holds"
#: How long a hold being fired may take before the scan fires it again.
FIRE_LEASE_SECONDS = 300
#: How long a fired hold's record stays (it makes a redelivered fire idempotent).
FIRED_TTL_SECONDS = 30 * 86400
_ATTEMPTS = 8


def get(agent_id: str, hold_key: str) -> dict[str, Any] | None:
    return ddb.get(TABLE, {"agent_id": agent_id, "hold_key": hold_key})


def _due_at(item: dict[str, Any]) -> float:
    coalesce = item["coalesce"]
    return min(float(item["last_at"]) + int(coalesce["quiet_seconds"]), float(item["first_at"]) + int(coalesce["max_wait_seconds"]))


def add(agent_id: str, spec: dict[str, Any], seq: int, now: float, shard: int) -> dict[str, Any]:
    """Add the event at ``seq`` to the open hold ``spec["key"]`` (opening it with the
    event); idempotent. Returns the hold as it stands."""
    for _ in range(_ATTEMPTS):
        item = get(agent_id, spec["key"])
        if item is None:
            item = {
                "agent_id": agent_id,
                "hold_key": spec["key"],
                "hold_id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"{agent_id}:{spec['key']}:{seq}")),
                "target": spec["target"],
                "coalesce": spec["coalesce"],
                "key_value": spec.get("key_value"),
                "seqs": [seq],
                "first_at": now,
                "last_at": now,
                "version": 1,
                "due_shard": shard,
            }
            item["due_at"] = _due_at(item)
            if ddb.put_new(TABLE, item):
                return item
            continue
        if seq in [int(s) for s in item["seqs"]]:
            return item
        old = int(item["version"])
        item = {**item, "seqs": sorted([*(int(s) for s in item["seqs"]), seq]), "last_at": now, "version": old + 1}
        item["due_at"] = _due_at(item)
        if _put_if_version(item, old):
            return item
    raise RuntimeError(f"hold {spec['key']} of agent {agent_id} kept changing under the router")


def _put_if_version(item: dict[str, Any], version: int) -> bool:
    try:
        ddb.client().put_item(
            TableName=ddb.table(TABLE),
            Item=ddb.serialize(item),
            ConditionExpression="version = :v",
            ExpressionAttributeValues=ddb.values({":v": version}),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True


def claim(item: dict[str, Any], reason: str, now: float) -> dict[str, Any] | None:
    """Close an open hold and record it as firing, in one transaction (conditioned on the
    version read). Returns the ``fired#`` record, or None when the hold changed or went."""
    fired = {
        "agent_id": item["agent_id"],
        "hold_key": f"fired#{item['hold_id']}",
        "hold_id": item["hold_id"],
        "opened_as": item["hold_key"],
        "target": item["target"],
        "coalesce": item["coalesce"],
        "seqs": [int(s) for s in item["seqs"]],
        "first_at": item["first_at"],
        "last_at": item["last_at"],
        "reason": reason,
        "status": "firing",
        "fired_at": now,
        "due_shard": item["due_shard"],
        "due_at": now + FIRE_LEASE_SECONDS,
        "expires_at": int(now + FIRED_TTL_SECONDS),
    }
    parts = [
        {
            "Delete": {
                "TableName": ddb.table(TABLE),
                "Key": ddb.serialize({"agent_id": item["agent_id"], "hold_key": item["hold_key"]}),
                "ConditionExpression": "version = :v",
                "ExpressionAttributeValues": ddb.values({":v": int(item["version"])}),
            }
        },
        {"Put": {"TableName": ddb.table(TABLE), "Item": ddb.serialize(fired), "ConditionExpression": "attribute_not_exists(hold_key)"}},
    ]
    if ddb.transact(parts, conflict_as_cancel=True) is not None:
        return None  # the hold changed (the router added an event) or another scan fired it
    return fired


def finish(fired: dict[str, Any], status: str, thread_id: str | None, note: str | None = None) -> None:
    """A fired hold reached its run (``done``) or could not (``dropped``, with why):
    it leaves the due index."""
    changes = {"status": status, "thread_id": thread_id, "note": note}
    expression, names, values = ddb.set_clause({k: v for k, v in changes.items() if v is not None})
    ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=ddb.serialize({"agent_id": fired["agent_id"], "hold_key": fired["hold_key"]}),
        UpdateExpression=expression + " REMOVE due_shard, due_at",
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values(values),
    )


def due(shard: int, now: float) -> Iterator[tuple[str, str]]:
    """``(agent_id, hold_key)`` of the holds due at ``now`` in one shard (sparse index)."""
    items = ddb.query(
        TABLE,
        index="hold-due",
        KeyConditionExpression="due_shard = :s AND due_at <= :now",
        ExpressionAttributeValues={":s": shard, ":now": now},
    )
    return ((item["agent_id"], item["hold_key"]) for item in items)
