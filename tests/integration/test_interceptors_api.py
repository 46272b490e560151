"""The interceptor API: create (secret shown once, sealed at rest), one active per
agent, validation, patch, delete, tenancy, and ``tool_policy`` on agents."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.hook_receiver import quiet_agent
from wakeful import ddb

URL = "http://127.0.0.1:9/interceptor"


def create(api: Any, agent_id: str, **fields: Any):
    return api.post(f"/agents/{agent_id}/interceptors", json={"endpoint_url": URL, **fields})


def test_create_answers_201_with_the_defaults_and_a_whsec_secret_shown_once(stack, api):
    agent = quiet_agent(api)
    response = create(api, agent["id"])
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["secret"].startswith("whsec_")
    assert body["events"] == ["message", "tool_call"]
    assert body["timeout_ms"] == 3000 and body["on_failure"] == "deny" and body["is_active"] is True
    shown = api.get(f"/agents/{agent['id']}/interceptors/{body['id']}").json()
    listed = api.get(f"/agents/{agent['id']}/interceptors").json()["items"]
    assert "secret" not in shown and all("secret" not in item for item in listed)
    stored = ddb.get("interceptors", {"agent_id": agent["id"], "interceptor_id": body["id"]})
    assert body["secret"] not in str(stored)  # sealed at rest


def test_a_second_active_interceptor_is_a_conflict(stack, api):
    agent = quiet_agent(api)
    first = create(api, agent["id"]).json()
    second = create(api, agent["id"])
    assert second.status_code == 409
    assert first["id"] in second.json()["error"]["message"]
    assert len(api.get(f"/agents/{agent['id']}/interceptors").json()["items"]) == 1


def test_an_inactive_interceptor_can_be_added_but_not_activated_beside_the_active_one(stack, api):
    agent = quiet_agent(api)
    first = create(api, agent["id"]).json()
    spare = create(api, agent["id"], is_active=False)
    assert spare.status_code == 201
    path = f"/agents/{agent['id']}/interceptors/{spare.json()['id']}"
    assert api.patch(path, json={"is_active": True}).status_code == 409
    assert api.patch(f"/agents/{agent['id']}/interceptors/{first['id']}", json={"is_active": False}).status_code == 200
    assert api.patch(path, json={"is_active": True}).json()["is_active"] is True


def test_deleting_the_active_interceptor_frees_the_slot(stack, api):
    agent = quiet_agent(api)
    first = create(api, agent["id"]).json()
    assert api.delete(f"/agents/{agent['id']}/interceptors/{first['id']}").status_code == 204
    assert api.get(f"/agents/{agent['id']}/interceptors/{first['id']}").status_code == 404
    assert create(api, agent["id"]).status_code == 201


def test_a_slot_left_to_a_deleted_interceptor_does_not_block_a_new_one(stack, api):
    agent = quiet_agent(api)
    ddb.client().update_item(
        TableName=ddb.table("agents"),
        Key=ddb.serialize({"agent_id": agent["id"]}),
        UpdateExpression="SET active_interceptor_id = :i",
        ExpressionAttributeValues=ddb.values({":i": "icp_crashed_before_release"}),
    )
    assert create(api, agent["id"]).status_code == 201


def test_patch_changes_only_the_fields_sent(stack, api):
    agent = quiet_agent(api)
    created = create(api, agent["id"], timeout_ms=500).json()
    path = f"/agents/{agent['id']}/interceptors/{created['id']}"
    patched = api.patch(path, json={"events": ["tool_call"], "on_failure": "allow"})
    assert patched.status_code == 200, patched.text
    body = patched.json()
    assert body["events"] == ["tool_call"] and body["on_failure"] == "allow" and body["timeout_ms"] == 500


@pytest.mark.parametrize(
    "fields",
    [
        {"timeout_ms": 10001},
        {"timeout_ms": 0},
        {"on_failure": "maybe"},
        {"events": ["heartbeat"]},
        {"events": []},
        {"endpoint_url": "ftp://example.com/x"},
        {"secret": "whsec_mine"},
    ],
)
def test_invalid_input_is_a_4xx_in_the_error_shape_and_creates_nothing(stack, api, fields):
    agent = quiet_agent(api)
    response = create(api, agent["id"], **fields)
    assert response.status_code in (400, 422), response.text
    assert set(response.json()["error"]) >= {"code", "message"}
    assert api.get(f"/agents/{agent['id']}/interceptors").json()["items"] == []


def test_a_private_address_is_refused_outside_dev_mode(stack, api):
    from wakeful.interceptors import service
    from wakeful.interceptors.inputs import InterceptorCreate
    from wakeful.net import UnsafeUrlError

    agent = quiet_agent(api)
    with pytest.raises(UnsafeUrlError):
        service.create(api.owner, agent["id"], InterceptorCreate(endpoint_url="http://127.0.0.1:9/x"), dev_mode=False)


def test_another_owners_interceptors_are_not_found(stack, api, other_api):
    agent = quiet_agent(api)
    created = create(api, agent["id"]).json()
    base = f"/agents/{agent['id']}/interceptors"
    assert other_api.get(base).status_code == 404
    assert other_api.get(f"{base}/{created['id']}").status_code == 404
    assert other_api.get(f"{base}/{created['id']}/calls").status_code == 404
    assert other_api.patch(f"{base}/{created['id']}", json={"is_active": False}).status_code == 404
    assert other_api.delete(f"{base}/{created['id']}").status_code == 404
    assert other_api.post(base, json={"endpoint_url": URL}).status_code == 404


def test_calls_list_is_empty_then_paginated_newest_first(stack, api):
    from wakeful.interceptors import calls_repository as calls

    agent = quiet_agent(api)
    created = create(api, agent["id"]).json()
    path = f"/agents/{agent['id']}/interceptors/{created['id']}/calls"
    assert api.get(path).json() == {"items": [], "next": None}
    item = ddb.get("interceptors", {"agent_id": agent["id"], "interceptor_id": created["id"]})
    for n in range(3):
        calls.record(item, {"id": f"evt_{n}", "type": "message", "thread_id": "thr"}, decision="continue", latency_ms=1.0)
    first = api.get(path, params={"limit": 2}).json()
    assert [c["event_id"] for c in first["items"]] == ["evt_2", "evt_1"]
    second = api.get(path, params={"limit": 2, "cursor": first["next"]}).json()
    assert [c["event_id"] for c in second["items"]] == ["evt_0"]
    assert api.get(path, params={"cursor": "not-a-cursor"}).status_code == 400


def test_call_rows_expire(stack, api):
    from wakeful.interceptors import calls_repository as calls

    agent = quiet_agent(api)
    created = create(api, agent["id"]).json()
    item = ddb.get("interceptors", {"agent_id": agent["id"], "interceptor_id": created["id"]})
    row = calls.record(item, {"id": "evt", "type": "message"}, decision="continue", latency_ms=1.0)
    assert row["expires_at"] - row["called_at"] == pytest.approx(calls.RETENTION_SECONDS, abs=1)


def test_tool_policy_is_set_shown_changed_and_removed_on_the_agent(stack, api):
    agent = api.create_agent(tool_policy={"deny": ["stop_server"]})
    assert agent["tool_policy"] == {"deny": ["stop_server"], "require_approval": []}
    path = f"/agents/{agent['id']}"
    patched = api.patch(path, json={"tool_policy": {"require_approval": ["deploy"]}}).json()
    assert patched["tool_policy"] == {"deny": [], "require_approval": ["deploy"]}
    assert api.patch(path, json={"tool_policy": None}).json()["tool_policy"] is None
    api.patch(path, json={"is_active": False})


@pytest.mark.parametrize(
    "policy",
    [{"deny": ["x"], "require_approval": ["x"]}, {"deny": "x"}, {"allow": ["x"]}, {"deny": [""]}],
)
def test_an_invalid_tool_policy_is_refused(stack, api, policy):
    response = api.post("/agents", json={"name": "A", "alias": "policy-bad", "tool_policy": policy})
    assert response.status_code == 422, response.text
