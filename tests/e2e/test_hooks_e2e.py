"""Hooks end to end: the HTTP API of ``wakeful dev``, the deliver-hook state machine in
moto's interpreter, and a recording receiver on loopback (real HTTP throughout).

The stack's backoff base is ``WAKEFUL_HOOK_BACKOFF_BASE_SECONDS`` (tests/conftest.py).
"""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest
from standardwebhooks import Webhook

from tests.support.hook_receiver import Answer, create_hook, dead_url, quiet_agent
from wakeful import clock
from wakeful.config import get_settings

pytestmark = pytest.mark.e2e
FINAL = ("SUCCESS", "FAILED", "CANCELLED")




def send_test(api: Any, agent_id: str, hook_id: str) -> str:
    response = api.post(f"/agents/{agent_id}/hooks/{hook_id}/test")
    assert response.status_code == 202, response.text
    return response.json()["delivery_id"]


def wait_delivery(api: Any, agent_id: str, hook_id: str, delivery_id: str, timeout: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = api.get(f"/agents/{agent_id}/hooks/{hook_id}/deliveries/{delivery_id}")
        assert response.status_code == 200, response.text
        if response.json()["status"] in FINAL:
            return response.json()
        time.sleep(0.05)
    raise AssertionError(f"delivery {delivery_id} did not finish")


def executions(api: Any, agent_id: str, hook_id: str, **params: Any) -> list[dict[str, Any]]:
    response = api.get(f"/agents/{agent_id}/hooks/{hook_id}/executions", params=params)
    assert response.status_code == 200, response.text
    return response.json()["items"]


def gaps(deliveries: list[Any]) -> list[float]:
    return [b.at - a.at for a, b in zip(deliveries, deliveries[1:])]


def test_a_receiver_failing_twice_gets_three_attempts_with_one_webhook_id_and_growing_delays(stack, api, receiver):
    base = get_settings().hook_backoff_base_seconds
    receiver.script("flaky", [Answer(500), Answer(500), Answer(200)])
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("flaky"), retry_config={"max_retries": 5})

    delivery_id = send_test(api, agent["id"], hook["id"])
    final = wait_delivery(api, agent["id"], hook["id"], delivery_id)

    got = receiver.deliveries("flaky")
    assert len(got) == 3
    assert {d.header("webhook-id") for d in got} == {delivery_id}
    assert {d.header("X-Wakeful-Delivery-Id") for d in got} == {delivery_id}
    assert len({d.raw for d in got}) == 1  # the same body every time
    rows = executions(api, agent["id"], hook["id"])  # newest first
    # The scheduled backoff grows (base x 2^(n-1), +-20%), and each real gap lasted at
    # least as long as scheduled (wall-clock gaps also carry the emulator's overhead).
    scheduled = [r["next_retry_in_ms"] / 1000 for r in reversed(rows[1:])]
    assert 0.8 * base <= scheduled[0] <= 1.2 * base
    assert 0.8 * 2 * base <= scheduled[1] <= 1.2 * 2 * base
    for gap, wait in zip(gaps(got), scheduled):
        assert gap >= wait - 0.05
    assert final["status"] == "SUCCESS" and final["attempts"] == 3
    assert [(r["status"], r["retry_count"], r["status_code"]) for r in rows] == [
        ("SUCCESS", 2, 200),
        ("RETRYING", 1, 500),
        ("RETRYING", 0, 500),
    ]
    assert all(r["delivery_id"] == delivery_id and r["execution_time_ms"] is not None for r in rows)


def test_a_dead_receiver_gets_max_retries_plus_one_attempts_then_failed(stack, api):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", dead_url(), retry_config={"max_retries": 2})

    delivery_id = send_test(api, agent["id"], hook["id"])
    final = wait_delivery(api, agent["id"], hook["id"], delivery_id)

    assert final["status"] == "FAILED" and final["attempts"] == 3
    rows = executions(api, agent["id"], hook["id"])
    assert [(r["status"], r["retry_count"]) for r in rows] == [("FAILED", 2), ("RETRYING", 1), ("RETRYING", 0)]
    assert all("ConnectionError" in r["error_message"] and r["status_code"] is None for r in rows)


def test_a_delivery_is_signed_with_the_hook_secret_and_carries_the_contract_headers(stack, api, receiver):
    agent = quiet_agent(api, name="TechScout")
    hook = create_hook(
        api, agent["id"], "AFTER_SNIP_CREATE", receiver.url("signed"), auth_header="Bearer receiver-token"
    )
    assert hook["secret"].startswith("whsec_")
    fetched = api.get(f"/agents/{agent['id']}/hooks/{hook['id']}").json()
    assert "secret" not in fetched and "receiver-token" not in str(fetched) and fetched["has_auth_header"] is True

    delivery_id = send_test(api, agent["id"], hook["id"])
    (got,) = receiver.wait_for("signed", 1)

    assert Webhook(hook["secret"]).verify(got.raw, got.headers) == got.json
    with pytest.raises(Exception):
        Webhook("whsec_" + "A" * 43 + "=").verify(got.raw, got.headers)
    assert got.header("webhook-id") == got.header("X-Wakeful-Delivery-Id") == delivery_id
    assert abs(int(got.header("webhook-timestamp")) - time.time()) < 30
    assert got.header("X-Wakeful-Hook-Type") == "AFTER_SNIP_CREATE"
    assert got.header("X-Wakeful-Agent-Id") == agent["id"]
    assert got.header("Authorization") == "Bearer receiver-token"
    body = got.json
    assert body["hook_type"] == "AFTER_SNIP_CREATE"
    assert body["agent"] == {"id": agent["id"], "name": "TechScout", "alias": agent["alias"]}
    assert clock.parse_iso(body["timestamp"]) > 0
    assert body["data"]["test"] is True and body["context"] == {"triggered_by": "TEST"}


def test_a_receiver_slower_than_timeout_ms_is_recorded_as_timeout(stack, api, receiver):
    receiver.script("slow", [Answer(200, delay=1.5)])
    agent = quiet_agent(api)
    hook = create_hook(
        api, agent["id"], "ACTION_FAILED", receiver.url("slow"), retry_config={"max_retries": 0, "timeout_ms": 300}
    )

    delivery_id = send_test(api, agent["id"], hook["id"])
    final = wait_delivery(api, agent["id"], hook["id"], delivery_id)

    (row,) = executions(api, agent["id"], hook["id"])
    assert row["status"] == "TIMEOUT" and row["status_code"] is None
    assert "300 ms" in row["error_message"]
    assert 300 <= row["execution_time_ms"] < 1500
    assert final["status"] == "FAILED"


def test_retry_after_is_honoured(stack, api, receiver):
    receiver.script("busy", [Answer(503, headers={"Retry-After": "2"}), Answer(200)])
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("busy"))

    delivery_id = send_test(api, agent["id"], hook["id"])
    assert wait_delivery(api, agent["id"], hook["id"], delivery_id)["status"] == "SUCCESS"

    (gap,) = gaps(receiver.deliveries("busy"))
    assert gap >= 2.0  # the backoff alone would be about a second at most


def test_410_gone_disables_the_hook_and_patch_re_enables_it(stack, api, receiver):
    receiver.script("gone", [Answer(410)])
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("gone"), retry_config={"max_retries": 3})

    delivery_id = send_test(api, agent["id"], hook["id"])
    assert wait_delivery(api, agent["id"], hook["id"], delivery_id)["status"] == "FAILED"

    assert len(receiver.deliveries("gone")) == 1  # no retries after 410
    disabled = api.get(f"/agents/{agent['id']}/hooks/{hook['id']}").json()
    assert disabled["is_active"] is False and "410" in disabled["disabled_reason"]
    enabled = api.patch(f"/agents/{agent['id']}/hooks/{hook['id']}", json={"is_active": True}).json()
    assert enabled["is_active"] is True and enabled["disabled_reason"] is None


def test_a_failed_delivery_can_be_replayed_with_the_same_body_and_webhook_id(stack, api, receiver):
    receiver.script("later", [Answer(500), Answer(500), Answer(200)])
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("later"), retry_config={"max_retries": 1})
    delivery_id = send_test(api, agent["id"], hook["id"])
    assert wait_delivery(api, agent["id"], hook["id"], delivery_id)["status"] == "FAILED"
    path = f"/agents/{agent['id']}/hooks/{hook['id']}/deliveries/{delivery_id}/replay"

    response = api.post(path)
    assert response.status_code == 202, response.text
    final = wait_delivery(api, agent["id"], hook["id"], delivery_id)

    got = receiver.deliveries("later")
    assert len(got) == 3 and {d.header("webhook-id") for d in got} == {delivery_id} and len({d.raw for d in got}) == 1
    assert final["status"] == "SUCCESS" and final["replays"] == 1
    assert executions(api, agent["id"], hook["id"], delivery_id=delivery_id)[0]["replay"] == 1
    assert api.post(path).status_code == 409  # a delivered delivery is not replayed


def test_after_heartbeat_fires_once_per_heartbeat(stack, api, receiver):
    agent = api.create_agent()
    after_hook = create_hook(api, agent["id"], "AFTER_HEARTBEAT", receiver.url("after-hb"))
    before_hook = create_hook(api, agent["id"], "BEFORE_HEARTBEAT", receiver.url("before-hb"))

    ran = []
    for _ in range(2):
        heartbeat_id = api.post(f"/agents/{agent['id']}/heartbeats").json()["heartbeat_id"]
        stack.tick()
        stack.drain()
        ran.append(heartbeat_id)
    receiver.wait_for("after-hb", 2)
    receiver.wait_for("before-hb", 2)
    # Every firing of both heartbeats has happened (the queues drained); once each of
    # their deliveries has ended, nothing more can arrive.
    for hook in (after_hook, before_hook):
        for row in api.get(f"/agents/{agent['id']}/hooks/{hook['id']}/deliveries").json()["items"]:
            wait_delivery(api, agent["id"], hook["id"], row["id"])

    # Deliveries are separate Step Functions executions: they may arrive in any order.
    after = [d.json for d in receiver.deliveries("after-hb")]
    assert sorted(p["heartbeat_id"] for p in after) == sorted(ran)
    assert len({d.header("webhook-id") for d in receiver.deliveries("after-hb")}) == 2
    assert all(p["data"]["status"] == "COMPLETED" and p["data"]["events_processed"] >= 1 for p in after)
    assert all({"scheduled_at", "started_at", "completed_at", "actions_triggered", "next_heartbeat_at"} <= set(p["data"]) for p in after)
    before_by_heartbeat = {d.json["heartbeat_id"]: d.json for d in receiver.deliveries("before-hb")}
    assert sorted(before_by_heartbeat) == sorted(ran) and len(receiver.deliveries("before-hb")) == 2
    first, second = before_by_heartbeat[ran[0]], before_by_heartbeat[ran[1]]
    assert first["data"]["scheduled_at"] and second["data"]["last_heartbeat"]["heartbeat_id"] == ran[0]
    assert second["data"]["last_heartbeat"]["events_processed"] >= 1
    assert first["context"] == {"triggered_by": "CRON_SCHEDULER"}


def test_action_failed_carries_the_error_and_tool_hooks_use_the_tool_name(stack, api, receiver):
    receiver.script("tool", [Answer(400, body='{"detail": "bad input"}')])
    agent = api.create_agent()
    tag = uuid.uuid4().hex[:6]
    name, suffix = f"FlakyTool_{tag}", f"FLAKY_TOOL_{tag.upper()}"  # BEFORE_<TOOL>, UPPER_SNAKE
    assert api.post("/tools", json={"name": name, "kind": "http", "endpoint_url": receiver.url("tool")}).status_code == 201
    subscription = {"tool": name, "event_type": "PING", "agent_id": agent["id"]}
    assert api.post("/subscriptions", json=subscription).status_code == 201
    for hook_type in ("ACTION_FAILED", "ACTION_STARTED", f"BEFORE_{suffix}", f"AFTER_{suffix}"):
        create_hook(api, agent["id"], hook_type, receiver.url(hook_type.lower()))
    assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "PING", "payload": {}}).status_code == 202

    heartbeat_id = api.post(f"/agents/{agent['id']}/heartbeats").json()["heartbeat_id"]
    stack.tick()
    stack.drain()

    (failed,) = receiver.wait_for("action_failed", 1)
    payload = failed.json
    assert payload["hook_type"] == "ACTION_FAILED" and payload["heartbeat_id"] == heartbeat_id
    assert payload["data"]["tool_name"] == name
    assert "HTTP 400" in payload["data"]["error_message"] and "bad input" in payload["data"]["error_message"]
    assert payload["action_id"] == payload["data"]["action_id"]
    assert payload["context"] == {"triggered_by": "PING"}
    (started,) = receiver.wait_for("action_started", 1)
    assert started.json["action_id"] == payload["action_id"]
    (before,) = receiver.wait_for(f"before_{suffix.lower()}", 1)
    (after,) = receiver.wait_for(f"after_{suffix.lower()}", 1)
    assert before.header("X-Wakeful-Hook-Type") == f"BEFORE_{suffix}"
    assert after.json["data"]["success"] is False


def test_hooks_that_cannot_be_delivered_never_fail_the_heartbeat(stack, api):
    agent = api.create_agent()
    for hook_type in ("BEFORE_HEARTBEAT", "AFTER_HEARTBEAT"):
        create_hook(api, agent["id"], hook_type, dead_url(), retry_config={"max_retries": 0})
    heartbeat_id = api.post(f"/agents/{agent['id']}/heartbeats").json()["heartbeat_id"]
    stack.tick()
    stack.drain()
    assert api.get(f"/agents/{agent['id']}/heartbeats/{heartbeat_id}").json()["status"] == "COMPLETED"


def test_hooks_are_invisible_to_other_owners(stack, api, other_api, receiver):
    agent = quiet_agent(api)
    hook = create_hook(api, agent["id"], "ACTION_FAILED", receiver.url("mine"))
    base = f"/agents/{agent['id']}/hooks"
    assert other_api.get(base).status_code == 404
    assert other_api.get(f"{base}/{hook['id']}").status_code == 404
    assert other_api.post(base, json={"hook_type": "ACTION_FAILED", "endpoint_url": receiver.url("x")}).status_code == 404
    assert other_api.patch(f"{base}/{hook['id']}", json={"is_active": False}).status_code == 404
    assert other_api.post(f"{base}/{hook['id']}/test").status_code == 404
    assert other_api.get(f"{base}/{hook['id']}/executions").status_code == 404
    assert other_api.delete(f"{base}/{hook['id']}").status_code == 404
    assert [h["id"] for h in api.get(base).json()["items"]] == [hook["id"]]


@pytest.mark.parametrize(
    "body",
    [
        {"hook_type": "ON_WAKE", "endpoint_url": "http://127.0.0.1:9/x"},
        {"hook_type": "ACTION_FAILED", "endpoint_url": "http://127.0.0.1:9/x", "retry_config": {"max_retries": 11}},
        {"hook_type": "ACTION_FAILED", "endpoint_url": "http://127.0.0.1:9/x", "retry_config": {"timeout_ms": 50}},
        {"hook_type": "ACTION_FAILED", "endpoint_url": "ftp://127.0.0.1/x"},
        {"hook_type": "ACTION_FAILED", "endpoint_url": "http://10.0.0.1/x"},  # dev mode allows loopback only
    ],
)
def test_invalid_hooks_are_refused_with_422(stack, api, body):
    agent = quiet_agent(api)
    response = api.post(f"/agents/{agent['id']}/hooks", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "validation_error"
