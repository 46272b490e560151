"""Action items, statuses and the public view."""

from __future__ import annotations

from typing import Any

from wakeful import clock, ddb, pagination
from wakeful.exceptions import NotFoundError

PENDING = "PENDING"
RUNNING = "RUNNING"
COMPLETED = "COMPLETED"
FAILED = "FAILED"
OPEN = (PENDING, RUNNING)
TERMINAL = (COMPLETED, FAILED)
STATUSES = (PENDING, RUNNING, COMPLETED, FAILED)


class ActionNotFoundError(NotFoundError):
    """No such action for this agent."""


def order_key(round_no: int, seq: int, execution_order: int, subscription_id: str) -> str:
    """Sort key inside a heartbeat: round, then event seq, then execution_order."""
    return f"{round_no:03d}#{seq:012d}#{execution_order + 1000:04d}#{subscription_id}"


def public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of an action item."""
    return {
        "id": item["action_id"],
        "agent_id": item["agent_id"],
        "heartbeat_id": item.get("heartbeat_id"),
        "thread_id": item.get("thread_id"),
        "event_id": item.get("event_id"),
        "event_seq": item.get("event_seq"),
        "event_type": item.get("event_type"),
        "subscription_id": item.get("subscription_id"),
        "tool": item["tool"],
        "status": item["status"],
        "request_meta": item.get("request_meta"),
        "response_meta": item.get("response_meta"),
        "error_message": item.get("error_message"),
        "execution_time_ms": item.get("execution_time_ms"),
        "parent_action_id": item.get("parent_action_id"),
        "created_at": clock.iso(item.get("created_at")),
        "started_at": clock.iso(item.get("started_at")),
        "completed_at": clock.iso(item.get("completed_at")),
    }


def get(action_id: str) -> dict[str, Any] | None:
    """An action item by id."""
    return ddb.get("actions", {"action_id": action_id})


def for_heartbeat(heartbeat_id: str) -> list[dict[str, Any]]:
    """Every action a heartbeat ran, in dispatch order."""
    return list(
        ddb.query(
            "actions",
            index="by-heartbeat",
            KeyConditionExpression="heartbeat_id = :h",
            ExpressionAttributeValues={":h": heartbeat_id},
        )
    )


def list_page(
    agent_id: str, *, heartbeat_id: str | None, status: str | None, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """An agent's actions, newest first, or one heartbeat's in dispatch order."""
    kwargs: dict[str, Any] = {}
    values: dict[str, Any] = {}
    if heartbeat_id:
        index = "by-heartbeat"
        kwargs["KeyConditionExpression"] = "heartbeat_id = :k"
        values[":k"] = heartbeat_id
        filters = ["agent_id = :a"]
        values[":a"] = agent_id
    else:
        index = "by-agent"
        kwargs["KeyConditionExpression"] = "agent_id = :k"
        kwargs["ScanIndexForward"] = False
        values[":k"] = agent_id
        filters = []
    if status:
        filters.append("#st = :st")
        values[":st"] = status
        kwargs["ExpressionAttributeNames"] = {"#st": "status"}
    if filters:
        kwargs["FilterExpression"] = " AND ".join(filters)
    items, last = ddb.query_page(
        "actions", index=index, limit=limit, start=pagination.decode(cursor), ExpressionAttributeValues=values, **kwargs
    )
    return items, pagination.encode(last)
