"""The anthropic provider through the real SDK against a fake Messages API on loopback:
answers, retries, timeouts, malformed output, prompt caching, usage, budgets, memos."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest
from pydantic import BaseModel

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from wakeful.llm import ledger
from wakeful.llm.client import LLMSession
from wakeful.llm.exceptions import LLMBudgetExceededError, LLMMalformedOutputError, LLMProviderError
from wakeful.llm.models import LLMRequest, ResponseSpec


class Verdict(BaseModel):
    should_reply: bool
    reasoning: str


VERDICT = ResponseSpec(
    "verdict",
    "Decide.",
    {"type": "object", "properties": {"should_reply": {"type": "boolean"}, "reasoning": {"type": "string"}}, "required": ["should_reply", "reasoning"]},
    Verdict,
)
GOOD = {"should_reply": True, "reasoning": "a real question"}


def _session(**config: Any) -> LLMSession:
    agent = {"agent_id": f"agt_test_{uuid.uuid4().hex[:10]}", "name": "Ada Quill", "alias": "ada", "expertise": "AI research"}
    return LLMSession(agent, tool="SnipComment", action_id=f"act_{uuid.uuid4().hex}", tool_config=config)


def _request(session: LLMSession, data: dict[str, Any] | None = None) -> LLMRequest:
    return LLMRequest(task="Should you reply?", data=data or {"comment": "How does it compare?"}, response=VERDICT, agent=session.agent, guide="G" * 6000)


def test_a_tool_use_answer_is_validated_and_its_usage_and_cost_recorded(claude: fake.FakeAnthropic) -> None:
    claude.push(fake.tool_use(GOOD))
    session = _session()
    answer = session.ask(_request(session), "decide")
    assert answer.data == Verdict(**GOOD)
    body = claude.requests[0]
    assert body["model"] == "claude-sonnet-4-6"
    sent = claude.headers[0]
    assert "sk-ant-test-fake" in (sent.get("x-api-key", "") + sent.get("authorization", ""))
    assert "How does it compare?" in fake.FakeAnthropic.prompt_text(body)
    assert answer.usage.input_tokens + answer.usage.cache_creation_input_tokens > 1000
    assert answer.usage.cost_usd > 0
    stats = session.usage_stats()
    assert stats is not None and stats["calls"] == 1 and stats["provider"] == "anthropic"
    today = ledger.usage_today(session.agent_id)
    assert today["calls"] == 1 and today["tokens"] == answer.usage.total_tokens


def test_json_in_text_is_accepted_too(claude: fake.FakeAnthropic) -> None:
    claude.push(fake.text('```json\n{"should_reply": false, "reasoning": "spam"}\n```'))
    session = _session()
    assert session.ask(_request(session), "decide").data.should_reply is False


def test_the_system_prompt_and_tool_definitions_carry_cache_breakpoints_and_hit_the_cache(claude: fake.FakeAnthropic) -> None:
    claude.push(fake.tool_use(GOOD), fake.tool_use(GOOD))
    first, second = _session(), _session()
    second.agent.update(first.agent)  # same agent profile: the whole system prompt is shared
    a = first.ask(_request(first), "decide")
    b = second.ask(_request(second, {"comment": "another"}), "decide")
    body = claude.requests[0]
    assert [("cache_control" in block) for block in body["system"]] == [True, True]
    assert "cache_control" in body["tools"][-1]
    assert a.usage.cache_creation_input_tokens > 0 and a.usage.cache_read_input_tokens == 0
    assert b.usage.cache_read_input_tokens == a.usage.cache_creation_input_tokens
    assert b.usage.cost_usd < a.usage.cost_usd


@pytest.mark.parametrize(("status", "kind"), [(429, "rate_limit_error"), (529, "overloaded_error")])
def test_rate_limits_and_overload_are_retried_by_the_sdk(claude: fake.FakeAnthropic, status: int, kind: str) -> None:
    claude.push(fake.error(status, kind), fake.error(status, kind), fake.tool_use(GOOD))
    session = _session()
    assert session.ask(_request(session), "decide").data == Verdict(**GOOD)
    assert [h.get("x-stainless-retry-count") for h in claude.headers] == ["0", "1", "2"]  # the SDK's own retries


def test_retries_give_up_with_a_clear_error(claude: fake.FakeAnthropic) -> None:
    claude.push(*[fake.error(529, "overloaded_error", "Overloaded")] * 3)
    session = _session()
    with pytest.raises(LLMProviderError, match="HTTP 529 overloaded_error after 3 attempts: Overloaded"):
        session.ask(_request(session), "decide")
    assert len(claude.requests) == 3


def test_a_slow_api_times_out_after_the_retries(claude: fake.FakeAnthropic, monkeypatch: pytest.MonkeyPatch) -> None:
    from wakeful.llm import settings

    monkeypatch.setenv("WAKEFUL_LLM_TIMEOUT_SECONDS", "0.3")
    monkeypatch.setenv("WAKEFUL_LLM_MAX_RETRIES", "1")
    settings.reset()
    claude.push(fake.slow(1.5, fake.tool_use(GOOD)), fake.slow(1.5, fake.tool_use(GOOD)))
    session = _session()
    started = time.monotonic()
    with pytest.raises(LLMProviderError, match=r"did not answer within 0.3 s \(2 attempts\)"):
        session.ask(_request(session), "decide")
    assert len(claude.requests) == 2
    assert time.monotonic() - started < 5


def test_malformed_json_fails_with_a_clear_error_and_still_counts_its_tokens(claude: fake.FakeAnthropic) -> None:
    claude.push(fake.text('{"should_reply": yes please'))
    session = _session()
    with pytest.raises(LLMMalformedOutputError, match="not valid JSON"):
        session.ask(_request(session), "decide")
    assert ledger.usage_today(session.agent_id)["calls"] == 1
    assert session.usage_stats()["calls"] == 1  # type: ignore[index]


def test_an_answer_cut_off_at_max_tokens_says_so(claude: fake.FakeAnthropic) -> None:
    cut = fake.text('{"should_reply": true, "reaso')
    cut.stop_reason = "max_tokens"
    claude.push(cut)
    session = _session()
    with pytest.raises(LLMMalformedOutputError, match=r"cut off at max_tokens=1024"):
        session.ask(_request(session), "decide")


def test_an_answer_of_the_wrong_shape_fails_and_is_not_remembered(claude: fake.FakeAnthropic) -> None:
    claude.push(fake.tool_use({"should_reply": "maybe"}), fake.tool_use(GOOD))
    session = _session()
    with pytest.raises(LLMMalformedOutputError, match="should_reply"):
        session.ask(_request(session), "decide")
    assert session.ask(_request(session), "decide").data == Verdict(**GOOD)


def test_the_same_action_step_is_asked_once(claude: fake.FakeAnthropic) -> None:
    claude.push(fake.tool_use(GOOD), fake.tool_use({"should_reply": False, "reasoning": "changed my mind"}))
    session = _session()
    first = session.ask(_request(session), "decide")
    again = LLMSession(session.agent, tool=session.tool, action_id=session.action_id).ask(_request(session), "decide")
    assert again.data == first.data and again.memoized
    assert len(claude.requests) == 1


def test_the_model_comes_from_tool_config_then_agent_settings_then_the_default(claude: fake.FakeAnthropic) -> None:
    claude.push(fake.tool_use(GOOD), fake.tool_use(GOOD), fake.tool_use(GOOD))
    configured = _session(model="claude-haiku-4-5")
    configured.ask(_request(configured), "decide")
    per_agent = _session()
    ledger.put_settings(per_agent.agent_id, {"model": "claude-opus-4-6", "tool_models": {"SnipComment": "claude-sonnet-5"}})
    per_agent.ask(_request(per_agent), "decide")
    ledger.put_settings(per_agent.agent_id, {"tool_models": None})
    fresh = LLMSession(per_agent.agent, tool="SnipComment", action_id="act_other")
    fresh.ask(_request(fresh), "decide")
    assert [r["model"] for r in claude.requests] == ["claude-haiku-4-5", "claude-sonnet-5", "claude-opus-4-6"]


def test_a_spent_daily_budget_stops_calls_before_they_are_made(claude: fake.FakeAnthropic) -> None:
    claude.push(fake.tool_use(GOOD))
    session = _session()
    ledger.put_settings(session.agent_id, {"daily_token_budget": 100})
    session.ask(_request(session), "decide")  # under budget when asked, over after
    other = LLMSession(session.agent, tool="SnipComment", action_id="act_next")
    with pytest.raises(LLMBudgetExceededError, match=r"daily LLM token budget exhausted .* of 100 tokens"):
        other.ask(_request(other), "decide")
    assert len(claude.requests) == 1


def test_sdk_clients_built_again_share_one_http_client(claude: fake.FakeAnthropic) -> None:
    # A provider is built again when its settings change; its SDK client reuses the
    # process's connection pool and TLS context instead of building new ones.
    from wakeful.llm import providers, settings

    first = providers.get("anthropic").client()
    settings.reset()
    second = providers.get("anthropic").client()
    assert second is not first and second._client is first._client  # noqa: SLF001
