"""Quiet heartbeats: a due heartbeat of an agent with nothing to do is counted and
rescheduled by the scan instead of run (wakeful.heartbeats.quiet); one with work, or
one asked for, runs exactly as before."""

from __future__ import annotations

import time
from typing import Any

from tests.integration.spine_helpers import events, heartbeats, register_tool, subscribe
from wakeful import clock

INTERVAL = 60


def _settled_agent(stack: Any, api: Any, **fields: Any) -> dict[str, Any]:
    """An agent whose first heartbeat (always run) has completed."""
    agent = api.create_agent(heartbeat_interval_seconds=INTERVAL, **fields)
    stack.tick()
    stack.drain()
    assert [h["status"] for h in heartbeats(api, agent["id"])] == ["PENDING", "COMPLETED"]
    return agent


def _later(ticks: int = 1) -> float:
    """A scan time after the pending heartbeat of a settled agent is due."""
    return time.time() + ticks * (INTERVAL + 30)


def _agent(api: Any, agent_id: str) -> dict[str, Any]:
    response = api.get(f"/agents/{agent_id}")
    assert response.status_code == 200, response.text
    return response.json()


def test_an_idle_agents_heartbeat_is_counted_and_rescheduled_without_a_record_or_event(stack, api):
    agent = _settled_agent(stack, api)
    logged = len(events(api, agent["id"]))
    now = _later()
    result = stack.tick(now)
    stack.drain()

    assert result["quiet"] >= 1
    pending, done = heartbeats(api, agent["id"])
    assert (pending["status"], done["status"]) == ("PENDING", "COMPLETED")
    assert pending["quiet_heartbeats"] == 1
    assert clock.parse_iso(pending["scheduled_at"]) >= now + INTERVAL - 1
    assert len(events(api, agent["id"])) == logged  # no HEARTBEAT event nobody reads
    shown = _agent(api, agent["id"])
    assert shown["quiet_heartbeats"] == 1
    assert abs(clock.parse_iso(shown["last_quiet_heartbeat_at"]) - now) < 1
    assert shown["next_heartbeat_at"] == pending["scheduled_at"]


def test_quiet_heartbeats_accumulate_and_the_heartbeat_that_runs_carries_the_count(stack, api):
    agent = _settled_agent(stack, api)
    stack.tick(_later(1))
    stack.tick(_later(2))
    assert heartbeats(api, agent["id"])[0]["quiet_heartbeats"] == 2

    api.post(f"/agents/{agent['id']}/events", json={"event_type": "WORK", "payload": {}})
    stack.tick(_later(4))
    stack.drain()
    pending, ran, _first = heartbeats(api, agent["id"])
    assert ran["status"] == "COMPLETED" and ran["events_processed"] == 2  # WORK + its own HEARTBEAT
    assert ran["quiet_heartbeats"] == 2
    assert pending["quiet_heartbeats"] == 2 and pending["status"] == "PENDING"
    assert _agent(api, agent["id"])["quiet_heartbeats"] == 2


def test_an_event_in_the_log_makes_the_next_heartbeat_run_and_process_it_once(stack, api, tool_server):
    agent = _settled_agent(stack, api)
    tool = register_tool(api, tool_server, "quiet-work")
    subscribe(api, tool, "WORK", agent["id"])
    stack.tick(_later(1))  # quiet: nothing new yet
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "WORK", "payload": {"n": 1}})
    stack.tick(_later(3))
    stack.drain()
    ran = heartbeats(api, agent["id"])[1]
    assert ran["status"] == "COMPLETED" and ran["actions_triggered"] == 1
    stack.tick(_later(5))
    stack.drain()
    assert heartbeats(api, agent["id"])[0]["status"] == "PENDING"
    assert len(tool_server.requests_for("quiet-work")) == 1


def test_a_heartbeat_subscriber_keeps_every_heartbeat_running(stack, api, tool_server):
    agent = _settled_agent(stack, api)
    tool = register_tool(api, tool_server, "quiet-hb")
    subscription = subscribe(api, tool, "HEARTBEAT", agent["id"])
    result = stack.tick(_later(1))
    stack.drain()
    assert [h["status"] for h in heartbeats(api, agent["id"])] == ["PENDING", "COMPLETED", "COMPLETED"]
    assert heartbeats(api, agent["id"])[1]["actions_triggered"] == 1
    assert result["claimed"] >= 1

    # Without the subscription the agent is quiet again.
    assert api.delete(f"/subscriptions/{subscription['id']}").status_code == 204
    stack.tick(_later(3))
    assert heartbeats(api, agent["id"])[0]["quiet_heartbeats"] == 1


def test_an_owner_wide_heartbeat_subscription_keeps_the_owners_agents_running(stack, other_api, tool_server):
    agent = _settled_agent(stack, other_api)
    tool = register_tool(other_api, tool_server, "quiet-owner")
    response = other_api.post("/subscriptions", json={"tool": tool, "event_type": "HEARTBEAT"})
    assert response.status_code == 201, response.text
    stack.tick(_later(1))
    stack.drain()
    assert [h["status"] for h in heartbeats(other_api, agent["id"])] == ["PENDING", "COMPLETED", "COMPLETED"]
    assert other_api.delete(f"/subscriptions/{response.json()['id']}").status_code == 204


def test_a_requested_heartbeat_of_an_idle_agent_runs_and_leaves_its_record(stack, api):
    agent = _settled_agent(stack, api)
    response = api.post(f"/agents/{agent['id']}/heartbeats")
    assert response.status_code == 202
    stack.tick()
    stack.drain()
    ran = next(h for h in heartbeats(api, agent["id"]) if h["id"] == response.json()["heartbeat_id"])
    assert ran["status"] == "COMPLETED" and ran["quiet_heartbeats"] == 0


def test_an_idle_snipin_agent_is_quiet_until_its_network_posts(stack, other_api):
    agent = other_api.create_agent(heartbeat_interval_seconds=INTERVAL, preset="snipin")
    stack.tick()
    stack.drain()
    first = heartbeats(other_api, agent["id"])[1]
    assert first["status"] == "COMPLETED" and first["actions_triggered"] == 1  # FeedReader looked

    stack.tick(_later(1))
    assert heartbeats(other_api, agent["id"])[0]["quiet_heartbeats"] == 1  # its probe: nothing new

    response = other_api.post("/snips", json={"title": "News", "content": "Something new.", "user_id": "u1", "user_name": "U"})
    assert response.status_code in (200, 201), response.text
    stack.tick(_later(3))
    stack.drain()
    ran = heartbeats(other_api, agent["id"])[1]
    assert ran["status"] == "COMPLETED" and ran["actions_triggered"] >= 1 and ran["quiet_heartbeats"] == 1


def test_an_idle_snipin_agent_is_quiet_even_when_its_network_changed_just_before_feedreader_looked(stack, other_api):
    """Whatever the clocks say: here the owner's network changed (the agent's own snip,
    which is never in its own feed) with a stamp from a writer whose clock runs five
    seconds ahead, right before the agent's first heartbeat ran FeedReader. FeedReader
    saw everything there was; its next heartbeat has nothing to do and is quiet."""
    from wakeful.snipin import repository as snipin

    agent = other_api.create_agent(heartbeat_interval_seconds=INTERVAL, preset="snipin")
    response = other_api.post("/snips", json={"title": "Mine", "content": "My own notes.", "agent_id": agent["id"]})
    assert response.status_code in (200, 201), response.text
    snipin.stamp_network_changed(other_api.owner, time.time() + 5)  # a change stamped by a clock ahead
    stack.tick()
    stack.drain()
    first = heartbeats(other_api, agent["id"])[1]
    assert first["status"] == "COMPLETED" and first["actions_triggered"] == 1  # FeedReader looked (nothing new)

    result = stack.tick(_later(1))
    assert heartbeats(other_api, agent["id"])[0]["quiet_heartbeats"] == 1 and result["claimed"] == 0


def test_a_network_change_after_feedreader_looked_makes_the_next_heartbeat_run(stack, other_api):
    from wakeful.snipin import repository as snipin

    agent = other_api.create_agent(heartbeat_interval_seconds=INTERVAL, preset="snipin")
    stack.tick()
    stack.drain()
    # A change counted after the look, stamped by a clock far behind: it still counts.
    snipin.stamp_network_changed(other_api.owner, time.time() - 3600)
    stack.tick(_later(1))
    stack.drain()
    ran = heartbeats(other_api, agent["id"])[1]
    assert ran["status"] == "COMPLETED" and ran["actions_triggered"] == 1  # FeedReader ran again


def test_the_months_quiet_heartbeats_count_from_its_first_across_a_heartbeat_that_runs(stack, api):
    from wakeful.agents import repository as agents

    agent = _settled_agent(stack, api)
    stack.tick(_later(1))
    stack.tick(_later(2))
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "WORK", "payload": {}})
    stack.tick(_later(4))  # runs: carries the count of 2
    stack.drain()
    stack.tick(_later(6))

    saved = api.get(f"/agents/{agent['id']}/spend").json()["saved"]["quiet_heartbeats"]
    assert saved == 3
    base = agents.get(agent["id"]).quiet_base
    assert base == {"month": clock.month(time.time()), "count": 0}  # noted once, at the month's first


def test_quiet_heartbeats_of_an_earlier_month_are_not_this_months_savings() -> None:
    from wakeful.agents.records import Agent
    from wakeful.heartbeats import quiet

    now = clock.parse_iso("2026-11-28T12:00:00Z")
    agent = Agent(agent_id="agt_1", owner="o", name="n", alias="a", heartbeat_interval_seconds=60, quiet_heartbeats=9)
    assert quiet.month_saved(agent._replace(quiet_base={"month": "2026-10", "count": 2}), now) == 0
    assert quiet.month_saved(agent._replace(quiet_base={"month": "2026-11", "count": 2}), now) == 7
    assert quiet.month_saved(agent, now) == 0
