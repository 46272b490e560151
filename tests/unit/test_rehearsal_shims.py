"""The rehearsal's shims change only what they name, and say which gap of moto each
works around (dev/wakeful_dev/rehearsal/shims.py)."""

from __future__ import annotations

import json

import pytest

from wakeful_dev.rehearsal import shims
from wakeful_dev.rehearsal.cloud import RehearsalError

MOTO = shims.Moto(clients=lambda service: None, stack_name="Wakeful", region="us-east-1", account="123456789012")


def _template() -> dict:
    return {
        "Resources": {
            "QueuesThreadQueue270BD1EB": {"Type": "AWS::SQS::Queue", "Properties": {"FifoQueue": True}},
            "Named": {"Type": "AWS::SQS::Queue", "Properties": {"FifoQueue": True, "QueueName": "mine.fifo"}},
            "Standard": {"Type": "AWS::SQS::Queue", "Properties": {}},
            "Alarm": {"Type": "AWS::CloudWatch::Alarm", "Properties": {"Threshold": 1}},
            "Dashboard": {"Type": "AWS::CloudWatch::Dashboard", "Properties": {"Body": {"Fn::Join": ["", [{"Fn::GetAtt": ["Alarm", "Arn"]}]]}}},
            "Stage": {"Type": "AWS::ApiGateway::Stage", "Properties": {"StageName": "v1"}},
            "Account": {"Type": "AWS::ApiGateway::Account", "Properties": {}},
        },
        "Outputs": {"Url": {"Value": {"Fn::Join": ["", ["https://x/", {"Ref": "Stage"}, "/"]]}}},
    }


def test_a_fifo_queue_without_a_name_gets_one_ending_in_fifo_as_cloudformation_would():
    template = _template()
    named = shims.fifo_queue_names(template, MOTO)
    name = template["Resources"]["QueuesThreadQueue270BD1EB"]["Properties"]["QueueName"]
    assert named == ["QueuesThreadQueue270BD1EB"]
    assert name.startswith("Wakeful-QueuesThreadQueue270BD1EB-") and name.endswith(".fifo") and len(name) <= 80
    assert template["Resources"]["Named"]["Properties"]["QueueName"] == "mine.fifo"
    assert "QueueName" not in template["Resources"]["Standard"]["Properties"]


def test_a_resource_something_still_refers_to_is_never_dropped():
    template = _template()
    with pytest.raises(RehearsalError, match="Alarm is dropped but still referred to"):
        shims.drop(template, ["Alarm"])
    assert "Alarm" in template["Resources"]


def test_a_dropped_resource_leaves_no_dependency_on_it_behind():
    template = _template()
    template["Resources"]["Stage"]["DependsOn"] = ["Account"]
    assert shims.drop(template, ["Account"]) == ["Account"]
    assert "DependsOn" not in template["Resources"]["Stage"]


def test_a_replaced_resource_is_given_wherever_the_template_refers_to_it_outputs_included():
    template = _template()
    assert shims.rest_stage_made_after(template, MOTO) == ["Stage"]
    assert "Stage" not in template["Resources"]
    assert json.dumps(template["Outputs"]["Url"]["Value"]) == json.dumps({"Fn::Join": ["", ["https://x/", {"Fn::Join": ["", ["v1"]]}, "/"]]})


def test_a_reference_to_an_attribute_no_shim_knows_stops_the_rehearsal():
    template = _template()
    with pytest.raises(RehearsalError, match="referred to for Arn"):
        shims.replace(template, "Alarm", {"": "x"})


def test_the_dashboard_keeps_an_alarm_arn_when_the_alarms_are_dropped():
    template = _template()
    shims.dashboard_alarm_arns(template, MOTO)
    shims.unsupported_dropped(template, MOTO)
    body = json.dumps(template["Resources"]["Dashboard"])
    assert "Alarm" not in template["Resources"] and "Account" not in template["Resources"]
    assert ":cloudwatch:${AWS::Region}:${AWS::AccountId}:alarm:Alarm" in body


def test_every_shim_says_in_one_line_which_gap_of_moto_it_works_around():
    for shim in (*shims.BEFORE, *shims.AFTER):
        reason = shims.reason(shim)
        assert reason.startswith("moto") and reason.endswith("."), (shim.__name__, reason)
