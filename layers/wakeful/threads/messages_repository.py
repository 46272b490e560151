"""The thread messages repository: the ``thread_messages`` table, a thread's history,
one item per message.

Key ``thread_id`` + ``seq``. Every write a run makes puts a message under a seq the step
derives from what is already stored (the model's reply to message *n* is *n + 1*, the
results of the tool calls of message *m* are *m + 1 …*), conditioned on the seq being
free: a redelivered step finds its message there and reuses it instead of writing
another. Messages that arrive from outside a run (a user, a routed event) are put in the
same transaction as the thread change that makes room for them (:mod:`repository`).
"""

from __future__ import annotations

from typing import Any, Iterator

from botocore.exceptions import ClientError

from wakeful import clock, ddb


def item(
    thread_id: str,
    seq: int,
    *,
    role: str,
    created_by: str,
    content: str,
    run_id: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A message item (``extra``: tool_calls, tool_call_id, tool_name, is_error, event)."""
    return {
        "thread_id": thread_id,
        "seq": seq,
        "role": role,
        "created_by": created_by,
        "content": content,
        "run_id": run_id,
        "created_at": clock.now(),
        **{k: v for k, v in extra.items() if v is not None},
    }


def put_once(message: dict[str, Any]) -> dict[str, Any]:
    """Put ``message`` unless its seq is taken; returns the stored message (the earlier
    one when a previous delivery of the step already wrote it)."""
    try:
        ddb.client().put_item(
            TableName=ddb.table("thread_messages"),
            Item=ddb.serialize(message),
            ConditionExpression="attribute_not_exists(seq)",
        )
        return message
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise
    return get(message["thread_id"], message["seq"]) or message


def put_transact_item(message: dict[str, Any]) -> dict[str, Any]:
    """The TransactWriteItems entry that puts ``message`` (seq must be free)."""
    return {
        "Put": {
            "TableName": ddb.table("thread_messages"),
            "Item": ddb.serialize(message),
            "ConditionExpression": "attribute_not_exists(seq)",
        }
    }


def get(thread_id: str, seq: int) -> dict[str, Any] | None:
    """One message."""
    return ddb.get("thread_messages", {"thread_id": thread_id, "seq": seq})


def all_for(thread_id: str) -> list[dict[str, Any]]:
    """The whole history, oldest first."""
    return list(
        ddb.query(
            "thread_messages",
            KeyConditionExpression="thread_id = :t",
            ExpressionAttributeValues={":t": thread_id},
            ConsistentRead=True,
        )
    )


def range_for(thread_id: str, first: int, last: int) -> list[dict[str, Any]]:
    """Messages ``first <= seq <= last``."""
    if last < first:
        return []
    return list(
        ddb.query(
            "thread_messages",
            KeyConditionExpression="thread_id = :t AND seq BETWEEN :a AND :b",
            ExpressionAttributeValues={":t": thread_id, ":a": first, ":b": last},
            ConsistentRead=True,
        )
    )


def run_messages(thread_id: str, run_id: str, last: int) -> Iterator[dict[str, Any]]:
    """The messages of run ``run_id``, newest first, read back from ``last`` (a run's
    messages follow each other: the first one of another run ends the read)."""
    for message in ddb.query(
        "thread_messages",
        KeyConditionExpression="thread_id = :t AND seq <= :b",
        ExpressionAttributeValues={":t": thread_id, ":b": last},
        ScanIndexForward=False,
        ConsistentRead=True,
    ):
        if message.get("run_id") != run_id:
            return
        yield message


def page(thread_id: str, after: int, limit: int) -> Iterator[dict[str, Any]]:
    """Messages after ``after``, oldest first (the API list)."""
    return ddb.query(
        "thread_messages",
        KeyConditionExpression="thread_id = :t AND seq > :a",
        ExpressionAttributeValues={":t": thread_id, ":a": after},
        limit=limit,
    )


def update_content(thread_id: str, seq: int, content: str) -> None:
    """Replace a message's content (an interceptor mutated it), keeping the original."""
    ddb.client().update_item(
        TableName=ddb.table("thread_messages"),
        Key=ddb.serialize({"thread_id": thread_id, "seq": seq}),
        UpdateExpression="SET original_content = if_not_exists(original_content, content), content = :c",
        ExpressionAttributeValues=ddb.values({":c": content}),
    )


def update_tool_calls(thread_id: str, seq: int, tool_calls: list[dict[str, Any]]) -> None:
    """Replace a message's tool call arguments (an interceptor mutated them)."""
    ddb.client().update_item(
        TableName=ddb.table("thread_messages"),
        Key=ddb.serialize({"thread_id": thread_id, "seq": seq}),
        UpdateExpression="SET original_tool_calls = if_not_exists(original_tool_calls, tool_calls), tool_calls = :c",
        ExpressionAttributeValues=ddb.values({":c": tool_calls}),
    )
