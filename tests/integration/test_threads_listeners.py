"""Run-end listeners against the real runner: a listener registered for a source hears
every end of its threads' runs, with the thread as the end left it; one that fails on
the runner's path makes the step's message come back and the end be done again (each of
its other parts once); one that fails on a cancel is logged and the cancel stands."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import make_agent, start, thread, thread_redelivery  # noqa: F401 - fixture
from wakeful import assembly
from wakeful.threads import slots
from wakeful.threads.slots import RunEnd, RunEndListener


class Heard:
    """A chat-channel-like listener for ``user`` threads: records each end it hears,
    and fails the first ``failures`` times."""

    def __init__(self, failures: int = 0) -> None:
        self.ends: list[RunEnd] = []
        self.failures = failures

    def __call__(self, end: RunEnd) -> None:
        self.ends.append(end)
        if self.failures:
            self.failures -= 1
            raise RuntimeError("the chat service is down")

    def seen(self) -> list[tuple[str, str | None]]:
        return [(e.thread.status, e.thread.final_text) for e in self.ends]


@pytest.fixture()
def heard() -> Iterator[Heard]:
    recorder = Heard()
    slots.RUN_END.install(*assembly.listeners(slots.RUN_END), RunEndListener(name="chat", run_ended=recorder, sources=frozenset({"user"})))
    try:
        yield recorder
    finally:
        slots.RUN_END.install(*assembly.listeners(slots.RUN_END))


def stream_types(api: Any, agent_id: str, thread_id: str) -> list[str]:
    response = api.get(f"/agents/{agent_id}/threads/{thread_id}/stream-events")
    assert response.status_code == 200, response.text
    return [item["type"] for item in response.json()["items"]]


def test_a_listener_hears_each_end_of_its_threads_runs_with_the_thread_as_it_ended(stack, api, claude: fake.FakeAnthropic, heard: Heard):  # noqa: F811
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "All quiet."}, {"text": "Still quiet."}]}])
    thread_id = start(api, agent["id"], "how is the homelab?")
    stack.drain()
    assert heard.seen() == [("sleeping", "All quiet.")]  # a user thread that answered waits for the reply
    assert heard.ends[0].agent is not None and heard.ends[0].agent.agent_id == agent["id"]

    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/messages", json={"message": "and now?"}).status_code == 202
    stack.drain()
    assert api.post(f"/agents/{agent['id']}/threads/{thread_id}/cancel").status_code == 200

    assert heard.seen() == [("sleeping", "All quiet."), ("sleeping", "Still quiet."), ("complete", "Still quiet.")]
    assert heard.ends[-1].thread.ended_by == "cancel" and heard.ends[-1].thread.summary == "cancelled"
    assert len({e.thread.run_id for e in heard.ends}) == 2  # the cancel ended the second run's thread


def test_a_thread_of_another_source_is_not_heard(stack, api, claude: fake.FakeAnthropic, heard: Heard):  # noqa: F811
    agent = make_agent(api, thread_triggers=[{"event_type": "disk_full"}])
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": "complete_task", "input": {"summary": "cleaned"}}]}]}])
    response = api.post(f"/agents/{agent['id']}/events", json={"event_type": "disk_full", "payload": {}})
    assert response.status_code == 202, response.text
    stack.drain()
    started = api.get(f"/agents/{agent['id']}/threads").json()["items"]
    assert [(t["source"], t["status"]) for t in started] == [("event", "complete")]
    assert heard.ends == []


def test_a_listener_failing_on_the_runners_path_brings_the_step_back_and_the_end_is_done_again_once(
    stack, api, claude: fake.FakeAnthropic, heard: Heard, thread_redelivery  # noqa: F811
):
    heard.failures = 1
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "All quiet."}]}])
    thread_id = start(api, agent["id"], "how is the homelab?")
    stack.drain()

    assert heard.seen() == [("sleeping", "All quiet."), ("sleeping", "All quiet.")]
    assert thread(api, agent["id"], thread_id)["status"] == "sleeping"
    assert stream_types(api, agent["id"], thread_id).count("completed") == 1
    assert len(claude.conversation_requests()) == 1  # the model was asked once


def test_a_listener_failing_on_a_cancel_is_logged_and_the_cancel_stands(stack, api, claude: fake.FakeAnthropic, heard: Heard):  # noqa: F811
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "All quiet."}]}])
    thread_id = start(api, agent["id"], "how is the homelab?")
    stack.drain()
    heard.failures = 1

    response = api.post(f"/agents/{agent['id']}/threads/{thread_id}/cancel")

    assert response.status_code == 200 and response.json()["status"] == "complete"
    assert heard.seen()[-1] == ("complete", "All quiet.")
    assert stream_types(api, agent["id"], thread_id)[-1] == "completed"
