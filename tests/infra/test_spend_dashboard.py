"""The dashboard's spend widgets in the synthesized template: Spend charts what every
model call cost, summed per hour, in US dollars, beside the spend guard's pauses, resumes
and refused calls; Saved charts the model runs that were not made."""

from __future__ import annotations

import json
from typing import Any

from tests.infra.test_stack import _join
from wakeful import constants


def _widgets(synth: Any) -> dict[str, dict[str, Any]]:
    (dashboard,) = synth.resources("AWS::CloudWatch::Dashboard").values()
    body = json.loads(_join(dashboard["Properties"]["DashboardBody"]))
    return {w["properties"].get("title", ""): w["properties"] for w in body["widgets"] if w.get("type") == "metric"}


def _named(properties: dict[str, Any]) -> dict[str, list[Any]]:
    return {m[1]: m for m in properties["metrics"] if m and m[0] == constants.METRICS_NAMESPACE}


def test_dashboard_spend_widget_shows_the_cost_metric_summed_per_hour_in_usd(synth: Any) -> None:
    spend = _widgets(synth)["Spend (USD per hour)"]
    (expression,) = [m[0] for m in spend["metrics"] if isinstance(m[0], dict) and "expression" in m[0]]
    assert expression["expression"] == "cost / 1000000" and expression["period"] == 3600
    cost = _named(spend)["LlmCostMicroUsd"]
    assert cost[-1]["id"] == "cost" and cost[-1]["visible"] is False and cost[-1]["stat"] == "Sum"
    assert spend["yAxis"]["left"]["label"] == "USD"


def test_dashboard_spend_widget_counts_pauses_resumes_and_refused_calls_per_hour(synth: Any) -> None:
    spend = _named(_widgets(synth)["Spend (USD per hour)"])
    for name in ("BudgetPauses", "BudgetResumes", "SpendRefusedCalls"):
        options = spend[name][-1]
        assert (options["stat"], options["period"], options["yAxis"]) == ("Sum", 3600, "right"), name


def test_dashboard_saved_widget_counts_the_model_runs_not_made(synth: Any) -> None:
    widgets = _widgets(synth)
    saved = _named(widgets["Saved (per hour)"])
    assert set(saved) == {"QuietHeartbeats", "ProbeSkips", "TriageOk", "CoalescedEvents"}
    assert all(m[-1]["period"] == 3600 and m[-1]["stat"] == "Sum" for m in saved.values())
    # Charted there, not again in a widget of their first word's group.
    elsewhere = [title for title, w in widgets.items() if title not in ("Saved (per hour)", "Spend (USD per hour)") and set(_named(w)) & set(saved)]
    assert elsewhere == []
