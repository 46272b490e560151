"""Crash-safe accounting of the spend guard, through the one gate every model call
passes and the real scan against moto: a call whose function died between the call and
its settle is charged once, at its estimate, by the scan; a settle repeated counts once;
a settle that comes after the sweep changes nothing."""

from __future__ import annotations

import time
from typing import Any

import pytest

from wakeful.agents import repository as agents
from wakeful.llm import callgate, pricing
from wakeful.llm.callgate import CallContext
from wakeful.llm.models import Endpoint, Usage
from wakeful.spend import records

pytestmark = pytest.mark.long(seconds=30)

MODEL = "claude-sonnet-4-6"
ENDPOINT = Endpoint("anthropic", MODEL)
#: 3,000 characters of request (1,000 tokens) and a 1,000-token answer cap.
SIZE = {"input_chars": 3000, "max_output_tokens": 1000}
USAGE = Usage(model=MODEL, provider="anthropic", input_tokens=200, output_tokens=50)


def admitted(api: Any) -> tuple[str, list[Any]]:
    """An agent under a budget and a call of it admitted (recorded open), whose function
    then dies: nobody settles it."""
    agent = api.create_agent(budget={"daily_usd": 100})
    owner = agents.get(agent["id"]).owner
    return agent["id"], callgate.admit(CallContext(agent["id"], owner, "run", "run-1", **SIZE), ENDPOINT)


def spent(api: Any, agent_id: str) -> tuple[float, int]:
    view = api.get(f"/agents/{agent_id}/spend").json()
    return view["today_usd"], sum(row["calls"] for row in view["by_model"])


def after_deadline() -> float:
    return time.time() + records.SETTLE_DEADLINE + 5


def estimate_usd() -> float:
    price = pricing.price(MODEL, "anthropic")
    assert price is not None
    return (1000 * price.input + 1000 * price.output) / 1_000_000


def usage_usd() -> float:
    return pricing.cost_usd(MODEL, USAGE.input_tokens, USAGE.output_tokens, 0, 0, provider="anthropic")


def test_call_admitted_but_never_settled_is_counted_once_at_its_estimate_by_the_scan(stack: Any, api: Any) -> None:
    agent_id, _tickets = admitted(api)
    assert spent(api, agent_id) == (0, 0)
    stack.tick()  # not overdue yet: its function may still settle it
    assert spent(api, agent_id) == (0, 0)
    first = stack.tick(after_deadline())  # (other tests' overdue calls are swept at this tick too)
    assert first["due"]["spend"]["swept"] >= 1
    usd, calls = spent(api, agent_id)
    assert usd == pytest.approx(estimate_usd(), abs=2e-6) and calls == 1
    stack.tick(after_deadline())  # it left the due index: never charged again
    assert spent(api, agent_id) == (usd, 1)


def test_settle_twice_counts_once(stack: Any, api: Any) -> None:
    agent_id, tickets = admitted(api)
    callgate.settle(tickets, USAGE)
    callgate.settle(tickets, USAGE)  # a redelivered step, a retried transaction
    usd, calls = spent(api, agent_id)
    assert usd == pytest.approx(usage_usd(), abs=2e-6) and calls == 1
    stack.tick(after_deadline())  # settled: out of the due index, never swept
    assert spent(api, agent_id) == (usd, 1)


def test_late_settle_after_sweep_changes_nothing(stack: Any, api: Any) -> None:
    agent_id, tickets = admitted(api)
    assert stack.tick(after_deadline())["due"]["spend"]["swept"] >= 1  # (other tests' overdue calls too)
    swept = spent(api, agent_id)
    assert swept[1] == 1
    callgate.settle(tickets, USAGE)  # the slow function's settle, after all
    assert spent(api, agent_id) == swept


def test_an_abandoned_call_is_never_charged(stack: Any, api: Any) -> None:
    agent_id, tickets = admitted(api)
    callgate.abandon(tickets)  # the provider failed: it does not bill the call
    stack.tick(after_deadline())
    assert spent(api, agent_id) == (0, 0)


def test_the_call_gate_refuses_an_agent_whose_daily_token_budget_is_spent(stack: Any, api: Any) -> None:
    from wakeful.llm import ledger
    from wakeful.llm.exceptions import LLMBudgetExceededError, LLMSpendRefusedError

    agent_id, tickets = admitted(api)
    callgate.settle(tickets, USAGE)
    ledger.add_usage(agent_id, USAGE)  # what every answered call adds to the day's tokens
    owner = agents.get(agent_id).owner
    under = CallContext(agent_id, owner, "tool", "a:1", daily_token_budget=USAGE.total_tokens + 1, **SIZE)
    callgate.abandon(callgate.admit(under, ENDPOINT))
    spent_ctx = CallContext(agent_id, owner, "tool", "a:2", daily_token_budget=USAGE.total_tokens, **SIZE)
    with pytest.raises(LLMBudgetExceededError, match=r"daily LLM token budget exhausted .* of 250 tokens") as refused:
        callgate.admit(spent_ctx, ENDPOINT)
    assert not isinstance(refused.value, LLMSpendRefusedError)  # the token budget, before the spend guard
    assert spent(api, agent_id) == (pytest.approx(usage_usd(), abs=2e-6), 1)
