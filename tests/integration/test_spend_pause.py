"""What a spend pause does to each kind of work, through the real handlers against moto
(the model: the real anthropic SDK against the fake Messages API): threads started,
woken or resumed meanwhile wait, active, and run after the resume or at the pause's end;
heartbeats keep their window; nothing fails for having waited."""

from __future__ import annotations

import time
from typing import Any, Iterator

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.spine_helpers import events, heartbeats, register_tool, subscribe
from tests.integration.test_quiet_heartbeats import _later, _settled_agent
from tests.integration.test_spend_guard import one_turn, paused_agent
from tests.integration.thread_helpers import history, make_agent, start, thread
from wakeful import slots
from wakeful.spend import records, repository, service

pytestmark = pytest.mark.long(seconds=60)


def pause_agent(agent_id: str, seconds: float | None = None) -> None:
    """Pause an agent as reaching its daily limit does (until the UTC day's end), or
    for ``seconds`` only (a pause whose period ends while the test runs)."""
    now = time.time()
    scope = service.Scope(records.agent_scope(agent_id), records.Budget(daily_usd=5))
    if seconds is None:
        assert service.pause(scope, ["daily_usd"], now)
        return
    assert repository.put_pause(scope.key, {"pause_id": f"pause-{now}", "limit": "daily_usd", "period": records.periods(now)["day"], "until": now + seconds, "since": now, "reason": "budget exceeded"}, now)


def resume(api: Any, agent_id: str) -> None:
    response = api.post(f"/agents/{agent_id}/spend/resume", json={"extend_usd": 5})
    assert response.status_code == 200, response.text


def test_thread_started_while_paused_waits_active_and_runs_after_resume(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent, _ = paused_agent(stack, api, claude)
    calls = len(claude.conversation_requests())
    claude.converse(one_turn("later"))
    waiting = start(api, agent["id"], "again")
    stack.drain()
    view = thread(api, agent["id"], waiting)
    assert (view["status"], view["error_message"]) == ("active", None)
    assert len(claude.conversation_requests()) == calls
    resume(api, agent["id"])
    stack.drain()
    assert thread(api, agent["id"], waiting)["status"] == "complete"
    assert len(claude.conversation_requests()) == calls + 1


def test_thread_woken_while_paused_waits_and_runs_at_the_pauses_end(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = make_agent(api, budget={"daily_usd": 5})
    nap = {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1h", "reason": "later"}}]}
    claude.converse([{"match": "", "turns": [nap, [{"when": "how is it going", "text": "Fine."}]]}])
    thread_id = start(api, agent["id"], "nap")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "sleeping"
    pause_agent(agent["id"], seconds=3)
    calls = len(claude.conversation_requests())
    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/messages", json={"message": "how is it going"}).status_code == 202
    stack.drain()
    assert (thread(api, agent["id"], thread_id)["status"], len(claude.conversation_requests())) == ("active", calls)
    time.sleep(3.5)
    stack.tick()
    stack.drain()
    assert history(api, agent["id"], thread_id)[-1]["content"] == "Fine."
    assert thread(api, agent["id"], thread_id)["error_message"] is None


@pytest.fixture()
def held() -> Iterator[set[str]]:
    """Agents an installed admitter keeps waiting a minute at a time, however often they
    ask (a pause that goes on past each of its ends)."""
    keep: set[str] = set()
    before = slots.ADMISSION.installed()
    slots.ADMISSION.install(*before, slots.Admitter("test-hold", lambda owner, agent_id, now: slots.Wait(time.time() + 60, "budget exceeded") if agent_id in keep else None))
    yield keep
    slots.ADMISSION.install(*before)


def test_a_waiting_run_is_not_an_attempt_and_waits_again_while_still_paused(stack: Any, api: Any, claude: fake.FakeAnthropic, held: set[str]) -> None:  # noqa: F811
    agent = make_agent(api)
    held.add(agent["id"])
    claude.converse(one_turn())
    thread_id = start(api, agent["id"], "go")
    stack.drain()
    for n in range(1, 5):  # more ticks than thread_max_attempts allows for a stalled step
        stack.tick(time.time() + 120 * n)
        stack.drain()
    view = thread(api, agent["id"], thread_id)
    assert (view["status"], view["error_message"]) == ("active", None)
    assert claude.conversation_requests() == []
    held.clear()
    stack.tick(time.time() + 3600)
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "complete"


def test_thread_resumed_after_approval_while_paused_waits_and_runs_after_resume(stack: Any, api: Any, claude: fake.FakeAnthropic, tool_server: Any) -> None:  # noqa: F811
    from tests.integration.thread_helpers import http_tool

    agent = make_agent(api, budget={"daily_usd": 5})
    tool = http_tool(api, tool_server, "restart", requires_approval=True)
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": tool, "input": {}}]}, {"text": "restarted", "tool_calls": [{"name": "complete_task", "input": {"summary": "restarted"}}]}]}])
    thread_id = start(api, agent["id"], "restart it")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval"
    pause_agent(agent["id"])
    calls = len(claude.conversation_requests())
    (pending,) = api.get(f"/agents/{agent['id']}/threads/{thread_id}/approvals").json()["items"]
    approved = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/{pending['tool_call_id']}", json={"decision": "approve"})
    assert approved.status_code == 200, approved.text
    stack.drain()
    view = thread(api, agent["id"], thread_id)
    assert (view["status"], view["error_message"], len(claude.conversation_requests())) == ("active", None, calls)
    resume(api, agent["id"])
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "complete"


def test_paused_heartbeat_keeps_its_window_for_after_resume(stack: Any, api: Any, tool_server: Any) -> None:
    agent = _settled_agent(stack, api, budget={"daily_usd": 5})
    subscribe(api, register_tool(api, tool_server, "paused-work"), "WORK", agent["id"])
    processed = api.get(f"/agents/{agent['id']}").json()["processed_seq"]
    pause_agent(agent["id"])
    for n in range(2):
        assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "WORK", "payload": {"n": n}}).status_code in (200, 201, 202)
    result = stack.tick(_later(1))
    stack.drain()
    assert result["waiting"] == 1 and result["claimed"] == 0
    pending = heartbeats(api, agent["id"])[0]
    assert pending["status"] == "PENDING"
    logged = events(api, agent["id"])
    assert [e["event_type"] for e in logged].count("HEARTBEAT") == 1  # only the first, settled one
    assert api.get(f"/agents/{agent['id']}").json()["processed_seq"] == processed
    assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "WORK", "payload": {"n": 2}}).status_code in (200, 201, 202)
    resume(api, agent["id"])
    stack.tick()
    stack.drain()
    ran = heartbeats(api, agent["id"])[1]
    assert ran["status"] == "COMPLETED" and ran["actions_triggered"] == 3  # every event since, none lost


def test_a_refusal_at_a_runs_first_model_call_waits_like_a_start_while_paused(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    from wakeful.interceptors import registry
    from wakeful.interceptors.decisions import Continue

    agent = make_agent(api, budget={"daily_usd": 5})
    paused: list[bool] = []

    def pause_once(event: dict[str, Any]) -> Any:
        if not paused:  # the pause begins after the run started, before its first model call
            pause_agent(agent["id"])
            paused.append(True)
        return Continue(event)

    registry.register(pause_once, agent_id=agent["id"])
    try:
        claude.converse(one_turn())
        thread_id = start(api, agent["id"], "go")
        stack.drain()
        view = thread(api, agent["id"], thread_id)
        assert paused and (view["status"], view["error_message"]) == ("active", None)
        assert claude.conversation_requests() == []
        resume(api, agent["id"])
        stack.drain()
        assert thread(api, agent["id"], thread_id)["status"] == "complete"
    finally:
        registry.unregister(agent_id=agent["id"])


def test_a_heartbeat_claimed_just_before_the_pause_goes_back_to_wait_with_its_window(stack: Any, api: Any, tool_server: Any) -> None:
    agent = _settled_agent(stack, api, budget={"daily_usd": 5})
    subscribe(api, register_tool(api, tool_server, "claimed-work"), "WORK", agent["id"])
    processed = api.get(f"/agents/{agent['id']}").json()["processed_seq"]
    assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "WORK", "payload": {}}).status_code in (200, 201, 202)
    assert stack.tick(_later(1))["claimed"] == 1  # queued, not yet started
    pause_agent(agent["id"])
    stack.drain()
    pending = heartbeats(api, agent["id"])[0]
    assert pending["status"] == "PENDING" and api.get(f"/agents/{agent['id']}").json()["processed_seq"] == processed
    resume(api, agent["id"])
    stack.tick()
    stack.drain()
    ran = heartbeats(api, agent["id"])[1]
    assert ran["status"] == "COMPLETED" and ran["actions_triggered"] == 1
