"""The tools table: the one writer of its items.

Partition ``owner``, sort ``name``. Three kinds of item live there (see
:mod:`wakeful.tools.records`): an owner's own tool (kind ``http`` or ``lambda``, under
the owner), an owner's settings of a built-in tool (kind ``builtin``, under the owner)
and an agent's settings of a tool (kind ``agent_settings``, under ``agent#<agent_id>``).
Reads return records.
"""

from __future__ import annotations

from typing import Any, Iterator

from botocore.exceptions import ClientError

from wakeful import ddb
from wakeful.tools.records import ToolDefinition, ToolRecord, ToolSettingsRecord, record_from_item

TABLE = "tools"


def _key(partition: str, name: str) -> dict[str, Any]:
    return ddb.serialize({"owner": partition, "name": name})


def partition(owner: str) -> Iterator[ToolRecord]:
    """Every item of one partition (an owner, or ``agent#<agent_id>``)."""
    items = ddb.query(
        TABLE,
        KeyConditionExpression="#o = :o",
        ExpressionAttributeNames={"#o": "owner"},
        ExpressionAttributeValues={":o": owner},
    )
    return (record_from_item(item) for item in items)


def get(partition_key: str, name: str) -> ToolRecord | None:
    """One item (an owner's tool or settings, or an agent's settings), if any."""
    item = ddb.get(TABLE, {"owner": partition_key, "name": name})
    return None if item is None else record_from_item(item)


def get_user_tool(owner: str, name: str) -> ToolDefinition | None:
    """One of the owner's own tools, if any (a built-in's settings item is not one)."""
    found = get(owner, name)
    return found if isinstance(found, ToolDefinition) else None


def create_user_tool(tool: ToolDefinition) -> bool:
    """Put one of an owner's tools; False when the owner has a tool of that name."""
    return ddb.put_new(TABLE, tool.to_item())


def update_user_tool(owner: str, name: str, changes: dict[str, Any]) -> ToolDefinition | None:
    """Set attributes of one of the owner's own tools; the tool after, or None when
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
    return ToolDefinition.from_item(ddb.deserialize(response["Attributes"]) or {})


def put_settings(partition_key: str, name: str, fields: dict[str, Any]) -> ToolSettingsRecord:
    """Create or change a settings item; the settings after."""
    expression, names, values = ddb.set_clause(fields)
    response = ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(partition_key, name),
        UpdateExpression=expression,
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values(values),
        ReturnValues="ALL_NEW",
    )
    return ToolSettingsRecord.from_item(ddb.deserialize(response["Attributes"]) or {})


def delete(partition_key: str, name: str) -> None:
    """Remove an item (idempotent)."""
    ddb.client().delete_item(TableName=ddb.table(TABLE), Key=_key(partition_key, name))
