"""`wakeful dev` prints no metric lines unless asked: with metrics disabled, values are
dropped at the end of each invocation instead of piling up until 100 print at once."""

from __future__ import annotations

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.metrics import MetricUnit

from wakeful_dev.runtime import quiet_disabled_metrics


def test_disabled_metrics_never_print_even_after_100_invocations(monkeypatch, capsys):
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "true")
    quiet_disabled_metrics()
    metrics = Metrics(namespace="Test", service="quiet")

    @metrics.log_metrics
    def handler(event: dict, context: object) -> None:
        metrics.add_metric(name="Ticks", unit=MetricUnit.Count, value=1)

    for _ in range(150):
        handler({}, None)

    assert capsys.readouterr().out == ""


def test_enabled_metrics_still_print(monkeypatch, capsys):
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "false")
    quiet_disabled_metrics()
    metrics = Metrics(namespace="Test", service="loud")

    @metrics.log_metrics
    def handler(event: dict, context: object) -> None:
        metrics.add_metric(name="Ticks", unit=MetricUnit.Count, value=1)

    handler({}, None)
    assert '"Ticks"' in capsys.readouterr().out
