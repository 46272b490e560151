"""The schedules' data access: every write to ``schedules`` and ``schedule_results``.

Two sparse, sharded indexes hold only what needs attention (never a Scan):

- ``schedules`` / ``schedule-due``: active schedules by their next due time
  (``due_shard``, ``due_at``); it projects what a claim needs, so the scan reads no
  more than the index items that are due.
- ``schedule_results`` / ``start-lease``: runs claimed but whose thread has not started
  yet (``start_shard``, ``start_lease_at``). A claim that never reached the runner (a
  scan that died before sending) is found here when its lease runs out and sent again.

Claims are transactions conditioned on what the scan read (``due_at`` and
``revision``), so racing scans and redeliveries claim each due time once.
"""

from __future__ import annotations

import hashlib
from typing import Any

from botocore.exceptions import ClientError

from wakeful import ddb, ids
from wakeful.ids import shard_of
from wakeful.schedules import models
from wakeful.schedules.exceptions import ScheduleNotFoundError

SCHEDULES = "schedules"
RESULTS = "schedule_results"
DUE_INDEX = "schedule-due"
START_INDEX = "start-lease"
#: How long results are kept (DynamoDB TTL on ``expires_at``).
RESULT_RETENTION_SECONDS = 90 * 24 * 3600
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


class Conflict(Exception):
    """A conditional write lost: what it was conditioned on has changed."""


# -- ids ---------------------------------------------------------------------------
def result_id(schedule_id: str, scheduled_for: float) -> str:
    """The one result id of a due time: time-ordered by ``scheduled_for`` (so results
    list newest first by key) and the same on every claim of that time."""
    digest = hashlib.sha256(f"{schedule_id}:{scheduled_for:.3f}".encode()).digest()
    value = (int(scheduled_for * 1000) << 80) | int.from_bytes(digest[:10], "big")
    chars = []
    for _ in range(26):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return "sres_" + "".join(reversed(chars))


def manual_result_id(now: float) -> str:
    """A new result id for a run asked for through the API."""
    return ids.new_id("sres", now)


# -- schedules ---------------------------------------------------------------------
def due_attributes(schedule_id: str, due_at: float | None) -> dict[str, Any]:
    """Attributes that put a schedule into the due index (empty: keep it out)."""
    if due_at is None:
        return {}
    return {"due_shard": shard_of(schedule_id), "due_at": due_at}


def put_schedule(item: dict[str, Any]) -> None:
    """Create a schedule (its id is new)."""
    ddb.put_new(SCHEDULES, item)


def get_schedule(agent_id: str, schedule_id: str) -> dict[str, Any] | None:
    """A schedule by key, read consistently."""
    return ddb.get(SCHEDULES, {"agent_id": agent_id, "schedule_id": schedule_id})


def require_schedule(agent_id: str, schedule_id: str) -> dict[str, Any]:
    """A schedule by key; ScheduleNotFoundError when absent."""
    item = get_schedule(agent_id, schedule_id)
    if item is None:
        raise ScheduleNotFoundError(f"schedule {schedule_id} not found")
    return item


def list_schedules(agent_id: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """An agent's schedules, newest first."""
    return ddb.page(SCHEDULES, key="agent_id", value=agent_id, limit=limit, cursor=cursor)


def count_schedules(agent_id: str) -> int:
    """How many schedules an agent has (keys only)."""
    return sum(1 for _ in ddb.query(SCHEDULES, KeyConditionExpression="agent_id = :a", ExpressionAttributeValues={":a": agent_id}, ProjectionExpression="schedule_id"))


def update_schedule(agent_id: str, schedule_id: str, sets: dict[str, Any], removes: list[str]) -> dict[str, Any]:
    """SET and REMOVE attributes of an existing schedule (bumping ``revision``, which
    makes any claim read before this change fail). Returns the new item."""
    expression, names, values = ddb.set_clause(sets)
    expression += ", revision = if_not_exists(revision, :zero) + :one"
    values.update({":zero": 0, ":one": 1})
    if removes:
        names.update({f"#r{i}": name for i, name in enumerate(removes)})
        expression += " REMOVE " + ", ".join(f"#r{i}" for i in range(len(removes)))
    try:
        response = ddb.client().update_item(
            TableName=ddb.table(SCHEDULES),
            Key=ddb.serialize({"agent_id": agent_id, "schedule_id": schedule_id}),
            UpdateExpression=expression,
            ConditionExpression="attribute_exists(schedule_id)",
            ExpressionAttributeNames=names,
            ExpressionAttributeValues=ddb.values(values),
            ReturnValues="ALL_NEW",
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise ScheduleNotFoundError(f"schedule {schedule_id} not found") from error
        raise
    return ddb.deserialize(response["Attributes"])  # type: ignore[return-value]


def delete_schedule(agent_id: str, schedule_id: str) -> None:
    """Delete a schedule; its results stay until they expire."""
    ddb.client().delete_item(TableName=ddb.table(SCHEDULES), Key=ddb.serialize({"agent_id": agent_id, "schedule_id": schedule_id}))


def due_keys(shard: int, now: float) -> Any:
    """Due schedules of one shard (index items with what a claim needs)."""
    return ddb.query(
        SCHEDULES,
        index=DUE_INDEX,
        KeyConditionExpression="due_shard = :s AND due_at <= :now",
        ExpressionAttributeValues={":s": shard, ":now": now},
    )


def _advance(schedule: dict[str, Any], next_at: float | None, seen_due: float, now: float) -> dict[str, Any]:
    """The schedule half of a claim: move to the next due time, conditioned on the
    due time and revision the scan read."""
    if next_at is None:
        expression = "SET next_run_at = :none, updated_at = :now REMOVE due_shard, due_at"
        values: dict[str, Any] = {":none": None, ":now": now}
    else:
        expression = "SET next_run_at = :next, due_at = :next, updated_at = :now"
        values = {":next": next_at, ":now": now}
    values.update({":seen": seen_due, ":rev": schedule.get("revision", 0)})
    return {
        "TableName": ddb.table(SCHEDULES),
        "Key": ddb.serialize({"agent_id": schedule["agent_id"], "schedule_id": schedule["schedule_id"]}),
        "UpdateExpression": expression,
        "ConditionExpression": "due_at = :seen AND revision = :rev",
        "ExpressionAttributeValues": values,
    }


def _transact(items: list[dict[str, Any]]) -> None:
    """TransactWriteItems; each item's ExpressionAttributeValues given as plain values."""
    request = []
    for item in items:
        (kind, body), = item.items()
        if "ExpressionAttributeValues" in body:
            body = {**body, "ExpressionAttributeValues": ddb.values(body["ExpressionAttributeValues"])}
        request.append({kind: body})
    try:
        cancelled = ddb.transact(request)
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise Conflict(str(error)) from error
        raise
    if cancelled is not None:
        raise Conflict(str(cancelled.error)) from cancelled.error


def advance(schedule: dict[str, Any], next_at: float | None, seen_due: float, now: float) -> None:
    """Move a schedule past a due time that does not run (outside active hours)."""
    _transact([{"Update": _advance(schedule, next_at, seen_due, now)}])


def claim_run(schedule: dict[str, Any], result: dict[str, Any], next_at: float | None, seen_due: float, now: float, stale_before: float) -> None:
    """Claim a due time for a run: the schedule moves on and records the run as going,
    and the pending result is created, in one transaction. Raises Conflict when
    another claim won, the schedule changed, or a run is (again) going."""
    update = _advance(schedule, next_at, seen_due, now)
    update["UpdateExpression"] = update["UpdateExpression"].replace(
        "SET ", "SET running_result_id = :rid, running_since = :now, last_run_at = :sf, ", 1
    )
    update["ConditionExpression"] += " AND (attribute_not_exists(running_result_id) OR running_since < :stale)"
    update["ExpressionAttributeValues"].update({":rid": result["result_id"], ":sf": result["scheduled_for"], ":stale": stale_before})
    _transact([{"Update": update}, {"Put": _new_result(result)}])


def claim_skip(schedule: dict[str, Any], result: dict[str, Any], next_at: float | None, seen_due: float, now: float, stale_before: float) -> None:
    """Claim a due time that is skipped because a run is still going: the schedule
    moves on and counts it, and the ``skipped`` result is recorded."""
    update = _advance(schedule, next_at, seen_due, now)
    update["UpdateExpression"] = update["UpdateExpression"].replace(
        "SET ", "SET skipped = if_not_exists(skipped, :zero) + :one, last_status = :skipped, ", 1
    )
    update["ConditionExpression"] += " AND running_result_id = :running AND running_since >= :stale"
    update["ExpressionAttributeValues"].update(
        {":zero": 0, ":one": 1, ":skipped": models.SKIPPED, ":running": schedule["running_result_id"], ":stale": stale_before}
    )
    _transact([{"Update": update}, {"Put": _new_result(result)}])


def clear_running(agent_id: str, schedule_id: str, result_id_: str) -> None:
    """The schedule no longer has a run going, if the run going is this one."""
    try:
        ddb.client().update_item(
            TableName=ddb.table(SCHEDULES),
            Key=ddb.serialize({"agent_id": agent_id, "schedule_id": schedule_id}),
            UpdateExpression="REMOVE running_result_id, running_since",
            ConditionExpression="running_result_id = :rid",
            ExpressionAttributeValues=ddb.values({":rid": result_id_}),
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise


# -- results -----------------------------------------------------------------------
def _new_result(result: dict[str, Any]) -> dict[str, Any]:
    return {
        "TableName": ddb.table(RESULTS),
        "Item": ddb.serialize(result),
        "ConditionExpression": "attribute_not_exists(result_id)",
    }


def pending_result(schedule: dict[str, Any], rid: str, scheduled_for: float, trigger: str, now: float, lease_seconds: int) -> dict[str, Any]:
    """A claimed run whose thread has not started: in the start-lease index until it does."""
    return {
        "schedule_id": schedule["schedule_id"],
        "result_id": rid,
        "agent_id": schedule["agent_id"],
        "owner": schedule["owner"],
        "status": models.PENDING,
        "trigger": trigger,
        "schedule_type": models.schedule_type(schedule),
        "scheduled_for": scheduled_for,
        "created_at": now,
        "notified": False,
        "start_attempt": 1,
        "start_shard": shard_of(schedule["schedule_id"]),
        "start_lease_at": now + lease_seconds,
        "expires_at": int(now + RESULT_RETENTION_SECONDS),
    }


def skipped_result(schedule: dict[str, Any], rid: str, scheduled_for: float, reason: str, now: float) -> dict[str, Any]:
    """A due time that did not run, and why."""
    return {
        "schedule_id": schedule["schedule_id"],
        "result_id": rid,
        "agent_id": schedule["agent_id"],
        "owner": schedule["owner"],
        "status": models.SKIPPED,
        "trigger": models.TRIGGER_CRON,
        "schedule_type": models.schedule_type(schedule),
        "scheduled_for": scheduled_for,
        "result_content": reason,
        "skip_reason": "previous_run_running",
        "notified": False,
        "created_at": now,
        "completed_at": now,
        "expires_at": int(now + RESULT_RETENTION_SECONDS),
    }


def put_result(result: dict[str, Any]) -> bool:
    """Create a result unless it exists. True if written."""
    return ddb.put_new(RESULTS, result)


def get_result(schedule_id: str, rid: str) -> dict[str, Any] | None:
    """A result by key, read consistently."""
    return ddb.get(RESULTS, {"schedule_id": schedule_id, "result_id": rid})


def list_results(schedule_id: str, limit: int, cursor: str | None, *, include_pending: bool = False) -> tuple[list[dict[str, Any]], str | None]:
    """A schedule's results, newest due time first; runs still going only when asked."""
    if include_pending:
        return ddb.page(RESULTS, key="schedule_id", value=schedule_id, limit=limit, cursor=cursor)
    return ddb.page(
        RESULTS,
        key="schedule_id",
        value=schedule_id,
        limit=limit,
        cursor=cursor,
        FilterExpression="#st <> :pending",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues={":pending": models.PENDING},
    )


def expired_starts(shard: int, now: float) -> Any:
    """Claimed runs of one shard whose thread did not start within the lease."""
    return ddb.query(
        RESULTS,
        index=START_INDEX,
        KeyConditionExpression="start_shard = :s AND start_lease_at <= :now",
        ExpressionAttributeValues={":s": shard, ":now": now},
    )


def renew_start(key: dict[str, Any], now: float, lease_seconds: int) -> int | None:
    """Take an expired start lease for another attempt; the new attempt number, or
    None when another scan took it first or the run has started."""
    try:
        response = ddb.client().update_item(
            TableName=ddb.table(RESULTS),
            Key=ddb.serialize({"schedule_id": key["schedule_id"], "result_id": key["result_id"]}),
            UpdateExpression="SET start_lease_at = :lease, start_attempt = start_attempt + :one",
            ConditionExpression="start_lease_at = :seen AND #st = :pending",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values(
                {":lease": now + lease_seconds, ":one": 1, ":seen": key["start_lease_at"], ":pending": models.PENDING}
            ),
            ReturnValues="UPDATED_NEW",
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return None
        raise
    return int(ddb.deserialize(response["Attributes"])["start_attempt"])  # type: ignore[index]


def mark_started(schedule_id: str, rid: str, thread_id: str, now: float) -> bool:
    """Record a run's thread; it leaves the start-lease index. False when the result
    is no longer pending (the thread already finished it) or has a thread."""
    try:
        ddb.client().update_item(
            TableName=ddb.table(RESULTS),
            Key=ddb.serialize({"schedule_id": schedule_id, "result_id": rid}),
            UpdateExpression="SET thread_id = :tid, started_at = :now REMOVE start_shard, start_lease_at",
            ConditionExpression="#st = :pending AND attribute_not_exists(thread_id)",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values({":tid": thread_id, ":now": now, ":pending": models.PENDING}),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True


def hold_hook(schedule_id: str, rid: str, hook: dict[str, Any]) -> bool:
    """Keep a hook of a heartbeat thread's run on the thread's result until the run's
    answer says whether anyone is told. False when the result is gone."""
    try:
        ddb.client().update_item(
            TableName=ddb.table(RESULTS),
            Key=ddb.serialize({"schedule_id": schedule_id, "result_id": rid}),
            UpdateExpression="SET held_hooks = list_append(if_not_exists(held_hooks, :none), :hook)",
            ConditionExpression="attribute_exists(result_id)",
            ExpressionAttributeValues=ddb.values({":none": [], ":hook": [hook]}),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True


_COUNTERS = {models.HEARTBEAT_OK: "ok", models.SUCCESS: "findings", models.ERROR: "errors", models.SKIPPED: "skipped"}


def finish(
    result: dict[str, Any], status: str, content: str | None, *, notified: bool, thread_id: str | None, error: str | None, now: float,
    reason: str | None = None, extra: dict[str, Any] | None = None,
) -> bool:
    """Finish a pending result and count it on its schedule, in one transaction (a
    skipped one with its ``reason``; ``extra``: more attributes of the result, such as
    ``escalated``). False when the result was already finished (a redelivery): nothing
    changes."""
    changes = {
        "status": status,
        "result_content": content,
        "notified": notified,
        "completed_at": now,
        "error_message": error,
        **(extra or {}),
    }
    if reason is not None:
        changes["skip_reason"] = reason
    expression, names, values = ddb.set_clause(changes)
    if thread_id:
        expression += ", thread_id = if_not_exists(thread_id, :tid)"
        values[":tid"] = thread_id
    names["#status"] = "status"
    values[":pending"] = models.PENDING
    result_update = {
        "TableName": ddb.table(RESULTS),
        "Key": ddb.serialize({"schedule_id": result["schedule_id"], "result_id": result["result_id"]}),
        # A silent run's held hooks are dropped with it (see :func:`hold_hook`).
        "UpdateExpression": expression
        + ", started_at = if_not_exists(started_at, :done) REMOVE start_shard, start_lease_at"
        + (", held_hooks" if status == models.HEARTBEAT_OK else ""),
        "ConditionExpression": "#status = :pending",
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": {**values, ":done": now},
    }
    counter = _COUNTERS[status]
    runs = "runs = if_not_exists(runs, :zero) + :one, " if status != models.SKIPPED else ""
    schedule_update = {
        "TableName": ddb.table(SCHEDULES),
        "Key": ddb.serialize({"agent_id": result["agent_id"], "schedule_id": result["schedule_id"]}),
        "UpdateExpression": f"SET {runs}#c = if_not_exists(#c, :zero) + :one, last_status = :status, updated_at = :now",
        "ConditionExpression": "attribute_exists(schedule_id)",
        "ExpressionAttributeNames": {"#c": counter},
        "ExpressionAttributeValues": {":zero": 0, ":one": 1, ":status": status, ":now": now},
    }
    try:
        _transact([{"Update": result_update}, {"Update": schedule_update}])
        return True
    except Conflict:
        pass
    # The schedule may be gone (deleted while the run went on): finish the result alone.
    try:
        _transact([{"Update": result_update}])
        return True
    except Conflict:
        return False


def set_probe_state(agent_id: str, schedule_id: str, state: dict[str, Any]) -> None:
    """What a schedule's probe read before the run that started (``probe_state``); the
    next run compares with it. Changes no ``revision``: a claim stays valid."""
    ddb.client().update_item(
        TableName=ddb.table(SCHEDULES),
        Key=ddb.serialize({"agent_id": agent_id, "schedule_id": schedule_id}),
        UpdateExpression="SET probe_state = :s",
        ConditionExpression="attribute_exists(schedule_id)",
        ExpressionAttributeValues=ddb.values({":s": state}),
    )


def note_probe(schedule_id: str, rid: str, probe: dict[str, Any]) -> None:
    """What the probe read before this run, on its result (``probe``)."""
    ddb.client().update_item(
        TableName=ddb.table(RESULTS),
        Key=ddb.serialize({"schedule_id": schedule_id, "result_id": rid}),
        UpdateExpression="SET probe = :p",
        ExpressionAttributeValues=ddb.values({":p": probe}),
    )
