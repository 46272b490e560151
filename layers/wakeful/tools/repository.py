"""The tools table: the one writer of its items.

Partition ``owner``, sort ``name``. Three kinds of item live there: an owner's own
tool (kind ``http`` or ``lambda``, under the owner), an owner's settings of a built-in
tool (kind ``builtin``, under the owner) and an agent's settings of a tool (kind
``agent_settings``, under ``agent#<agent_id>``).
"""

from __future__ import annotations

from typing import Any, Iterator

from botocore.exceptions import ClientError

from wakeful import ddb

TABLE = "tools"


def _key(partition: str, name: str) -> dict[str, Any]:
    return ddb.serialize({"owner": partition, "name": name})


def partition(owner: str) -> Iterator[dict[str, Any]]:
    """Every item of one partition (an owner, or ``agent#<agent_id>``)."""
    return ddb.query(
        TABLE,
        KeyConditionExpression="#o = :o",
        ExpressionAttributeNames={"#o": "owner"},
        ExpressionAttributeValues={":o": owner},
    )


def create_user_tool(item: dict[str, Any]) -> bool:
    """Put one of an owner's tools; False when the owner has a tool of that name."""
    return ddb.put_new(TABLE, item)


def update_user_tool(owner: str, name: str, changes: dict[str, Any]) -> dict[str, Any] | None:
    """Set attributes of one of the owner's own tools; the item after, or None when
    there is no such tool (or the name is a settings item)."""
    expression, names, values = ddb.set_clause(changes)
    try:
        response = ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=_key(owner, name),
            UpdateExpression=expression,
            ConditionExpression="attribute_exists(#n) AND #kind IN (:http, :lambda)",
            ExpressionAttributeNames={**names, "#n": "name", "#kind": "kind"},
            ExpressionAttributeValues=ddb.values({**values, ":http": "http", ":lambda": "lambda"}),
            ReturnValues="ALL_NEW",
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return None
        raise
    return ddb.deserialize(response["Attributes"])


def put_settings(partition_key: str, name: str, fields: dict[str, Any]) -> dict[str, Any]:
    """Create or change a settings item; the item after."""
    expression, names, values = ddb.set_clause(fields)
    response = ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(partition_key, name),
        UpdateExpression=expression,
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values(values),
        ReturnValues="ALL_NEW",
    )
    return ddb.deserialize(response["Attributes"])  # type: ignore[return-value]


def delete(partition_key: str, name: str) -> None:
    """Remove an item (idempotent)."""
    ddb.client().delete_item(TableName=ddb.table(TABLE), Key=_key(partition_key, name))
