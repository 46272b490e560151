"""Consolidation through the real handlers against moto and the fake Messages API: after
activity and a quiet period the scan starts a consolidation run (a thread) that merges
duplicates, lists its changes, never runs beyond max_per_day, never while paused."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.spine_helpers import register_tool, subscribe
from tests.integration.thread_helpers import later, make_agent, start, threads
from wakeful import slots

QUIET = {"mode": "on_quiet", "max_per_day": 1, "quiet_seconds": 60}


def consolidating(*turns: dict[str, Any]) -> dict[str, Any]:
    return {"match": "consolidating your long-term memory", "turns": [*turns, {"tool_calls": [{"name": "complete_task", "input": {"summary": "merged"}}]}]}


def some_work(api: Any, stack: Any, agent_id: str, task: str = "say hello") -> None:
    start(api, agent_id, task)
    stack.drain()


def consolidations(api: Any, agent_id: str) -> list[dict[str, Any]]:
    response = api.get(f"/agents/{agent_id}/memories/consolidations")
    assert response.status_code == 200, response.text
    return response.json()["items"]


@pytest.fixture()
def paused_agents() -> Iterator[set[str]]:
    """Agents an installed admitter says may not start model work (as the spend guard's pause)."""
    held: set[str] = set()
    before = slots.ADMISSION.installed()
    admitter = slots.Admitter("test-pause", lambda owner, agent_id, now: slots.Wait(None, "budget exceeded") if agent_id in held else None)
    slots.ADMISSION.install(*before, admitter)
    yield held
    slots.ADMISSION.install(*before)


def test_on_quiet_consolidation_merges_two_duplicates_and_lists_its_changes(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, memory_consolidation=QUIET)
    base = f"/agents/{agent['id']}/memories"
    one = api.post(base, json={"text": "Alice prefers Slack"}).json()
    two = api.post(base, json={"text": "Alice likes to be contacted on Slack"}).json()
    merged_text = "Alice prefers to be contacted on Slack"
    claude.converse([consolidating({"tool_calls": [{"name": "remember", "input": {"text": merged_text, "replaces": [one["id"], two["id"]]}}]})])
    some_work(api, stack, agent["id"])
    stack.tick(later(10))  # not quiet for long enough yet
    stack.drain()
    assert consolidations(api, agent["id"]) == []

    stack.tick(later(120))
    stack.drain()
    [done] = consolidations(api, agent["id"])
    assert done["status"] == "done" and done["trigger"] == "on_quiet" and done["completed_at"]
    assert done["usd"] > 0  # its run's model calls, priced
    [change] = done["changes"]
    assert change["op"] == "merged" and change["text"] == merged_text and sorted(change["from_ids"]) == sorted([one["id"], two["id"]])
    [memory] = api.get(base).json()["items"]
    assert memory["id"] == change["memory_id"] and memory["text"] == merged_text
    assert memory["source"] == {"kind": "consolidation", "id": done["id"], "thread_id": done["thread_id"]}
    run = next(t for t in threads(api, agent["id"]) if t["id"] == done["thread_id"])
    assert run["source"] == "consolidation" and run["status"] == "complete"
    request = next(r for r in claude.conversation_requests() if "consolidating your long-term memory" in json.dumps(r["messages"][0]))
    assert sorted(t["name"] for t in request["tools"]) == ["complete_task", "forget", "recall", "remember"]  # acts on nothing outside
    assert one["id"] in json.dumps(request["messages"][0]) and "say hello" in json.dumps(request["messages"][0])


def test_consolidation_never_beyond_max_per_day(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, memory_consolidation=QUIET)
    claude.converse([consolidating()])
    some_work(api, stack, agent["id"])
    stack.tick(later(120))
    stack.drain()
    assert [c["status"] for c in consolidations(api, agent["id"])] == ["done"]
    some_work(api, stack, agent["id"], "say hello again")
    stack.tick(later(240))
    stack.drain()
    assert len(consolidations(api, agent["id"])) == 1
    refused = api.post(f"/agents/{agent['id']}/memories/consolidations")
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "max_per_day_reached"


def test_consolidation_never_runs_while_paused(stack, api, claude: fake.FakeAnthropic, paused_agents: set[str]):
    agent = make_agent(api, memory_consolidation=QUIET)
    claude.converse([consolidating()])
    some_work(api, stack, agent["id"])
    paused_agents.add(agent["id"])
    stack.tick(later(120))
    stack.drain()
    assert consolidations(api, agent["id"]) == []
    refused = api.post(f"/agents/{agent['id']}/memories/consolidations")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "budget_paused"
    paused_agents.discard(agent["id"])
    accepted = api.post(f"/agents/{agent['id']}/memories/consolidations")
    assert accepted.status_code == 202, accepted.text
    stack.drain()
    [done] = consolidations(api, agent["id"])
    assert done["id"] == accepted.json()["consolidation_id"] and done["status"] == "done" and done["trigger"] == "manual"


def test_a_consolidation_with_nothing_new_does_not_run(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, memory_consolidation={**QUIET, "max_per_day": 5})
    claude.converse([consolidating()])
    some_work(api, stack, agent["id"])
    stack.tick(later(120))
    stack.drain()
    refused = api.post(f"/agents/{agent['id']}/memories/consolidations")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "nothing_new"
    stack.tick(later(400))  # (other agents' due work runs at this tick too, and asks the model)
    stack.drain()
    assert len(consolidations(api, agent["id"])) == 1  # no second run of its own: no model call for it


def test_consolidation_crash_after_claim_never_runs_twice_for_the_span(stack, api, claude: fake.FakeAnthropic):
    from wakeful.agents import repository as agents
    from wakeful.memory import consolidation, repository

    agent = make_agent(api, memory_consolidation={**QUIET, "max_per_day": 5})
    claude.converse([consolidating()])
    some_work(api, stack, agent["id"])
    # A worker claims the consolidation and dies before its run starts.
    record = agents.get(agent["id"])
    assert record is not None
    meta = repository.meta(agent["id"])
    claimed = consolidation.new_record(record, meta, "on_quiet", later(0))
    assert consolidation.claim_record(record, meta, claimed, later(0))
    assert not consolidation.claim_record(record, repository.meta(agent["id"]), consolidation.new_record(record, meta, "on_quiet", later(1)), later(1))
    stack.tick(later(120))  # the scan does not claim the span again while it is claimed
    stack.drain()
    assert [c["status"] for c in consolidations(api, agent["id"])] == ["running"]

    stack.tick(later(consolidation.LEASE_SECONDS + 60))  # the lease ran out: the run starts, under its own id
    stack.drain()
    stack.tick(later(consolidation.LEASE_SECONDS + 120))
    stack.drain()
    [done] = consolidations(api, agent["id"])
    assert done["id"] == claimed["cons_id"] and done["status"] == "done"
    runs = [t for t in threads(api, agent["id"]) if t["source"] == "consolidation"]
    assert [t["id"] for t in runs] == [claimed["thread_id"]]


def test_nightly_consolidation_runs_at_its_time_and_not_without_news(stack, api, claude: fake.FakeAnthropic):
    import time
    from datetime import datetime, timezone

    at = time.time() + 2 * 3600
    nightly = {"mode": "nightly", "at": datetime.fromtimestamp(at, timezone.utc).strftime("%H:%M")}
    agent = make_agent(api, memory_consolidation=nightly)
    claude.converse([consolidating()])
    some_work(api, stack, agent["id"])
    stack.tick(later(3600))  # activity, but not its time yet
    stack.drain()
    assert consolidations(api, agent["id"]) == []
    stack.tick(at + 60)
    stack.drain()
    [done] = consolidations(api, agent["id"])
    assert done["status"] == "done" and done["trigger"] == "nightly"
    before = threads(api, agent["id"])
    stack.tick(at + 86400 + 60)  # the next night, nothing new: no run, so no model call
    stack.drain()
    # (Its threads, not the fake model's whole log: a day's tick also runs what other
    # tests' agents on this stack have due.)
    assert len(consolidations(api, agent["id"])) == 1 and threads(api, agent["id"]) == before


def test_on_quiet_consolidation_comes_due_after_heartbeats_that_processed_events(stack, api, claude: fake.FakeAnthropic, tool_server):
    agent = api.create_agent(heartbeat_interval_seconds=60, memory_consolidation={**QUIET, "quiet_seconds": 300})
    stack.tick()  # its first heartbeat: nothing to process, not activity
    stack.drain()
    subscribe(api, register_tool(api, tool_server, "disk-watch"), "DISK_FULL", agent["id"])
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "DISK_FULL", "payload": {"volume": "/srv"}})
    claude.converse([consolidating()])
    stack.tick(later(90))  # the heartbeat processes the event: the agent's only work
    stack.drain()
    assert len(tool_server.requests_for("disk-watch")) == 1 and threads(api, agent["id"]) == []
    stack.tick(later(420))  # quiet for longer than quiet_seconds since
    stack.drain()
    [done] = consolidations(api, agent["id"])
    assert done["status"] == "done" and done["trigger"] == "on_quiet"
    task = json.dumps(next(r for r in claude.conversation_requests() if "consolidating your long-term memory" in json.dumps(r["messages"][0]))["messages"][0])
    assert "2 events processed, 1 tool runs triggered" in task and "DISK_FULL" in task, task  # its HEARTBEAT event and the disk's
    assert task.count(" heartbeat COMPLETED") == 1, task  # the first heartbeat ran no tool: not activity
