"""The spend guard through the real handlers against moto, the model being the real
anthropic SDK against the fake Messages API (whose token counts are known): each call
priced and counted once, budgets on agents and owners, the spend views, the pause."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import make_agent, start, thread
from wakeful.llm import pricing

pytestmark = pytest.mark.long(seconds=60)


def one_turn(text: str = "done") -> list[dict[str, Any]]:
    return [{"match": "", "turns": [{"text": text, "tool_calls": [{"name": "complete_task", "input": {"summary": text}}]}]}]


def expected_usd(claude: fake.FakeAnthropic, model: str = "claude-sonnet-4-6") -> float:
    return sum(
        pricing.cost_usd(model, u["input_tokens"], u["output_tokens"], u.get("cache_read_input_tokens", 0), u.get("cache_creation_input_tokens", 0), provider="anthropic")
        for u in claude.usages
    )


def test_spend_each_call_costs_its_tokens_times_the_price_of_its_provider_and_model(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = make_agent(api, budget={"daily_usd": 100})
    claude.converse(one_turn())
    start(api, agent["id"], "check the disk")
    stack.drain()
    assert claude.usages, "the model was called"
    view = api.get(f"/agents/{agent['id']}/spend").json()
    want = expected_usd(claude)
    assert want > 0
    assert view["today_usd"] == pytest.approx(want, abs=2e-6) and view["month_usd"] == view["today_usd"] == view["last_hour_usd"]
    (row,) = view["by_model"]
    assert (row["provider"], row["calls"], row["replay"]) == ("anthropic", len(claude.usages), False)
    assert row["input_tokens"] == sum(u["input_tokens"] for u in claude.usages)
    assert row["output_tokens"] == sum(u["output_tokens"] for u in claude.usages)
    assert row["cache_read_tokens"] == sum(u.get("cache_read_input_tokens", 0) for u in claude.usages)
    assert view["limits"] == {"daily_usd": 100.0, "monthly_usd": None, "max_usd_per_hour": None}
    assert view["status"] == "ok" and set(view["saved"]) == {"quiet_heartbeats", "probe_skips", "triage_ok", "coalesced_events"}


def test_budget_field_accepts_limits_alert_at_and_on_exceed_with_defaults(api: Any) -> None:
    agent = api.create_agent(budget={"daily_usd": 5, "monthly_usd": 50.5})
    assert agent["budget"] == {"daily_usd": 5.0, "monthly_usd": 50.5, "max_usd_per_hour": None, "alert_at": 0.8, "on_exceed": "pause"}
    changed = api.patch(f"/agents/{agent['id']}", json={"budget": {"max_usd_per_hour": 1, "alert_at": 0.5, "on_exceed": "alert"}}).json()
    assert changed["budget"] == {"daily_usd": None, "monthly_usd": None, "max_usd_per_hour": 1.0, "alert_at": 0.5, "on_exceed": "alert"}
    assert api.patch(f"/agents/{agent['id']}", json={"budget": None}).json()["budget"] is None


@pytest.mark.parametrize(
    "budget",
    [{"daily_usd": True}, {"daily_usd": "5"}, {"daily_usd": 0}, {"daily_usd": 2_000_000}, {"alert_at": 1.5}, {"on_exceed": "stop"}, {"weekly_usd": 1}],
)
def test_budget_invalid_values_answer_422_and_change_nothing(api: Any, budget: dict[str, Any]) -> None:
    agent = api.create_agent(budget={"daily_usd": 5})
    response = api.patch(f"/agents/{agent['id']}", json={"budget": budget})
    assert response.status_code == 422 and response.json()["error"]["code"]
    assert api.get(f"/agents/{agent['id']}").json()["budget"]["daily_usd"] == 5.0
    put = api.put("/budget", json=budget)
    assert put.status_code == 422 and api.get("/budget").json()["daily_usd"] is None


def test_owner_budget_put_then_get_bounds_all_agents_together(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    assert api.get("/budget").json() == {"daily_usd": None, "monthly_usd": None, "max_usd_per_hour": None, "alert_at": None, "on_exceed": None}
    put = api.put("/budget", json={"daily_usd": 20, "alert_at": 0.9})
    assert put.status_code == 200 and put.json() == {"daily_usd": 20.0, "monthly_usd": None, "max_usd_per_hour": None, "alert_at": 0.9, "on_exceed": "pause"}
    first, second = make_agent(api), make_agent(api)
    claude.converse(one_turn())
    start(api, first["id"], "one")
    start(api, second["id"], "two")
    stack.drain()
    total = api.get("/spend").json()
    agents = {row["agent_id"]: row for row in total["agents"]}
    assert set(agents) == {first["id"], second["id"]}
    assert total["today_usd"] == pytest.approx(agents[first["id"]]["today_usd"] + agents[second["id"]]["today_usd"], abs=2e-6)
    assert total["today_usd"] == pytest.approx(expected_usd(claude), abs=4e-6) and total["limits"]["daily_usd"] == 20.0


def test_unpriced_model_under_a_budget_fails_the_run_with_no_price_before_any_call(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = make_agent(api, budget={"daily_usd": 5})
    assert api.patch(f"/agents/{agent['id']}/llm", json={"provider": "anthropic", "model": "claude-unpriced-9"}).status_code == 200
    claude.converse(one_turn())
    thread_id = start(api, agent["id"], "check the disk")
    stack.drain()
    view = thread(api, agent["id"], thread_id)
    assert view["status"] == "failed" and view["error_message"] == "no price for anthropic/claude-unpriced-9"
    assert claude.conversation_requests() == []


def test_unpriced_model_without_a_budget_is_called_and_counted_at_zero(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = make_agent(api)
    api.patch(f"/agents/{agent['id']}/llm", json={"provider": "anthropic", "model": "claude-unpriced-9"})
    claude.converse(one_turn())
    start(api, agent["id"], "check the disk")
    stack.drain()
    assert claude.conversation_requests()
    view = api.get(f"/agents/{agent['id']}/spend").json()
    assert view["today_usd"] == 0 and view["by_model"][0]["calls"] == len(claude.usages)


def many_turns(n: int) -> list[dict[str, Any]]:
    turn = {"tool_calls": [{"name": "store_context", "input": {"key": "k", "value": "v"}}]}
    return [{"match": "", "turns": [turn] * n}]


def paused_agent(stack: Any, api: Any, claude: fake.FakeAnthropic) -> tuple[dict[str, Any], str]:  # noqa: F811
    """An agent whose run crossed its daily limit ($0.01) in the middle."""
    agent = make_agent(api, budget={"daily_usd": 0.01})
    claude.converse(many_turns(40))
    thread_id = start(api, agent["id"], "keep going")
    stack.drain()
    return agent, thread_id


def test_run_in_progress_ends_after_its_current_model_call_with_error_budget_exceeded(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent, thread_id = paused_agent(stack, api, claude)
    view = thread(api, agent["id"], thread_id)
    assert (view["status"], view["error_message"]) == ("failed", "budget exceeded")
    spend = api.get(f"/agents/{agent['id']}/spend").json()
    assert spend["status"] == "paused" and spend["paused_until"] and "daily_usd" in spend["paused_reason"]
    # The call that crossed the limit was the last one: no call started after it.
    assert spend["today_usd"] >= 0.01 and spend["today_usd"] - expected_usd(claude) == pytest.approx(0, abs=1e-5)
    assert len(claude.conversation_requests()) < 40
    assert spend["today_usd"] - 0.01 < expected_usd(claude) / len(claude.usages) * 2


def test_paused_agent_starts_no_model_call_for_a_new_thread(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent, _ = paused_agent(stack, api, claude)
    calls = len(claude.conversation_requests())
    second = start(api, agent["id"], "again")
    stack.drain()
    assert len(claude.conversation_requests()) == calls
    assert thread(api, agent["id"], second)["status"] != "complete"


def test_resume_when_not_paused_is_409(api: Any) -> None:
    agent = api.create_agent(budget={"daily_usd": 5})
    response = api.post(f"/agents/{agent['id']}/spend/resume", json={"extend_usd": 1})
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_paused"


@pytest.mark.parametrize("body", [{}, {"extend_usd": 0}, {"extend_usd": -1}, {"extend_usd": True}, {"extend_usd": "1"}, {"extend_usd": 2_000_000}])
def test_resume_with_a_bad_extend_usd_is_422(api: Any, body: dict[str, Any]) -> None:
    agent = api.create_agent(budget={"daily_usd": 5})
    assert api.post(f"/agents/{agent['id']}/spend/resume", json=body).status_code == 422


def test_resume_not_enough_is_409_and_changes_nothing_then_enough_resumes(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent, _ = paused_agent(stack, api, claude)
    short = api.post(f"/agents/{agent['id']}/spend/resume", json={"extend_usd": 0.000001})
    assert short.status_code == 409 and short.json()["error"]["code"] == "still_over_limit"
    assert api.get(f"/agents/{agent['id']}/spend").json()["status"] == "paused"
    resumed = api.post(f"/agents/{agent['id']}/spend/resume", json={"extend_usd": 5})
    assert resumed.status_code == 200 and resumed.json()["status"] == "ok" and "paused_until" not in resumed.json()
    claude.converse(one_turn())
    again = start(api, agent["id"], "go on")
    stack.drain()
    assert thread(api, agent["id"], again)["status"] == "complete"


def test_on_exceed_alert_only_alerts_and_never_pauses(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = make_agent(api, budget={"daily_usd": 0.01, "on_exceed": "alert"})
    claude.converse(many_turns(16))
    thread_id = start(api, agent["id"], "keep going")
    stack.drain()
    assert thread(api, agent["id"], thread_id)["error_message"] != "budget exceeded"
    view = api.get(f"/agents/{agent['id']}/spend").json()
    assert view["today_usd"] > 0.01 and view["status"] == "alerted"


def test_a_quiet_heartbeat_is_counted_as_saved_this_month(stack: Any, api: Any) -> None:
    from tests.integration.test_quiet_heartbeats import _later, _settled_agent

    agent = _settled_agent(stack, api)
    assert api.get(f"/agents/{agent['id']}/spend").json()["saved"]["quiet_heartbeats"] == 0
    assert stack.tick(_later())["quiet"] >= 1
    stack.drain()
    assert api.get(f"/agents/{agent['id']}/spend").json()["saved"]["quiet_heartbeats"] == 1
    assert api.get("/spend").json()["saved"]["quiet_heartbeats"] == 1


def test_schedule_run_due_while_paused_is_skipped_with_reason_budget(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    from tests.integration.schedule_helpers import heartbeat_schedule
    from tests.integration.test_schedules_threads import run_due

    agent, _ = paused_agent(stack, api, claude)
    schedule = heartbeat_schedule(api, agent["id"])
    calls = len(claude.conversation_requests())
    row = run_due(stack, api, agent["id"], schedule)
    assert (row["status"], row["reason"]) == ("skipped", "budget") and row["thread_id"] is None
    assert len(claude.conversation_requests()) == calls
