"""The routing repository: the ``thread_routes`` table. Per agent, the router's cursor,
its decisions and the thread each thread trigger last started.

Keys (``agent_id`` + ``route_key``):
- ``cursor``: ``seq``, every event up to it has been routed;
- ``seq#<012d>``: the decision for one event (``woke`` | ``started`` | ``coalesced`` | ``ignored``,
  ``thread_ids``), written before it is carried out, so a redelivery repeats it;
- ``trigger#<index>``: ``thread_id``, ``started_at`` (cooldowns).
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import clock, ddb


def _seq_key(seq: int) -> str:
    return f"seq#{seq:012d}"


def cursor(agent_id: str) -> int:
    """The last routed seq (0 when nothing was routed)."""
    item = ddb.get("thread_routes", {"agent_id": agent_id, "route_key": "cursor"})
    return int(item["seq"]) if item else 0


def advance_cursor(agent_id: str, old: int, new: int) -> bool:
    """Move the cursor from ``old`` to ``new``; False if it was not at ``old``."""
    try:
        ddb.client().put_item(
            TableName=ddb.table("thread_routes"),
            Item=ddb.serialize({"agent_id": agent_id, "route_key": "cursor", "seq": new, "updated_at": clock.now()}),
            ConditionExpression="attribute_not_exists(route_key) OR seq = :old",
            ExpressionAttributeValues=ddb.values({":old": old}),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True


def decide(agent_id: str, seq: int, event: dict[str, Any], decision: str, thread_ids: list[str], plan: dict[str, Any]) -> dict[str, Any]:
    """Record the decision for an event unless one is recorded; returns the one that stands."""
    record = {
        "agent_id": agent_id,
        "route_key": _seq_key(seq),
        "seq": seq,
        "event_id": event["event_id"],
        "event_type": event["event_type"],
        "decision": decision,
        "thread_ids": thread_ids,
        "plan": plan,
        "decided_at": clock.now(),
    }
    if ddb.put_new("thread_routes", record):
        return record
    return ddb.get("thread_routes", {"agent_id": agent_id, "route_key": _seq_key(seq)}) or record


def add_woken(agent_id: str, seq: int, thread_id: str) -> None:
    """A thread that set its wait late was woken by an already-routed event: the
    decision becomes (or stays) ``woke`` and names it (once)."""
    try:
        ddb.client().update_item(
            TableName=ddb.table("thread_routes"),
            Key=ddb.serialize({"agent_id": agent_id, "route_key": _seq_key(seq)}),
            UpdateExpression="SET decision = :w, thread_ids = list_append(if_not_exists(thread_ids, :empty), :t)",
            ConditionExpression="attribute_exists(route_key) AND NOT contains(thread_ids, :id)",
            ExpressionAttributeValues=ddb.values({":w": "woke", ":empty": [], ":t": [thread_id], ":id": thread_id}),
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise


def page(agent_id: str, after_seq: int, limit: int) -> list[dict[str, Any]]:
    """Decisions for events after ``after_seq``, oldest first."""
    return list(
        ddb.query(
            "thread_routes",
            KeyConditionExpression="agent_id = :a AND route_key BETWEEN :lo AND :hi",
            ExpressionAttributeValues={":a": agent_id, ":lo": _seq_key(after_seq + 1), ":hi": _seq_key(10**12 - 1)},
            limit=limit,
        )
    )


def trigger_state(agent_id: str, index: int) -> dict[str, Any] | None:
    """The thread a trigger last started."""
    return ddb.get("thread_routes", {"agent_id": agent_id, "route_key": f"trigger#{index}"})


def set_trigger_state(agent_id: str, index: int, thread_id: str, started_at: float) -> None:
    """Remember the thread a trigger started."""
    ddb.client().put_item(
        TableName=ddb.table("thread_routes"),
        Item=ddb.serialize({"agent_id": agent_id, "route_key": f"trigger#{index}", "thread_id": thread_id, "started_at": started_at}),
    )


def name_thread(agent_id: str, seq: int, thread_id: str) -> None:
    """A held (``coalesced``) event reached its run: its decision names the thread (once)
    and stays ``coalesced``."""
    try:
        ddb.client().update_item(
            TableName=ddb.table("thread_routes"),
            Key=ddb.serialize({"agent_id": agent_id, "route_key": _seq_key(seq)}),
            UpdateExpression="SET thread_ids = list_append(if_not_exists(thread_ids, :empty), :t)",
            ConditionExpression="attribute_exists(route_key) AND NOT contains(thread_ids, :id)",
            ExpressionAttributeValues=ddb.values({":empty": [], ":t": [thread_id], ":id": thread_id}),
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise


def decision(agent_id: str, seq: int) -> dict[str, Any] | None:
    """The recorded decision for one event, if any."""
    return ddb.get("thread_routes", {"agent_id": agent_id, "route_key": _seq_key(seq)})
