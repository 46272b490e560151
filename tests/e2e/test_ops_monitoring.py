"""Seed 000's "Monitoring & Health Checks" as API routes: stuck heartbeats, failed
heartbeats and tool statistics, per owner, through real heartbeats of the local stack.

The indexes they read are sparse and written by the orchestrator, so these tests run
real heartbeats rather than writing items by hand: they break if the two drift apart.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from wakeful import clock

pytestmark = pytest.mark.e2e


def register(api: Any, tool_server: Any, path: str, behaviour: Any) -> str:
    tool_server.behaviours[path] = behaviour
    name = f"Ops{path.title()}{uuid.uuid4().hex[:6]}"
    response = api.post("/tools", json={"name": name, "kind": "http", "endpoint_url": tool_server.url(path)})
    assert response.status_code == 201, response.text
    return name


def heartbeat_of(api: Any, agent_id: str, heartbeat_id: str) -> dict[str, Any]:
    response = api.get(f"/agents/{agent_id}/heartbeats/{heartbeat_id}")
    assert response.status_code == 200, response.text
    return response.json()


def test_stuck_heartbeats_tool_stats_and_failed_heartbeats(stack: Any, api: Any, other_api: Any, tool_server: Any) -> None:
    ok = register(api, tool_server, "ok", lambda r: {"success": True, "output": {}})
    bad = register(api, tool_server, "bad", lambda r: {"success": False, "error": "nope"})
    agent = api.create_agent()
    for tool in (ok, bad):
        sub = api.post("/subscriptions", json={"tool": tool, "event_type": "HEARTBEAT", "agent_id": agent["id"]})
        assert sub.status_code == 201, sub.text
    heartbeat_id = api.get(f"/agents/{agent['id']}/heartbeats").json()["items"][0]["id"]

    # Claim and start the heartbeat, but leave its actions unrun: it is EXECUTING.
    stack.tick()
    for _ in range(50):
        if heartbeat_of(api, agent["id"], heartbeat_id)["status"] == "EXECUTING":
            break
        stack.pollers["heartbeat"].poll_once(0)
    assert heartbeat_of(api, agent["id"], heartbeat_id)["status"] == "EXECUTING"

    stuck = api.get("/ops/heartbeats/stuck?older_than_seconds=0").json()["items"]
    assert [h["id"] for h in stuck if h["agent_id"] == agent["id"]] == [heartbeat_id]
    assert stuck[0]["status"] == "EXECUTING" and stuck[0]["stuck_seconds"] >= 0 and stuck[0]["started_at"]
    assert api.get("/ops/heartbeats/stuck").json()["items"] == []  # default: started over 300 s ago
    assert other_api.get("/ops/heartbeats/stuck?older_than_seconds=0").json()["items"] == []
    pending = {s["tool"]: s for s in api.get("/ops/tools/stats").json()["items"]}
    assert {pending[ok]["total"], pending[bad]["total"]} == {1} and pending[ok]["successful"] == 0

    stack.drain()
    assert heartbeat_of(api, agent["id"], heartbeat_id)["status"] == "COMPLETED"
    assert api.get("/ops/heartbeats/stuck?older_than_seconds=0").json()["items"] == []

    stats = api.get("/ops/tools/stats")
    assert stats.status_code == 200
    by_tool = {s["tool"]: s for s in stats.json()["items"]}
    assert set(by_tool) == {ok, bad}
    assert (by_tool[ok]["total"], by_tool[ok]["successful"], by_tool[ok]["failed"]) == (1, 1, 0)
    assert (by_tool[bad]["total"], by_tool[bad]["successful"], by_tool[bad]["failed"]) == (1, 0, 1)
    assert by_tool[ok]["avg_execution_ms"] is not None and by_tool[ok]["avg_execution_ms"] >= 0
    future = clock.iso(clock.now() + 60)
    assert api.get(f"/ops/tools/stats?since={future}").json()["items"] == []
    assert other_api.get("/ops/tools/stats").json()["items"] == []

    # A heartbeat whose agent is deleted after it was claimed fails ("agent deleted").
    doomed = api.create_agent()
    doomed_heartbeat = api.get(f"/agents/{doomed['id']}/heartbeats").json()["items"][0]["id"]
    stack.tick()
    assert api.delete(f"/agents/{doomed['id']}").status_code == 204
    stack.drain()
    failed = api.get("/ops/heartbeats/failed").json()["items"]
    mine = [h for h in failed if h["agent_id"] == doomed["id"]]
    assert [h["id"] for h in mine] == [doomed_heartbeat] and mine[0]["status"] == "FAILED"
    assert mine[0]["error_message"] == "agent deleted"
    assert api.get(f"/ops/heartbeats/failed?since={future}").json()["items"] == []
    assert other_api.get("/ops/heartbeats/failed").json()["items"] == []
    # Its tools' server closes with this test: keep later scans from waking the agent.
    assert api.patch(f"/agents/{agent['id']}", json={"is_active": False}).status_code == 200


def test_since_accepts_iso_or_epoch_and_refuses_anything_else(api: Any) -> None:
    assert api.get("/ops/tools/stats?since=1700000000").status_code == 200
    assert api.get("/ops/heartbeats/failed?since=2026-01-01T00:00:00Z").status_code == 200
    response = api.get("/ops/heartbeats/failed?since=yesterday")
    assert response.status_code == 422 and response.json()["error"]["code"] == "validation_error"


def test_the_monitoring_queries_never_scan(stack: Any, api: Any) -> None:
    """No Scan: Query on the owner's sparse indexes only."""
    from wakeful import aws

    calls: list[str] = []
    recorder = lambda model=None, **_: calls.append(model.name)  # noqa: E731
    client = aws.client("dynamodb")
    client.meta.events.register("before-call.dynamodb", recorder, unique_id="ops-no-scan")
    try:
        from wakeful.ops import service

        service.stuck_heartbeats(api.owner, 0, 10, None)
        service.failed_heartbeats(api.owner, 0, 10, None)
        service.tool_stats(api.owner, 0)
    finally:
        client.meta.events.unregister("before-call.dynamodb", unique_id="ops-no-scan")
    assert calls and set(calls) == {"Query"}
