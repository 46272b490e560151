"""The spend guard's metrics, as its service counts them against the local stack's
tables: a pause, a refused call, a resume, and each saving (the dashboard's Spend and
Saved widgets chart them)."""

from __future__ import annotations

import collections
import threading
from typing import Any

import pytest
from aws_lambda_powertools import Metrics

from tests.integration.thread_helpers import make_agent
from wakeful import clock
from wakeful.agents import repository as agents
from wakeful.llm.exceptions import LLMSpendRefusedError
from wakeful.spend import records, service


@pytest.fixture()
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[float]]:
    """The metrics this test's thread adds (name -> values), as Powertools' ``Metrics``
    is asked to add them. Its metric set is the process's: a handler that another
    thread finishes meanwhile flushes it (a loaded run saw a value vanish that way)."""
    added: dict[str, list[float]] = collections.defaultdict(list)
    me = threading.get_ident()
    original = Metrics.add_metric

    def add_metric(self: Metrics, name: str, unit: Any, value: float, *args: Any, **kwargs: Any) -> None:
        if threading.get_ident() == me:
            added[name].append(float(value))
        original(self, name, unit, value, *args, **kwargs)

    monkeypatch.setattr(Metrics, "add_metric", add_metric)
    return added


def values(counted: dict[str, list[float]], name: str) -> list[float]:
    return list(counted.get(name, []))


def test_spend_metrics_count_a_pause_each_refused_call_and_a_resume(stack: Any, api: Any, counted: dict[str, list[float]]) -> None:
    agent = agents.get(make_agent(api, budget={"daily_usd": 1})["id"])
    now = clock.now()
    assert service.pause(service.Scope(records.agent_scope(agent.agent_id), records.Budget.of(agent.budget)), ["daily_usd"], now)
    for _ in range(2):
        with pytest.raises(LLMSpendRefusedError):
            service.admit(agent.agent_id, agent.owner, "run", "ref", False, "anthropic", "claude-sonnet-4-6")
    service.resume_agent(agent, 1)
    assert (values(counted, "BudgetPauses"), values(counted, "SpendRefusedCalls"), values(counted, "BudgetResumes")) == ([1.0], [1.0, 1.0], [1.0])


@pytest.mark.parametrize(
    "kind, metric",
    [("quiet_heartbeats", "QuietHeartbeats"), ("probe_skips", "ProbeSkips"), ("triage_ok", "TriageOk"), ("coalesced_events", "CoalescedEvents")],
)
def test_each_saving_counted_adds_to_its_metric(stack: Any, api: Any, counted: dict[str, list[float]], kind: str, metric: str) -> None:
    agent = make_agent(api)
    service.add_saving(api.owner, agent["id"], kind, 3, clock.now())
    assert values(counted, metric) == [3.0]
    assert api.get(f"/agents/{agent['id']}/spend").json()["saved"][kind] == 3


def test_the_metric_names_the_code_counts_are_the_ones_the_manifest_declares() -> None:
    from wakeful.spend import manifest, metrics

    assert set(metrics.NAMES) == set(manifest.METRICS)
