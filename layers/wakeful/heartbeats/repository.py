"""The heartbeats table: the one writer of heartbeat items.

Every write of a heartbeat, its condition and the decoding of its failure live here;
the scan, the quiet path, the orchestrator, the action runner and the agent service
call these verbs. Writes that must commit with an agent write (creating an agent,
pausing it, finishing a heartbeat) are handed out as transaction parts
(``*_part``) for the repository that runs the transaction.

Conditional failures become ``False``/``None`` answers or :class:`HeartbeatStaleError`,
never a ``ClientError`` the caller has to read.
"""

from __future__ import annotations

from typing import Any, Iterator


from wakeful import ddb
from wakeful.heartbeats import records as hb
from wakeful.heartbeats.records import Heartbeat, HeartbeatKey

TABLE = "heartbeats"
#: The orchestrator's fence: its claim (``attempt``) is still the heartbeat's.
_FENCE = "attempt = :attempt AND #st IN (:queued, :executing)"


class HeartbeatStaleError(Exception):
    """The worker's attempt is no longer the heartbeat's (a newer claim, or it ended)."""


class AgentChangedError(Exception):
    """A finish transaction failed on the agent's side (paused, resumed, a heartbeat
    requested, deleted): read the agent again and retry."""


def _key(agent_id: str, heartbeat_id: str) -> dict[str, Any]:
    return ddb.serialize({"agent_id": agent_id, "heartbeat_id": heartbeat_id})


# --- reads -----------------------------------------------------------------------


def get(agent_id: str, heartbeat_id: str) -> Heartbeat | None:
    """One heartbeat (consistent read)."""
    item = ddb.get(TABLE, {"agent_id": agent_id, "heartbeat_id": heartbeat_id})
    return None if item is None else Heartbeat.from_item(item)


def get_many(keys: list[dict[str, Any]]) -> list[Heartbeat]:
    """Heartbeats by ``{agent_id, heartbeat_id}`` keys (BatchGetItem)."""
    return [Heartbeat.from_item(item) for item in ddb.batch_get(TABLE, keys)]


def list_page(agent_id: str, *, limit: int, cursor: str | None) -> tuple[list[Heartbeat], str | None]:
    """One page of an agent's heartbeats, newest first, and the next cursor."""
    items, next_cursor = ddb.page(TABLE, key="agent_id", value=agent_id, limit=limit, cursor=cursor)
    return [Heartbeat.from_item(item) for item in items], next_cursor


def stuck_page(owner: str, *, started_before: float, limit: int, cursor: str | None) -> tuple[list[Heartbeat], str | None]:
    """The owner's claimed heartbeats started before ``started_before``, most recently
    started first (the sparse ``active-by-owner`` index)."""
    return _owner_page(
        "active-by-owner", "active_owner = :o AND started_at < :t", owner, started_before, limit=limit, cursor=cursor
    )


def failed_page(owner: str, *, since: float, limit: int, cursor: str | None) -> tuple[list[Heartbeat], str | None]:
    """The owner's heartbeats that FAILED since ``since``, newest first (the sparse
    ``failed-by-owner`` index)."""
    return _owner_page("failed-by-owner", "failed_owner = :o AND completed_at >= :t", owner, since, limit=limit, cursor=cursor)


def _owner_page(
    index: str, condition: str, owner: str, bound: float, *, limit: int, cursor: str | None
) -> tuple[list[Heartbeat], str | None]:
    from wakeful import pagination

    items, last = ddb.query_page(
        TABLE,
        index=index,
        limit=limit,
        start=pagination.decode(cursor),
        KeyConditionExpression=condition,
        ExpressionAttributeValues={":o": owner, ":t": bound},
        ScanIndexForward=False,
    )
    return [Heartbeat.from_item(item) for item in items], pagination.encode(last)


def due(shard: int, now: float) -> Iterator[HeartbeatKey]:
    """Keys of the PENDING heartbeats of one shard due at ``now`` (sparse index)."""
    found = ddb.query(
        TABLE,
        index="pending-due",
        KeyConditionExpression="due_shard = :s AND due_at <= :now",
        ExpressionAttributeValues={":s": shard, ":now": now},
    )
    return (HeartbeatKey.from_item(item) for item in found)


def expired(shard: int, now: float) -> Iterator[HeartbeatKey]:
    """Keys (with their attempt) of the claimed heartbeats of one shard whose lease ran
    out (sparse index)."""
    found = ddb.query(
        TABLE,
        index="lease-expiry",
        KeyConditionExpression="lease_shard = :s AND lease_expires_at <= :now",
        ExpressionAttributeValues={":s": shard, ":now": now},
    )
    return (HeartbeatKey.from_item(item) for item in found)


# --- the scan ----------------------------------------------------------------------


def claim(agent_id: str, heartbeat_id: str, now: float, lease_seconds: int) -> int | None:
    """PENDING -> QUEUED under a lease, out of the due index; the new attempt, or None
    when another scan claimed it first (or it is no longer due)."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, heartbeat_id),
        UpdateExpression=(
            "SET #st = :queued, attempt = attempt + :one, lease_shard = :shard, "
            "lease_expires_at = :lease, queued_at = :now REMOVE due_shard, due_at"
        ),
        ConditionExpression="#st = :pending AND due_at <= :now",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues=ddb.values(
            {
                ":queued": hb.QUEUED,
                ":pending": hb.PENDING,
                ":one": 1,
                ":shard": hb.shard_of(agent_id),
                ":lease": now + lease_seconds,
                ":now": now,
            }
        ),
        ReturnValues="UPDATED_NEW",
    )
    if response is None:
        return None
    return int(ddb.deserialize(response["Attributes"])["attempt"])  # type: ignore[index]


def requeue(agent_id: str, heartbeat_id: str, attempt: int, now: float, lease_seconds: int) -> bool:
    """Re-queue a claimed heartbeat whose lease expired under the next attempt; False
    if another scan did, or its worker finished meanwhile."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, heartbeat_id),
        UpdateExpression="SET #st = :queued, attempt = :next, lease_expires_at = :lease, queued_at = :now",
        ConditionExpression="attempt = :attempt AND lease_expires_at <= :now AND #st IN (:queued, :executing)",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues=ddb.values(
            {
                ":queued": hb.QUEUED,
                ":executing": hb.EXECUTING,
                ":attempt": attempt,
                ":next": attempt + 1,
                ":lease": now + lease_seconds,
                ":now": now,
            }
        ),
    )
    return response is not None


def skip_quiet(agent_id: str, heartbeat_id: str, scheduled: float, now: float) -> int | None:
    """Count a quiet heartbeat and move it to ``scheduled``; the agent's quiet heartbeats
    so far, counted with this one (carried from heartbeat to heartbeat), or None if it is
    no longer due, was asked for, or changed."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, heartbeat_id),
        UpdateExpression=(
            "SET scheduled_at = :next, due_at = :next, last_quiet_heartbeat_at = :now "
            "ADD quiet_heartbeats :one"
        ),
        ConditionExpression="#st = :pending AND due_at <= :now AND attribute_not_exists(forced)",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues=ddb.values({":next": scheduled, ":now": now, ":one": 1, ":pending": hb.PENDING}),
        ReturnValues="UPDATED_NEW",
    )
    return None if response is None else int((ddb.deserialize(response["Attributes"]) or {})["quiet_heartbeats"])


#: Marks a PENDING heartbeat moved to its agent's admission (a pause's end).
_WAITS = "admission_wait"


def defer_pending(agent_id: str, heartbeat_id: str, until: float, now: float) -> bool:
    """Move a due PENDING heartbeat to ``until`` without claiming it (its agent may not
    start model work now): no event, its window kept; False if it is no longer due."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, heartbeat_id),
        UpdateExpression=f"SET scheduled_at = :until, due_at = :until, {_WAITS} = :t",
        ConditionExpression="#st = :pending AND due_at <= :now",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues=ddb.values({":until": until, ":now": now, ":t": True, ":pending": hb.PENDING}),
    )
    return response is not None


def release_deferred(agent_id: str, heartbeat_id: str, now: float) -> bool:
    """Make a heartbeat moved by :func:`defer_pending` (or :func:`defer_claimed`) due
    now; False when it is not one (or no longer pending)."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, heartbeat_id),
        UpdateExpression=f"SET scheduled_at = :now, due_at = :now REMOVE {_WAITS}",
        ConditionExpression=f"#st = :pending AND attribute_exists({_WAITS}) AND attribute_exists(due_shard)",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues=ddb.values({":now": now, ":pending": hb.PENDING}),
    )
    return response is not None


# --- the orchestrator (every write fenced by the worker's attempt) ------------------


def _advance(item: Heartbeat, expression: str, values: dict[str, Any], condition: str = "") -> Heartbeat:
    """Conditional update of a claimed heartbeat, fenced by its attempt; returns the
    heartbeat as written (ALL_NEW).

    Raises:
        HeartbeatStaleError: the attempt is no longer the heartbeat's.
    """
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(item.agent_id, item.heartbeat_id),
        UpdateExpression=expression,
        ConditionExpression=f"{_FENCE} AND ({condition})" if condition else _FENCE,
        ExpressionAttributeNames={"#st": "status", **({"#rnd": "round"} if "#rnd" in expression + condition else {})},
        ExpressionAttributeValues=ddb.values(
            {":attempt": item.attempt, ":queued": hb.QUEUED, ":executing": hb.EXECUTING, **values}
        ),
        ReturnValues="ALL_NEW",
    )
    if response is None:
        raise HeartbeatStaleError()
    return Heartbeat.from_item(ddb.deserialize(response["Attributes"]) or {})


def fix_window(item: Heartbeat, end: int) -> Heartbeat:
    """Fix the window's end of a heartbeat started without one."""
    return _advance(item, "SET window_end_seq = :end, target_seq = if_not_exists(target_seq, :end)", {":end": end})


def start(item: Heartbeat, *, now: float, lease: float, start_seq: int, end: int) -> Heartbeat:
    """QUEUED -> EXECUTING with its window ``(start_seq, end]``. ``if_not_exists``: a
    re-queued heartbeat (its worker died) keeps its window and cursor."""
    return _advance(
        item,
        "SET #st = :executing, started_at = if_not_exists(started_at, :now), "
        "active_owner = :owner, lease_expires_at = :lease, "
        "cursor_seq = if_not_exists(cursor_seq, :start), window_start_seq = if_not_exists(window_start_seq, :start), "
        "window_end_seq = if_not_exists(window_end_seq, :end), heartbeat_event_seq = if_not_exists(heartbeat_event_seq, :end), "
        "target_seq = if_not_exists(target_seq, :end), cascade_round = if_not_exists(cascade_round, :zero), "
        "#rnd = if_not_exists(#rnd, :zero)",
        {":now": now, ":owner": item.owner, ":lease": lease, ":start": start_seq, ":end": end, ":zero": 0},
        "#st = :queued",
    )


def move_cursor(item: Heartbeat, *, cursor: int, end: int, processed: int, lease: float, skipped: int | None = None) -> Heartbeat:
    """A page without actions: the cursor moves from ``cursor`` to ``end`` (``skipped``:
    the heartbeat's events skipped so far, None: as before)."""
    skipped = item.events_skipped if skipped is None else skipped
    return _advance(
        item,
        "SET cursor_seq = :end, events_processed = :ep, events_skipped = :es, lease_expires_at = :lease",
        {":end": end, ":ep": processed, ":es": skipped, ":cur": cursor, ":lease": lease},
        "cursor_seq = :cur",
    )


def begin_round(
    item: Heartbeat, *, round_no: int, end: int, action_ids: list[str], processed: int, lease: float, skipped: int | None = None
) -> Heartbeat:
    """A page with actions: round ``round_no`` opens with them and the cursor moves to
    ``end`` (conditioned on the previous round, so a round opens once)."""
    return _advance(
        item,
        "SET #rnd = :round, cursor_seq = :end, round_actions = :ids, round_dispatch = :attempt, "
        "events_processed = :ep, events_skipped = :es, actions_triggered = actions_triggered + :na, "
        "lease_expires_at = :lease, open_actions = :open, dispatched_since_target = :yes",
        {
            ":round": round_no,
            ":prev": round_no - 1,
            ":end": end,
            ":ids": action_ids,
            ":ep": processed,
            ":es": item.events_skipped if skipped is None else skipped,
            ":na": len(action_ids),
            ":lease": lease,
            ":open": set(action_ids),
            ":yes": True,
        },
        "#rnd = :prev",
    )


def mark_dispatched(item: Heartbeat, lease: float) -> Heartbeat:
    """The round's open actions were (re)sent under this attempt."""
    return _advance(item, "SET round_dispatch = :attempt, lease_expires_at = :lease", {":lease": lease})


def close_round(item: Heartbeat) -> Heartbeat:
    """Every open action of the round had finished."""
    return _advance(item, "REMOVE open_actions", {})


def extend_target(item: Heartbeat, *, target: int, cascade_round: int) -> Heartbeat:
    """A cascade round: the target moves to ``target`` (the log's end)."""
    return _advance(
        item,
        "SET target_seq = :t, cascade_round = :c, dispatched_since_target = :no",
        {":t": target, ":c": cascade_round, ":no": False, ":cur": item.cursor},
        "cursor_seq = :cur",
    )


def park(item: Heartbeat) -> Heartbeat:
    """Back to PENDING, out of every index (the agent was paused after the claim)."""
    return _advance(
        item,
        "SET #st = :pending REMOVE lease_shard, lease_expires_at, active_owner",
        {":pending": hb.PENDING},
        "#st = :queued",
    )


def defer_claimed(item: Heartbeat, until: float) -> Heartbeat:
    """Back to PENDING, due at ``until`` (its agent was paused after the claim, before
    the heartbeat started: its window is kept)."""
    return _advance(
        item,
        f"SET #st = :pending, scheduled_at = :until, due_at = :until, due_shard = :shard, {_WAITS} = :t "
        "REMOVE lease_shard, lease_expires_at, active_owner",
        {":pending": hb.PENDING, ":until": until, ":shard": hb.shard_of(item.agent_id), ":t": True},
        "#st = :queued",
    )


def finish_part(
    item: Heartbeat, *, status: str, now: float, processed: int, error: str | None, expires_at: int | None
) -> dict[str, Any]:
    """The transaction part that completes or fails a claimed heartbeat (fenced by its
    attempt) and takes it out of the lease index."""
    values: dict[str, Any] = {
        ":attempt": item.attempt,
        ":queued": hb.QUEUED,
        ":executing": hb.EXECUTING,
        ":status": status,
        ":now": now,
        ":ep": processed,
    }
    fields = "#st = :status, completed_at = :now, events_processed = :ep"
    if error:
        fields += ", error_message = :err"
        values[":err"] = error[:2000]
    if status == hb.FAILED:
        fields += ", failed_owner = #own"
    if expires_at:  # finished heartbeats are history; pending ones never expire
        fields += ", expires_at = :exp"
        values[":exp"] = expires_at
    return {
        "Update": {
            "TableName": ddb.table(TABLE),
            "Key": _key(item.agent_id, item.heartbeat_id),
            "UpdateExpression": f"SET {fields} REMOVE lease_shard, lease_expires_at, active_owner, open_actions",
            "ConditionExpression": _FENCE,
            "ExpressionAttributeNames": {"#st": "status", **({"#own": "owner"} if status == hb.FAILED else {})},
            "ExpressionAttributeValues": ddb.values(values),
        }
    }


def new_pending_part(item: Heartbeat, *, once: bool = True) -> dict[str, Any]:
    """The transaction part that puts a new PENDING heartbeat (``once``: unless one
    with its id exists)."""
    put: dict[str, Any] = {"TableName": ddb.table(TABLE), "Item": ddb.serialize(item.to_item())}
    if once:
        put["ConditionExpression"] = "attribute_not_exists(heartbeat_id)"
    return {"Put": put}


def finish(heartbeat_part: dict[str, Any], agent_part: dict[str, Any] | None = None, next_item: Heartbeat | None = None) -> None:
    """Commit a finish: the heartbeat's part, and (when the agent exists) the agent's
    part and the next pending heartbeat, atomically.

    Raises:
        HeartbeatStaleError: the heartbeat's fence failed.
        AgentChangedError: the agent's condition failed (the heartbeat's held).
    """
    parts = [heartbeat_part]
    if agent_part is not None:
        parts.append(agent_part)
    if next_item is not None:
        parts.append(new_pending_part(next_item))
    cancelled = ddb.transact(parts)
    if cancelled is None:
        return
    if cancelled[0] != "None" or len(parts) == 1:
        raise HeartbeatStaleError() from cancelled.error
    raise AgentChangedError() from cancelled.error


# --- the agent's pending heartbeat ----------------------------------------------------


def pause_part(agent_id: str, heartbeat_id: str) -> dict[str, Any]:
    """Transaction part: a PENDING heartbeat leaves the due index (agent paused)."""
    return _pending_part(agent_id, heartbeat_id, "REMOVE due_shard, due_at", {":p": hb.PENDING})


def resume_part(agent_id: str, heartbeat_id: str) -> dict[str, Any]:
    """Transaction part: a PENDING heartbeat is back in the due index (agent resumed)."""
    return _pending_part(
        agent_id, heartbeat_id, "SET due_shard = :s, due_at = scheduled_at", {":s": hb.shard_of(agent_id), ":p": hb.PENDING}
    )


def _pending_part(agent_id: str, heartbeat_id: str, expression: str, values: dict[str, Any]) -> dict[str, Any]:
    return {
        "Update": {
            "TableName": ddb.table(TABLE),
            "Key": _key(agent_id, heartbeat_id),
            "ConditionExpression": "#st = :p",
            "ExpressionAttributeNames": {"#st": "status"},
            "UpdateExpression": expression,
            "ExpressionAttributeValues": ddb.values(values),
        }
    }


def reschedule_part(agent_id: str, heartbeat_id: str, *, scheduled: float, was: Any, in_due_index: bool) -> dict[str, Any]:
    """Transaction part: move a PENDING heartbeat from ``was`` to ``scheduled`` (its due
    index entry too, if it has one), provided nothing moved it meanwhile."""
    return {
        "Update": {
            "TableName": ddb.table(TABLE),
            "Key": _key(agent_id, heartbeat_id),
            "UpdateExpression": "SET scheduled_at = :s" + (", due_at = :s" if in_due_index else ""),
            "ConditionExpression": "#st = :p AND scheduled_at = :old AND "
            + ("attribute_exists(due_shard)" if in_due_index else "attribute_not_exists(due_shard)"),
            "ExpressionAttributeNames": {"#st": "status"},
            "ExpressionAttributeValues": ddb.values({":s": scheduled, ":p": hb.PENDING, ":old": was}),
        }
    }


def fail_pending(agent_id: str, heartbeat_id: str, *, message: str, now: float) -> bool:
    """FAIL a PENDING heartbeat and take it out of the due index (its agent is gone);
    False when it is not pending (a running one finishes on its own)."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, heartbeat_id),
        UpdateExpression="SET #st = :f, error_message = :m, completed_at = :now REMOVE due_shard, due_at",
        ConditionExpression="#st = :p",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues=ddb.values({":f": hb.FAILED, ":m": message, ":now": now, ":p": hb.PENDING}),
    )
    return response is not None


def make_due_now(agent_id: str, heartbeat_id: str, now: float, *, forced: bool) -> bool:
    """Make a PENDING heartbeat of an active agent due at ``now`` (``forced``: it runs
    even when it would be quiet); False if it is not pending or its agent is paused."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, heartbeat_id),
        UpdateExpression="SET scheduled_at = :now, due_at = :now, due_shard = :s" + (", forced = :t" if forced else ""),
        ConditionExpression="#st = :p AND attribute_exists(due_shard)",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues=ddb.values(
            {":now": now, ":s": hb.shard_of(agent_id), ":p": hb.PENDING, **({":t": True} if forced else {})}
        ),
    )
    return response is not None


# --- the action runner ---------------------------------------------------------------


def renew_lease(agent_id: str, heartbeat_id: str, lease: float) -> bool:
    """Push a claimed heartbeat's lease out to ``lease``; False when it is not claimed
    (or its lease is already later)."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, heartbeat_id),
        UpdateExpression="SET lease_expires_at = :lease",
        ConditionExpression="#st IN (:queued, :executing) AND attribute_exists(lease_shard) AND lease_expires_at < :lease",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues=ddb.values({":lease": lease, ":queued": hb.QUEUED, ":executing": hb.EXECUTING}),
    )
    return response is not None


def close_action(agent_id: str, heartbeat_id: str, action_id: str) -> list[str] | None:
    """Take a finished action out of the heartbeat's ``open_actions`` (idempotent).
    Returns the actions still open (empty: this was the last), or None when the
    heartbeat is gone."""
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, heartbeat_id),
        UpdateExpression="DELETE open_actions :done",
        ConditionExpression="attribute_exists(heartbeat_id)",
        ExpressionAttributeValues={":done": {"SS": [action_id]}},
        ReturnValues="UPDATED_NEW",
    )
    if response is None:
        return None
    return list(((response.get("Attributes") or {}).get("open_actions") or {}).get("SS") or [])
