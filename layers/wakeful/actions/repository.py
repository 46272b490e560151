"""The actions table: the one writer of action items.

An action is created (or adopted into a later round) by the orchestrator, started and
finished by the tool runner. Each write is conditioned on the action's status, so a
redelivered message or a concurrent run changes nothing twice; a failed condition is a
``False``/``None`` answer here, never a ``ClientError`` for the caller to read. Reads
of the public lists stay in :mod:`wakeful.actions.records`.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import ddb
from wakeful.actions import records

TABLE = "actions"


class ActionRefusedError(Exception):
    """DynamoDB refused the action's new attributes themselves (too large, a bad
    value): retrying the same write cannot help."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _key(action_id: str) -> dict[str, Any]:
    return ddb.serialize({"action_id": action_id})


def get_many(action_ids: list[str]) -> list[dict[str, Any]]:
    """Action items by id (BatchGetItem)."""
    return ddb.batch_get(TABLE, [{"action_id": a} for a in action_ids])


def create(record: dict[str, Any]) -> bool:
    """Put a new action; False when one with its (deterministic) id exists."""
    return ddb.put_new(TABLE, record)


def adopt(action_id: str, *, heartbeat_id: str, round_no: int, order_key: str) -> bool:
    """Move an unfinished action into another heartbeat's round; False when it
    finished meanwhile."""
    try:
        ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(action_id),
            UpdateExpression="SET heartbeat_id = :h, #rnd = :r, order_key = :o",
            ConditionExpression="#st IN (:p, :run)",
            ExpressionAttributeNames={"#st": "status", "#rnd": "round"},
            ExpressionAttributeValues=ddb.values(
                {":h": heartbeat_id, ":r": round_no, ":o": order_key, ":p": records.PENDING, ":run": records.RUNNING}
            ),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True


def start(action_id: str, now: float) -> bool:
    """PENDING (or a RUNNING one whose runner died) -> RUNNING, counting the run;
    False when the action has finished."""
    try:
        ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(action_id),
            UpdateExpression="SET #st = :running, started_at = if_not_exists(started_at, :now), run_count = run_count + :one",
            ConditionExpression="#st IN (:pending, :running)",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values(
                {":running": records.RUNNING, ":pending": records.PENDING, ":now": now, ":one": 1}
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
) -> dict[str, Any] | None:
    """Write a RUNNING action's result (the first finisher wins). Returns the finished
    item, or None when another run finished it first.

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
    return ddb.deserialize(response["Attributes"])
