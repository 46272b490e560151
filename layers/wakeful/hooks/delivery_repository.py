"""The hook deliveries repository: every read and write of ``hook_deliveries`` (one item
per delivery, its stored body and status) and ``hook_executions`` (one row per attempt,
under the hook, time-ordered). Reads answer :class:`~wakeful.hooks.records.HookDelivery`
and :class:`~wakeful.hooks.records.HookExecution` records.
"""

from __future__ import annotations

from typing import Any, Iterator

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
    expression, names, values = ddb.set_clause(_outcome(status, now, error, status_code))
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


def _outcome(status: str, now: float, error: str | None, status_code: int | None) -> dict[str, Any]:
    """The attributes a delivery's status sets: the status (a final one also
    ``completed_at``), its last error and status code when given."""
    sets: dict[str, Any] = {"status": status, "updated_at": now}
    if status not in (PENDING, RETRYING):
        sets["completed_at"] = now
    if error:
        sets["error_message"] = error[:4000]
    if status_code is not None:
        sets["last_status_code"] = status_code
    return sets


# -- a first attempt made by the firing function (the inline lease) --------------------
def settle_inline(
    delivery_id: str,
    status: str,
    now: float,
    *,
    lease_until: float,
    error: str | None = None,
    status_code: int | None = None,
    keep_lease: bool = False,
) -> bool:
    """Record the outcome of a delivery's first attempt made by its firing function:
    ``status`` (final, or RETRYING when Step Functions takes over), one attempt, the
    error and status code; the lease goes too unless ``keep_lease`` (the hand-over to
    Step Functions is not done yet). Conditional on the delivery being still PENDING
    under that lease, so the firing function and the scan (which takes over a lease
    that ran out) record it once. True if this call recorded it."""
    expression, names, values = ddb.set_clause({**_outcome(status, now, error, status_code), "attempts": 1})
    removes = [] if error else ["error_message"]
    if not keep_lease:
        removes += ["lease_shard", "lease_until"]
    if removes:
        expression += " REMOVE " + ", ".join(removes)
    names["#st0"] = "status"
    values.update({":pending": PENDING, ":lease": lease_until})
    response = ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(DELIVERIES),
        Key=_key(delivery_id),
        UpdateExpression=expression,
        ConditionExpression="#st0 = :pending AND lease_until = :lease",
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values(values),
    )
    return response is not None


def release_lease(delivery_id: str, lease_until: float) -> None:
    """Take a delivery out of the ``inline-lease`` index (its first attempt is recorded
    and handed over); nothing happens when another writer did it first."""
    ddb.conditional(
        ddb.client().update_item,
        TableName=ddb.table(DELIVERIES),
        Key=_key(delivery_id),
        UpdateExpression="REMOVE lease_shard, lease_until",
        ConditionExpression="lease_until = :lease",
        ExpressionAttributeValues=ddb.values({":lease": lease_until}),
    )


def lease_expired(shard: int, now: float) -> Iterator[str]:
    """Ids of the deliveries of one shard whose first attempt, made by their firing
    function, was not recorded by ``now`` (sparse ``inline-lease`` index)."""
    found = ddb.query(
        DELIVERIES,
        index="inline-lease",
        KeyConditionExpression="lease_shard = :s AND lease_until <= :now",
        ExpressionAttributeValues={":s": shard, ":now": now},
    )
    return (item["delivery_id"] for item in found)


# -- attempt rows ----------------------------------------------------------------------
def record_execution(execution: HookExecution, *, only_new: bool = False) -> bool:
    """Store one attempt row. With ``only_new`` (a row whose id two writers derive
    alike), only if no row has its id: False when one had."""
    params: dict[str, Any] = {"TableName": ddb.table(EXECUTIONS), "Item": ddb.serialize(execution.to_item())}
    if not only_new:
        ddb.client().put_item(**params)
        return True
    return (
        ddb.conditional(
            ddb.client().put_item,
            **params,
            ConditionExpression="attribute_not_exists(execution_id)",
        )
        is not None
    )


def get_execution(hook_id: str, execution_id: str) -> HookExecution | None:
    """One attempt row by its key (consistent read); None when absent."""
    item = ddb.get(EXECUTIONS, {"hook_id": hook_id, "execution_id": execution_id})
    return None if item is None else HookExecution.from_item(item)


def executions_page(
    hook_id: str, limit: int, cursor: str | None, delivery_id: str | None = None
) -> tuple[list[HookExecution], str | None]:
    """One page of a hook's attempt rows, newest first (optionally of one delivery)."""
    only: dict[str, Any] = (
        {"FilterExpression": "delivery_id = :d", "ExpressionAttributeValues": {":d": delivery_id}} if delivery_id else {}
    )
    items, next_cursor = ddb.page(EXECUTIONS, key="hook_id", value=hook_id, limit=limit, cursor=cursor, **only)
    return [HookExecution.from_item(item) for item in items], next_cursor
