"""The ``llm`` table: the one writer of its items (settings, usage counters, memoized
answers; see :mod:`wakeful.llm.ledger` for what they mean)."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import ddb

TABLE = "llm"
SETTINGS_KEY = "settings"


def _key(agent_id: str, record_key: str) -> dict[str, Any]:
    return ddb.serialize({"agent_id": agent_id, "record_key": record_key})


def get(agent_id: str, record_key: str) -> dict[str, Any] | None:
    """One item of the agent's partition."""
    return ddb.get(TABLE, {"agent_id": agent_id, "record_key": record_key})


def put_settings(agent_id: str, changes: dict[str, Any], now: float) -> dict[str, Any]:
    """Set the given settings (None removes one); the settings item after."""
    sets = {k: v for k, v in changes.items() if v is not None}
    removes = [k for k, v in changes.items() if v is None]
    names = {f"#f{i}": key for i, key in enumerate([*sets, *removes])}
    by_name = {v: k for k, v in names.items()}
    expression = "SET updated_at = :now"
    values: dict[str, Any] = {":now": now}
    for i, (key, value) in enumerate(sets.items()):
        expression += f", {by_name[key]} = :v{i}"
        values[f":v{i}"] = value
    if removes:
        expression += " REMOVE " + ", ".join(by_name[key] for key in removes)
    extra: dict[str, Any] = {"ExpressionAttributeNames": names} if names else {}
    result = ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, SETTINGS_KEY),
        UpdateExpression=expression,
        ExpressionAttributeValues=ddb.values(values),
        ReturnValues="ALL_NEW",
        **extra,
    )
    return ddb.deserialize(result["Attributes"]) or {}


def add_usage(agent_id: str, record_key: str, counts: dict[str, int], expires_at: int) -> None:
    """Add ``counts`` (tokens, input_tokens, output_tokens, cache_read_input_tokens,
    cache_creation_input_tokens, cost_micro_usd, calls) to a usage item (atomic ADD)."""
    ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, record_key),
        UpdateExpression=(
            "ADD tokens :t, input_tokens :i, output_tokens :o, cache_read_input_tokens :r, "
            "cache_creation_input_tokens :w, cost_micro_usd :c, calls :n SET expires_at = if_not_exists(expires_at, :exp)"
        ),
        ExpressionAttributeValues=ddb.values(
            {
                ":t": counts["tokens"],
                ":i": counts["input_tokens"],
                ":o": counts["output_tokens"],
                ":r": counts["cache_read_input_tokens"],
                ":w": counts["cache_creation_input_tokens"],
                ":c": counts["cost_micro_usd"],
                ":n": counts["calls"],
                ":exp": expires_at,
            }
        ),
    )


def add_counts(agent_id: str, record_key: str, counts: dict[str, int], expires_at: int) -> None:
    """Add each of ``counts`` (attribute -> number) to an item (atomic ADD)."""
    names = {f"#c{i}": name for i, name in enumerate(counts)}
    values: dict[str, Any] = {f":c{i}": value for i, value in enumerate(counts.values())}
    values[":exp"] = expires_at
    ddb.client().update_item(
        TableName=ddb.table(TABLE),
        Key=_key(agent_id, record_key),
        UpdateExpression="ADD " + ", ".join(f"#c{i} :c{i}" for i in range(len(counts))) + " SET expires_at = if_not_exists(expires_at, :exp)",
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=ddb.values(values),
    )


def with_prefix(agent_id: str, prefix: str) -> list[dict[str, Any]]:
    """The agent's items whose key starts with ``prefix`` (a Query, never a Scan)."""
    return list(
        ddb.query(
            TABLE,
            KeyConditionExpression="agent_id = :a AND begins_with(record_key, :p)",
            ExpressionAttributeValues={":a": agent_id, ":p": prefix},
        )
    )


def put_once(item: dict[str, Any]) -> bool:
    """Put an item unless one with its key exists; False if one did."""
    try:
        ddb.client().put_item(
            TableName=ddb.table(TABLE),
            Item=ddb.serialize(item),
            ConditionExpression="attribute_not_exists(record_key)",
        )
    except ClientError as error:
        if not ddb.is_conditional_failure(error):
            raise
        return False
    return True
