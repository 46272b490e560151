"""Building blocks for the spine's tests: tools, subscriptions, running heartbeats."""

from __future__ import annotations

import time
import uuid
from collections import Counter
from typing import Any

from wakeful import ddb


def register_tool(api: Any, tool_server: Any, path: str) -> str:
    """Register an HTTP tool served by ``tool_server`` at ``path``; returns its name."""
    name = f"T{path.replace('-', '_')}_{uuid.uuid4().hex[:6]}"
    response = api.post("/tools", json={"name": name, "kind": "http", "endpoint_url": tool_server.url(path)})
    assert response.status_code == 201, response.text
    return name


def subscribe(api: Any, tool: str, event_type: str, agent_id: str, **extra: Any) -> dict[str, Any]:
    response = api.post("/subscriptions", json={"tool": tool, "event_type": event_type, "agent_id": agent_id, **extra})
    assert response.status_code == 201, response.text
    return response.json()


def emit(*event_types: str) -> Any:
    """A tool behaviour that succeeds and emits events of these types."""
    return lambda request: {
        "success": True,
        "output": {"saw": request["event"]["type"]},
        "new_events": [{"event_type": t, "payload": {"from": request["event"]["seq"]}} for t in event_types],
    }


def run_heartbeat(stack: Any, api: Any, agent_id: str, *, now: float | None = None) -> dict[str, Any]:
    """Make a heartbeat due, scan, and drain the queues; returns the heartbeat."""
    response = api.post(f"/agents/{agent_id}/heartbeats")
    assert response.status_code == 202, response.text
    heartbeat_id = response.json()["heartbeat_id"]
    stack.tick(now)
    stack.drain()
    return heartbeat(api, agent_id, heartbeat_id)


def heartbeat(api: Any, agent_id: str, heartbeat_id: str) -> dict[str, Any]:
    response = api.get(f"/agents/{agent_id}/heartbeats/{heartbeat_id}")
    assert response.status_code == 200, response.text
    return response.json()


def heartbeats(api: Any, agent_id: str) -> list[dict[str, Any]]:
    return api.get(f"/agents/{agent_id}/heartbeats?limit=100").json()["items"]


def all_actions(agent_id: str) -> list[dict[str, Any]]:
    return list(
        ddb.query(
            "actions",
            index="by-agent",
            KeyConditionExpression="agent_id = :a",
            ExpressionAttributeValues={":a": agent_id},
        )
    )


def events(api: Any, agent_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    after = 0
    while True:
        page = api.get(f"/agents/{agent_id}/events?after_seq={after}&limit=100").json()
        found.extend(page["items"])
        if not page["next"]:
            return found
        after = found[-1]["seq"]


def deliveries_per_pair(agent_id: str) -> Counter[tuple[int, str]]:
    """How many actions exist per (event seq, subscription)."""
    return Counter((a["event_seq"], a["subscription_id"]) for a in all_actions(agent_id))


def wait_until(predicate: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError("condition not met in time")
