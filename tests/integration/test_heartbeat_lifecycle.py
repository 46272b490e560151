"""The heartbeat lifecycle on the AWS shape, and no event missed or processed twice:
no event is missed and none is processed twice by a subscription."""

from __future__ import annotations

import threading
import time

import pytest

from tests.integration.spine_helpers import (
    all_actions,
    deliveries_per_pair,
    emit,
    events,
    heartbeat,
    heartbeats,
    register_tool,
    run_heartbeat,
    subscribe,
)
from wakeful import clock

pytestmark = pytest.mark.long(seconds=40)


def test_first_heartbeat_is_due_at_creation_and_completes_with_next_scheduled(stack, api):
    agent = api.create_agent(heartbeat_interval_seconds=600)
    created = time.time()
    first = heartbeats(api, agent["id"])
    assert [h["status"] for h in first] == ["PENDING"]
    assert abs(clock.parse_iso(first[0]["scheduled_at"]) - created) < 5

    stack.tick()
    stack.drain()

    done, nxt = heartbeats(api, agent["id"])[1], heartbeats(api, agent["id"])[0]
    assert done["status"] == "COMPLETED"
    assert done["events_processed"] == 1  # its own HEARTBEAT event
    assert done["started_at"] and done["completed_at"]
    assert nxt["status"] == "PENDING"
    gap = clock.parse_iso(nxt["scheduled_at"]) - clock.parse_iso(done["completed_at"])
    assert abs(gap - 600) < 1
    assert api.get(f"/agents/{agent['id']}").json()["processed_seq"] == 1


def test_heartbeat_event_reaches_heartbeat_subscribers_in_every_heartbeat(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "pulse")
    subscribe(api, tool, "HEARTBEAT", agent["id"])

    for _ in range(3):
        hb = run_heartbeat(stack, api, agent["id"])
        assert hb["status"] == "COMPLETED"
        assert [a["tool"] for a in hb["actions"]] == [tool]
        assert hb["actions"][0]["request_meta"]["event"]["payload"]["heartbeat_id"] == hb["id"]

    seen = [r["event"]["payload"]["heartbeat_id"] for r in tool_server.requests_for("pulse")]
    assert len(seen) == len(set(seen)) >= 3


def test_event_a_tool_emits_reaches_each_subscriber_once_in_the_same_heartbeat(stack, api, tool_server):
    agent = api.create_agent()
    reader = register_tool(api, tool_server, "reader")
    writer = register_tool(api, tool_server, "writer")
    liker = register_tool(api, tool_server, "liker")
    tool_server.behaviours["reader"] = emit("FEED_SUMMARIZED")
    subscribe(api, reader, "HEARTBEAT", agent["id"])
    writer_sub = subscribe(api, writer, "FEED_SUMMARIZED", agent["id"], execution_order=0)
    liker_sub = subscribe(api, liker, "FEED_SUMMARIZED", agent["id"], execution_order=5)

    stack.tick()
    stack.drain()

    done = [h for h in heartbeats(api, agent["id"]) if h["status"] == "COMPLETED"]
    assert len(done) == 1
    hb = heartbeat(api, agent["id"], done[0]["id"])
    assert [a["tool"] for a in hb["actions"]] == [reader, writer, liker]
    reader_action = hb["actions"][0]
    for action in hb["actions"][1:]:
        assert action["status"] == "COMPLETED"
        assert action["parent_action_id"] == reader_action["id"]
    assert hb["rounds"] == 2
    assert len(tool_server.requests_for("writer")) == 1
    assert len(tool_server.requests_for("liker")) == 1
    summarized = [e for e in events(api, agent["id"]) if e["event_type"] == "FEED_SUMMARIZED"]
    assert len(summarized) == 1 and summarized[0]["source"] == f"tool:{reader}"
    pairs = deliveries_per_pair(agent["id"])
    assert pairs[(summarized[0]["seq"], writer_sub["id"])] == 1
    assert pairs[(summarized[0]["seq"], liker_sub["id"])] == 1

    # The next heartbeat handles only its own new events, never the first one again.
    run_heartbeat(stack, api, agent["id"])
    handled = [r["event"]["seq"] for r in tool_server.requests_for("writer")]
    assert len(handled) == 2 and handled[0] == summarized[0]["seq"] and handled[1] > handled[0]
    assert max(deliveries_per_pair(agent["id"]).values()) == 1


def test_event_appended_while_a_heartbeat_runs_is_processed_exactly_once(stack, api, tool_server):
    agent = api.create_agent()
    slow = register_tool(api, tool_server, "slow")
    late_reader = register_tool(api, tool_server, "late")
    posted = []

    def post_during_heartbeat(request):
        # An outside event lands while this heartbeat's window is being processed.
        posted.append(api.post(f"/agents/{agent['id']}/events", json={"event_type": "LATE", "payload": {}}).json())
        return {"success": True}

    tool_server.behaviours["slow"] = post_during_heartbeat
    subscribe(api, slow, "HEARTBEAT", agent["id"])
    subscribe(api, late_reader, "LATE", agent["id"])

    for _ in range(3):
        run_heartbeat(stack, api, agent["id"])

    late_seqs = [p["seq"] for p in posted]
    handled = [r["event"]["seq"] for r in tool_server.requests_for("late")]
    assert sorted(handled) == sorted(late_seqs)
    assert max(deliveries_per_pair(agent["id"]).values()) == 1


def test_events_that_arrive_between_heartbeats_are_processed_once_in_order(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "orders")
    subscribe(api, tool, "ORDER", agent["id"])
    run_heartbeat(stack, api, agent["id"])
    seqs = [api.post(f"/agents/{agent['id']}/events", json={"event_type": "ORDER", "payload": {"n": n}}).json()["seq"] for n in range(5)]

    run_heartbeat(stack, api, agent["id"])
    run_heartbeat(stack, api, agent["id"])

    assert [r["event"]["seq"] for r in tool_server.requests_for("orders")] == seqs


def test_cascades_beyond_the_depth_bound_continue_in_the_next_heartbeat(stack, api, tool_server):
    agent = api.create_agent()
    echo = register_tool(api, tool_server, "echo")
    tool_server.behaviours["echo"] = emit("PING")
    sub = subscribe(api, echo, "PING", agent["id"])
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "PING", "payload": {}})

    first = run_heartbeat(stack, api, agent["id"])
    assert first["status"] == "COMPLETED"
    assert first["rounds"] == 5  # WAKEFUL_MAX_CASCADE_ROUNDS default
    processed_first = len(tool_server.requests_for("echo"))
    second = run_heartbeat(stack, api, agent["id"])
    assert second["status"] == "COMPLETED"
    assert len(tool_server.requests_for("echo")) > processed_first
    pings = {e["seq"] for e in events(api, agent["id"]) if e["event_type"] == "PING"}
    handled = [r["event"]["seq"] for r in tool_server.requests_for("echo")]
    assert len(handled) == len(set(handled))
    assert set(handled) <= pings
    assert all(n == 1 for (_, s), n in deliveries_per_pair(agent["id"]).items() if s == sub["id"])


def test_filters_and_inactive_subscriptions_decide_which_tools_run(stack, api, tool_server):
    agent = api.create_agent()
    urgent = register_tool(api, tool_server, "urgent")
    topical = register_tool(api, tool_server, "topical")
    off = register_tool(api, tool_server, "off")
    subscribe(api, urgent, "NEWS", agent["id"], filter_config={"min_priority": 3})
    subscribe(api, topical, "NEWS", agent["id"], filter_config={"topics": ["AI"]})
    subscribe(api, off, "NEWS", agent["id"], is_active=False)
    post = lambda **e: api.post(f"/agents/{agent['id']}/events", json={"event_type": "NEWS", **e}).json()["seq"]
    high = post(payload={"topics": ["sports"]}, priority=2)
    low_ai = post(payload={"topics": ["AI", "chips"]}, priority=8)

    run_heartbeat(stack, api, agent["id"])

    assert [r["event"]["seq"] for r in tool_server.requests_for("urgent")] == [high]
    assert [r["event"]["seq"] for r in tool_server.requests_for("topical")] == [low_ai]
    assert tool_server.requests_for("off") == []


def test_owner_wide_subscription_applies_to_every_agent_of_the_owner(stack, api, tool_server):
    first, second = api.create_agent(), api.create_agent()
    tool = register_tool(api, tool_server, "everyone")
    response = api.post("/subscriptions", json={"tool": tool, "event_type": "HELLO"})
    assert response.status_code == 201
    for agent in (first, second):
        api.post(f"/agents/{agent['id']}/events", json={"event_type": "HELLO", "payload": {}})
        run_heartbeat(stack, api, agent["id"])
    agents_seen = {r["agent_context"]["agent_id"] for r in tool_server.requests_for("everyone")}
    assert agents_seen == {first["id"], second["id"]}


def test_a_failed_tool_fails_its_action_not_the_heartbeat(stack, api, tool_server):
    agent = api.create_agent()
    broken = register_tool(api, tool_server, "broken")
    fine = register_tool(api, tool_server, "fine")
    tool_server.behaviours["broken"] = lambda r: (400, {"message": "no"})
    subscribe(api, broken, "HEARTBEAT", agent["id"])
    subscribe(api, fine, "HEARTBEAT", agent["id"], execution_order=1)

    hb = run_heartbeat(stack, api, agent["id"])

    assert hb["status"] == "COMPLETED"
    statuses = {a["tool"]: a for a in hb["actions"]}
    assert statuses[broken]["status"] == "FAILED"
    assert "HTTP 400" in statuses[broken]["error_message"]
    assert statuses[fine]["status"] == "COMPLETED"
    failed = api.get(f"/agents/{agent['id']}/actions?status=FAILED").json()["items"]
    assert [a["tool"] for a in failed] == [broken]


def test_an_agents_actions_list_newest_first_when_one_heartbeat_dispatches_them(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "each")
    subscribe(api, tool, "ORDER", agent["id"])
    seqs = [
        api.post(f"/agents/{agent['id']}/events", json={"event_type": "ORDER", "payload": {"n": n}}).json()["seq"]
        for n in range(8)
    ]

    hb = run_heartbeat(stack, api, agent["id"])

    assert len(hb["actions"]) == 8
    listed = api.get(f"/agents/{agent['id']}/actions").json()["items"]
    assert [a["event_seq"] for a in listed] == sorted(seqs, reverse=True)
    of_heartbeat = api.get(f"/agents/{agent['id']}/actions", params={"heartbeat_id": hb["id"]}).json()["items"]
    assert [a["event_seq"] for a in of_heartbeat] == sorted(seqs, reverse=True)
    assert [a["event_seq"] for a in hb["actions"]] == sorted(seqs)  # the heartbeat itself: dispatch order


def test_http_tool_5xx_is_retried_with_the_same_action_id(stack, api, tool_server):
    agent = api.create_agent()
    flaky = register_tool(api, tool_server, "flaky")
    answers = iter([(503, {}), (200, {"success": True, "output": "second time lucky"})])
    tool_server.behaviours["flaky"] = lambda r: next(answers)
    subscribe(api, flaky, "HEARTBEAT", agent["id"])

    hb = run_heartbeat(stack, api, agent["id"])

    calls = tool_server.requests_for("flaky")
    assert len(calls) == 2 and calls[0]["action_id"] == calls[1]["action_id"] == hb["actions"][0]["id"]
    assert hb["actions"][0]["status"] == "COMPLETED"
    assert hb["actions"][0]["response_meta"]["output"] == "second time lucky"


def test_http_tool_requests_are_signed_with_the_tool_secret(stack, api, tool_server):
    from standardwebhooks.webhooks import Webhook

    agent = api.create_agent()
    name = f"Signed{agent['id'][-6:]}"
    created = api.post("/tools", json={"name": name, "kind": "http", "endpoint_url": tool_server.url("signed")}).json()
    subscribe(api, name, "HEARTBEAT", agent["id"])
    run_heartbeat(stack, api, agent["id"])

    _, request, headers, raw = next(c for c in tool_server.calls if c[0] == "signed")
    verified = Webhook(created["secret"]).verify(raw, {k.lower(): v for k, v in headers.items()})
    assert verified["action_id"] == request["action_id"]
    assert request["agent_context"]["agent_id"] == agent["id"]


def test_a_paused_agent_gets_no_heartbeats_until_resumed(stack, api):
    agent = api.create_agent()
    assert api.patch(f"/agents/{agent['id']}", json={"is_active": False}).json()["is_active"] is False
    stack.tick()
    stack.drain()
    assert [h["status"] for h in heartbeats(api, agent["id"])] == ["PENDING"]
    assert api.post(f"/agents/{agent['id']}/heartbeats").status_code == 409

    api.patch(f"/agents/{agent['id']}", json={"is_active": True})
    stack.tick()
    stack.drain()
    assert [h["status"] for h in heartbeats(api, agent["id"])] == ["PENDING", "COMPLETED"]


def test_deleting_an_agent_fails_its_pending_heartbeat_and_takes_it_out_of_the_due_index(stack, api):
    from wakeful.heartbeats import repository

    agent = api.create_agent()
    pending = heartbeats(api, agent["id"])[0]
    assert api.delete(f"/agents/{agent['id']}").status_code == 204

    left = repository.get(agent["id"], pending["id"])
    assert left is not None and (left.status, left.error_message, left.in_due_index) == ("FAILED", "agent deleted", False)
    stack.tick()
    stack.drain()
    assert repository.get(agent["id"], pending["id"]).status == "FAILED"


def test_requesting_a_heartbeat_while_one_runs_schedules_the_next_at_once(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "busy")
    requested = []
    tool_server.behaviours["busy"] = lambda r: requested.append(api.post(f"/agents/{agent['id']}/heartbeats").json()) or {"success": True}
    subscribe(api, tool, "HEARTBEAT", agent["id"])
    stack.tick()
    stack.drain()
    next_id = requested[0]["heartbeat_id"]
    pending = heartbeat(api, agent["id"], next_id)
    assert pending["status"] == "PENDING"
    assert clock.parse_iso(pending["scheduled_at"]) <= time.time()


def test_a_heartbeat_asked_for_while_one_runs_reads_pending_before_it_is_written(stack, api):
    agent = api.create_agent()
    stack.tick()  # the first heartbeat is claimed (QUEUED), not yet run
    asked = api.post(f"/agents/{agent['id']}/heartbeats")
    assert asked.status_code == 202, asked.text
    next_id = asked.json()["heartbeat_id"]
    early = heartbeat(api, agent["id"], next_id)  # written when the running one finishes
    assert (early["id"], early["status"], early["actions"]) == (next_id, "PENDING", [])
    stack.drain()
    stack.tick()
    stack.drain()
    assert heartbeat(api, agent["id"], next_id)["status"] == "COMPLETED"
    assert api.get(f"/agents/{agent['id']}/heartbeats/hb_01NOTASKEDFOR00000000000000").status_code == 404


def test_two_scans_racing_claim_each_heartbeat_once(stack, api):
    agents = [api.create_agent() for _ in range(6)]
    results = []
    barrier = threading.Barrier(2)

    def scan():
        barrier.wait()
        results.append(stack.tick())

    threads = [threading.Thread(target=scan) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stack.drain()
    for agent in agents:
        statuses = [h["status"] for h in heartbeats(api, agent["id"])]
        assert statuses == ["PENDING", "COMPLETED"], statuses
        assert [e["event_type"] for e in events(api, agent["id"])] == ["HEARTBEAT"]


def test_the_same_sqs_message_delivered_twice_changes_nothing(stack, api, tool_server):
    from wakeful.actions.queue import send_actions
    from wakeful.heartbeats.queue import send_heartbeats

    agent = api.create_agent()
    tool = register_tool(api, tool_server, "twice")
    tool_server.behaviours["twice"] = emit("NEXT")
    after = register_tool(api, tool_server, "after")
    subscribe(api, tool, "HEARTBEAT", agent["id"])
    subscribe(api, after, "NEXT", agent["id"])
    stack.tick()
    hb_id = heartbeats(api, agent["id"])[0]["id"]
    message = {"agent_id": agent["id"], "heartbeat_id": hb_id, "attempt": 1}
    send_heartbeats([message, message])
    stack.drain()
    # Replays after the fact: every heartbeat and action message again.
    send_heartbeats([message])
    for action in all_actions(agent["id"]):
        send_actions(agent["id"], [action["action_id"]], "replay")
    stack.drain()

    assert heartbeat(api, agent["id"], hb_id)["status"] == "COMPLETED"
    assert len({r["action_id"] for r in tool_server.requests_for("twice")}) == 1
    assert len(tool_server.requests_for("after")) == 1
    assert [e["event_type"] for e in events(api, agent["id"])].count("NEXT") == 1
    assert max(deliveries_per_pair(agent["id"]).values()) == 1
