"""What the SnipIn and heartbeat designs ask for, to the letter: a subscription only to
events its tool handles, a lookback cap after a long pause, owner-wide events."""

from __future__ import annotations

import time

from tests.integration.spine_helpers import all_actions, register_tool, run_heartbeat, subscribe

WEEK = 7 * 86400


def test_a_subscription_to_an_event_its_tool_does_not_handle_is_refused(stack, api):
    agent = api.create_agent()

    refused = api.post("/subscriptions", json={"tool": "WebhookHandler", "event_type": "ORDER_PLACED", "agent_id": agent["id"]})
    accepted = api.post("/subscriptions", json={"tool": "WebhookHandler", "event_type": "EXTERNAL_DEPLOY", "agent_id": agent["id"]})

    assert refused.status_code == 422, refused.text
    message = refused.json()["error"]["message"]
    assert "ORDER_PLACED" in message and "WEBHOOK_TRIGGER" in message and "EXTERNAL_*" in message
    assert accepted.status_code == 201, accepted.text
    subscribed = {(s["tool"], s["event_type"]) for s in api.get("/subscriptions").json()["items"] if s["agent_id"] == agent["id"]}
    assert subscribed == {("WebhookHandler", "EXTERNAL_DEPLOY")}


def test_a_users_tool_may_subscribe_to_any_event_type(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "any")
    assert subscribe(api, tool, "github_issues", agent["id"])["event_type"] == "github_issues"


def test_events_older_than_the_lookback_are_skipped_not_processed(stack, api, tool_server):
    agent = api.create_agent(heartbeat_interval_seconds=60)
    tool_server.behaviours["lookback"] = lambda request: {"success": True}
    tool = register_tool(api, tool_server, "lookback")
    subscribe(api, tool, "ORDER", agent["id"])
    run_heartbeat(stack, api, agent["id"])  # the first heartbeat: nothing of ours yet
    for n in range(3):
        assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "ORDER", "payload": {"n": n}}).status_code == 202

    # The agent wakes eight days later (a long pause): its window holds three events of
    # last week and its own HEARTBEAT.
    resumed = run_heartbeat(stack, api, agent["id"], now=time.time() + 8 * 86400)

    assert resumed["status"] == "COMPLETED", resumed
    assert resumed["events_skipped"] == 3
    assert resumed["events_processed"] == 1  # the HEARTBEAT event
    assert not [a for a in all_actions(agent["id"]) if a["tool"] == tool]
    assert api.get(f"/agents/{agent['id']}").json()["event_lookback_seconds"] == WEEK


def test_an_agents_lookback_is_its_own_setting(stack, api, tool_server):
    agent = api.create_agent(heartbeat_interval_seconds=60, event_lookback_seconds=30 * 86400)
    tool_server.behaviours["lookback-month"] = lambda request: {"success": True}
    tool = register_tool(api, tool_server, "lookback-month")
    subscribe(api, tool, "ORDER", agent["id"])
    run_heartbeat(stack, api, agent["id"])
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "ORDER", "payload": {}})

    resumed = run_heartbeat(stack, api, agent["id"], now=time.time() + 8 * 86400)

    assert resumed["events_skipped"] == 0 and resumed["events_processed"] == 2
    assert [a["status"] for a in all_actions(agent["id"]) if a["tool"] == tool] == ["COMPLETED"]
    assert api.patch(f"/agents/{agent['id']}", json={"event_lookback_seconds": 60}).status_code == 422  # at least an hour


def test_a_broadcast_reaches_every_active_agent_of_the_owner_once(stack, api, other_api):
    agents = [api.create_agent() for _ in range(3)]
    paused = api.create_agent()
    api.patch(f"/agents/{paused['id']}", json={"is_active": False})
    stranger = other_api.create_agent()
    body = {"event_type": "MAINTENANCE", "payload": {"at": "22:00"}, "priority": 2, "idempotency_key": "maint-1"}

    first = api.post("/events/broadcast", json=body)
    again = api.post("/events/broadcast", json=body)

    assert first.status_code == 202, first.text
    assert again.json()["broadcast_id"] == first.json()["broadcast_id"]
    assert sorted(first.json()["agent_ids"]) == sorted(a["id"] for a in agents)
    stack.drain()  # the ingest queue appends each agent's event
    for agent in agents:
        (event,) = _events(api, agent["id"], "MAINTENANCE")
        assert event["payload"] == {"at": "22:00"} and event["priority"] == 2
    assert _events(api, paused["id"], "MAINTENANCE") == []
    assert _events(other_api, stranger["id"], "MAINTENANCE") == []


def test_a_broadcast_to_listed_agents_refuses_one_that_is_not_yours(stack, api, other_api):
    mine = api.create_agent()
    theirs = other_api.create_agent()

    refused = api.post("/events/broadcast", json={"event_type": "PING", "payload": {}, "agent_ids": [mine["id"], theirs["id"]]})
    listed = api.post("/events/broadcast", json={"event_type": "PING", "payload": {}, "agent_ids": [mine["id"]]})

    assert refused.status_code == 422 and theirs["id"] in refused.json()["error"]["message"]
    assert listed.status_code == 202 and listed.json()["agent_ids"] == [mine["id"]]
    stack.drain()
    assert len(_events(api, mine["id"], "PING")) == 1
    assert _events(other_api, theirs["id"], "PING") == []


def _events(api, agent_id: str, event_type: str) -> list[dict]:
    return [e for e in api.get(f"/agents/{agent_id}/events?limit=100").json()["items"] if e["event_type"] == event_type]
