"""The spend guard's metrics, as its service counts them against the local stack's
tables: a pause, a refused call, a resume, and each saving (the dashboard's Spend and
Saved widgets chart them)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from aws_lambda_powertools import Metrics

from tests.integration.thread_helpers import make_agent
from wakeful import clock, constants
from wakeful.agents import repository as agents
from wakeful.llm.exceptions import LLMSpendRefusedError
from wakeful.spend import records, service


@pytest.fixture()
def counted() -> Iterator[Metrics]:
    metrics = Metrics(namespace=constants.METRICS_NAMESPACE, service=constants.SERVICE_NAME)
    metrics.clear_metrics()
    yield metrics
    metrics.clear_metrics()


def values(metrics: Metrics, name: str) -> list[float]:
    return list((metrics.metric_set.get(name) or {}).get("Value") or [])


def test_spend_metrics_count_a_pause_each_refused_call_and_a_resume(stack: Any, api: Any, counted: Metrics) -> None:
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
def test_each_saving_counted_adds_to_its_metric(stack: Any, api: Any, counted: Metrics, kind: str, metric: str) -> None:
    agent = make_agent(api)
    service.add_saving(api.owner, agent["id"], kind, 3, clock.now())
    assert values(counted, metric) == [3.0]
    assert api.get(f"/agents/{agent['id']}/spend").json()["saved"][kind] == 3


def test_the_metric_names_the_code_counts_are_the_ones_the_manifest_declares() -> None:
    from wakeful.spend import manifest, metrics

    assert set(metrics.NAMES) == set(manifest.METRICS)
