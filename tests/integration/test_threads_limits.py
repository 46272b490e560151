"""Threads' hardening the other files leave out: the per-agent running-thread limit, a
run that keeps failing (the thread fails with the reason, its step messages go to the
thread DLQ), the five thread lifecycle hooks, delivered signed, and a Lambda tool called
from a thread."""

from __future__ import annotations

import io
import json
from typing import Any, Iterator

import pytest
from standardwebhooks.webhooks import Webhook

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.test_crash_recovery import WRITES, Crash
from tests.integration.thread_helpers import history, later, make_agent, start, thread, thread_redelivery  # noqa: F401 - fixture
from tests.support.hook_receiver import create_hook
from wakeful import aws, ddb
from wakeful.config import get_settings
from wakeful_dev import lambdas


@pytest.fixture()
def setting(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Change a Wakeful setting (an environment variable) for one test; the in-process
    stack reads it from the next call on."""

    def change(name: str, value: str) -> None:
        monkeypatch.setenv(name, value)
        get_settings.cache_clear()

    yield change
    monkeypatch.undo()
    get_settings.cache_clear()


def three_turns(summary: str) -> dict[str, Any]:
    """Two get_context turns then complete_task: a run of several steps."""
    ctx = {"tool_calls": [{"name": "get_context", "input": {"key": "k"}}]}
    return {"match": summary, "turns": [ctx, ctx, {"tool_calls": [{"name": "complete_task", "input": {"summary": summary}}]}]}


def which(request: dict[str, Any]) -> str:
    return "first" if "first job" in fake.FakeAnthropic.prompt_text(request) else "second"


# -- the per-agent running-thread limit ---------------------------------------------------


def test_with_one_running_thread_allowed_an_agents_second_run_waits_until_the_first_ends(stack, api, claude: fake.FakeAnthropic, setting):
    setting("WAKEFUL_THREAD_MAX_RUNNING_PER_AGENT", "1")
    agent = make_agent(api)
    claude.converse([three_turns("first job"), three_turns("second job")])
    running: list[int] = []

    def sample(model: Any = None, params: Any = None, **_: Any) -> None:  # every write of a step
        if model is not None and model.name in WRITES and lambdas.current_function.get() == "thread_runner":
            item = ddb.get("agents", {"agent_id": agent["id"]}) or {}
            running.append(len(item.get("running_threads") or ()))

    aws.client("dynamodb").meta.events.register("before-call", sample, unique_id="sample-running")
    try:
        first = start(api, agent["id"], "first job")
        second = start(api, agent["id"], "second job")
        stack.drain()
        stack.tick(later(10))  # the deferred run's step comes due again
        stack.drain()
    finally:
        aws.client("dynamodb").meta.events.unregister("before-call", unique_id="sample-running")
    assert [thread(api, agent["id"], t)["status"] for t in (first, second)] == ["complete", "complete"]
    order = [which(r) for r in claude.conversation_requests()]
    assert order == sorted(order, key=order[0].__ne__), order  # one run's model calls, then the other's
    assert len(order) == 6 and max(running) == 1


def test_without_the_limit_two_runs_of_one_agent_interleave(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse([three_turns("first job"), three_turns("second job")])
    start(api, agent["id"], "first job")
    start(api, agent["id"], "second job")
    stack.drain()
    order = [which(r) for r in claude.conversation_requests()]
    assert order != sorted(order, key=order[0].__ne__), order  # what the limited test tells apart


# -- a run that keeps failing -------------------------------------------------------------


class FailingRuns:
    """Every write the thread runner makes for one thread fails (its run never gets past
    a step), as a broken dependency would make it."""

    def __init__(self) -> None:
        self.thread_id = ""
        self.failures = 0

    def __call__(self, model: Any = None, params: Any = None, **_: Any) -> None:
        if model is None or model.name not in WRITES or lambdas.current_function.get() != "thread_runner":
            return
        if self.thread_id and self.thread_id in json.dumps(params, default=str):
            self.failures += 1
            raise Crash("injected: the thread's store is unavailable")


def test_a_run_that_keeps_failing_ends_failed_with_the_reason_and_its_steps_in_the_thread_dlq(
    stack, api, claude: fake.FakeAnthropic, receiver, setting, thread_redelivery  # noqa: F811 - fixture
):
    setting("WAKEFUL_THREAD_LEASE_SECONDS", "20")
    agent = make_agent(api)
    create_hook(api, agent["id"], "THREAD_FAILED", receiver.url("failed"))
    claude.converse([three_turns("doomed job")])
    fault = FailingRuns()
    for service in ("dynamodb", "sqs"):
        aws.client(service).meta.events.register("before-call", fault, unique_id=f"failing-runs-{service}")
    try:
        thread_id = start(api, agent["id"], "doomed job")
        fault.thread_id = thread_id
        stack.drain()
        for lease in (1, 2, 3):  # each scan past the lease queues the step again, then gives up
            stack.tick(later(25 * lease))
            stack.drain()
    finally:
        for service in ("dynamodb", "sqs"):
            aws.client(service).meta.events.unregister("before-call", unique_id=f"failing-runs-{service}")
    ended = thread(api, agent["id"], thread_id)
    attempts = get_settings().thread_max_attempts
    assert ended["status"] == "failed", ended
    assert f"did not get past a step in {attempts} attempts" in ended["error_message"]
    assert fault.failures > attempts and claude.conversation_requests() == []
    sqs = aws.client("sqs")
    dead = []
    while True:
        found = sqs.receive_message(QueueUrl=stack.queue_urls["thread_dlq"], MaxNumberOfMessages=10).get("Messages", [])
        if not found:
            break
        for message in found:
            sqs.delete_message(QueueUrl=stack.queue_urls["thread_dlq"], ReceiptHandle=message["ReceiptHandle"])
        dead += [m["Body"] for m in found if thread_id in m["Body"]]
    assert len(dead) == attempts, dead  # the first step and each re-sent one
    (delivery,) = receiver.wait_for("failed", 1)
    assert delivery.json["data"]["thread_id"] == thread_id and delivery.json["data"]["status"] == "failed"


# -- lifecycle hooks ----------------------------------------------------------------------

LIFECYCLE = ("THREAD_STARTED", "THREAD_SLEEPING", "THREAD_WOKEN", "THREAD_COMPLETED", "THREAD_FAILED")


def test_each_thread_lifecycle_hook_is_delivered_once_signed_with_the_thread_id(stack, api, claude: fake.FakeAnthropic, receiver):
    agent = make_agent(api, max_llm_calls_per_run=2)
    secrets = {kind: create_hook(api, agent["id"], kind, receiver.url(kind))["secret"] for kind in LIFECYCLE}
    nap = {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1h", "reason": "check again"}}]}
    done = {"tool_calls": [{"name": "complete_task", "input": {"summary": "all good"}}]}
    loop = {"tool_calls": [{"name": "get_context", "input": {"key": "k"}}]}
    claude.converse([{"match": "nap then finish", "turns": [nap, done]}, {"match": "loop for ever", "turns": [loop] * 5}])
    ok = start(api, agent["id"], "nap then finish")
    stack.drain()
    assert api.post(f"/agents/{agent['id']}/threads/{ok}/wake").status_code == 202
    stack.drain()
    bad = start(api, agent["id"], "loop for ever")
    stack.drain()
    assert thread(api, agent["id"], ok)["status"] == "complete" and thread(api, agent["id"], bad)["status"] == "failed"
    expected = {"THREAD_STARTED": [ok, bad], "THREAD_SLEEPING": [ok], "THREAD_WOKEN": [ok], "THREAD_COMPLETED": [ok], "THREAD_FAILED": [bad]}
    for kind, thread_ids in expected.items():
        deliveries = receiver.wait_for(kind, len(thread_ids))
        stack.drain()
        assert len(receiver.deliveries(kind)) == len(thread_ids), kind  # once each
        assert sorted(d.json["data"]["thread_id"] for d in deliveries) == sorted(thread_ids), kind
        for delivery in deliveries:
            Webhook(secrets[kind]).verify(delivery.raw, {k: delivery.header(k) or "" for k in ("webhook-id", "webhook-timestamp", "webhook-signature")})
            assert delivery.json["hook_type"] == kind


# -- a Lambda tool from a thread ----------------------------------------------------------


class FakeLambda:
    """Answers the Lambda Invoke API at the client (the function itself is not under
    test): records each request's payload, answers a ToolResponse."""

    def __init__(self) -> None:
        self.payloads: list[dict[str, Any]] = []

    def __call__(self, params: Any = None, **_: Any) -> Any:
        self.payloads.append(json.loads(params["body"]))
        answer = json.dumps({"success": True, "output": {"restarted": True}}).encode()
        return (type("Http", (), {"status_code": 200, "headers": {}})(), {"StatusCode": 200, "Payload": io.BytesIO(answer)})


def test_a_lambda_tool_called_from_a_thread_gets_the_thread_the_tool_call_and_a_stable_action_id(stack, api, claude: fake.FakeAnthropic):
    region = get_settings().region
    name = "restart_lambda"
    arn = f"arn:aws:lambda:{region}:123456789012:function:wakeful-tool-restart"
    created = api.post("/tools", json={"name": name, "kind": "lambda", "function_arn": arn, "input_schema": {"type": "object"}})
    assert created.status_code == 201, created.text
    agent = make_agent(api)
    call = {"tool_calls": [{"name": name, "input": {"service": "jellyfin"}}]}
    claude.converse([{"match": "", "turns": [call, {"tool_calls": [{"name": "complete_task", "input": {"summary": "done"}}]}]}])
    invoked = FakeLambda()
    client = aws.client("lambda")
    client.meta.events.register("before-call.lambda.Invoke", invoked, unique_id="fake-lambda-tool")
    try:
        thread_id = start(api, agent["id"], "restart jellyfin")
        stack.drain()
    finally:
        client.meta.events.unregister("before-call.lambda.Invoke", unique_id="fake-lambda-tool")
    assert thread(api, agent["id"], thread_id)["status"] == "complete"
    (payload,) = invoked.payloads
    assert payload["thread_id"] == thread_id and "event" not in payload
    assert payload["tool_call"] == {"id": "toolu_s000_0", "name": name, "arguments": {"service": "jellyfin"}}
    from wakeful.threads import records

    assert payload["action_id"] == records.action_id(thread_id, "toolu_s000_0")
    result = next(m for m in history(api, agent["id"], thread_id) if m.get("tool_name") == name)
    assert '"restarted": true' in result["content"] and not result["is_error"]
