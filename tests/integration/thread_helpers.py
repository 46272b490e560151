"""Building blocks for the thread tests: agents with scripts, reading threads back."""

from __future__ import annotations

import time
import uuid
from typing import Any, Iterator

import pytest

from wakeful import aws


def make_agent(api: Any, **fields: Any) -> dict[str, Any]:
    """An agent for thread tests (paused heartbeats: they are not under test here)."""
    agent = api.create_agent(system_prompt="You look after a homelab.", **fields)
    response = api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    assert response.status_code == 200, response.text
    return agent


def http_tool(api: Any, tool_server: Any, path: str, **fields: Any) -> str:
    """Register an HTTP tool served by ``tool_server`` at ``path``; returns its name."""
    name = f"{path}_{uuid.uuid4().hex[:6]}"
    body = {"name": name, "kind": "http", "endpoint_url": tool_server.url(path), "description": f"the {path} tool", **fields}
    response = api.post("/tools", json=body)
    assert response.status_code == 201, response.text
    return name


def start(api: Any, agent_id: str, message: str) -> str:
    response = api.post(f"/agents/{agent_id}/threads", json={"message": message})
    assert response.status_code == 201, response.text
    return response.json()["id"]


def thread(api: Any, agent_id: str, thread_id: str) -> dict[str, Any]:
    response = api.get(f"/agents/{agent_id}/threads/{thread_id}")
    assert response.status_code == 200, response.text
    return response.json()


def threads(api: Any, agent_id: str) -> list[dict[str, Any]]:
    return api.get(f"/agents/{agent_id}/threads?limit=100").json()["items"]


def history(api: Any, agent_id: str, thread_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    after = 0
    while True:
        page = api.get(f"/agents/{agent_id}/threads/{thread_id}/messages?after={after}&limit=100").json()
        found.extend(page["items"])
        if not page["next"]:
            return found
        after = found[-1]["seq"]


def routes(api: Any, agent_id: str) -> list[dict[str, Any]]:
    response = api.get(f"/agents/{agent_id}/routes")
    assert response.status_code == 200, response.text
    return response.json()["items"]


def post_event(api: Any, agent_id: str, event_type: str, payload: dict[str, Any] | None = None) -> int:
    response = api.post(f"/agents/{agent_id}/events", json={"event_type": event_type, "payload": payload or {}})
    assert response.status_code == 202, response.text
    return response.json()["seq"]


def tool_calls(messages: list[dict[str, Any]]) -> list[str]:
    """The names of every tool the model called, in order."""
    return [call["name"] for m in messages for call in m.get("tool_calls") or []]


def later(seconds: float) -> float:
    """The time ``seconds`` from now (for scans that move the clock)."""
    return time.time() + seconds


@pytest.fixture()
def thread_redelivery(stack: Any) -> Iterator[None]:
    """Failed thread and route messages come back at once."""
    sqs = aws.client("sqs")
    names = ["thread", "route", "heartbeat", "action"]
    queues = [stack.queue_urls[n] for n in names]
    before = [sqs.get_queue_attributes(QueueUrl=q, AttributeNames=["VisibilityTimeout"])["Attributes"] for q in queues]
    for queue in queues:
        sqs.set_queue_attributes(QueueUrl=queue, Attributes={"VisibilityTimeout": "0"})
    yield
    for queue, attributes in zip(queues, before):
        sqs.set_queue_attributes(QueueUrl=queue, Attributes=attributes)
