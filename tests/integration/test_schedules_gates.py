"""A schedule run's gates: a capability above the schedules (the spend guard's pause,
a probe) can say that a claimed run must not call the model; the run is then
``skipped`` with the gate's reason, its thread never starts and no hook fires."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.schedule_helpers import heartbeat_schedule
from tests.integration.test_schedules_threads import answer, hooked_agent, run_due
from tests.integration.thread_helpers import threads
from wakeful import assembly
from wakeful.schedules.slots import GATES, Gate, Skip

pytestmark = pytest.mark.long(seconds=30)


@pytest.fixture
def gate() -> Iterator[list[str]]:
    """A gate that skips the runs of the agents named in the list it yields."""
    closed: list[str] = []
    GATES.install(*assembly.listeners(GATES), Gate("test", lambda agent, schedule, row, now: Skip("budget", "the agent is paused") if agent.agent_id in closed else None))
    yield closed
    GATES.install(*assembly.listeners(GATES))


def test_a_run_a_gate_skips_is_skipped_with_its_reason_and_calls_no_model(
    stack: Any, api: Any, claude: fake.FakeAnthropic, receiver: Any, gate: list[str]  # noqa: F811 - fixture
) -> None:
    agent = hooked_agent(api, receiver)
    prompt = f"Check on {agent['id']}'s items"  # other agents' runs due at the same tick ask the model too
    schedule = heartbeat_schedule(api, agent["id"], prompt=prompt)
    claude.converse(answer("Disk at 97%: clean it up."))
    gate.append(agent["id"])
    row = run_due(stack, api, agent["id"], schedule)
    assert (row["status"], row["reason"], row["result_content"]) == ("skipped", "budget", "the agent is paused")
    assert row["thread_id"] is None and threads(api, agent["id"]) == []
    assert [r for r in claude.conversation_requests() if prompt in json.dumps(r["messages"])] == []
    assert receiver.deliveries(f"result-{agent['id']}") == [] and receiver.deliveries(f"failed-{agent['id']}") == []
    counts = api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json()["counts"]
    assert (counts["skipped"], counts["runs"]) == (1, 0)
