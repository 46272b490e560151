"""The hook deliveries repository: every read and write of ``hook_deliveries`` (one item
per delivery, its stored body and status) and ``hook_executions`` (one row per attempt,
under the hook, time-ordered). Reads answer :class:`~wakeful.hooks.records.HookDelivery`
and :class:`~wakeful.hooks.records.HookExecution` records.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import ddb
from wakeful.hooks.exceptions import HookDeliveryNotReplayableError
from wakeful.hooks.records import HookDelivery, HookExecution

DELIVERIES = "hook_deliveries"
EXECUTIONS = "hook_executions"

# Statuses of a delivery.
PENDING = "PENDING"
RETRYING = "RETRYING"
SUCCESS = "SUCCESS"
FAILED = "FAILED"
CANCELLED = "CANCELLED"


def _key(delivery_id: str) -> dict[str, Any]:
    return ddb.serialize({"delivery_id": delivery_id})


def create(delivery: HookDelivery) -> bool:
    """Store a new delivery unless one with its id exists. True if it was written."""
    return ddb.put_new(DELIVERIES, delivery.to_item())


def get(delivery_id: str) -> HookDelivery | None:
    """A delivery by id (consistent read); None when absent."""
    item = ddb.get(DELIVERIES, {"delivery_id": delivery_id})
    return None if item is None else HookDelivery.from_item(item)


def hook_page(hook_id: str, limit: int, cursor: str | None) -> tuple[list[HookDelivery], str | None]:
    """One page of a hook's deliveries, newest first."""
    items, next_cursor = ddb.page(DELIVERIES, index="by-hook", key="hook_id", value=hook_id, limit=limit, cursor=cursor)
    return [HookDelivery.from_item(item) for item in items], next_cursor


def reopen_for_replay(delivery_id: str, now: float) -> HookDelivery:
    """Put a failed or cancelled delivery back to ``PENDING`` and count the replay;
    returns the delivery as it now is.

    Raises:
        HookDeliveryNotReplayableError: it has not failed (or is being delivered).
    """
    try:
        response = ddb.client().update_item(
            TableName=ddb.table(DELIVERIES),
            Key=_key(delivery_id),
            UpdateExpression="SET #st = :pending, replays = if_not_exists(replays, :zero) + :one, updated_at = :now "
            "REMOVE completed_at",
            ConditionExpression="#st IN (:failed, :cancelled)",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values(
                {":pending": PENDING, ":zero": 0, ":one": 1, ":now": now, ":failed": FAILED, ":cancelled": CANCELLED}
            ),
            ReturnValues="ALL_NEW",
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise HookDeliveryNotReplayableError(
                f"delivery {delivery_id} has not failed (or is being delivered); only a failed delivery can be replayed"
            ) from error
        raise
    return HookDelivery.from_item(ddb.deserialize(response["Attributes"]) or {})


def set_status(
    delivery_id: str,
    status: str,
    now: float,
    *,
    error: str | None = None,
    status_code: int | None = None,
    attempted: bool = False,
) -> None:
    """Record a delivery's status (a final one also sets ``completed_at``), its last
    error (cleared when None) and status code, counting an attempt when ``attempted``.
    Nothing happens when the delivery is gone."""
    sets: dict[str, Any] = {"status": status, "updated_at": now}
    if status not in (PENDING, RETRYING):
        sets["completed_at"] = now
    if error:
        sets["error_message"] = error[:4000]
    if status_code is not None:
        sets["last_status_code"] = status_code
    expression, names, values = ddb.set_clause(sets)
    if attempted:
        expression += " ADD attempts :one"
        values[":one"] = 1
    if not error:
        expression += " REMOVE error_message"
    try:
        ddb.client().update_item(
            TableName=ddb.table(DELIVERIES),
            Key=_key(delivery_id),
            UpdateExpression=expression,
            ConditionExpression="attribute_exists(delivery_id)",
            ExpressionAttributeNames=names,
            ExpressionAttributeValues=ddb.values(values),
        )
    except ClientError as err:
        if not ddb.is_conditional_failure(err):
            raise


# -- attempt rows ----------------------------------------------------------------------
def record_execution(execution: HookExecution) -> None:
    """Store one attempt row (its ``execution_id`` is new)."""
    ddb.client().put_item(TableName=ddb.table(EXECUTIONS), Item=ddb.serialize(execution.to_item()))


def executions_page(
    hook_id: str, limit: int, cursor: str | None, delivery_id: str | None = None
) -> tuple[list[HookExecution], str | None]:
    """One page of a hook's attempt rows, newest first (optionally of one delivery)."""
    only: dict[str, Any] = (
        {"FilterExpression": "delivery_id = :d", "ExpressionAttributeValues": {":d": delivery_id}} if delivery_id else {}
    )
    items, next_cursor = ddb.page(EXECUTIONS, key="hook_id", value=hook_id, limit=limit, cursor=cursor, **only)
    return [HookExecution.from_item(item) for item in items], next_cursor
