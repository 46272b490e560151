"""The ``api_keys`` table: the one writer of API key items (keyed by the SHA-256 of
the key; the key itself is never stored)."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import ddb

TABLE = "api_keys"


class KeyNotFoundError(Exception):
    """No key with this hash."""


def put(item: dict[str, Any]) -> None:
    """Store a key item (a repeat of the same key overwrites it)."""
    ddb.client().put_item(TableName=ddb.table(TABLE), Item=ddb.serialize(item))


def get(key_hash: str, *, consistent: bool = False) -> dict[str, Any] | None:
    """A key item by hash (eventually consistent unless asked: lookups are cached anyway)."""
    return ddb.get(TABLE, {"key_hash": key_hash}, consistent=consistent)


def of_owner(owner: str, *, hashes_only: bool = False) -> list[dict[str, Any]]:
    """An owner's key items, newest first (only ``key_hash`` if ``hashes_only``)."""
    params: dict[str, Any] = (
        {"ProjectionExpression": "key_hash"} if hashes_only else {"ScanIndexForward": False}
    )
    return list(
        ddb.query(
            TABLE,
            index="by-owner",
            KeyConditionExpression="#o = :o",
            ExpressionAttributeNames={"#o": "owner"},
            ExpressionAttributeValues={":o": owner},
            **params,
        )
    )


def revoke(key_hash: str, now: float) -> None:
    """Mark a key revoked.

    Raises:
        KeyNotFoundError: there is no such key.
    """
    try:
        ddb.client().update_item(
            TableName=ddb.table(TABLE),
            Key=ddb.serialize({"key_hash": key_hash}),
            UpdateExpression="SET revoked = :t, revoked_at = :now",
            ConditionExpression="attribute_exists(key_hash)",
            ExpressionAttributeValues=ddb.values({":t": True, ":now": now}),
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            raise KeyNotFoundError(key_hash) from error
        raise
