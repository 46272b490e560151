"""The subscriptions table: the one writer of subscription items.

A subscription's ``scope`` is ``agent#<agent_id>`` (one agent) or ``owner#<owner>``
(every agent of the owner); the ``by-scope`` index finds the ones of a scope and
``by-owner`` the owner's list.
"""

from __future__ import annotations

from typing import Any, Iterator

from wakeful import ddb

TABLE = "subscriptions"


def _key(subscription_id: str) -> dict[str, Any]:
    return ddb.serialize({"subscription_id": subscription_id})


def get(subscription_id: str) -> dict[str, Any] | None:
    """A subscription item, whoever owns it."""
    return ddb.get(TABLE, {"subscription_id": subscription_id})


def page(owner: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """One page of the owner's subscriptions, newest first."""
    return ddb.page(TABLE, index="by-owner", key="owner", value=owner, limit=limit, cursor=cursor)


def in_scope(scope: str) -> list[dict[str, Any]]:
    """Every subscription of a scope."""
    return list(
        ddb.query(
            TABLE,
            index="by-scope",
            KeyConditionExpression="#s = :s",
            ExpressionAttributeNames={"#s": "scope"},
            ExpressionAttributeValues={":s": scope},
        )
    )


def of_owner_to_tool(owner: str, tool: str) -> Iterator[dict[str, Any]]:
    """Every subscription of the owner to ``tool``, whatever its scope."""
    return ddb.query(
        TABLE,
        index="by-owner",
        KeyConditionExpression="#o = :o",
        FilterExpression="tool = :t",
        ExpressionAttributeNames={"#o": "owner"},
        ExpressionAttributeValues={":o": owner, ":t": tool},
    )


def create(item: dict[str, Any]) -> None:
    """Put a new subscription (its id is new: the condition only guards a clash)."""
    ddb.client().put_item(
        TableName=ddb.table(TABLE),
        Item=ddb.serialize(item),
        ConditionExpression="attribute_not_exists(subscription_id)",
    )


def update(subscription_id: str, changes: dict[str, Any]) -> None:
    """Set the given attributes of an existing subscription."""
    expression, names, values = ddb.set_clause(changes)
    ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(subscription_id),
        UpdateExpression=expression,
        ConditionExpression="attribute_exists(subscription_id)",
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values(values),
    )


def delete(subscription_id: str) -> None:
    """Remove a subscription (idempotent)."""
    ddb.client().delete_item(TableName=ddb.table(TABLE), Key=_key(subscription_id))
