"""Threads under control: interception decisions at every step, approvals, limits that
end threads with a reason, and model answers that are not valid tool use."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.support.hook_receiver import create_hook
from tests.integration.thread_helpers import history, http_tool, later, make_agent, start, thread, tool_calls
from wakeful.interceptors import registry
from wakeful.interceptors.decisions import Continue, Deny, RequireApproval, Respond

pytestmark = pytest.mark.long(seconds=45)


@pytest.fixture()
def intercept() -> Iterator[Any]:
    """Register an in-process interceptor for an agent; unregistered afterwards."""
    registered: list[str] = []

    def register(agent_id: str, interceptor: Any) -> list[dict[str, Any]]:
        seen: list[dict[str, Any]] = []

        def recording(event: dict[str, Any]) -> Any:
            seen.append(event)
            return interceptor(event)

        registry.register(recording, agent_id=agent_id)
        registered.append(agent_id)
        return seen

    yield register
    for agent_id in registered:
        registry.unregister(agent_id=agent_id)


def one_tool_then_done(tool: str, args: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    return [
        {
            "match": "",
            "turns": [
                {"tool_calls": [{"name": tool, "input": args or {"server": "mc"}}]},
                {"tool_calls": [{"name": "complete_task", "input": {"summary": "done"}}]},
            ],
        }
    ]


# -- interception ------------------------------------------------------------------------


def test_every_step_is_intercepted_with_stable_event_ids(stack, api, tool_server, claude: fake.FakeAnthropic, intercept):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))
    seen = intercept(agent["id"], lambda event: None)
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()
    kinds = [(e["type"], e["created_by"]) for e in seen]
    assert kinds == [("message", "user"), ("message", "agent"), ("tool_call", "agent"), ("message", "tool"), ("message", "agent"), ("tool_call", "agent")]
    assert seen[2]["tool_calls"] == [{"id": "toolu_s000_0", "name": tool, "arguments": {"server": "mc"}}]
    assert seen[2]["id"] == f"{thread_id}:tool_call:2" and seen[0]["thread_id"] == thread_id


def test_continue_with_changed_content_and_arguments_is_what_runs(stack, api, tool_server, claude: fake.FakeAnthropic, intercept):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))

    def mutate(event: dict[str, Any]) -> Any:
        if event["type"] == "message" and event["created_by"] == "user":
            return Continue({**event, "message": {**event["message"], "content": "stop the atm-10 server"}})
        if event["type"] == "tool_call" and event["tool_calls"][0]["name"] == tool:
            return Continue({**event, "tool_calls": [{**event["tool_calls"][0], "arguments": {"server": "atm-10"}}]})
        return None

    intercept(agent["id"], mutate)
    thread_id = start(api, agent["id"], "stop the mc server")
    stack.drain()
    assert tool_server.requests_for("stop")[0]["tool_call"]["arguments"] == {"server": "atm-10"}
    assert "stop the atm-10 server" in json.dumps(claude.conversation_requests()[0]["messages"])
    messages = history(api, agent["id"], thread_id)
    assert messages[0]["content"] == "stop the atm-10 server"
    assert messages[1]["tool_calls"][0]["arguments"] == {"server": "atm-10"}


def test_a_change_beyond_content_or_arguments_is_refused_and_fails_closed(stack, api, tool_server, claude: fake.FakeAnthropic, intercept):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))
    intercept(agent["id"], lambda e: Continue({**e, "tool_calls": [{**e["tool_calls"][0], "name": "complete_task"}]}) if e["type"] == "tool_call" and e["tool_calls"][0]["name"] == tool else None)
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()
    # An in-process interceptor that breaks the rules has not approved the call: it is
    # denied (neither the renamed nor the original tool runs) and the model reads why.
    assert tool_server.requests_for("stop") == []
    result = next(m for m in history(api, agent["id"], thread_id) if m["role"] == "tool")
    assert result["is_error"] and "tool_calls[0].name" in result["content"]
    assert thread(api, agent["id"], thread_id)["summary"] == "done"


def test_respond_on_a_user_message_skips_the_model_and_answers_instead(stack, api, claude: fake.FakeAnthropic, intercept):
    agent = make_agent(api)
    claude.converse(one_tool_then_done("complete_task", {"summary": "never"}))
    intercept(agent["id"], lambda e: Respond("We are closed today.") if e["type"] == "message" and e["created_by"] == "user" else None)
    thread_id = start(api, agent["id"], "hello")
    stack.drain()
    assert claude.conversation_requests() == []
    messages = history(api, agent["id"], thread_id)
    assert [(m["role"], m["created_by"], m["content"]) for m in messages] == [("user", "user", "hello"), ("assistant", "agent", "We are closed today.")]
    assert thread(api, agent["id"], thread_id)["status"] == "sleeping"  # answered; waits for the user


def test_respond_as_system_is_processed_by_the_model(stack, api, claude: fake.FakeAnthropic, intercept):
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "Understood."}]}])
    intercept(agent["id"], lambda e: Respond("Policy: answer briefly.", sender_type="system") if e["type"] == "message" and e["created_by"] == "user" else None)
    thread_id = start(api, agent["id"], "hello")
    stack.drain()
    assert "[system] Policy: answer briefly." in json.dumps(claude.conversation_requests()[0]["messages"])
    assert [m["created_by"] for m in history(api, agent["id"], thread_id)] == ["user", "system", "agent"]


def test_deny_runs_no_tool_and_the_model_reads_the_reason(stack, api, tool_server, claude: fake.FakeAnthropic, intercept):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))
    intercept(agent["id"], lambda e: Deny("stopping servers is frozen") if e["type"] == "tool_call" and e["tool_calls"][0]["name"] == tool else None)
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()
    assert tool_server.requests_for("stop") == []
    result = next(m for m in history(api, agent["id"], thread_id) if m["role"] == "tool")
    assert result["is_error"] and "stopping servers is frozen" in result["content"]
    assert "stopping servers is frozen" in json.dumps(claude.conversation_requests()[1]["messages"])
    assert thread(api, agent["id"], thread_id)["status"] == "complete"


def test_respond_immediately_on_tool_calls_runs_no_tool(stack, api, tool_server, claude: fake.FakeAnthropic, intercept):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))
    intercept(agent["id"], lambda e: Respond("Not now.", sender_type="system") if e["type"] == "tool_call" and e["tool_calls"][0]["name"] == tool else None)
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()
    assert tool_server.requests_for("stop") == []
    second = claude.conversation_requests()[1]["messages"]
    assert '"tool_use_id": "toolu_s000_0"' in json.dumps(second) and "[system] Not now." in json.dumps(second)
    assert thread(api, agent["id"], thread_id)["status"] == "complete"


def test_respond_after_tool_results_persists_them_and_enqueues_the_message_instead(stack, api, tool_server, claude: fake.FakeAnthropic, intercept):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))
    seen = intercept(agent["id"], lambda e: Respond("Stopped; nothing else to do.", enqueue_after="tool_results") if e["type"] == "tool_call" and e["tool_calls"][0]["name"] == tool else None)
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()
    assert len(tool_server.requests_for("stop")) == 1
    messages = history(api, agent["id"], thread_id)
    assert [(m["role"], m["created_by"]) for m in messages] == [("user", "user"), ("assistant", "agent"), ("tool", "tool"), ("assistant", "agent")]
    assert messages[-1]["content"] == "Stopped; nothing else to do."
    assert ("message", "tool") not in [(e["type"], e["created_by"]) for e in seen]  # the results were not enqueued
    assert len(claude.conversation_requests()) == 1


def test_require_approval_from_the_interceptor_parks_the_thread(stack, api, tool_server, claude: fake.FakeAnthropic, intercept):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))
    intercept(agent["id"], lambda e: RequireApproval(tuple(c["id"] for c in e["tool_calls"])) if e["type"] == "tool_call" and e["tool_calls"][0]["name"] == tool else None)
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval"
    assert tool_server.requests_for("stop") == []
    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/toolu_s000_0", json={"decision": "approve"}).status_code == 200
    stack.drain()
    assert len(tool_server.requests_for("stop")) == 1
    assert thread(api, agent["id"], thread_id)["status"] == "complete"


# -- approvals ---------------------------------------------------------------------------


def test_a_requires_approval_tool_waits_for_approval_then_runs(stack, api, tool_server, claude: fake.FakeAnthropic, receiver):
    agent = make_agent(api)
    create_hook(api, agent["id"], "APPROVAL_REQUESTED", receiver.url("approvals"))
    tool = http_tool(api, tool_server, "stop", requires_approval=True, input_schema={"type": "object", "properties": {"server": {"type": "string"}}})
    listed = {t["name"]: t for t in api.get("/tools").json()["items"]}
    assert listed[tool]["requires_approval"] is True and listed[tool]["input_schema"]["properties"] == {"server": {"type": "string"}}
    claude.converse(one_tool_then_done(tool))
    thread_id = start(api, agent["id"], "stop mc")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval"
    pending = api.get(f"/agents/{agent['id']}/threads/{thread_id}/approvals").json()["items"]
    assert [(p["tool_call_id"], p["tool"], p["arguments"]) for p in pending] == [("toolu_s000_0", tool, {"server": "mc"})]
    (delivery,) = receiver.wait_for("approvals", 1)
    assert delivery.json["data"]["tool"] == tool and delivery.json["data"]["tool_call_id"] == "toolu_s000_0"
    assert tool_server.requests_for("stop") == []
    answer = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/toolu_s000_0", json={"decision": "approve", "note": "ok"})
    assert answer.status_code == 200, answer.text
    stack.drain()
    assert len(tool_server.requests_for("stop")) == 1
    assert thread(api, agent["id"], thread_id)["status"] == "complete"
    again = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/toolu_s000_0", json={"decision": "approve"})
    assert again.status_code == 404


def test_a_denied_call_returns_an_error_result_with_the_note(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop", requires_approval=True)
    claude.converse(one_tool_then_done(tool))
    thread_id = start(api, agent["id"], "stop mc")
    stack.drain()
    answer = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/toolu_s000_0", json={"decision": "deny", "note": "players are on"})
    assert answer.status_code == 200, answer.text
    stack.drain()
    assert tool_server.requests_for("stop") == []
    result = next(m for m in history(api, agent["id"], thread_id) if m["role"] == "tool")
    assert result["is_error"] and "players are on" in result["content"]


def test_the_model_reads_who_approved_the_call_and_the_note_after_its_result(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop", requires_approval=True)
    claude.converse(one_tool_then_done(tool))
    thread_id = start(api, agent["id"], "stop mc")
    stack.drain()
    answer = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/toolu_s000_0", json={"decision": "approve", "note": "players are off"})
    assert answer.status_code == 200, answer.text
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "complete"
    last = claude.conversation_requests()[1]["messages"][-1]
    assert last["role"] == "user"
    kinds = [b["type"] for b in last["content"]]
    assert kinds[0] == "tool_result" and last["content"][0]["tool_use_id"] == "toolu_s000_0"
    assert last["content"][1] == {
        "type": "text",
        "text": f"[system] Approval: your call of {tool} (toolu_s000_0) was approved by {api.owner}. Note: players are off",
        "cache_control": {"type": "ephemeral"},
    }
    # The per-call context still comes last, after the breakpoint on the history.
    assert last["content"][-1]["text"].startswith("## Current context") and "cache_control" not in last["content"][-1]


@pytest.mark.parametrize(("decision", "answer"), [("approve", "Restarted."), ("deny", "Left it alone.")])
def test_a_script_rule_can_answer_a_persons_approval_or_denial(stack, api, tool_server, claude: fake.FakeAnthropic, decision, answer):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "restart", requires_approval=True)
    claude.converse({"rules": [
        {"when": "restart nginx", "then": [{"tool": tool, "input": {"service": "nginx"}}, {"text": "nginx restarted."}]},
        {"when": "approved", "then": [{"text": "Restarted."}]},
        {"when": "denied", "then": [{"text": "Left it alone."}]},
    ]})  # fmt: skip
    thread_id = start(api, agent["id"], "Restart nginx")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval"
    decided = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/toolu_r000_0", json={"decision": decision})
    assert decided.status_code == 200, decided.text
    stack.drain()
    assert [m["content"] for m in history(api, agent["id"], thread_id) if m["role"] == "assistant"][-1] == answer
    assert len(tool_server.requests_for("restart")) == (1 if decision == "approve" else 0)


def test_approval_input_is_validated(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "hi"}]}])
    thread_id = start(api, agent["id"], "hello")
    stack.drain()
    bad = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/x", json={"decision": "maybe"})
    assert bad.status_code in (400, 422) and "error" in bad.json()
    none = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/x", json={"decision": "approve"})
    assert none.status_code == 404


# -- limits ------------------------------------------------------------------------------


def test_max_llm_calls_per_run_ends_the_thread_with_the_reason(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, max_llm_calls_per_run=3)
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": "get_context", "input": {"key": "k"}}]}] * 10}])
    thread_id = start(api, agent["id"], "loop")
    stack.drain()
    ended = thread(api, agent["id"], thread_id)
    assert ended["status"] == "failed" and "max_llm_calls_per_run (3)" in ended["error_message"]
    assert len(claude.conversation_requests()) == 3


def test_max_wakes_ends_the_thread_with_the_reason(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, max_wakes_per_thread=1)
    sleep = {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1m", "reason": "again"}}]}
    claude.converse([{"match": "", "turns": [sleep, sleep, sleep]}])
    thread_id = start(api, agent["id"], "nap")
    stack.drain()
    stack.tick(later(61))
    stack.drain()
    assert thread(api, agent["id"], thread_id)["wakes"] == 1
    stack.tick(later(130))
    stack.drain()
    ended = thread(api, agent["id"], thread_id)
    assert ended["status"] == "failed" and "max_wakes_per_thread (1)" in ended["error_message"]


def test_a_thread_sleeping_past_its_expiry_ends_expired_with_the_reason(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, thread_expiry_seconds=120)
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1d", "reason": "much later"}}]}]}])
    thread_id = start(api, agent["id"], "nap")
    stack.drain()
    stack.tick(later(125))
    stack.drain()
    ended = thread(api, agent["id"], thread_id)
    assert ended["status"] == "expired" and "thread_expiry_seconds (120 s)" in ended["error_message"]


def test_a_bad_schedule_wake_is_an_error_result_the_model_can_correct(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse(
        [{"match": "", "turns": [{"tool_calls": [{"name": "schedule_wake", "input": {"delay": "soon", "reason": "x"}}]}, {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "90s", "reason": "x"}}]}]}]
    )
    thread_id = start(api, agent["id"], "nap")
    stack.drain()
    messages = history(api, agent["id"], thread_id)
    assert messages[2]["is_error"] and "not a number followed by s, m, h or d" in messages[2]["content"]
    assert thread(api, agent["id"], thread_id)["status"] == "sleeping"


# -- malformed model output ---------------------------------------------------------------


@pytest.mark.parametrize(
    "reply, reason",
    [
        (fake.Reply(content=[{"type": "tool_use", "id": "toolu_x", "name": "rm_rf", "input": {}}]), "'rm_rf', which is not one of its tools"),
        (fake.Reply(content=[{"type": "tool_use", "id": "toolu_x", "name": "complete_task", "input": "done"}]), "not a JSON object"),
        (fake.Reply(content=[{"type": "text", "text": "  "}]), "neither text nor a tool call"),
    ],
)
def test_a_model_answer_that_is_not_valid_tool_use_fails_the_run_with_a_message(stack, api, claude: fake.FakeAnthropic, reply, reason):
    agent = make_agent(api)
    claude.push(reply)
    thread_id = start(api, agent["id"], "do something")
    stack.drain()  # the worker is fine: every queue drains
    ended = thread(api, agent["id"], thread_id)
    assert ended["status"] == "failed" and reason in ended["error_message"], ended["error_message"]


def test_cancel_ends_a_sleeping_thread_as_complete_cancelled(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1h", "reason": "x", "wake_on_events": ["X"]}}]}]}])
    thread_id = start(api, agent["id"], "nap")
    stack.drain()
    response = api.post(f"/agents/{agent['id']}/threads/{thread_id}/cancel")
    assert response.status_code == 200 and response.json()["status"] == "complete" and response.json()["summary"] == "cancelled"
    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/cancel").status_code == 409
    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/messages", json={"message": "hi"}).status_code == 409


def test_a_user_message_wakes_a_sleeping_thread_and_wake_runs_it_now(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    nap = {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1h", "reason": "later"}}]}
    claude.converse([{"match": "", "turns": [nap, [{"when": "how is it going", "text": "Fine."}], nap, [{"when": "woken on request", "text": "Up."}]]}])
    thread_id = start(api, agent["id"], "nap")
    stack.drain()
    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/messages", json={"message": "how is it going"}).status_code == 202
    stack.drain()
    assert history(api, agent["id"], thread_id)[-1]["content"] == "Fine."
    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/messages", json={"message": "nap again"}).status_code == 202
    stack.drain()
    assert thread(api, agent["id"], thread_id)["wake_reason"] == "later"
    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/wake").status_code == 202
    stack.drain()
    assert history(api, agent["id"], thread_id)[-1]["content"] == "Up."
    assert tool_calls(history(api, agent["id"], thread_id)).count("schedule_wake") == 2
