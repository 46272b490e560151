"""API Gateway writes a stage's logs with the account's CloudWatch role
(``AWS::ApiGateway::Account``). In an account that never set that role, a stage with
access logging or execution logging fails to create unless the role is set first: every
such stage, REST and WebSocket, waits for it."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.infra

STAGE_TYPES = ("AWS::ApiGateway::Stage", "AWS::ApiGatewayV2::Stage")


def _logs(properties: dict[str, Any]) -> bool:
    """Whether a stage writes access logs or execution logs."""
    if properties.get("AccessLogSetting") or properties.get("AccessLogSettings"):
        return True
    method_settings = [*properties.get("MethodSettings", []), properties.get("DefaultRouteSettings", {})]
    method_settings += list(properties.get("RouteSettings", {}).values())
    return any(s.get("LoggingLevel", "OFF") != "OFF" or s.get("DataTraceEnabled") for s in method_settings)


def logging_stages(template: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {k: r for k, r in template["Resources"].items() if r["Type"] in STAGE_TYPES and _logs(r["Properties"])}


def stages_without_the_logging_role(template: dict[str, Any]) -> list[str]:
    """The stages that log yet do not wait for the account's logging role."""
    accounts = [k for k, r in template["Resources"].items() if r["Type"] == "AWS::ApiGateway::Account"]
    missing = []
    for logical_id, stage in logging_stages(template).items():
        depends = stage.get("DependsOn", [])
        depends = [depends] if isinstance(depends, str) else depends
        if not set(accounts) & set(depends):
            missing.append(logical_id)
    return missing


def test_the_stack_sets_the_accounts_api_gateway_logging_role(synth) -> None:
    (account,) = synth.resources("AWS::ApiGateway::Account").values()
    assert "Fn::GetAtt" in account["Properties"]["CloudWatchRoleArn"]


def test_every_stage_that_logs_rest_and_websocket_waits_for_the_accounts_logging_role(synth) -> None:
    stages = logging_stages(synth.template)
    assert {r["Type"] for r in stages.values()} == set(STAGE_TYPES)  # both APIs log
    assert stages_without_the_logging_role(synth.template) == []
