"""The memories repository: agent memories (``agent_memories``) in the
``memories`` table.

``memory_key`` is the memory's type for memories an agent keeps one of
(``feed_summary``: FeedReader's latest summary, read back by FeedReader to see what is
new and by SnipCreate and WebhookHandler for context), or ``<type>#<id>`` for ones it
keeps many of (``external_signal#<event id>``: what WebhookHandler chose to remember).
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import clock, ddb

FEED_SUMMARY = "feed_summary"
EXTERNAL_SIGNAL = "external_signal"


def save(
    agent_id: str,
    memory_type: str,
    content: dict[str, Any],
    *,
    key: str | None = None,
    relevance_score: float = 1.0,
    newer_than: tuple[str, float] | None = None,
) -> bool:
    """Write a memory. ``newer_than=(field, value)`` keeps an existing memory whose
    ``content[field]`` is already greater (a late re-run must not roll a summary back).
    Returns False when the existing memory was kept."""
    now = clock.now()
    condition: dict[str, Any] = {}
    if newer_than:
        field, value = newer_than
        condition = {
            "ConditionExpression": "attribute_not_exists(memory_key) OR content.#f <= :v",
            "ExpressionAttributeNames": {"#f": field, "#c": "content"},
        }
    values: dict[str, Any] = {
        ":type": memory_type,
        ":content": content,
        ":score": relevance_score,
        ":now": now,
        **({":v": newer_than[1]} if newer_than else {}),
    }
    names = condition.pop("ExpressionAttributeNames", {"#c": "content"})
    try:
        ddb.client().update_item(
            TableName=ddb.table("memories"),
            Key=ddb.serialize({"agent_id": agent_id, "memory_key": key or memory_type}),
            UpdateExpression=(
                "SET memory_type = :type, #c = :content, relevance_score = :score, updated_at = :now, "
                "created_at = if_not_exists(created_at, :now)"
            ),
            ExpressionAttributeNames=names,
            ExpressionAttributeValues=ddb.values(values),
            **condition,
        )
    except ClientError as error:
        if ddb.is_conditional_failure(error):
            return False
        raise
    return True


def read(agent_id: str, key: str) -> dict[str, Any] | None:
    """Read a memory back, marking when it was last accessed."""
    item = ddb.get("memories", {"agent_id": agent_id, "memory_key": key})
    if item is not None:
        ddb.client().update_item(
            TableName=ddb.table("memories"),
            Key=ddb.serialize({"agent_id": agent_id, "memory_key": key}),
            UpdateExpression="SET last_accessed_at = :now",
            ConditionExpression="attribute_exists(memory_key)",
            ExpressionAttributeValues=ddb.values({":now": clock.now()}),
        )
    return item


def list_for(agent_id: str, *, limit: int = 100) -> list[dict[str, Any]]:
    """An agent's memories."""
    return list(
        ddb.query(
            "memories",
            limit=limit,
            KeyConditionExpression="agent_id = :a",
            ExpressionAttributeValues={":a": agent_id},
        )
    )


def public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a memory."""
    return {
        "memory_key": item["memory_key"],
        "memory_type": item.get("memory_type"),
        "content": item.get("content"),
        "relevance_score": item.get("relevance_score", 1.0),
        "created_at": clock.iso(item.get("created_at")),
        "updated_at": clock.iso(item.get("updated_at")),
        "last_accessed_at": clock.iso(item.get("last_accessed_at")),
    }
