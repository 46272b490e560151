"""A worker killed before any write of a thread run, then redelivery: no tool call runs
twice, no message is lost or doubled, and the thread ends as it does without the fault.

As for heartbeats (test_crash_recovery.py), a botocore ``before-call`` hook raises at
the Nth write (DynamoDB Put/Update/Delete/TransactWrite, SQS sends) made by a worker —
the thread runner, the router, hook firing — never by the API the test drives. The
failed message comes back at once (visibility 0); a scan later than the step lease
queues a step whose worker died after it recorded the step but before it sent it. The
event the thread waits for is appended at once, so it reaches the router while the
thread still runs: the run's end makes the router re-check it (sequence-exact waits).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.spine_helpers import all_actions
from tests.integration.test_crash_recovery import WRITES, Crash
from tests.integration.thread_helpers import history, http_tool, later, make_agent, post_event, routes, start, thread, thread_redelivery  # noqa: F401
from wakeful import aws
from wakeful.config import get_settings
from wakeful_dev import lambdas

pytestmark = pytest.mark.long(seconds=130)


_TIME = re.compile(r"\d{4}-\d\d-\d\dT[\d:.]+Z")


class WorkerFault:
    """Raises before the ``crash_at``-th write a worker (not the API) makes, once."""

    def __init__(self, crash_at: int) -> None:
        self.crash_at = crash_at
        self.writes = 0
        self.crashed_on: str | None = None

    def __call__(self, model: Any = None, **_: Any) -> None:
        if model is None or model.name not in WRITES or lambdas.current_function.get() == "api":
            return
        self.writes += 1
        if self.writes == self.crash_at:
            self.crashed_on = f"{lambdas.current_function.get()}:{model.name}"
            raise Crash(f"injected crash before write #{self.crash_at} ({model.name})")

    def __enter__(self) -> "WorkerFault":
        for service in ("dynamodb", "sqs"):
            aws.client(service).meta.events.register("before-call", self, unique_id=f"thread-fault-{service}")
        return self

    def __exit__(self, *exc: object) -> None:
        for service in ("dynamodb", "sqs"):
            aws.client(service).meta.events.unregister("before-call", unique_id=f"thread-fault-{service}")


def _script(tool: str) -> list[dict[str, Any]]:
    return [
        {
            "match": "pause the downloads",
            "turns": [
                {
                    "text": "Pausing.",
                    "tool_calls": [
                        {"name": tool, "input": {"what": "downloads"}},
                        {"name": "store_context", "input": {"key": "paused", "value": True}},
                        {"name": "schedule_wake", "input": {"delay": "1h", "reason": "resume", "wake_on_events": ["SERVER_EMPTY"]}},
                    ],
                },
                {"tool_calls": [{"name": "complete_task", "input": {"summary": "resumed"}}]},
            ],
        }
    ]


def _recover(stack: Any, api: Any, agent_id: str, thread_id: str) -> None:
    """Scans after the step lease queue again a step whose worker died after recording
    it but before sending it (twice: the re-sent step may end a run that a second
    stalled step follows)."""
    for _ in range(2):
        if thread(api, agent_id, thread_id)["status"] == "complete":
            return
        stack.tick(later(get_settings().thread_lease_seconds + 10))
        stack.drain()


def _story(api: Any, agent_id: str, thread_id: str, tool: str) -> list[tuple[Any, ...]]:
    return [
        (
            m["seq"],
            m["role"],
            m["created_by"],
            _TIME.sub("<time>", m["content"]),
            ["the-tool" if c["name"] == tool else c["name"] for c in m.get("tool_calls") or []],
            m.get("is_error"),
        )
        for m in history(api, agent_id, thread_id)
    ]


def _run(stack: Any, api: Any, tool_server: Any, claude: fake.FakeAnthropic, crash_at: int | None) -> tuple[WorkerFault, list[tuple[Any, ...]]]:
    """Start a thread and send the event it will wait for (possibly while it still
    runs: the router's re-check then wakes it); crash once; recover; check the end."""
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "pause")
    claude.converse(_script(tool))
    fault = WorkerFault(crash_at or 10**9)
    with fault:
        thread_id = start(api, agent["id"], "pause the downloads")
        post_event(api, agent["id"], "SERVER_EMPTY", {"server": "mc"})
        stack.drain()  # a crashed message comes back at once and is processed again
    _recover(stack, api, agent["id"], thread_id)
    label = f"crash before write #{crash_at} ({fault.crashed_on})"
    ended = thread(api, agent["id"], thread_id)
    assert ended["status"] == "complete" and ended["summary"] == "resumed", f"{label}: {ended}"
    assert ended["context"] == {"paused": True} and ended["wakes"] == 1, f"{label}: {ended}"
    actions = [a for a in all_actions(agent["id"]) if a.get("thread_id") == thread_id]
    assert len(actions) == 1 and actions[0]["status"] == "COMPLETED", f"{label}: {actions}"
    calls = [r for r in tool_server.requests_for("pause") if r["thread_id"] == thread_id]
    assert calls and {r["action_id"] for r in calls} == {actions[0]["action_id"]}, f"{label}: the tool saw another action id"
    assert [(r["decision"], r["thread_ids"]) for r in routes(api, agent["id"])] == [("woke", [thread_id])], label
    return fault, _story(api, agent["id"], thread_id, tool)


_baseline: list[Any] = []
CHUNK = 8
LAST_CHUNK_START = 49


def _expected(stack: Any, api: Any, tool_server: Any, claude: fake.FakeAnthropic) -> list[tuple[Any, ...]]:
    if not _baseline:
        fault, story = _run(stack, api, tool_server, claude, None)
        assert fault.writes > 15, f"only {fault.writes} writes: the scenario does not exercise a thread run"
        _baseline.append(story)
    return _baseline[0]


@pytest.mark.parametrize("first", range(1, LAST_CHUNK_START + 1, CHUNK))
def test_a_thread_run_killed_before_any_write_recovers_to_the_same_end(stack, api, tool_server, claude: fake.FakeAnthropic, thread_redelivery, first):  # noqa: F811
    expected = _expected(stack, api, tool_server, claude)
    covered = []
    for crash_at in range(first, first + CHUNK):
        fault, story = _run(stack, api, tool_server, claude, crash_at)
        if fault.crashed_on is None:
            break  # the run made fewer writes than crash_at: every write was covered
        assert story == expected, f"crash before write #{crash_at} ({fault.crashed_on}): the story differs"
        covered.append(fault.crashed_on)
    else:
        assert first < LAST_CHUNK_START, "the run makes more writes than the chunks cover: add a chunk"
    print(f"crash points {first}..{first + len(covered) - 1}: {covered}")
