"""Triage: a heartbeat schedule run asks the agent's triage model first; its
``HEARTBEAT_OK`` ends the run as ``heartbeat_ok`` without the agent's model, anything else
is asked again of the agent's model (``escalated: true``; both calls in the ledger)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.schedule_helpers import create_schedule, heartbeat_schedule
from tests.integration.test_schedules_threads import answer
from tests.integration.thread_helpers import make_agent

pytestmark = pytest.mark.long(seconds=120)

MAIN = "claude-sonnet-4-6"
TRIAGE = "claude-haiku-4-5"


def with_triage(api: Any) -> dict[str, Any]:
    agent = make_agent(api)
    response = api.patch(f"/agents/{agent['id']}/llm", json={"model": MAIN, "triage": {"provider": "anthropic", "model": TRIAGE}})
    assert response.status_code == 200, response.text
    return agent


def run(stack: Any, api: Any, agent_id: str, schedule_id: str) -> dict[str, Any]:
    response = api.post(f"/agents/{agent_id}/schedules/{schedule_id}/run")
    assert response.status_code in (200, 202), response.text
    stack.drain()
    rid = response.json()["result_id"]
    return api.get(f"/agents/{agent_id}/schedules/{schedule_id}/results/{rid}").json()


def test_triage_field_validates_shows_on_get_and_null_clears_it(api: Any) -> None:
    agent = make_agent(api)
    url = f"/agents/{agent['id']}/llm"
    assert api.get(url).json()["triage"] is None
    for bad in ({"provider": "nope", "model": TRIAGE}, {"provider": "anthropic", "model": ""}, {"provider": "anthropic"}, {"model": TRIAGE}, "haiku"):
        response = api.patch(url, json={"triage": bad})
        assert response.status_code == 422, (bad, response.text)
        assert response.json()["error"]["code"]
    assert api.get(url).json()["triage"] is None
    assert api.patch(url, json={"triage": {"provider": "anthropic", "model": TRIAGE}}).status_code == 200
    assert api.get(url).json()["triage"] == {"provider": "anthropic", "model": TRIAGE}
    assert api.patch(url, json={"triage": None}).status_code == 200
    assert api.get(url).json()["triage"] is None


def test_triage_heartbeat_ok_ends_the_run_as_heartbeat_ok_without_the_agents_model(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = with_triage(api)
    claude.converse(answer("MAIN MODEL WAS ASKED"))
    sch = heartbeat_schedule(api, agent["id"])
    claude.for_model(TRIAGE, *[fake.text("HEARTBEAT_OK") for _ in range(24)])
    found = [run(stack, api, agent["id"], sch["id"]) for _ in range(24)]
    assert {(r["status"], r["escalated"]) for r in found} == {("heartbeat_ok", False)}
    assert len(claude.requests_for_model(TRIAGE)) == 24
    assert claude.requests_for_model(MAIN) == []
    spend = api.get(f"/agents/{agent['id']}/spend").json()
    assert spend["saved"]["triage_ok"] == 24
    assert {(row["model"], row["calls"]) for row in spend["by_model"]} == {(TRIAGE, 24)}


def test_triage_finding_escalates_with_escalated_true_and_both_costs_in_the_ledger(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = with_triage(api)
    claude.converse(answer("The disk is 97% full."))
    sch = heartbeat_schedule(api, agent["id"])
    claude.for_model(TRIAGE, fake.text("The disk might be filling up."))
    result = run(stack, api, agent["id"], sch["id"])
    assert (result["status"], result["escalated"]) == ("success", True), result
    assert result["result_content"] == "The disk is 97% full."
    assert result["triage"]["verdict"] == "escalated" and result["triage"]["model"] == TRIAGE
    triage_calls, main_calls = claude.requests_for_model(TRIAGE), claude.requests_for_model(MAIN)
    assert len(triage_calls) == 1 and len(main_calls) == 1
    assert triage_calls[0]["messages"] == main_calls[0]["messages"]  # the same turn, asked again
    assert {t["name"] for t in triage_calls[0]["tools"]} == {t["name"] for t in main_calls[0]["tools"]}
    usage = api.get(f"/agents/{agent['id']}/llm").json()["usage_by_model"]
    assert {(row["model"], row["calls"]) for row in usage} == {(TRIAGE, 1), (MAIN, 1)}
    by_model = api.get(f"/agents/{agent['id']}/spend").json()["by_model"]
    assert {(row["model"], row["purpose"]) for row in by_model} == {(TRIAGE, "triage"), (MAIN, "run")}


def test_triage_tool_call_escalates_and_is_never_run(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = with_triage(api)
    claude.converse(answer("HEARTBEAT_OK"))
    sch = heartbeat_schedule(api, agent["id"])
    claude.for_model(TRIAGE, fake.tool_use({"summary": "all fine"}, name="complete_task"))
    result = run(stack, api, agent["id"], sch["id"])
    assert (result["status"], result["escalated"]) == ("heartbeat_ok", True), result
    assert len(claude.requests_for_model(MAIN)) == 1
    messages = api.get(f"/agents/{agent['id']}/threads/{result['thread_id']}/messages").json()["items"]
    assert not any(m.get("tool_calls") for m in messages if m["role"] == "assistant")


def test_triage_applies_only_to_heartbeat_schedule_runs(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = with_triage(api)
    claude.converse(answer("Three items are due."))
    sch = create_schedule(api, agent["id"], cron_expression="0 8 * * *")
    result = run(stack, api, agent["id"], sch["id"])
    assert (result["status"], result["escalated"]) == ("success", False), result
    assert claude.requests_for_model(TRIAGE) == []
    assert len(claude.requests_for_model(MAIN)) == 1
