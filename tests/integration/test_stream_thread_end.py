"""A thread run's end in the live stream: one ``completed`` or ``error`` per run, even
when the end is done again (a step of the ended run redelivered)."""

from __future__ import annotations

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import make_agent, start, thread
from tests.support.iam_audit import acting_as
from wakeful.threads import runner


def stream_types(api, agent_id: str, thread_id: str) -> list[str]:
    response = api.get(f"/agents/{agent_id}/threads/{thread_id}/stream-events")
    assert response.status_code == 200, response.text
    return [item["type"] for item in response.json()["items"]]


def test_a_redelivered_step_of_an_ended_run_streams_no_second_completed(stack, api, claude: fake.FakeAnthropic):  # noqa: F811
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "All quiet."}]}])
    thread_id = start(api, agent["id"], "how is the homelab?")
    stack.drain()
    run_id = thread(api, agent["id"], thread_id)["run_id"]
    assert stream_types(api, agent["id"], thread_id)[-1] == "completed"

    with acting_as("thread_runner"):  # its calls are the thread runner's (the IAM audit)
        assert runner.process(agent["id"], thread_id, f"{run_id}:s1") == "stale"  # the end is done again

    types = stream_types(api, agent["id"], thread_id)
    assert types[0] == "start" and types[-1] == "completed" and types.count("completed") == 1


def test_a_failed_run_streams_one_error(stack, api, claude: fake.FakeAnthropic):  # noqa: F811
    agent = make_agent(api)
    claude.push(fake.error(400, "invalid_request_error", "bad request"))
    thread_id = start(api, agent["id"], "how is the homelab?")
    stack.drain()

    types = stream_types(api, agent["id"], thread_id)
    assert thread(api, agent["id"], thread_id)["status"] == "failed"
    assert types == ["start", "error"]
