"""A heartbeat processes its whole window, however many events it holds, and its
window, ``events_processed`` and the agent's ``processed_seq`` agree."""

from __future__ import annotations

from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe
from wakeful.config import get_settings
from wakeful.events import store
from wakeful.heartbeats.orchestrator import MAX_EVENTS_PER_ROUND
from wakeful.events.models import NewEvent


def _append_noise(agent_id: str, count: int) -> None:
    for start in range(0, count, 90):
        batch = [NewEvent(event_type="NOISE", payload={"n": n}) for n in range(start, min(count, start + 90))]
        store.append(agent_id, batch)


def test_heartbeat_pages_through_a_window_of_unsubscribed_events_to_the_one_that_matches(stack, api, tool_server):
    agent = api.create_agent()
    stack.tick()
    stack.drain()  # the first heartbeat, so the next window starts after it
    wanted = register_tool(api, tool_server, "wanted")
    pulse = register_tool(api, tool_server, "pulse")
    subscribe(api, wanted, "WANTED", agent["id"])
    subscribe(api, pulse, "HEARTBEAT", agent["id"])
    # More than one page, and more pages than one orchestrator invocation reads.
    noise = MAX_EVENTS_PER_ROUND * get_settings().heartbeat_pages_per_invocation + 50
    assert noise <= 1000, "set WAKEFUL_HEARTBEAT_PAGES_PER_INVOCATION low in tests"
    _append_noise(agent["id"], noise)
    match = api.post(f"/agents/{agent['id']}/events", json={"event_type": "WANTED", "payload": {}}).json()

    hb = run_heartbeat(stack, api, agent["id"])

    assert hb["status"] == "COMPLETED"
    assert [r["event"]["seq"] for r in tool_server.requests_for("wanted")] == [match["seq"]]
    assert [r["event"]["payload"]["heartbeat_id"] for r in tool_server.requests_for("pulse")] == [hb["id"]]
    assert hb["events_processed"] == noise + 2  # the noise, the match and its own HEARTBEAT event
    processed = api.get(f"/agents/{agent['id']}").json()["processed_seq"]
    assert hb["window"]["up_to_seq"] == processed
    assert hb["window"]["up_to_seq"] - hb["window"]["after_seq"] == hb["events_processed"]


def test_window_events_processed_and_processed_seq_agree_after_a_cascade(stack, api, tool_server):
    agent = api.create_agent()
    reader = register_tool(api, tool_server, "reader")
    tool_server.behaviours["reader"] = lambda request: {"success": True, "new_events": [{"event_type": "SUMMARY", "payload": {}}]}
    subscribe(api, reader, "HEARTBEAT", agent["id"])

    hb = run_heartbeat(stack, api, agent["id"])

    agent_now = api.get(f"/agents/{agent['id']}").json()
    assert hb["status"] == "COMPLETED"
    assert hb["window"]["up_to_seq"] == agent_now["processed_seq"] == agent_now["last_seq"]
    assert hb["window"]["up_to_seq"] - hb["window"]["after_seq"] == hb["events_processed"]


def test_an_action_starting_renews_its_heartbeats_lease(stack, api, tool_server):
    from wakeful import ddb

    agent = api.create_agent()
    tool = register_tool(api, tool_server, "slowish")
    subscribe(api, tool, "HEARTBEAT", agent["id"])
    heartbeat_id = api.post(f"/agents/{agent['id']}/heartbeats").json()["heartbeat_id"]
    key = {"agent_id": agent["id"], "heartbeat_id": heartbeat_id}
    seen: list[float] = []
    tool_server.behaviours["slowish"] = lambda request: seen.append(ddb.get("heartbeats", key)["lease_expires_at"]) or {"success": True}

    stack.tick()
    while stack.pollers["heartbeat"].poll_once(0):
        pass  # the orchestrator claims it and dispatches the action
    dispatched_lease = ddb.get("heartbeats", key)["lease_expires_at"]
    stack.drain()

    assert len(seen) == 1 and seen[0] > dispatched_lease
    assert "lease_expires_at" not in ddb.get("heartbeats", key)  # finished: out of the lease index


def test_requesting_a_heartbeat_refuses_fields_it_does_not_know(stack, api):
    agent = api.create_agent()
    before = heartbeats_of(api, agent["id"])
    response = api.post(f"/agents/{agent['id']}/heartbeats", json={"at": "2030-01-01T00:00:00Z"})
    assert response.status_code == 422 and "at" in response.json()["error"]["message"]
    assert heartbeats_of(api, agent["id"]) == before
    assert api.post(f"/agents/{agent['id']}/heartbeats").status_code == 202
    assert api.post(f"/agents/{agent['id']}/heartbeats", json={}).status_code == 202
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def test_testing_a_hook_refuses_fields_it_does_not_know(stack, api, receiver):
    agent = api.create_agent()
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    hook = api.post(f"/agents/{agent['id']}/hooks", json={"hook_type": "AFTER_HEARTBEAT", "endpoint_url": receiver.url("h")}).json()
    response = api.post(f"/agents/{agent['id']}/hooks/{hook['id']}/test", json={"payload": {"x": 1}})
    assert response.status_code == 422


def test_changing_the_interval_reschedules_the_pending_heartbeat(stack, api):
    from wakeful import clock

    agent = api.create_agent(heartbeat_interval_seconds=600)
    run_heartbeat(stack, api, agent["id"])
    [pending] = [h for h in heartbeats_of(api, agent["id"]) if h["status"] == "PENDING"]
    before = clock.parse_iso(pending["scheduled_at"])

    changed = api.patch(f"/agents/{agent['id']}", json={"heartbeat_interval_seconds": 3600}).json()

    [after] = [h for h in heartbeats_of(api, agent["id"]) if h["status"] == "PENDING"]
    assert after["id"] == pending["id"]
    assert abs(clock.parse_iso(after["scheduled_at"]) - (before + 3000)) < 1
    assert changed["next_heartbeat_at"] == after["scheduled_at"]
    shorter = api.patch(f"/agents/{agent['id']}", json={"heartbeat_interval_seconds": 60}).json()
    assert abs(clock.parse_iso(shorter["next_heartbeat_at"]) - (before - 540)) < 1
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def heartbeats_of(api, agent_id):
    return api.get(f"/agents/{agent_id}/heartbeats?limit=100").json()["items"]

