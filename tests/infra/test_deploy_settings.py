"""Log level and X-Ray tracing are deploy settings (CDK context), with defaults the
synthesized stack shows."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.infra


def _settings(**context):
    from aws_cdk import App  # inside: every worker collects this file, few run it

    from infra.settings import DeploySettings

    app = App(context={f"wakeful:{k}": v for k, v in context.items()})
    return DeploySettings.from_context(app)


def test_default_stack_logs_at_info_traces_and_samples_the_api_at_one_per_second_and_five_percent(synth):
    functions = synth.resources("AWS::Lambda::Function")
    levels = {r["Properties"]["Environment"]["Variables"].get("POWERTOOLS_LOG_LEVEL") for r in functions.values() if "Environment" in r["Properties"]}
    assert levels == {"INFO"}
    [rule] = synth.resources("AWS::XRay::SamplingRule").values()
    props = rule["Properties"]["SamplingRule"]
    assert (props["ReservoirSize"], props["FixedRate"], props["ServiceType"]) == (1, 0.05, "AWS::ApiGateway::Stage")


def test_log_level_tracing_and_sampling_come_from_context():
    settings = _settings(logLevel="warning", tracing="off", xraySamplingRate="0.01", xrayReservoir="0")
    assert (settings.log_level, settings.tracing, settings.xray_sampling_rate, settings.xray_reservoir) == ("WARNING", False, 0.01, 0)


@pytest.mark.parametrize("context", [{"logLevel": "loud"}, {"tracing": "sometimes"}, {"xraySamplingRate": "2"}])
def test_a_bad_log_or_tracing_setting_is_refused_at_synth(context):
    with pytest.raises(ValueError):
        _settings(**context)


def test_due_shards_and_scan_groups_come_from_context_and_deal_every_shard_to_one_group():
    settings = _settings(dueShards="10", scanGroups=4)
    assert (settings.due_shards, settings.scan_groups) == (10, 4)
    assert settings.shard_groups() == [[0, 4, 8], [1, 5, 9], [2, 6], [3, 7]]


def test_by_default_sixteen_shards_are_scanned_by_four_parallel_invocations():
    settings = _settings()
    assert (settings.due_shards, settings.scan_groups) == (16, 4)
    assert settings.shard_groups() == [[g, g + 4, g + 8, g + 12] for g in range(4)]


@pytest.mark.parametrize(
    "context",
    [{"dueShards": "0"}, {"dueShards": "257"}, {"dueShards": "1.5"}, {"dueShards": "many"}, {"scanGroups": "0"}, {"dueShards": "4", "scanGroups": "5"}],
)
def test_a_shard_count_or_grouping_out_of_range_is_refused_at_synth(context):
    with pytest.raises(ValueError):
        _settings(**context)
