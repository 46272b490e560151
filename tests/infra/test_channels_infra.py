"""Channels on AWS: the platforms' routes on their own function without an authorizer
(the management routes under /channels still reach the api function), the inbox and
outbox queues with their DLQs and consumers, SES for the delivery function only, the
platform API bases as deploy settings, and an alarm on failed deliveries."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.infra.test_stack import _functions, _join, _queue_ids, _role_policies, _statements
from wakeful import constants

pytestmark = pytest.mark.infra


def _paths(synth: Any) -> dict[str, str]:
    """API Gateway resource logical id -> its full path."""
    resources = synth.resources("AWS::ApiGateway::Resource")
    paths: dict[str, str] = {}

    def path_of(logical_id: str) -> str:
        if logical_id not in paths:
            props = resources[logical_id]["Properties"]
            parent = props["ParentId"]
            prefix = path_of(parent["Ref"]) if "Ref" in parent and parent["Ref"] in resources else ""
            paths[logical_id] = f"{prefix}/{props['PathPart']}"
        return paths[logical_id]

    for logical_id in resources:
        path_of(logical_id)
    return paths


def _methods(synth: Any) -> dict[tuple[str, str], dict[str, Any]]:
    """(path, HTTP method) -> the method's properties."""
    paths = _paths(synth)
    found = {}
    for method in synth.resources("AWS::ApiGateway::Method").values():
        props = method["Properties"]
        resource = props["ResourceId"]
        path = paths.get(resource.get("Ref"), "/") if isinstance(resource, dict) else "/"
        found[(path, props["HttpMethod"])] = props
    return found


@pytest.mark.parametrize("route", ["slack/events", "slack/interactions", "discord", "telegram"])
def test_each_platform_route_is_a_post_to_the_channel_inbound_function_without_an_authorizer(synth, route):
    methods = _methods(synth)
    post = methods[(f"/channels/{{channel_id}}/{route}", "POST")]
    assert post["AuthorizationType"] == "NONE"  # the platform's signature, checked by the function
    assert _functions(synth)["channel_inbound"]["id"] in json.dumps(post["Integration"]["Uri"])


@pytest.mark.parametrize("path", ["/channels", "/channels/{channel_id}", "/channels/{channel_id}/{proxy+}", "/channels/{channel_id}/slack"])
def test_the_management_routes_under_channels_still_reach_the_api_function(synth, path):
    method = _methods(synth)[(path, "ANY")]
    assert _functions(synth)["api"]["id"] in json.dumps(method["Integration"]["Uri"])


def test_the_inbox_is_fifo_and_the_outbox_standard_each_with_a_dlq_and_its_consumer(synth):
    functions = _functions(synth)
    queues = synth.resources("AWS::SQS::Queue")
    mappings = list(synth.resources("AWS::Lambda::EventSourceMapping").values())
    ids = _queue_ids(synth)
    for logical, consumer, fifo in (("channel_inbox", "channel_worker", True), ("channel_outbox", "channel_deliver", False)):
        queue_id = ids[logical]
        props = queues[queue_id]["Properties"]
        assert bool(props.get("FifoQueue")) is fifo, logical
        assert props["RedrivePolicy"]["maxReceiveCount"] == constants.QUEUE_MAX_RECEIVES
        (mapping,) = [m for m in mappings if m["Properties"]["EventSourceArn"] == {"Fn::GetAtt": [queue_id, "Arn"]}]
        assert functions[consumer]["id"] in json.dumps(mapping["Properties"]["FunctionName"])
        assert mapping["Properties"]["FunctionResponseTypes"] == ["ReportBatchItemFailures"]


def test_only_the_delivery_function_may_send_email_and_only_from_this_accounts_identities(synth):
    sends = [s for s in _statements(synth, identity_only=True) if "ses:SendEmail" in json.dumps(s.get("Action"))]
    assert len(sends) == 1
    assert _join(sends[0]["Resource"]).endswith(":identity/*")
    policies = _role_policies(synth)
    deliver_role = _functions(synth)["channel_deliver"]["Properties"]["Role"]["Fn::GetAtt"][0]
    owners = [p for p in policies.values() if "ses:SendEmail" in json.dumps(p["Properties"]["PolicyDocument"])]
    assert [p["Properties"]["Roles"] for p in owners] == [[{"Ref": deliver_role}]]


def test_failed_deliveries_have_a_failure_rate_alarm(synth):
    alarms = synth.resources("AWS::CloudWatch::Alarm")
    names = {_join(a["Properties"]["AlarmName"]).split("-", 1)[1] for a in alarms.values()}
    assert "ChannelDeliveriesFailureRate" in names
    assert {"ChannelInboxDlqNotEmpty", "ChannelOutboxDlqNotEmpty"} <= names


def test_the_dashboard_charts_the_channels(synth):
    (dashboard,) = synth.resources("AWS::CloudWatch::Dashboard").values()
    body = json.dumps(dashboard["Properties"]["DashboardBody"])
    for metric in ("ChannelDeliveriesSucceeded", "ChannelDeliveriesFailed", "ChannelAttemptsRetried", "ChannelRequestsRejected"):
        assert metric in body


def test_platform_api_bases_are_deploy_settings_given_to_the_functions(tmp_path):
    from aws_cdk import App

    from infra.settings import DeploySettings

    app = App(outdir=str(tmp_path), context={"wakeful:slackApiUrl": "https://slack-proxy.example.com/api/"})
    assert DeploySettings.from_context(app).platform_environment() == {"WAKEFUL_SLACK_API_URL": "https://slack-proxy.example.com/api"}
    plain = App(outdir=str(tmp_path), context={"wakeful:telegramApiUrl": "http://127.0.0.1:9"})
    with pytest.raises(ValueError, match="telegramApiUrl must be an https"):
        DeploySettings.from_context(plain)
