"""``wake_on_priority``: an urgent event makes a heartbeat due at once (a burst makes
one), instead of waiting for the next interval."""

from __future__ import annotations

from tests.integration.spine_helpers import heartbeats, register_tool, run_heartbeat, subscribe
from wakeful import clock


def _pending(api, agent_id):
    [pending] = [h for h in heartbeats(api, agent_id) if h["status"] == "PENDING"]
    return pending


def test_an_urgent_burst_makes_one_heartbeat_due_at_once(stack, api, tool_server):
    agent = api.create_agent(wake_on_priority=2)
    assert agent["wake_on_priority"] == 2
    tool = register_tool(api, tool_server, "pager")
    subscribe(api, tool, "ALERT", agent["id"])
    run_heartbeat(stack, api, agent["id"])
    waiting = _pending(api, agent["id"])
    assert clock.parse_iso(waiting["scheduled_at"]) - clock.now() > 800  # the next one, at the interval

    sent = [api.post(f"/agents/{agent['id']}/events", json={"event_type": "ALERT", "payload": {"n": n}, "priority": 1}).json() for n in range(5)]

    due = _pending(api, agent["id"])
    assert due["id"] == waiting["id"] and clock.parse_iso(due["scheduled_at"]) <= clock.now()
    stack.tick()
    stack.drain()
    done = [h for h in heartbeats(api, agent["id"]) if h["status"] == "COMPLETED"]
    assert len(done) == 2  # the first, and one for the whole burst
    assert sorted(r["event"]["seq"] for r in tool_server.requests_for("pager")) == [s["seq"] for s in sent]
    assert clock.parse_iso(_pending(api, agent["id"])["scheduled_at"]) - clock.now() > 800
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def test_an_event_less_urgent_than_the_setting_waits_for_the_interval(stack, api):
    agent = api.create_agent(wake_on_priority=2)
    run_heartbeat(stack, api, agent["id"])
    waiting = _pending(api, agent["id"])

    api.post(f"/agents/{agent['id']}/events", json={"event_type": "ALERT", "payload": {}, "priority": 3})

    assert _pending(api, agent["id"])["scheduled_at"] == waiting["scheduled_at"]
    changed = api.patch(f"/agents/{agent['id']}", json={"wake_on_priority": None, "is_active": False}).json()
    assert changed["wake_on_priority"] is None


def test_without_the_setting_an_urgent_event_waits_for_the_interval(stack, api):
    agent = api.create_agent()
    run_heartbeat(stack, api, agent["id"])
    waiting = _pending(api, agent["id"])
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "ALERT", "payload": {}, "priority": 1})
    assert _pending(api, agent["id"])["scheduled_at"] == waiting["scheduled_at"]
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def test_an_urgent_event_from_the_ingest_queue_makes_a_heartbeat_due(stack, api):
    import json

    from wakeful import aws

    agent = api.create_agent(wake_on_priority=3)
    run_heartbeat(stack, api, agent["id"])
    body = {"agent_id": agent["id"], "event_type": "cpu_high", "payload": {"cpu": 99}, "priority": 2}
    aws.client("sqs").send_message(QueueUrl=stack.queue_urls["ingest"], MessageBody=json.dumps(body))
    while stack.pollers["ingest"].poll_once(0):
        pass
    assert clock.parse_iso(_pending(api, agent["id"])["scheduled_at"]) <= clock.now()
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
