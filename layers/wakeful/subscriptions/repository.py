"""The subscriptions table: the one writer of subscription items.

A subscription's ``scope`` is ``agent#<agent_id>`` (one agent) or ``owner#<owner>``
(every agent of the owner); the ``by-scope`` index finds the ones of a scope and
``by-owner`` the owner's list. Reads return :class:`Subscription` records.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from wakeful import ddb
from wakeful.subscriptions.records import PATCHABLE, Subscription

TABLE = "subscriptions"


def _key(subscription_id: str) -> dict[str, Any]:
    return ddb.serialize({"subscription_id": subscription_id})


def get(subscription_id: str) -> Subscription | None:
    """A subscription, whoever owns it."""
    item = ddb.get(TABLE, {"subscription_id": subscription_id})
    return None if item is None else Subscription.from_item(item)


def page(owner: str, limit: int, cursor: str | None) -> tuple[list[Subscription], str | None]:
    """One page of the owner's subscriptions, newest first."""
    items, next_cursor = ddb.page(TABLE, index="by-owner", key="owner", value=owner, limit=limit, cursor=cursor)
    return [Subscription.from_item(item) for item in items], next_cursor


def in_scope(scope: str) -> list[Subscription]:
    """Every subscription of a scope."""
    items = ddb.query(
        TABLE,
        index="by-scope",
        KeyConditionExpression="#s = :s",
        ExpressionAttributeNames={"#s": "scope"},
        ExpressionAttributeValues={":s": scope},
    )
    return [Subscription.from_item(item) for item in items]


def of_owner_to_tool(owner: str, tool: str) -> Iterator[Subscription]:
    """Every subscription of the owner to ``tool``, whatever its scope."""
    items = ddb.query(
        TABLE,
        index="by-owner",
        KeyConditionExpression="#o = :o",
        FilterExpression="tool = :t",
        ExpressionAttributeNames={"#o": "owner"},
        ExpressionAttributeValues={":o": owner, ":t": tool},
    )
    return (Subscription.from_item(item) for item in items)


def create(subscription: Subscription) -> None:
    """Put a new subscription (its id is new: the condition only guards a clash)."""
    ddb.client().put_item(
        TableName=ddb.table(TABLE),
        Item=ddb.serialize(subscription.to_item()),
        ConditionExpression="attribute_not_exists(subscription_id)",
    )


def update(subscription_id: str, changes: Mapping[str, Any]) -> None:
    """Set the given attributes (of :data:`PATCHABLE`) of an existing subscription; a
    None value is stored as null (``filter_config: null`` removes the filter)."""
    unknown = set(changes) - set(PATCHABLE)
    if unknown:
        raise ValueError(f"not attributes a subscription update sets: {sorted(unknown)}")
    expression, names, values = ddb.set_clause(dict(changes))
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
