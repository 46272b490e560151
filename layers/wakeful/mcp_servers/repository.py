"""The MCP servers repository: every read and write of the ``mcp_servers`` table.

A server and the reservation of its name are written (and deleted) in one transaction,
so two servers of an owner never share a name.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import ddb
from wakeful.mcp_servers.exceptions import McpServerNameTakenError, McpServerNotFoundError
from wakeful.mcp_servers.records import McpServer, name_key

TABLE = "mcp_servers"
_SERVERS = "mcp_"


def _key(owner: str, server_key: str) -> dict[str, Any]:
    return ddb.serialize({"owner": owner, "server_key": server_key})


def get(owner: str, server_id: str) -> McpServer | None:
    """The owner's server by id (consistent read); None when absent."""
    if not server_id.startswith(_SERVERS):
        return None
    item = ddb.get(TABLE, {"owner": owner, "server_key": server_id})
    return None if item is None else McpServer.from_item(item)


def by_name(owner: str, name: str) -> McpServer | None:
    """The owner's server called ``name`` (its reservation, then the server)."""
    reservation = ddb.get(TABLE, {"owner": owner, "server_key": name_key(name)})
    return None if reservation is None else get(owner, reservation["server_id"])


def count(owner: str) -> int:
    """How many servers the owner has (a Query that counts, reading no item)."""
    params: dict[str, Any] = {
        "TableName": ddb.table(TABLE),
        "KeyConditionExpression": "#o = :o AND begins_with(server_key, :p)",
        "ExpressionAttributeNames": {"#o": "owner"},
        "ExpressionAttributeValues": ddb.values({":o": owner, ":p": _SERVERS}),
        "Select": "COUNT",
    }
    total = 0
    while True:
        page = ddb.client().query(**params)
        total += int(page.get("Count", 0))
        if not page.get("LastEvaluatedKey"):
            return total
        params["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def page(owner: str, limit: int, cursor: str | None) -> tuple[list[McpServer], str | None]:
    """One page of the owner's servers, newest first."""
    items, next_cursor = ddb.page(
        TABLE,
        key="owner",
        value=owner,
        limit=limit,
        cursor=cursor,
        key_suffix=" AND begins_with(server_key, :p)",
        ExpressionAttributeValues={":p": _SERVERS},
    )
    return [McpServer.from_item(item) for item in items], next_cursor


def create(server: McpServer) -> None:
    """Store a new server and reserve its name, in one transaction.

    Raises:
        McpServerNameTakenError: the owner has a server of that name.
    """
    reservation = {"owner": server.owner, "server_key": name_key(server.name), "server_id": server.server_id}
    cancelled = ddb.transact(
        [
            {
                "Put": {
                    "TableName": ddb.table(TABLE),
                    "Item": ddb.serialize(server.to_item()),
                    "ConditionExpression": "attribute_not_exists(server_key)",
                }
            },
            {
                "Put": {
                    "TableName": ddb.table(TABLE),
                    "Item": ddb.serialize(reservation),
                    "ConditionExpression": "attribute_not_exists(server_key)",
                }
            },
        ]
    )
    if cancelled is None:
        return
    if len(cancelled) > 1 and cancelled[1] == "ConditionalCheckFailed":
        raise McpServerNameTakenError(f"you already have an MCP server named {server.name!r}") from cancelled.error
    raise cancelled.error


def put(server: McpServer) -> None:
    """Replace an existing server's item (its name stays reserved: a server's name
    never changes).

    Raises:
        McpServerNotFoundError: the server is gone.
    """
    try:
        ddb.client().put_item(
            TableName=ddb.table(TABLE),
            Item=ddb.serialize(server.to_item()),
            ConditionExpression="attribute_exists(server_key)",
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise McpServerNotFoundError(f"MCP server {server.server_id} not found") from error
        raise


def delete(server: McpServer) -> None:
    """Delete a server and free its name, in one transaction."""
    cancelled = ddb.transact(
        [{"Delete": {"TableName": ddb.table(TABLE), "Key": _key(server.owner, key)}} for key in (server.server_id, name_key(server.name))]
    )
    if cancelled is not None:
        raise cancelled.error
