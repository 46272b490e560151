"""Coalescing: matching events with equal key values go to one started or woken run,
all of them, in order, after quiet_seconds without another, or at max_wait_seconds or
max_events; the route decisions of held events read ``coalesced``; a crash while they
are held loses none."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.test_threads_crash import WorkerFault
from tests.integration.thread_helpers import history, later, make_agent, post_event, routes, start, thread, threads
from wakeful import slots

pytestmark = pytest.mark.long(seconds=60)

DONE = [{"match": "arrived together", "turns": [{"tool_calls": [{"name": "complete_task", "input": {"summary": "handled"}}]}]}]
_SEQ = re.compile(r"\(seq (\d+),")


def held_seqs(api: Any, agent_id: str, thread_id: str) -> list[int]:
    """The seqs of the events listed in the thread's message that handed them over."""
    text = next(m["content"] for m in history(api, agent_id, thread_id) if "arrived together" in m["content"])
    return [int(s) for s in _SEQ.findall(text)]


def trigger_agent(api: Any, **coalesce: Any) -> dict[str, Any]:
    return make_agent(api, thread_triggers=[{"event_type": "PR_EVENT", "cooldown_seconds": 0, "coalesce": {"quiet_seconds": 5, **coalesce}}])


def test_coalesce_fields_on_triggers_and_waits_validate_with_defaults(stack, api):
    agent = trigger_agent(api, key="pull_request.number")
    (trigger,) = api.get(f"/agents/{agent['id']}").json()["thread_triggers"]
    assert trigger["coalesce"] == {"key": "pull_request.number", "quiet_seconds": 5, "max_wait_seconds": 50, "max_events": 50}
    from wakeful.threads import matching

    (wait,) = matching.normalize_waits([{"event_type": "X", "coalesce": {"quiet_seconds": 2}}])
    assert wait["coalesce"] == {"quiet_seconds": 2, "max_wait_seconds": 20, "max_events": 50}
    with pytest.raises(ValueError, match="quiet_seconds"):
        matching.normalize_waits([{"event_type": "X", "coalesce": {"quiet_seconds": 0}}])


@pytest.mark.parametrize(
    "coalesce",
    [
        {"quiet_seconds": 0},
        {"quiet_seconds": 3601},
        {},
        {"quiet_seconds": 10, "max_wait_seconds": 5},
        {"quiet_seconds": 10, "max_events": 0},
        {"quiet_seconds": 10, "key": "bad path!"},
        {"quiet_seconds": "10"},
        {"quiet_seconds": 10, "extra": 1},
    ],
)
def test_coalesce_invalid_values_answer_422(stack, api, coalesce):
    response = api.post("/agents", json={"name": "c", "thread_triggers": [{"event_type": "PR_EVENT", "coalesce": coalesce}]})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"]


def test_coalesced_trigger_starts_one_run_with_every_held_event_in_order(stack, api, claude: fake.FakeAnthropic):
    agent = trigger_agent(api)
    claude.converse(DONE)
    seqs = [post_event(api, agent["id"], "PR_EVENT", {"n": i}) for i in range(6)]
    stack.drain()
    assert threads(api, agent["id"]) == []  # held
    stack.tick(later(6))
    stack.drain()
    (started,) = threads(api, agent["id"])
    assert started["status"] == "complete"
    assert held_seqs(api, agent["id"], started["id"]) == seqs
    assert len(claude.conversation_requests()) == 1


def test_route_decisions_of_held_events_read_coalesced(stack, api, claude: fake.FakeAnthropic):
    agent = trigger_agent(api)
    claude.converse(DONE)
    seqs = [post_event(api, agent["id"], "PR_EVENT", {"n": i}) for i in range(3)]
    stack.drain()
    assert [(r["seq"], r["decision"], r["thread_ids"]) for r in routes(api, agent["id"])] == [(s, "coalesced", []) for s in seqs]
    stack.tick(later(6))
    stack.drain()
    (started,) = threads(api, agent["id"])
    assert [(r["decision"], r["thread_ids"]) for r in routes(api, agent["id"])] == [("coalesced", [started["id"]])] * 3


def test_coalesce_groups_by_key_value(stack, api, claude: fake.FakeAnthropic):
    agent = trigger_agent(api, key="pull_request.number")
    claude.converse(DONE)
    a = [post_event(api, agent["id"], "PR_EVENT", {"pull_request": {"number": n}}) for n in (1, 2, 1, 2, 1)]
    stack.drain()
    stack.tick(later(6))
    stack.drain()
    groups = sorted(held_seqs(api, agent["id"], t["id"]) for t in threads(api, agent["id"]))
    assert groups == [[a[0], a[2], a[4]], [a[1], a[3]]]


def test_coalesce_fires_after_quiet_seconds_without_another(stack, api, claude: fake.FakeAnthropic):
    agent = trigger_agent(api, quiet_seconds=30)
    claude.converse(DONE)
    post_event(api, agent["id"], "PR_EVENT", {"n": 1})
    stack.drain()
    stack.tick(later(20))
    stack.drain()
    assert threads(api, agent["id"]) == []  # not quiet long enough
    stack.tick(later(31))
    stack.drain()
    assert len(threads(api, agent["id"])) == 1


def test_coalesce_fires_at_max_wait_despite_a_steady_stream(stack, api, claude: fake.FakeAnthropic):
    from wakeful.agents import repository as agents
    from wakeful.flow import coalesce, holds_repository

    agent = trigger_agent(api, quiet_seconds=30, max_wait_seconds=40)
    claude.converse(DONE)
    record = agents.get(agent["id"])
    spec = coalesce.plan(record, _Event(1), "started", [], {"start": "t", "trigger": 0})[2]["hold"][0]
    seqs = [post_event(api, agent["id"], "OTHER", {"n": i}) for i in range(4)]  # not routed to the trigger
    t0 = later(0)
    for i, seq in enumerate(seqs):  # one event every 20 s: never 30 s quiet
        hold = holds_repository.add(agent["id"], spec, seq, t0 + 20 * i, 0)
        assert hold["hold_key"].startswith("open#") and float(hold["due_at"]) == min(t0 + 20 * i + 30, t0 + 40)
        if t0 + 20 * i + 20 >= t0 + 40:
            break
    assert coalesce.fire_due(t0 + 40.5, [0]) == 1
    stack.drain()
    (started,) = threads(api, agent["id"])
    assert held_seqs(api, agent["id"], started["id"]) == seqs[:2]
    assert [h["reason"] for h in _holds(agent["id"])] == ["max_wait"]


class _Event:
    def __init__(self, seq: int) -> None:
        self.seq, self.payload, self.event_type = seq, {}, "PR_EVENT"


def test_coalesce_fires_at_max_events_at_once(stack, api, claude: fake.FakeAnthropic):
    agent = trigger_agent(api, quiet_seconds=600, max_events=4)
    claude.converse(DONE)
    seqs = [post_event(api, agent["id"], "PR_EVENT", {"n": i}) for i in range(4)]
    stack.drain()  # no scan: the fourth event fires the hold
    (started,) = threads(api, agent["id"])
    assert held_seqs(api, agent["id"], started["id"]) == seqs


def test_coalesced_wait_wakes_once_with_every_held_event_in_order(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    wait = {"event_type": "BUILD_DONE", "coalesce": {"quiet_seconds": 5}}
    claude.converse(
        [
            {
                "match": "watch the builds",
                "turns": [
                    {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1d", "reason": "builds", "wake_on_events": [wait]}}]},
                    {"tool_calls": [{"name": "complete_task", "input": {"summary": "builds seen"}}]},
                ],
            }
        ]
    )
    thread_id = start(api, agent["id"], "watch the builds")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "sleeping"
    seqs = [post_event(api, agent["id"], "BUILD_DONE", {"build": i}) for i in range(5)]
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "sleeping"
    stack.tick(later(6))
    stack.drain()
    done = thread(api, agent["id"], thread_id)
    assert done["status"] == "complete" and done["wakes"] == 1
    assert held_seqs(api, agent["id"], thread_id) == seqs


def test_coalesced_events_are_counted_as_saved(stack, api, claude: fake.FakeAnthropic):
    counted: list[tuple[Any, ...]] = []
    before = slots.SAVINGS.installed()
    slots.SAVINGS.install(*before, slots.SavingsCounter("test", lambda *a: counted.append(a)))
    try:
        agent = trigger_agent(api)
        claude.converse(DONE)
        for i in range(5):
            post_event(api, agent["id"], "PR_EVENT", {"n": i})
        stack.drain()
        stack.tick(later(6))
        stack.drain()
    finally:
        slots.SAVINGS.install(*before)
    assert [(a[1], a[2], a[3]) for a in counted] == [(agent["id"], "coalesced_events", 4)]


def test_crash_while_events_are_held_loses_none(stack, api, claude: fake.FakeAnthropic):
    agent = trigger_agent(api)
    claude.converse(DONE)
    seqs = [post_event(api, agent["id"], "PR_EVENT", {"n": i}) for i in range(5)]
    stack.drain()
    # the scan that fires the hold dies right after closing it, before the run starts
    with WorkerFault(crash_at=2) as fault:
        stack.tick(later(6))
    assert fault.crashed_on is not None
    stack.drain()
    assert threads(api, agent["id"]) == []
    stack.tick(later(6 + 301))  # a later scan finds the fire that did not finish
    stack.drain()
    (started,) = threads(api, agent["id"])
    assert held_seqs(api, agent["id"], started["id"]) == seqs


def test_cancel_never_waits_behind_a_hold_and_the_held_event_stays_in_the_log(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    wait = {"event_type": "BUILD_DONE", "coalesce": {"quiet_seconds": 600}}
    claude.converse([{"match": "watch", "turns": [{"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1d", "reason": "b", "wake_on_events": [wait]}}]}]}])
    thread_id = start(api, agent["id"], "watch")
    stack.drain()
    post_event(api, agent["id"], "BUILD_DONE", {"build": 1})
    stack.drain()
    response = api.post(f"/agents/{agent['id']}/threads/{thread_id}/cancel")
    assert response.status_code in (200, 202), response.text
    assert thread(api, agent["id"], thread_id)["status"] == "complete"
    stack.tick(later(601))
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "complete"  # the held event stays in the log


def _holds(agent_id: str) -> list[dict[str, Any]]:
    from wakeful import ddb

    return list(ddb.query("flow_holds", KeyConditionExpression="agent_id = :a", ExpressionAttributeValues={":a": agent_id}))
