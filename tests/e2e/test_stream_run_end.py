"""Every run ends its stream: a run that parks for an approval, and one that is
cancelled (while it waits for the approval, or while its interceptor is being asked),
ends with ``completed`` and says why in ``metadata.status``; SSE readers of
``wakeful dev`` see the end and the stream closes, and ``wakeful tail --thread`` exits
saying how the run ended. Real threads: the runner, the real anthropic SDK against the
fake Messages API, a real interceptor endpoint and tool server on loopback."""

from __future__ import annotations

import subprocess
import sys
import threading
from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import http_tool, make_agent, start, thread
from tests.support.iam_audit import acting_as
from tests.support.interceptor_server import Answer, interceptor, register  # noqa: F401 - fixture
from tests.support.stream_helpers import Reader
from wakeful.threads import runner

pytestmark = pytest.mark.e2e


def one_tool_then_done(tool: str) -> list[dict[str, Any]]:
    return [
        {
            "match": "",
            "turns": [
                {"tool_calls": [{"name": tool, "input": {"server": "mc"}}]},
                {"tool_calls": [{"name": "complete_task", "input": {"summary": "done"}}]},
            ],
        }
    ]


def stream_url(stack, agent_id: str, thread_id: str) -> str:
    return f"{stack.api_url}/agents/{agent_id}/threads/{thread_id}/stream"


def stored(api, agent_id: str, thread_id: str) -> list[dict[str, Any]]:
    response = api.get(f"/agents/{agent_id}/threads/{thread_id}/stream-events", params={"limit": 1000})
    assert response.status_code == 200, response.text
    return response.json()["items"]


def drain_in_background(stack) -> threading.Thread:
    worker = threading.Thread(target=stack.drain, kwargs={"timeout": 60}, daemon=True)
    worker.start()
    return worker


def tail_thread(stack, api, agent_id: str, thread_id: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "wakeful_dev.cli", "tail", "--agent", agent_id, "--thread", thread_id,
         "--api", stack.api_url, "--key", api.key, "--no-color"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def parked_thread(stack, api, tool_server, claude: fake.FakeAnthropic) -> tuple[dict[str, Any], str, str]:  # noqa: F811
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "stop", requires_approval=True)
    claude.converse(one_tool_then_done(tool))
    thread_id = start(api, agent["id"], "stop mc")
    return agent, tool, thread_id


def test_a_run_that_parks_for_an_approval_ends_its_stream_with_waiting_approval(stack, api, tool_server, claude: fake.FakeAnthropic):  # noqa: F811
    agent, tool, thread_id = parked_thread(stack, api, tool_server, claude)
    reader = Reader(stream_url(stack, agent["id"], thread_id), api.key)
    worker = drain_in_background(stack)

    frames = reader.rest(30)  # returns only because the server ends the stream
    worker.join(60)

    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval"
    assert [f.event for f in frames] == ["start", "completed"]
    end = frames[-1].json()
    assert end["metadata"]["status"] == "waiting_approval"
    assert end["metadata"]["approvals"] == [{"tool_call_id": "toolu_s000_0", "tool": tool}]
    done = tail_thread(stack, api, agent["id"], thread_id)
    assert done.returncode == 0, done.stderr
    assert f"waiting for approval of {tool}" in done.stdout.splitlines()[-1]


def test_an_approved_run_starts_again_and_ends_once_more(stack, api, tool_server, claude: fake.FakeAnthropic):  # noqa: F811
    agent, tool, thread_id = parked_thread(stack, api, tool_server, claude)
    stack.drain()
    answer = api.post(f"/agents/{agent['id']}/threads/{thread_id}/approvals/toolu_s000_0", json={"decision": "approve"})
    assert answer.status_code == 200, answer.text
    stack.drain()

    events = stored(api, agent["id"], thread_id)
    kinds = [e["type"] for e in events]
    assert kinds[:2] == ["start", "completed"] and kinds[2] == "start" and kinds[-1] == "completed"
    assert events[2]["metadata"]["resumed"] is True
    assert kinds.count("completed") == 2
    assert events[-1]["metadata"]["status"] == "complete" and events[-1]["metadata"]["summary"] == "done"
    assert [e["id"] for e in events] == list(range(1, len(events) + 1))


def test_a_run_cancelled_while_it_waits_for_an_approval_ends_with_cancelled(stack, api, tool_server, claude: fake.FakeAnthropic):  # noqa: F811
    agent, tool, thread_id = parked_thread(stack, api, tool_server, claude)
    stack.drain()

    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/cancel").status_code == 200

    events = stored(api, agent["id"], thread_id)
    assert [e["type"] for e in events] == ["start", "completed", "completed"]
    assert events[1]["metadata"]["status"] == "waiting_approval"
    assert events[2]["metadata"]["status"] == "cancelled"
    with_sse = Reader(stream_url(stack, agent["id"], thread_id), api.key).rest(30)
    assert [f.json()["metadata"]["status"] for f in with_sse if f.event == "completed"] == ["waiting_approval", "cancelled"]
    done = tail_thread(stack, api, agent["id"], thread_id)
    assert done.returncode == 0, done.stderr
    assert "run cancelled" in done.stdout.splitlines()[-1]
    assert tool_server.requests_for("stop") == []


def test_a_run_cancelled_while_its_interceptor_is_being_asked_ends_with_cancelled_and_goes_no_further(
    stack, api, claude: fake.FakeAnthropic, interceptor  # noqa: F811
):
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "All quiet."}]}])
    asked, release = threading.Event(), threading.Event()

    def slow(payload: dict[str, Any]) -> Answer:
        asked.set()
        release.wait(30)
        return Answer({})

    interceptor.script("guard", slow)
    register(api, agent["id"], interceptor.url("guard"), timeout_ms=10000)
    thread_id = start(api, agent["id"], "how is the homelab?")
    reader = Reader(stream_url(stack, agent["id"], thread_id), api.key)
    worker = drain_in_background(stack)
    assert asked.wait(30), "the interceptor was never asked"

    cancelled = api.post(f"/agents/{agent['id']}/threads/{thread_id}/cancel")
    assert cancelled.status_code == 200, cancelled.text
    frames = reader.rest(30)  # the end arrives while the interceptor still holds the step
    release.set()
    worker.join(60)

    assert [f.event for f in frames] == ["start", "completed"]
    assert frames[-1].json()["metadata"]["status"] == "cancelled"
    # The step saw the cancel once the interceptor answered: no model call, nothing more streamed.
    assert claude.conversation_requests() == []
    assert [e["type"] for e in stored(api, agent["id"], thread_id)] == ["start", "completed"]
    done = tail_thread(stack, api, agent["id"], thread_id)
    assert done.returncode == 0, done.stderr
    assert "run cancelled" in done.stdout.splitlines()[-1]


def test_a_redelivered_parking_step_streams_its_end_once(stack, api, tool_server, claude: fake.FakeAnthropic):  # noqa: F811
    agent, _, thread_id = parked_thread(stack, api, tool_server, claude)
    stack.drain()
    parked = thread(api, agent["id"], thread_id)
    item = runner.repository.get(agent["id"], thread_id)
    assert item is not None
    parking_step = f"{parked['run_id']}:{item.step_no - 1}:0"

    with acting_as("thread_runner"):  # its calls are the thread runner's (the IAM audit)
        assert runner.process(agent["id"], thread_id, parking_step) == "stale"  # the end is done again

    assert [e["type"] for e in stored(api, agent["id"], thread_id)] == ["start", "completed"]


def test_a_sleeping_thread_that_is_cancelled_ends_its_stream_with_cancelled(stack, api, claude: fake.FakeAnthropic):  # noqa: F811
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": "schedule_wake", "input": {"delay": "2h", "reason": "check later"}}]}]}])
    thread_id = start(api, agent["id"], "watch the disks")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "sleeping"

    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/cancel").status_code == 200

    ends = [e for e in stored(api, agent["id"], thread_id) if e["type"] in ("completed", "error")]
    assert [e["metadata"]["status"] for e in ends] == ["sleeping", "cancelled"]
    assert ends[0]["metadata"]["wake_at"]
