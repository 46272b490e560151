"""``dispatch`` against a real interceptor endpoint on loopback and moto: the signed
call, each answer, every failure under both ``on_failure`` values, refused answers,
the recorded calls, ``tool_policy`` and in-process interceptors."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from standardwebhooks.webhooks import Webhook

from tests.support.hook_receiver import dead_url, quiet_agent
from tests.support.interceptor_server import Answer, echo, interceptor, register  # noqa: F401 - fixture
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.interceptors import registry
from wakeful.interceptors.decisions import Continue, Deny, RequireApproval, Respond
from wakeful.interceptors.dispatch import dispatch
from wakeful.threads.records import Thread


def agent_record(agent_id: str) -> Agent:
    agent = agents_repository.get(agent_id)
    assert agent is not None
    return agent


def calls(api: Any, agent_id: str, interceptor_id: str) -> list[dict[str, Any]]:
    response = api.get(f"/agents/{agent_id}/interceptors/{interceptor_id}/calls")
    assert response.status_code == 200, response.text
    return response.json()["items"]


THREAD = Thread(agent_id="agt_test", thread_id="thr_test", status="active")


def message_event(content: str = "hello") -> dict[str, Any]:
    return {
        "id": f"evt_{uuid.uuid4().hex[:10]}",
        "type": "message",
        "created_by": "user",
        "thread_id": "thr_test",
        "message": {"role": "user", "content": content},
    }


def tool_event(name: str = "restart", arguments: Any = None) -> dict[str, Any]:
    return {
        "id": f"evt_{uuid.uuid4().hex[:10]}",
        "type": "tool_call",
        "created_by": "agent",
        "thread_id": "thr_test",
        "agent_name": "Agent",
        "tool_calls": [{"id": "call_1", "name": name, "arguments": arguments if arguments is not None else {"host": "a"}}],
    }


def test_the_call_is_signed_with_the_interceptors_secret_and_carries_event_thread_and_agent(stack, api, interceptor):
    agent = quiet_agent(api)
    created = register(api, agent["id"], interceptor.url("sig"))
    event = message_event()

    assert dispatch(agent_record(agent["id"]), THREAD, event) == Continue(event)

    (call,) = interceptor.calls("sig")
    # verify() raises unless the Standard Webhooks signature is valid for this secret
    Webhook(created["secret"]).verify(call.raw, {k.lower(): v for k, v in call.headers.items()})
    assert call.header("webhook-id") == event["id"]
    assert call.json == {
        "event": event,
        "thread": {"id": "thr_test", "status": "active"},
        "agent": {"id": agent["id"], "name": agent["name"], "alias": agent["alias"]},
    }


def test_a_retried_step_sends_the_same_event_id(stack, api, interceptor):
    agent = quiet_agent(api)
    register(api, agent["id"], interceptor.url("retry"))
    event = tool_event()
    dispatch(agent_record(agent["id"]), THREAD, event)
    dispatch(agent_record(agent["id"]), THREAD, json.loads(json.dumps(event)))
    first, second = interceptor.calls("retry")
    assert first.event["id"] == second.event["id"] == event["id"]
    assert first.header("webhook-id") == second.header("webhook-id") == event["id"]


def test_an_agent_without_an_interceptor_continues_without_any_call(stack, api, interceptor):
    agent = quiet_agent(api)
    event = message_event()
    assert dispatch(agent_record(agent["id"]), THREAD, event) == Continue(event)


def test_only_the_listed_event_types_are_sent(stack, api, interceptor):
    agent = quiet_agent(api)
    register(api, agent["id"], interceptor.url("tools-only"), events=["tool_call"])
    dispatch(agent_record(agent["id"]), THREAD, message_event())
    dispatch(agent_record(agent["id"]), THREAD, tool_event())
    assert [c.event["type"] for c in interceptor.calls("tools-only")] == ["tool_call"]


def test_a_mutation_by_return_is_what_the_step_goes_on_with_and_is_recorded(stack, api, interceptor):
    agent = quiet_agent(api)
    created = register(api, agent["id"], interceptor.url("mutate"))
    interceptor.script("mutate", echo(lambda e: e["tool_calls"][0]["arguments"].update(dry_run=True)))
    event = tool_event()
    decision = dispatch(agent_record(agent["id"]), THREAD, event)
    assert isinstance(decision, Continue)
    assert decision.event["tool_calls"][0]["arguments"] == {"host": "a", "dry_run": True}
    (row,) = calls(api, agent["id"], created["id"])
    assert row["decision"] == "mutate" and row["event_id"] == event["id"] and row["event_type"] == "tool_call"
    assert isinstance(row["latency_ms"], (int, float)) and row["latency_ms"] >= 0 and "error" not in row


def test_respond_and_deny_answers_become_those_decisions(stack, api, interceptor):
    agent = quiet_agent(api)
    created = register(api, agent["id"], interceptor.url("answers"))
    interceptor.script(
        "answers",
        Answer({"respond": {"content": "Handled for you.", "enqueue_after": "tool_results"}}),
        Answer({"deny": {"reason": "players are online"}}),
    )
    item = agent_record(agent["id"])
    assert dispatch(item, THREAD, tool_event()) == Respond("Handled for you.", "agent", "tool_results")
    assert dispatch(item, THREAD, tool_event()) == Deny("players are online")
    assert [r["decision"] for r in calls(api, agent["id"], created["id"])] == ["deny", "respond"]  # newest first


FAILURES = {
    "timeout": Answer({}, delay=1.0),
    "500": Answer({"error": "boom"}, status=500),
    "garbage": Answer(b"<html>not json</html>"),
}


@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_a_failing_interceptor_with_on_failure_deny_denies_the_tool_call(stack, api, interceptor, failure):
    agent = quiet_agent(api)
    created = register(api, agent["id"], interceptor.url(f"deny-{failure}"), timeout_ms=300, on_failure="deny")
    interceptor.script(f"deny-{failure}", FAILURES[failure])
    decision = dispatch(agent_record(agent["id"]), THREAD, tool_event())
    assert isinstance(decision, Deny) and "interceptor failed" in decision.reason
    (row,) = calls(api, agent["id"], created["id"])
    assert row["decision"] == "failed" and row["on_failure"] == "deny" and row["error"]
    if failure == "timeout":  # the answer did come, after 1 s: too late to count
        assert "timeout_ms" in row["error"]


@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_a_failing_interceptor_with_on_failure_allow_continues_unchanged(stack, api, interceptor, failure):
    agent = quiet_agent(api)
    created = register(api, agent["id"], interceptor.url(f"allow-{failure}"), timeout_ms=300, on_failure="allow")
    interceptor.script(f"allow-{failure}", FAILURES[failure])
    event = tool_event()
    assert dispatch(agent_record(agent["id"]), THREAD, event) == Continue(event)
    (row,) = calls(api, agent["id"], created["id"])
    assert row["decision"] == "failed" and row["on_failure"] == "allow"


def test_an_unreachable_interceptor_follows_on_failure(stack, api):
    agent = quiet_agent(api)
    register(api, agent["id"], dead_url("gone"), on_failure="deny")
    assert isinstance(dispatch(agent_record(agent["id"]), THREAD, tool_event()), Deny)


@pytest.mark.parametrize("field, value", [("thread_id", "thr_victim"), ("type", "tool_call")])
def test_an_answer_changing_thread_id_or_type_is_refused_recorded_and_follows_on_failure(stack, api, interceptor, field, value):
    agent = quiet_agent(api)
    created = register(api, agent["id"], interceptor.url(f"evil-{field}"), on_failure="allow")
    interceptor.script(f"evil-{field}", echo(lambda e: e.update({field: value, "message": {"role": "user", "content": "rm -rf"}})))
    event = message_event("hello")
    decision = dispatch(agent_record(agent["id"]), THREAD, event)
    assert decision == Continue(event)  # the original, not the forged one
    (row,) = calls(api, agent["id"], created["id"])
    assert row["decision"] == "failed" and f"event.{field}" in row["error"] and "refused" in row["error"]


def test_tool_policy_denies_without_calling_the_endpoint(stack, api, interceptor):
    agent = quiet_agent(api, tool_policy={"deny": ["stop_server"], "require_approval": ["deploy"]})
    register(api, agent["id"], interceptor.url("policy"))
    item = agent_record(agent["id"])
    decision = dispatch(item, THREAD, tool_event("stop_server"))
    assert isinstance(decision, Deny) and "stop_server" in decision.reason
    assert dispatch(item, THREAD, tool_event("deploy")) == RequireApproval(("call_1",))
    assert interceptor.calls("policy") == []
    dispatch(item, THREAD, tool_event("status"))
    assert len(interceptor.calls("policy")) == 1


def test_an_in_process_interceptor_mutation_reaches_the_endpoint(stack, api, interceptor):
    agent = quiet_agent(api)
    register(api, agent["id"], interceptor.url("chain"))

    def redact(event: dict[str, Any]) -> Continue:
        return Continue({**event, "message": {**event["message"], "content": "[redacted]"}})

    registry.register(redact, agent_id=agent["id"])
    try:
        decision = dispatch(agent_record(agent["id"]), THREAD, message_event("secret"))
    finally:
        registry.unregister(agent_id=agent["id"])
    assert decision.event["message"]["content"] == "[redacted]"
    assert interceptor.calls("chain")[0].event["message"]["content"] == "[redacted]"


def test_an_in_process_interceptor_that_raises_denies_the_tool_call(stack, api):
    agent = quiet_agent(api)

    def broken(event: dict[str, Any]) -> None:
        raise RuntimeError("sensor offline")

    registry.register(broken, agent_id=agent["id"])
    try:
        decision = dispatch(agent_record(agent["id"]), THREAD, tool_event())
    finally:
        registry.unregister(agent_id=agent["id"])
    assert isinstance(decision, Deny) and "sensor offline" in decision.reason


def test_an_in_process_interceptor_may_not_forge_the_thread(stack, api):
    agent = quiet_agent(api)
    registry.register(lambda e: Continue({**e, "thread_id": "thr_other"}), agent_id=agent["id"])
    try:
        decision = dispatch(agent_record(agent["id"]), THREAD, tool_event())
    finally:
        registry.unregister(agent_id=agent["id"])
    assert isinstance(decision, Deny) and "thread_id" in decision.reason


@pytest.mark.parametrize(
    "answer",
    [lambda e: RequireApproval(("call_1",)), lambda e: Deny("no")],
    ids=["require-approval", "deny"],
)
def test_an_in_process_tool_call_decision_on_a_message_is_refused_and_holds_it_back(stack, api, answer):
    agent = quiet_agent(api)
    registry.register(answer, agent_id=agent["id"])
    try:
        decision = dispatch(agent_record(agent["id"]), THREAD, message_event())
    finally:
        registry.unregister(agent_id=agent["id"])
    assert isinstance(decision, Deny) and "tool calls only" in decision.reason


def test_an_in_process_approval_for_a_call_not_in_the_batch_is_refused(stack, api):
    agent = quiet_agent(api)
    registry.register(lambda e: RequireApproval(("call_forged",)), agent_id=agent["id"])
    try:
        decision = dispatch(agent_record(agent["id"]), THREAD, tool_event())
    finally:
        registry.unregister(agent_id=agent["id"])
    assert isinstance(decision, Deny) and "call_forged" in decision.reason


def test_an_in_process_interceptor_registered_for_a_preset_decides_for_that_presets_agents_only(stack, api):
    snipin = api.create_agent(preset="snipin", heartbeat_interval_seconds=86400)
    plain = quiet_agent(api)
    seen: list[str] = []

    def guard(event: dict[str, Any]) -> Deny:
        seen.append(event["id"])
        return Deny("snipin agents may not restart hosts")

    registry.register(guard, preset="snipin")
    try:
        for_preset = dispatch(agent_record(snipin["id"]), THREAD, tool_event())
        for_other = dispatch(agent_record(plain["id"]), THREAD, tool_event())
    finally:
        registry.unregister(preset="snipin")
    assert for_preset == Deny("snipin agents may not restart hosts") and len(seen) == 1
    assert isinstance(for_other, Continue)
    assert isinstance(dispatch(agent_record(snipin["id"]), THREAD, tool_event()), Continue)  # unregistered


def test_an_agents_own_in_process_interceptor_wins_over_its_presets(stack, api):
    agent = api.create_agent(preset="snipin", heartbeat_interval_seconds=86400)
    registry.register(lambda e: Deny("the preset's"), preset="snipin")
    registry.register(lambda e: Deny("the agent's"), agent_id=agent["id"])
    try:
        decision = dispatch(agent_record(agent["id"]), THREAD, tool_event())
    finally:
        registry.unregister(agent_id=agent["id"], preset="snipin")
    assert decision == Deny("the agent's")
