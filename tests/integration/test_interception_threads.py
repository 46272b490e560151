"""Interception through real threads: the thread runner's real handler against moto,
the model being the real anthropic SDK against the fake Messages API, the interceptor a
real HTTP endpoint on loopback, HTTP tools a real tool server.

One test per row of the interception testing plan (mutation by return, respond
suppressing the default path, a denied tool call, respond after tool results, multi-turn
threads mixing tools, concurrent processing keeping per-thread order), then failures
under both ``on_failure`` values, a retried step, and ``tool_policy``.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, http_tool, make_agent, start, thread, thread_redelivery  # noqa: F401
from tests.support.interceptor_server import Answer, interceptor, recorded_calls, register  # noqa: F401 - fixture
from wakeful import ddb

pytestmark = pytest.mark.long(seconds=35)


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


def kinds(calls: list[Any]) -> list[tuple[str, str]]:
    return [(c.event["type"], c.event["created_by"]) for c in calls]


def seq_of(event_id: str) -> int:
    return int(event_id.rsplit(":", 1)[1])


def only(predicate: Any, answer: Answer) -> Any:
    """A script entry answering ``answer`` to events matching ``predicate``, else ``{}``."""
    return lambda payload: answer if predicate(payload["event"]) else Answer({})


def is_user_message(event: dict[str, Any]) -> bool:
    return event["type"] == "message" and event["created_by"] == "user"


def calls_tool(tool: str) -> Any:
    return lambda event: event["type"] == "tool_call" and any(c["name"] == tool for c in event["tool_calls"])


# -- the testing plan ----------------------------------------------------------------------


def test_a_mutation_by_return_is_what_the_model_reads_and_the_tool_gets(stack, api, tool_server, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))

    def change(payload: dict[str, Any]) -> Answer:
        event = payload["event"]
        if is_user_message(event):
            event["message"]["content"] = "stop the atm-10 server"
            return Answer({"event": event})
        if calls_tool(tool)(event):
            event["tool_calls"][0]["arguments"] = {"server": "atm-10"}
            return Answer({"event": event})
        return Answer({})

    interceptor.script("mutate", change)
    created = register(api, agent["id"], interceptor.url("mutate"))
    thread_id = start(api, agent["id"], "stop the mc server")
    stack.drain()

    assert [r["tool_call"]["arguments"] for r in tool_server.requests_for("stop")] == [{"server": "atm-10"}]
    first_request = json.dumps(claude.conversation_requests()[0]["messages"])
    assert "stop the atm-10 server" in first_request and "mc server" not in first_request
    messages = history(api, agent["id"], thread_id)
    assert messages[0]["content"] == "stop the atm-10 server"
    assert messages[1]["tool_calls"][0]["arguments"] == {"server": "atm-10"}
    assert [c["decision"] for c in recorded_calls(api, agent["id"], created["id"])].count("mutate") == 2
    assert thread(api, agent["id"], thread_id)["summary"] == "done"


def test_respond_on_a_user_message_suppresses_the_model_call(stack, api, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    claude.converse(one_tool_then_done("complete_task", {"summary": "never"}))
    interceptor.script("closed", only(is_user_message, Answer({"respond": {"content": "We are closed today."}})))
    created = register(api, agent["id"], interceptor.url("closed"))
    thread_id = start(api, agent["id"], "hello")
    stack.drain()

    assert claude.conversation_requests() == []
    messages = history(api, agent["id"], thread_id)
    assert [(m["role"], m["created_by"], m["content"]) for m in messages] == [
        ("user", "user", "hello"),
        ("assistant", "agent", "We are closed today."),
    ]
    assert [c["decision"] for c in recorded_calls(api, agent["id"], created["id"])] == ["respond", "continue"]


def test_a_denied_tool_call_never_reaches_the_tool_and_the_model_reads_the_reason(stack, api, tool_server, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))
    interceptor.script("deny", only(calls_tool(tool), Answer({"deny": {"reason": "players are online"}})))
    register(api, agent["id"], interceptor.url("deny"))
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()

    assert tool_server.requests_for("stop") == []
    result = next(m for m in history(api, agent["id"], thread_id) if m["role"] == "tool")
    assert result["is_error"] and "players are online" in result["content"]
    assert "players are online" in json.dumps(claude.conversation_requests()[1]["messages"])


def test_respond_after_tool_results_is_enqueued_after_the_persisted_results(stack, api, tool_server, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))
    answer = Answer({"respond": {"content": "Stopped; nothing else to do.", "enqueue_after": "tool_results"}})
    interceptor.script("after", only(calls_tool(tool), answer))
    register(api, agent["id"], interceptor.url("after"))
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()

    assert len(tool_server.requests_for("stop")) == 1  # the tools ran
    messages = history(api, agent["id"], thread_id)
    assert [(m["seq"], m["role"], m["created_by"]) for m in messages] == [
        (1, "user", "user"),
        (2, "assistant", "agent"),
        (3, "tool", "tool"),  # persisted first ...
        (4, "assistant", "agent"),  # ... then the programmatic message, in their place
    ]
    assert messages[-1]["content"] == "Stopped; nothing else to do."
    seen = interceptor.calls("after")
    assert ("message", "tool") not in kinds(seen)  # the tool results were not enqueued
    assert kinds(seen)[-1] == ("message", "agent") and seq_of(seen[-1].event["id"]) == 4
    assert len(claude.conversation_requests()) == 1  # and the model was not asked again


def test_a_multi_turn_thread_mixing_tools_is_intercepted_at_every_step_in_order(stack, api, tool_server, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    lookup = http_tool(api, tool_server, "lookup")
    claude.converse(
        [
            {
                "match": "",
                "turns": [
                    {"text": "Checking.", "tool_calls": [{"name": lookup, "input": {"q": "disk"}}]},
                    {"tool_calls": [{"name": lookup, "input": {"q": "cpu"}}, {"name": "store_context", "input": {"key": "k", "value": "v"}}]},
                    {"text": "All good."},
                    {"tool_calls": [{"name": lookup, "input": {"q": "net"}}]},
                    {"tool_calls": [{"name": "complete_task", "input": {"summary": "checked"}}]},
                ],
            }
        ]
    )

    def tag_lookups(payload: dict[str, Any]) -> Answer:
        event = payload["event"]
        if event["type"] != "tool_call":
            return Answer({})
        for call in event["tool_calls"]:
            if call["name"] == lookup:
                call["arguments"] = {**call["arguments"], "checked": True}
        return Answer({"event": event})

    interceptor.script("every", tag_lookups)
    created = register(api, agent["id"], interceptor.url("every"))
    thread_id = start(api, agent["id"], "check the box")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "sleeping"  # answered; waits for the user
    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/messages", json={"message": "and the network?"}).status_code == 202
    stack.drain()

    seen = interceptor.calls("every")
    message, tool_call = "message", "tool_call"
    assert kinds(seen) == [
        (message, "user"), (message, "agent"), (tool_call, "agent"),  # turn 1
        (message, "tool"), (message, "agent"), (tool_call, "agent"),  # turn 2: two calls in one batch
        (message, "tool"), (message, "tool"), (message, "agent"),  # both results, then "All good."
        (message, "user"), (message, "agent"), (tool_call, "agent"),  # the second user turn
        (message, "tool"), (message, "agent"), (tool_call, "agent"),  # complete_task ends it
    ]  # fmt: skip
    by_seq = {m["seq"]: m for m in history(api, agent["id"], thread_id)}
    seqs = [seq_of(c.event["id"]) for c in seen]
    assert seqs == sorted(seqs)  # steps in the order they were persisted
    for call in seen:
        if call.event["type"] == "message":
            assert call.event["message"]["content"] == (by_seq[seq_of(call.event["id"])]["content"] or "")
    assert [r["tool_call"]["arguments"] for r in tool_server.requests_for("lookup")] == [
        {"q": "disk", "checked": True},
        {"q": "cpu", "checked": True},
        {"q": "net", "checked": True},
    ]
    assert len(recorded_calls(api, agent["id"], created["id"])) == len(seen)
    assert thread(api, agent["id"], thread_id)["summary"] == "checked"


def test_concurrent_processing_keeps_each_threads_steps_in_order(stack, api, tool_server, claude: fake.FakeAnthropic, interceptor):
    from wakeful_dev import lambdas
    from wakeful_dev.sqs_poller import QueuePoller

    workers = 3
    lookup = http_tool(api, tool_server, "lookup")
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": lookup, "input": {}}]}, {"tool_calls": [{"name": lookup, "input": {}}]}, {"text": "done"}]}])
    # Every thread's first step waits at the barrier until all of them are in flight at
    # once: the run cannot pass unless the steps really are processed concurrently.
    barrier = threading.Barrier(workers, timeout=8)
    lock = threading.Lock()
    in_flight: dict[str, list[str]] = {}  # thread -> event ids being intercepted now
    overlaps: list[str] = []
    at_barrier: set[str] = set()  # first steps that have waited (a redelivery does not wait again)

    def guard(payload: dict[str, Any]) -> Answer:
        event = payload["event"]
        with lock:
            mine = in_flight.setdefault(event["thread_id"], [])
            # A redelivered step (at-least-once) may be intercepted again, even while its
            # first delivery runs; a *different* step of the same thread must not be.
            if any(other != event["id"] for other in mine):
                overlaps.append(event["id"])
            mine.append(event["id"])
            first_sight = event["id"] not in at_barrier
            at_barrier.add(event["id"])
        try:
            if is_user_message(event) and first_sight:
                barrier.wait()
            else:
                time.sleep(0.01)
        finally:
            with lock:
                in_flight[event["thread_id"]].remove(event["id"])
        return Answer({})

    interceptor.script("order", guard)
    agents = [make_agent(api) for _ in range(workers)]  # one each: a run holds one of its agent's slots
    for agent in agents:
        register(api, agent["id"], interceptor.url("order"), timeout_ms=10000)
    started = [(a["id"], start(api, a["id"], f"job {n}")) for n, a in enumerate(agents)]

    def finished() -> bool:
        return all((ddb.get("threads", {"agent_id": a, "thread_id": t}) or {}).get("status") != "active" for a, t in started)

    def work() -> None:
        poller = QueuePoller(stack.queue_urls["thread"], lambda event: lambdas.invoke("thread_runner", event), batch_size=1)
        deadline = time.monotonic() + 60
        while not finished() and time.monotonic() < deadline:
            if poller.poll_once(0) == 0:
                time.sleep(0.02)

    pool = [threading.Thread(target=work) for _ in range(workers)]
    for worker in pool:
        worker.start()
    for worker in pool:
        worker.join(timeout=90)
    stack.drain()

    assert not barrier.broken, "the first steps of the threads were not in flight together"
    assert overlaps == []
    for agent_id, thread_id in started:
        firsts: dict[str, Any] = {}  # a retried step carries the same event id: count it once
        for call in interceptor.calls("order"):
            if call.event["thread_id"] == thread_id:
                firsts.setdefault(call.event["id"], call)
        mine = list(firsts.values())
        assert kinds(mine) == [
            ("message", "user"), ("message", "agent"), ("tool_call", "agent"), ("message", "tool"),
            ("message", "agent"), ("tool_call", "agent"), ("message", "tool"), ("message", "agent"),
        ]  # fmt: skip
        seqs = [seq_of(c.event["id"]) for c in mine]
        assert seqs == sorted(seqs)
        assert [m["seq"] for m in history(api, agent_id, thread_id)] == list(range(1, 7))
        assert thread(api, agent_id, thread_id)["status"] == "sleeping"


# -- failures, retries, tool_policy ----------------------------------------------------------


def test_an_interceptor_timing_out_with_on_failure_deny_denies_the_tool_call(stack, api, tool_server, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))
    interceptor.script("slow", only(calls_tool(tool), Answer({}, delay=1.0)))
    # Only the tool call passes it: a 200 ms deadline on the run's messages too could fail
    # them on a loaded machine (and deny the task before any tool call).
    created = register(api, agent["id"], interceptor.url("slow"), timeout_ms=200, on_failure="deny", events=["tool_call"])
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()

    assert tool_server.requests_for("stop") == []
    result = next(m for m in history(api, agent["id"], thread_id) if m["role"] == "tool")
    assert result["is_error"] and "interceptor failed" in result["content"]
    failed = [c for c in recorded_calls(api, agent["id"], created["id"]) if c["decision"] == "failed"]
    assert len(failed) == 1 and "timeout_ms" in failed[0]["error"] and failed[0]["on_failure"] == "deny"


def test_an_interceptor_answering_500_on_a_message_with_on_failure_deny_holds_it_back_and_fails_the_thread(stack, api, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "never"}]}])
    interceptor.script("down", Answer({"error": "down"}, status=500))
    register(api, agent["id"], interceptor.url("down"), events=["message"], on_failure="deny")
    thread_id = start(api, agent["id"], "hello")
    stack.drain()

    assert claude.conversation_requests() == []
    shown = thread(api, agent["id"], thread_id)
    assert shown["status"] == "failed" and "interceptor failed" in shown["error_message"] and "HTTP 500" in shown["error_message"]
    assert [m["content"] for m in history(api, agent["id"], thread_id)] == ["hello"]  # kept, not acted on


def test_an_interceptor_answering_garbage_with_on_failure_allow_lets_the_thread_run(stack, api, tool_server, claude: fake.FakeAnthropic, interceptor):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    claude.converse(one_tool_then_done(tool))
    interceptor.script("garbage", Answer(b"<html>oops</html>"))
    created = register(api, agent["id"], interceptor.url("garbage"), on_failure="allow")
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()

    assert len(tool_server.requests_for("stop")) == 1
    assert thread(api, agent["id"], thread_id)["summary"] == "done"
    assert {c["decision"] for c in recorded_calls(api, agent["id"], created["id"])} == {"failed"}


def test_a_retried_step_sends_the_same_event_id(stack, api, claude: fake.FakeAnthropic, interceptor, thread_redelivery):
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "Hi."}]}])
    register(api, agent["id"], interceptor.url("retry"))
    table = ddb.table("interceptor_calls")
    failures: list[str] = []

    def crash_once(params: dict[str, Any], **_: Any) -> None:
        # The step dies after the interceptor answered (recording the call fails once):
        # the queue redelivers the step and it is processed again.
        if params.get("TableName") == table and not failures:
            failures.append("crashed")
            raise ConnectionError("injected: DynamoDB unreachable")

    events = ddb.client().meta.events
    events.register("before-parameter-build.dynamodb.PutItem", crash_once, unique_id="interception-crash-once")
    try:
        thread_id = start(api, agent["id"], "hello")
        stack.drain()
    finally:
        events.unregister("before-parameter-build.dynamodb.PutItem", unique_id="interception-crash-once")

    assert failures == ["crashed"]
    first_step = [c for c in interceptor.calls("retry") if c.event["id"] == f"{thread_id}:message:1"]
    assert len(first_step) == 2
    assert first_step[0].raw == first_step[1].raw  # the same event, byte for byte
    assert first_step[0].header("webhook-id") == first_step[1].header("webhook-id") == f"{thread_id}:message:1"
    assert [m["content"] for m in history(api, agent["id"], thread_id)] == ["hello", "Hi."]


def test_tool_policy_denies_a_tool_without_an_endpoint(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop")
    assert api.patch(f"/agents/{agent['id']}", json={"tool_policy": {"deny": [tool]}}).status_code == 200
    claude.converse(one_tool_then_done(tool))
    thread_id = start(api, agent["id"], "stop it")
    stack.drain()

    assert tool_server.requests_for("stop") == []
    result = next(m for m in history(api, agent["id"], thread_id) if m["role"] == "tool")
    assert result["is_error"] and "tool_policy denies" in result["content"]


def test_tool_policy_require_approval_parks_the_thread_until_approved(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "deploy")
    assert api.patch(f"/agents/{agent['id']}", json={"tool_policy": {"require_approval": [tool]}}).status_code == 200
    claude.converse(one_tool_then_done(tool))
    thread_id = start(api, agent["id"], "deploy it")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval"
    assert tool_server.requests_for("deploy") == []

    pending = api.get(f"/agents/{agent['id']}/threads/{thread_id}/approvals").json()["items"]
    assert [p["tool"] for p in pending] == [tool]
    decided = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/{pending[0]['tool_call_id']}", json={"decision": "approve"})
    assert decided.status_code == 200
    stack.drain()
    assert len(tool_server.requests_for("deploy")) == 1
    assert thread(api, agent["id"], thread_id)["status"] == "complete"
