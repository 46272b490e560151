"""Bad input to every spine endpoint answers a clear 4xx in the contract's error shape
and writes nothing."""

from __future__ import annotations

import pytest
import requests


def _snapshot(api, agent_id):
    return (
        api.get("/agents?limit=100").json()["items"],
        api.get("/subscriptions?limit=100").json()["items"],
        api.get("/tools").json()["items"],
        api.get(f"/agents/{agent_id}/events?limit=100").json()["items"],
        api.get(f"/agents/{agent_id}/heartbeats?limit=100").json()["items"],
    )


def _cases(agent_id, other_agent_id):
    a = f"/agents/{agent_id}"
    return [
        # agents
        ("POST", "/agents", "not json", 400),
        ("POST", "/agents", [1, 2], 400),
        ("POST", "/agents", {"alias": "x1"}, 422),
        ("POST", "/agents", {"name": "N", "alias": "has space"}, 422),
        ("POST", "/agents", {"name": "N", "alias": "ok_alias_1", "colour": "red"}, 422),
        ("POST", "/agents", {"name": "N", "alias": "ok_alias_2", "heartbeat_interval_seconds": 1}, 422),
        ("POST", "/agents", {"name": "N", "alias": "ok_alias_3", "preset": "no-such-preset"}, 422),
        ("POST", "/agents", {"name": "", "alias": "ok_alias_4"}, 422),
        ("GET", "/agents?limit=0", None, 422),
        ("GET", "/agents?limit=abc", None, 422),
        ("GET", "/agents?cursor=%%%garbage", None, 400),
        ("GET", "/agents/agt_nope", None, 404),
        ("GET", f"/agents/{other_agent_id}", None, 404),
        ("PATCH", a, {"is_active": "maybe"}, 422),
        ("PATCH", a, {"alias": "cannot-change"}, 422),
        ("PATCH", a, {"heartbeat_interval_seconds": -5}, 422),
        ("PATCH", "/agents/agt_nope", {"name": "x"}, 404),
        ("DELETE", "/agents/agt_nope", None, 404),
        # heartbeats
        ("POST", "/agents/agt_nope/heartbeats", None, 404),
        ("GET", f"{a}/heartbeats/hb_nope", None, 404),
        ("GET", f"{a}/heartbeats?limit=101", None, 422),
        # events
        ("POST", f"{a}/events", {"event_type": "1lower", "payload": {}}, 422),
        ("POST", f"{a}/events", {"event_type": "OK", "payload": [1]}, 422),
        ("POST", f"{a}/events", {"event_type": "OK"}, 422),
        ("POST", f"{a}/events", {"event_type": "OK", "payload": {}, "priority": 0}, 422),
        ("POST", f"{a}/events", {"event_type": "OK", "payload": {}, "priority": 11}, 422),
        ("POST", f"{a}/events", {"event_type": "OK", "payload": {}, "extra": 1}, 422),
        ("POST", f"{a}/events", {"event_type": "X" * 101, "payload": {}}, 422),
        ("POST", f"{a}/events", "{bad json", 400),
        ("POST", "/agents/agt_nope/events", {"event_type": "OK", "payload": {}}, 404),
        ("POST", f"/agents/{other_agent_id}/events", {"event_type": "OK", "payload": {}}, 404),
        ("GET", f"{a}/events?after_seq=-1", None, 422),
        ("GET", f"{a}/events?limit=1000", None, 422),
        # tools
        ("POST", "/tools", {"name": "1bad", "kind": "http", "endpoint_url": "http://127.0.0.1:9/x"}, 422),
        ("POST", "/tools", {"name": "NoUrl", "kind": "http"}, 422),
        ("POST", "/tools", {"name": "NoArn", "kind": "lambda"}, 422),
        ("POST", "/tools", {"name": "Odd", "kind": "carrier-pigeon", "endpoint_url": "http://127.0.0.1:9/"}, 422),
        ("POST", "/tools", {"name": "Ftp", "kind": "http", "endpoint_url": "ftp://127.0.0.1/x"}, 422),
        ("POST", "/tools", {"name": "Fast", "kind": "http", "endpoint_url": "http://127.0.0.1:9/", "timeout_ms": 5}, 422),
        ("POST", "/tools", {"name": "BadArn", "kind": "lambda", "function_arn": "arn:nope"}, 422),
        ("DELETE", "/tools/NoSuchTool", None, 404),
        # subscriptions
        ("POST", "/subscriptions", {"tool": "NoSuchTool", "event_type": "OK"}, 422),
        ("POST", "/subscriptions", {"tool": "Existing", "event_type": "bad type"}, 422),
        ("POST", "/subscriptions", {"tool": "Existing", "event_type": "OK", "filter_config": {"colour": 1}}, 422),
        ("POST", "/subscriptions", {"tool": "Existing", "event_type": "OK", "filter_config": {"min_priority": 0}}, 422),
        ("POST", "/subscriptions", {"tool": "Existing", "event_type": "OK", "agent_id": other_agent_id}, 404),
        ("POST", "/subscriptions", {"tool": "Existing", "event_type": "TAKEN", "agent_id": agent_id}, 409),
        ("PATCH", "/subscriptions/sub_nope", {"is_active": False}, 404),
        ("DELETE", "/subscriptions/sub_nope", None, 404),
        ("GET", "/subscriptions/sub_nope", None, 404),
        # actions
        ("GET", f"{a}/actions?status=BOGUS", None, 422),
        ("GET", "/agents/agt_nope/actions", None, 404),
        # routing
        ("GET", "/no/such/route", None, 404),
    ]


def test_bad_input_to_every_endpoint_is_a_clear_4xx_and_writes_nothing(api, other_api, tool_server):
    agent = api.create_agent()
    other = other_api.create_agent()
    api.post("/tools", json={"name": "Existing", "kind": "http", "endpoint_url": tool_server.url("x")})
    api.post("/subscriptions", json={"tool": "Existing", "event_type": "TAKEN", "agent_id": agent["id"]})
    before = _snapshot(api, agent["id"])

    failures = []
    for method, path, body, expected in _cases(agent["id"], other["id"]):
        kwargs = {"data": body} if isinstance(body, str) else {"json": body} if body is not None else {}
        response = api.http.request(method, api.base + path, timeout=30, **kwargs)
        shape_ok = False
        try:
            error = response.json()["error"]
            shape_ok = bool(error["code"]) and bool(error["message"])
        except (ValueError, KeyError, TypeError):
            pass
        if response.status_code != expected or not shape_ok:
            failures.append(f"{method} {path} {body!r}: {response.status_code} {response.text[:200]}")
    assert not failures, "\n".join(failures)
    assert _snapshot(api, agent["id"]) == before


def test_a_duplicate_alias_is_a_conflict(api):
    agent = api.create_agent()
    response = api.post("/agents", json={"name": "Twin", "alias": agent["alias"]})
    assert response.status_code == 409
    assert "alias" in response.json()["error"]["message"]


@pytest.mark.parametrize("header", [None, "Bearer nope", "Basic abc", "Bearer "])
def test_requests_without_a_valid_key_are_refused(stack, header):
    headers = {"Authorization": header} if header else {}
    response = requests.get(f"{stack.api_url}/agents", headers=headers, timeout=10)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "unauthorized"


def test_health_needs_no_key(stack):
    assert requests.get(f"{stack.api_url}/health", timeout=10).json() == {"status": "ok"}


def test_an_idempotency_key_returns_the_first_event(api):
    agent = api.create_agent()
    body = {"event_type": "ORDER", "payload": {"n": 1}, "idempotency_key": "order-1"}
    first = api.post(f"/agents/{agent['id']}/events", json=body)
    again = api.post(f"/agents/{agent['id']}/events", json={**body, "payload": {"n": 2}})
    assert first.status_code == 202 and again.status_code == 200
    assert first.json() == again.json()
    assert [e["event_type"] for e in api.get(f"/agents/{agent['id']}/events").json()["items"]] == ["ORDER"]


def test_another_owner_sees_none_of_my_spine_resources(api, other_api, tool_server):
    agent = api.create_agent()
    api.post("/tools", json={"name": "Mine", "kind": "http", "endpoint_url": tool_server.url("m")})
    sub = api.post("/subscriptions", json={"tool": "Mine", "event_type": "E", "agent_id": agent["id"]}).json()
    assert other_api.get(f"/agents/{agent['id']}").status_code == 404
    assert other_api.get(f"/subscriptions/{sub['id']}").status_code == 404
    assert other_api.delete("/tools/Mine").status_code == 404
    assert agent["id"] not in {a["id"] for a in other_api.get("/agents").json()["items"]}
    assert "Mine" not in {t["name"] for t in other_api.get("/tools").json()["items"]}
