"""The memories repository: agent memories (``agent_memories``) in the
``memories`` table.

``memory_key`` is the memory's type for memories an agent keeps one of
(``feed_summary``: FeedReader's latest summary, read back by FeedReader to see what is
new and by SnipCreate and WebhookHandler for context), or ``<type>#<id>`` for ones it
keeps many of (``external_signal#<event id>``: what WebhookHandler chose to remember).

Relevance fades and comes back with use: a memory's ``relevance_score`` (0 to 1, 1 when
written) is stored with the time it was scored (``scored_at``) and halves every
:data:`HALF_LIFE_SECONDS` from then; each read reinforces it, half way back to 1, and
scores it again. What the API shows, and what :func:`list_for` orders by, is the
score now.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from wakeful import clock, ddb

FEED_SUMMARY = "feed_summary"
EXTERNAL_SIGNAL = "external_signal"
#: A memory not used for this long is half as relevant (a week).
HALF_LIFE_SECONDS = 7 * 86400
#: A read closes this share of the gap between the relevance and 1.
REINFORCEMENT = 0.5


def relevance(item: dict[str, Any], now: float | None = None) -> float:
    """A memory's relevance now: its stored score, halved every half-life since it was
    scored (a memory written before scores faded counts from its last update)."""
    score = float(item.get("relevance_score", 1.0))
    scored_at = next((item[k] for k in ("scored_at", "updated_at", "created_at") if item.get(k) is not None), None)
    if scored_at is None:
        return score
    age = max(0.0, (clock.now() if now is None else now) - float(scored_at))
    return score * 0.5 ** (age / HALF_LIFE_SECONDS)


def reinforced(current: float) -> float:
    """The relevance after a use: half way back to 1."""
    return current + (1.0 - current) * REINFORCEMENT


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
                "SET memory_type = :type, #c = :content, relevance_score = :score, scored_at = :now, updated_at = :now, "
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
    """Read a memory back: using it reinforces its relevance (and marks the access)."""
    item = ddb.get("memories", {"agent_id": agent_id, "memory_key": key})
    if item is not None:
        now = clock.now()
        score = reinforced(relevance(item, now))
        try:
            ddb.client().update_item(
                TableName=ddb.table("memories"),
                Key=ddb.serialize({"agent_id": agent_id, "memory_key": key}),
                UpdateExpression="SET last_accessed_at = :now, relevance_score = :score, scored_at = :now",
                ConditionExpression="attribute_exists(memory_key)",
                ExpressionAttributeValues=ddb.values({":now": now, ":score": score}),
            )
        except ClientError as error:
            if not ddb.is_conditional_failure(error):  # deleted meanwhile: nothing to mark
                raise
        item = {**item, "relevance_score": score, "scored_at": now, "last_accessed_at": now}
    return item


def list_for(agent_id: str, *, limit: int = 100) -> list[dict[str, Any]]:
    """An agent's memories (at most ``limit`` of them), the most relevant now first."""
    items = list(
        ddb.query(
            "memories",
            limit=limit,
            KeyConditionExpression="agent_id = :a",
            ExpressionAttributeValues={":a": agent_id},
        )
    )
    now = clock.now()
    return sorted(items, key=lambda item: -relevance(item, now))


def public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a memory."""
    return {
        "memory_key": item["memory_key"],
        "memory_type": item.get("memory_type"),
        "content": item.get("content"),
        "relevance_score": round(relevance(item), 4),
        "created_at": clock.iso(item.get("created_at")),
        "updated_at": clock.iso(item.get("updated_at")),
        "last_accessed_at": clock.iso(item.get("last_accessed_at")),
    }
