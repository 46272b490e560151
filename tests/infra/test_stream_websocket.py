"""The live stream's AWS side in the synthesized template: the WebSocket API, its
routes and stage, the connections table, the fan-out from the stream table, and IAM."""

from __future__ import annotations

import json

from typing import Any

import pytest

from tests.infra.test_stack import _as_list, _functions, _table_ids
from wakeful import constants
from wakeful.tables import TABLES

pytestmark = pytest.mark.infra


def _policy_statements(synth, function: dict[str, Any]) -> list[dict[str, Any]]:
    role_id = function["Properties"]["Role"]["Fn::GetAtt"][0]
    found = []
    for policy in synth.resources("AWS::IAM::Policy").values():
        if {"Ref": role_id} in policy["Properties"]["Roles"]:
            found.extend(policy["Properties"]["PolicyDocument"]["Statement"])
    return found


def test_the_websocket_api_routes_connect_disconnect_subscribe_and_unsubscribe_to_the_stream_ws_function(synth):
    (api_id, api), = synth.resources("AWS::ApiGatewayV2::Api").items()
    assert api["Properties"]["ProtocolType"] == "WEBSOCKET"
    assert api["Properties"]["RouteSelectionExpression"] == "$request.body.action"
    routes = {r["Properties"]["RouteKey"]: r for r in synth.resources("AWS::ApiGatewayV2::Route").values()}
    assert set(routes) == {"$connect", "$disconnect", "$default", "subscribe", "unsubscribe"}
    integrations = synth.resources("AWS::ApiGatewayV2::Integration")
    ws_function = _functions(synth)["stream_ws"]["id"]
    for key, route in routes.items():
        integration_id = route["Properties"]["Target"]["Fn::Join"][1][1]["Ref"]
        uri = integrations[integration_id]["Properties"]["IntegrationUri"]
        assert ws_function in str(uri), key


def test_the_websocket_stage_is_throttled_and_access_logged(synth):
    (stage,) = synth.resources("AWS::ApiGatewayV2::Stage").values()
    props = stage["Properties"]
    assert props["StageName"] == "v1" and props["AutoDeploy"] is True
    assert props["DefaultRouteSettings"]["ThrottlingRateLimit"] > 0
    assert "connectionId" in props["AccessLogSettings"]["Format"]


def test_the_connections_table_finds_subscribers_by_target_and_expires_items(synth):
    table = synth.resources("AWS::DynamoDB::Table")[_table_ids(synth)["stream_connections"]]["Properties"]
    assert [k["AttributeName"] for k in table["KeySchema"]] == ["connection_id", "record_key"]
    indexes = {index["IndexName"]: index for index in table["GlobalSecondaryIndexes"]}
    assert sorted(indexes) == ["by-key", "by-target"]  # by-key: a revocation finds its key's connections
    assert table["TimeToLiveSpecification"] == {"AttributeName": "expires_at", "Enabled": True}


def test_the_stream_table_has_a_ttl_and_a_new_image_stream(synth):
    table = synth.resources("AWS::DynamoDB::Table")[_table_ids(synth)["stream_events"]]["Properties"]
    assert table["StreamSpecification"] == {"StreamViewType": "NEW_IMAGE"}
    assert table["TimeToLiveSpecification"]["AttributeName"] == TABLES["stream_events"].ttl


def test_the_fanout_reads_only_new_chunks_from_the_stream_table(synth):
    stream_table = _table_ids(synth)["stream_events"]
    fanout = _functions(synth)["stream_fanout"]["id"]
    (mapping,) = [
        m["Properties"]
        for m in synth.resources("AWS::Lambda::EventSourceMapping").values()
        if m["Properties"]["EventSourceArn"] == {"Fn::GetAtt": [stream_table, "StreamArn"]}
    ]
    assert mapping["FunctionName"] == {"Ref": fanout}
    assert mapping["StartingPosition"] == "LATEST"
    (pattern,) = [f["Pattern"] for f in mapping["FilterCriteria"]["Filters"]]
    assert '"eventName":["INSERT"]' in pattern and '"events":{"B":[{"exists":true}]}' in pattern


def test_only_the_stream_functions_may_post_to_connections_and_only_on_their_stage(synth):
    functions = _functions(synth)
    for name, function in functions.items():
        statements = [s for s in _policy_statements(synth, function) if "execute-api:ManageConnections" in _as_list(s["Action"])]
        if name in ("stream_ws", "stream_fanout"):
            (statement,) = statements
            resource = str(statement["Resource"])
            assert "/v1/POST/@connections/*" in resource and "StreamWebSocketApi" in resource
            env = function["Properties"]["Environment"]["Variables"]
            assert constants.ENV_STREAM_WS_ENDPOINT in env
        else:
            assert statements == [], name


def test_the_stack_outputs_the_websocket_url(synth):
    output = synth.template["Outputs"][constants.OUTPUT_STREAM_WEBSOCKET_URL]
    assert "wss://" in str(output["Value"])


def test_revocations_reach_the_fanout_from_the_keys_table(synth):
    keys_table = _table_ids(synth)["api_keys"]
    table = synth.resources("AWS::DynamoDB::Table")[keys_table]["Properties"]
    assert table["StreamSpecification"] == {"StreamViewType": "NEW_IMAGE"}
    (mapping,) = [
        m["Properties"]
        for m in synth.resources("AWS::Lambda::EventSourceMapping").values()
        if m["Properties"]["EventSourceArn"] == {"Fn::GetAtt": [keys_table, "StreamArn"]}
    ]
    assert mapping["FunctionName"] == {"Ref": _functions(synth)["stream_fanout"]["id"]}
    (pattern,) = [json.loads(f["Pattern"]) for f in mapping["FilterCriteria"]["Filters"]]
    assert pattern["eventName"] == ["MODIFY"] and "revoked_at" in pattern["dynamodb"]["NewImage"]
