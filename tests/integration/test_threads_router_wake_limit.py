"""The thread router ends a thread that an event would wake past its wake limit
(``max_wakes_per_thread``): the thread fails with the reason, its stream ends with the
error, and every AWS call the router made doing it is one its role allows."""

from __future__ import annotations

from typing import Any

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import make_agent, post_event, routes, start, thread
from tests.support import iam_audit

WAIT = {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "on_event", "reason": "report the backup", "wake_on_events": ["BACKUP_DONE"]}}]}


def stream(api: Any, agent_id: str, thread_id: str) -> list[dict[str, Any]]:
    response = api.get(f"/agents/{agent_id}/threads/{thread_id}/stream-events")
    assert response.status_code == 200, response.text
    return response.json()["items"]


def test_the_router_ends_a_thread_at_its_wake_limit_and_writes_the_end_to_its_stream(stack, synthesis, api, claude: fake.FakeAnthropic):  # noqa: F811
    agent = make_agent(api, max_wakes_per_thread=1)
    claude.converse([{"match": "", "turns": [WAIT, WAIT, WAIT]}])
    thread_id = start(api, agent["id"], "watch the backup")
    stack.drain()
    post_event(api, agent["id"], "BACKUP_DONE", {"n": 1})
    stack.drain()
    asleep = thread(api, agent["id"], thread_id)
    assert (asleep["status"], asleep["wakes"]) == ("sleeping", 1)

    ended_at = post_event(api, agent["id"], "BACKUP_DONE", {"n": 2})  # the router would wake it a second time
    stack.drain()

    ended = thread(api, agent["id"], thread_id)
    assert ended["status"] == "failed" and "max_wakes_per_thread (1)" in ended["error_message"]
    assert ended["wakes"] == 1
    assert any(r["seq"] == ended_at and r["event_type"] == "BACKUP_DONE" for r in routes(api, agent["id"]))
    last = stream(api, agent["id"], thread_id)[-1]
    assert last["type"] == "error" and "max_wakes_per_thread (1)" in last["content"]
    assert last["metadata"]["status"] == "failed"
    stream_table = iam_audit.LocalNames.of(stack).tables["stream_events"]
    router_writes = {c.action for c in iam_audit.RECORDER.snapshot() if c.function == "thread_router" and f"table/{stream_table}" in c.resource}
    assert router_writes & {"dynamodb:PutItem", "dynamodb:UpdateItem"}, "the router wrote the stream's end"
    assert iam_audit.denied(stack, synthesis, "thread_router") == []
