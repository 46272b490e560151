"""Event appends stay within what DynamoDB takes: 4 MB a transaction, 400 KB an item.

An append under one idempotency key is all or nothing: over a transaction's bound it is
refused before anything is written, and the callers turn that into a clean failure (a
FAILED action with the reason, an error result for a thread's model) instead of a retry
that fails the same way. Separately keyed events (an ingest batch) are split into as
many transactions as they need, each event once. moto takes transactions of any size:
the watcher (:mod:`tests.support.aws_limits`) records what AWS would refuse.
"""

from __future__ import annotations

import io
import json
from typing import Any, Iterator

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.spine_helpers import run_heartbeat, subscribe
from tests.integration.thread_helpers import history, make_agent, start, thread
from tests.support import aws_limits
from wakeful import aws
from wakeful.agents import repository as agents
from wakeful.config import get_settings
from wakeful.events import store
from wakeful.events.exceptions import EventAppendTooLargeError
from wakeful.events.models import NewEvent

NEAR_LIMIT = "x" * 265_000  # an event payload just under its 270,000-byte limit


@pytest.fixture()
def watcher() -> Iterator[aws_limits.Watcher]:
    yield from aws_limits.watching()


def big(n: int) -> NewEvent:
    return NewEvent(event_type="big", payload={"n": n, "text": NEAR_LIMIT})


def test_an_append_over_what_one_transaction_holds_is_refused_before_anything_is_written(api, watcher):
    agent = api.create_agent()
    sent = len(watcher.transactions)

    with pytest.raises(EventAppendTooLargeError) as refused:
        store.append(agent["id"], [big(n) for n in range(16)], idempotency_key="k1")

    assert refused.value.status == 413 and "one append holds at most" in refused.value.message
    assert len(watcher.transactions) == sent and watcher.over == []
    assert agents.get(agent["id"]).last_seq == 0


def test_an_event_whose_whole_item_is_over_400_kb_is_refused_before_it_is_written(api, watcher):
    agent = api.create_agent()
    event = NewEvent(event_type="big", payload={"text": NEAR_LIMIT})
    sent = len(watcher.transactions)

    with pytest.raises(EventAppendTooLargeError) as refused:
        store.append(agent["id"], [event], extra={"note": "y" * 150_000})  # the item, not the payload, is too large

    assert "400 KB" in refused.value.message
    assert len(watcher.transactions) == sent


def test_separately_keyed_events_over_one_transaction_are_split_each_appended_once_with_gap_free_seqs(api, watcher):
    agent = api.create_agent()
    items = [(big(n), f"msg-{n}") for n in range(16)]
    sent = len(watcher.transactions)

    first = store.append_each(agent["id"], items)
    again = store.append_each(agent["id"], items)

    assert [r.created for r in first] == [True] * 16
    assert [r.events[0].seq for r in first] == list(range(1, 17))
    assert [r.created for r in again] == [False] * 16 and [r.events[0].seq for r in again] == list(range(1, 17))
    assert agents.get(agent["id"]).last_seq == 16
    assert len(watcher.transactions) - sent >= 2 and watcher.over == []


class FakeLambda:
    """Answers the Lambda Invoke API at the client (the function itself is not under
    test): counts the calls, answers a ToolResponse with 50 new events of 100 KB."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, params: Any = None, **_: Any) -> Any:
        self.calls += 1
        events = [{"event_type": "found", "payload": {"n": n, "text": "z" * 100_000}} for n in range(50)]
        answer = json.dumps({"success": True, "output": "found 50", "new_events": events}).encode()
        return (type("Http", (), {"status_code": 200, "headers": {}})(), {"StatusCode": 200, "Payload": io.BytesIO(answer)})


@pytest.fixture()
def lambda_tool(api) -> Iterator[tuple[str, FakeLambda]]:
    name = "bulk_finder"
    arn = f"arn:aws:lambda:{get_settings().region}:123456789012:function:wakeful-tool-bulk"
    created = api.post("/tools", json={"name": name, "kind": "lambda", "function_arn": arn, "input_schema": {"type": "object"}})
    assert created.status_code == 201, created.text
    invoked = FakeLambda()
    client = aws.client("lambda")
    client.meta.events.register("before-call.lambda.Invoke", invoked, unique_id="fake-bulk-lambda")
    yield name, invoked
    client.meta.events.unregister("before-call.lambda.Invoke", unique_id="fake-bulk-lambda")


def test_a_heartbeat_tool_answering_5_mb_of_new_events_fails_its_action_once_with_the_reason(stack, api, lambda_tool, watcher):
    name, invoked = lambda_tool
    agent = api.create_agent()
    subscribe(api, name, "HEARTBEAT", agent["id"])

    hb = run_heartbeat(stack, api, agent["id"])

    assert hb["status"] == "COMPLETED"
    (action,) = hb["actions"]
    assert action["status"] == "FAILED" and "one append holds at most" in action["error_message"]
    assert invoked.calls == 1
    assert [e["event_type"] for e in api.get(f"/agents/{agent['id']}/events").json()["items"]] == ["HEARTBEAT"]
    assert watcher.over == []


def test_a_thread_tool_answering_5_mb_of_new_events_is_an_error_result_and_the_run_goes_on(stack, api, lambda_tool, claude: fake.FakeAnthropic, watcher):  # noqa: F811 - the fixture
    name, invoked = lambda_tool
    agent = make_agent(api, tools=[name])
    call = {"tool_calls": [{"name": name, "input": {}}]}
    claude.converse([{"match": "", "turns": [call, {"tool_calls": [{"name": "complete_task", "input": {"summary": "done"}}]}]}])

    thread_id = start(api, agent["id"], "find everything")
    stack.drain()

    assert thread(api, agent["id"], thread_id)["status"] == "complete"
    result = next(m for m in history(api, agent["id"], thread_id) if m.get("tool_name") == name)
    assert result["is_error"] and "one append holds at most" in result["content"]
    assert invoked.calls == 1
    assert [e["event_type"] for e in api.get(f"/agents/{agent['id']}/events").json()["items"]] == []
    actions = api.get(f"/agents/{agent['id']}/actions").json()["items"]
    assert [a["status"] for a in actions] == ["FAILED"]
    assert watcher.over == []
