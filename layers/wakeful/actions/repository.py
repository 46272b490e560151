"""The actions table: the one writer of action items.

An action is created (or adopted into a later round) by the orchestrator, started and
finished by the tool runner. Each write is conditioned on the action's status, so a
redelivered message or a concurrent run changes nothing twice; a failed condition is a
``False``/``None`` answer here, never a ``ClientError`` for the caller to read. Reads
give :class:`~wakeful.actions.records.Action` records.
"""

from __future__ import annotations

from typing import Any, Iterator

from botocore.exceptions import ClientError

from wakeful import ddb, pagination
from wakeful.actions import records
from wakeful.actions.records import Action, ActionOutcome

TABLE = "actions"


class ActionRefusedError(Exception):
    """DynamoDB refused the action's new attributes themselves (too large, a bad
    value): retrying the same write cannot help."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _key(action_id: str) -> dict[str, Any]:
    return ddb.serialize({"action_id": action_id})


# --- reads -----------------------------------------------------------------------


def get(action_id: str) -> Action | None:
    """An action by id (consistent read)."""
    item = ddb.get(TABLE, {"action_id": action_id})
    return None if item is None else Action.from_item(item)


def get_many(action_ids: list[str]) -> list[Action]:
    """Actions by id (BatchGetItem)."""
    return [Action.from_item(item) for item in ddb.batch_get(TABLE, [{"action_id": a} for a in action_ids])]


def for_heartbeat(heartbeat_id: str) -> list[Action]:
    """Every action a heartbeat ran, in dispatch order."""
    return list(of_heartbeat(heartbeat_id))


def of_heartbeat(heartbeat_id: str) -> Iterator[Action]:
    """:func:`for_heartbeat`, read as they are consumed (a reader that stops early reads
    no further pages)."""
    found = ddb.query(
        TABLE,
        index="by-heartbeat",
        KeyConditionExpression="heartbeat_id = :h",
        ExpressionAttributeValues={":h": heartbeat_id},
    )
    return (Action.from_item(item) for item in found)


def list_page(
    agent_id: str, *, heartbeat_id: str | None, status: str | None, limit: int, cursor: str | None
) -> tuple[list[Action], str | None]:
    """An agent's actions, or one heartbeat's, newest first (within a heartbeat: the
    last dispatched first)."""
    kwargs: dict[str, Any] = {}
    values: dict[str, Any] = {}
    if heartbeat_id:
        index = "by-heartbeat"
        kwargs["KeyConditionExpression"] = "heartbeat_id = :k"
        kwargs["ScanIndexForward"] = False
        values[":k"] = heartbeat_id
        filters = ["agent_id = :a"]
        values[":a"] = agent_id
    else:
        index = "by-agent"
        kwargs["KeyConditionExpression"] = "agent_id = :k"
        kwargs["ScanIndexForward"] = False
        values[":k"] = agent_id
        filters = []
    if status:
        filters.append("#st = :st")
        values[":st"] = status
        kwargs["ExpressionAttributeNames"] = {"#st": "status"}
    if filters:
        kwargs["FilterExpression"] = " AND ".join(filters)
    items, last = ddb.query_page(
        TABLE, index=index, limit=limit, start=pagination.decode(cursor), ExpressionAttributeValues=values, **kwargs
    )
    return [Action.from_item(item) for item in items], pagination.encode(last)


def outcomes_since(owner: str, since: float, *, limit: int) -> Iterator[ActionOutcome]:
    """The tool, status and timing of the owner's actions created since ``since``,
    newest first, at most ``limit`` (the ``by-owner`` index, projected)."""
    found = ddb.query(
        TABLE,
        index="by-owner",
        limit=limit,
        KeyConditionExpression="#o = :o AND created_at >= :since",
        ExpressionAttributeNames={"#o": "owner", "#st": "status", "#t": "tool"},
        ExpressionAttributeValues={":o": owner, ":since": since},
        ProjectionExpression="#t, #st, execution_time_ms",
        ScanIndexForward=False,
    )
    return (ActionOutcome.from_item(item) for item in found)


# --- writes ------------------------------------------------------------------------


def create(record: Action) -> bool:
    """Put a new action; False when one with its (deterministic) id exists."""
    return ddb.put_new(TABLE, record.to_item())


def adopt(record: Action) -> bool:
    """Move an unfinished action into ``record``'s heartbeat and round (and its order
    key there); False when it finished meanwhile."""
    try:
        ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(record.action_id),
            UpdateExpression="SET heartbeat_id = :h, #rnd = :r, order_key = :o",
            ConditionExpression="#st IN (:p, :run)",
            ExpressionAttributeNames={"#st": "status", "#rnd": "round"},
            ExpressionAttributeValues=ddb.values(
                {
                    ":h": record.heartbeat_id,
                    ":r": record.round,
                    ":o": record.order_key,
                    ":p": records.PENDING,
                    ":run": records.RUNNING,
                }
            ),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True


def start(
    action_id: str, now: float, *, interception: dict[str, Any] | None = None, request_meta: dict[str, Any] | None = None
) -> bool:
    """PENDING (or a RUNNING one whose runner died) -> RUNNING, counting the run, with
    what the interception point decided (and the arguments it changed); False when the
    action has finished or is parked."""
    extra = (", interception = :icpt" if interception is not None else "") + (", request_meta = :meta" if request_meta is not None else "")
    try:
        ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(action_id),
            UpdateExpression="SET #st = :running, started_at = if_not_exists(started_at, :now), run_count = run_count + :one" + extra,
            ConditionExpression="#st IN (:pending, :running)",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values(
                {
                    ":running": records.RUNNING,
                    ":pending": records.PENDING,
                    ":now": now,
                    ":one": 1,
                    **({":icpt": interception} if interception is not None else {}),
                    **({":meta": request_meta} if request_meta is not None else {}),
                }
            ),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True


def finish(
    action_id: str,
    *,
    status: str,
    response_meta: dict[str, Any],
    elapsed_ms: int,
    error_message: str | None,
    now: float,
    expires_at: int | None,
) -> Action | None:
    """Write a RUNNING action's result (the first finisher wins). Returns the finished
    action, or None when another run finished it first.

    Raises:
        ActionRefusedError: DynamoDB refused the result itself.
    """
    try:
        response = ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(action_id),
            UpdateExpression=(
                "SET #st = :status, response_meta = :resp, execution_time_ms = :ms, completed_at = :now"
                + (", error_message = :err" if error_message else "")
                + (", expires_at = :exp" if expires_at else "")
            ),
            ConditionExpression="#st = :running",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values(
                {
                    ":status": status,
                    ":resp": response_meta,
                    ":ms": elapsed_ms,
                    ":now": now,
                    ":running": records.RUNNING,
                    **({":err": error_message[:4000]} if error_message else {}),
                    **({":exp": expires_at} if expires_at else {}),
                }
            ),
            ReturnValues="ALL_NEW",
        )
    except ClientError as error:
        code = str(error.response.get("Error", {}).get("Code", "error"))
        if code == "ValidationException":
            raise ActionRefusedError(code) from error
        if ddb.is_conditional_failure(error):
            return None
        raise
    return Action.from_item(ddb.deserialize(response["Attributes"]) or {})


def park(action_id: str, now: float, interception: dict[str, Any]) -> bool:
    """PENDING -> WAITING_APPROVAL (the interception point asked for a person); False
    when it is no longer pending (parked already, or running)."""
    return _transition(
        action_id,
        "SET #st = :waiting, interception = :icpt, approval = :approval",
        {":waiting": records.WAITING_APPROVAL, ":icpt": interception, ":approval": {"requested_at": now}, ":from": records.PENDING},
    )


def approve(action_id: str, now: float, note: str | None) -> bool:
    """WAITING_APPROVAL -> PENDING, approved (it runs next); False unless it was waiting."""
    approval = {"decision": "approve", "note": note, "decided_at": now}
    return _transition(
        action_id,
        "SET #st = :pending, approval.decision = :d, approval.note = :n, approval.decided_at = :t",
        {":pending": records.PENDING, ":d": approval["decision"], ":n": note, ":t": now, ":from": records.WAITING_APPROVAL},
    )


def deny(action_id: str, now: float, note: str | None, error_message: str, expires_at: int | None) -> bool:
    """WAITING_APPROVAL -> FAILED, denied; False unless it was waiting."""
    return _transition(
        action_id,
        "SET #st = :failed, approval.decision = :d, approval.note = :n, approval.decided_at = :t, "
        "error_message = :err, completed_at = :t" + (", expires_at = :exp" if expires_at else ""),
        {
            ":failed": records.FAILED,
            ":d": "deny",
            ":n": note,
            ":t": now,
            ":err": error_message[:4000],
            ":from": records.WAITING_APPROVAL,
            **({":exp": expires_at} if expires_at else {}),
        },
    )


def _transition(action_id: str, update: str, values: dict[str, Any]) -> bool:
    """One conditional status change (``:from`` is the status it must have)."""
    try:
        ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(action_id),
            UpdateExpression=update,
            ConditionExpression="#st = :from",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values(values),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True
