"""Alert notifications end to end: Prometheus Alertmanager's webhook receiver and Grafana
alerting's webhook contact point, as they post (their documented JSON: a group with an
``alerts`` array; ``Authorization: Bearer <credentials>`` as both let you configure it),
against the local stack's real webhook_ingest and api handlers."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
import requests

from tests.e2e.test_webhooks_http import create_webhook, events, quiet_agent, requests_of

pytestmark = pytest.mark.e2e

CPU_MAP = {"event_map": {"HostHighCpu": "cpu_high", "HostOutOfMemory": "memory_high", "HostDiskFull": "disk_high"}}


def alert(name: str, status: str = "firing", *, fingerprint: str | None = None, starts: str = "2026-03-01T10:00:00.000Z", **labels: str) -> dict[str, Any]:
    """One alert as Alertmanager sends it (fields of its webhook payload, version 4)."""
    return {
        "status": status,
        "labels": {"alertname": name, "instance": "nas:9100", "job": "node", "severity": "warning", **labels},
        "annotations": {"summary": f"{name} on nas", "description": f"{name} has held for 5 minutes"},
        "startsAt": starts,
        "endsAt": "0001-01-01T00:00:00Z" if status == "firing" else "2026-03-01T10:20:00.000Z",
        "generatorURL": "http://prometheus.lan:9090/graph?g0.expr=up",
        "fingerprint": fingerprint or hashlib.sha256(json.dumps([name, labels], sort_keys=True).encode()).hexdigest()[:16],
    }


def alertmanager_body(*alerts: dict[str, Any]) -> bytes:
    return json.dumps({
        "version": "4",
        "groupKey": '{}:{alertname="HostHighCpu"}',
        "truncatedAlerts": 0,
        "status": "resolved" if all(a["status"] == "resolved" for a in alerts) else "firing",
        "receiver": "wakeful",
        "groupLabels": {"alertname": alerts[0]["labels"]["alertname"]},
        "commonLabels": {"job": "node"},
        "commonAnnotations": {},
        "externalURL": "http://alertmanager.lan:9093",
        "alerts": list(alerts),
    }).encode()


def grafana_body(*alerts: dict[str, Any]) -> bytes:
    """Grafana's webhook contact point: the same group shape, with orgId, title, state,
    message and, per alert, values, silenceURL, dashboardURL and panelURL."""
    for item in alerts:
        item.update(values={"B": 93.4, "C": 1}, silenceURL="http://grafana.lan/alerting/silence/new", dashboardURL="", panelURL="")
    return json.dumps({
        "receiver": "Wakeful", "status": "firing", "orgId": 1, "alerts": list(alerts),
        "groupLabels": {"alertname": alerts[0]["labels"]["alertname"]}, "commonLabels": {}, "commonAnnotations": {},
        "externalURL": "http://grafana.lan/", "version": "1", "groupKey": "{}:{}", "truncatedAlerts": 0,
        "title": "[FIRING:1] ", "state": "alerting", "message": "**Firing**",
    }).encode()


def types_in_order(api: Any, agent_id: str) -> list[str]:
    return [e["event_type"] for e in sorted(events(api, agent_id), key=lambda e: e["seq"])]


def post(stack: Any, webhook: dict[str, Any], body: bytes, token: str | None) -> requests.Response:
    headers = {"Content-Type": "application/json", "User-Agent": "Alertmanager/0.28.1"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return requests.post(f"{stack.api_url}/webhooks/{webhook['id']}", data=body, headers=headers, timeout=30)


def test_an_alertmanager_alert_named_in_the_event_map_becomes_that_event(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager", metadata=CPU_MAP)
    body = alertmanager_body(alert("HostHighCpu"))

    response = post(stack, webhook, body, webhook["secret"])

    assert response.status_code == 202, response.text
    (event,) = events(api, agent["id"])
    assert event["event_type"] == "cpu_high"
    assert event["source"] == "webhook"
    sent = json.loads(body)["alerts"][0]
    assert {k: event["payload"][k] for k in sent} == sent
    assert (event["payload"]["alertname"], event["payload"]["instance"], event["payload"]["receiver"]) == ("HostHighCpu", "nas:9100", "wakeful")
    assert response.json()["events"] == [{"event_id": event["id"], "seq": event["seq"], "event_type": "cpu_high", "duplicate": False}]


def test_an_alert_not_in_the_event_map_becomes_alert_and_its_snake_cased_name(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager", metadata=CPU_MAP)

    response = post(stack, webhook, alertmanager_body(alert("KubePodCrashLooping")), webhook["secret"])

    assert response.status_code == 202, response.text
    assert [e["event_type"] for e in events(api, agent["id"])] == ["alert_kube_pod_crash_looping"]


def test_a_resolved_alert_is_its_event_type_with_resolved_appended(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager", metadata=CPU_MAP)

    firing = post(stack, webhook, alertmanager_body(alert("HostHighCpu", fingerprint="fpcpu")), webhook["secret"])
    resolved = post(stack, webhook, alertmanager_body(alert("HostHighCpu", "resolved", fingerprint="fpcpu")), webhook["secret"])
    unmapped = post(stack, webhook, alertmanager_body(alert("Watchdog", "resolved")), webhook["secret"])

    assert (firing.status_code, resolved.status_code, unmapped.status_code) == (202, 202, 202)
    assert types_in_order(api, agent["id"]) == ["cpu_high", "cpu_high_resolved", "alert_watchdog_resolved"]


def test_the_same_alert_in_the_same_state_again_is_one_event(stack, api):
    """Alertmanager re-sends a group every repeat_interval and whenever one of its alerts
    changes: an alert already accepted in its state is a duplicate, a new one is not."""
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager", metadata=CPU_MAP)
    cpu = alert("HostHighCpu", fingerprint="fp-cpu")
    first = post(stack, webhook, alertmanager_body(cpu), webhook["secret"])

    again = post(stack, webhook, alertmanager_body(cpu), webhook["secret"])
    grown = post(stack, webhook, alertmanager_body(cpu, alert("HostOutOfMemory", fingerprint="fp-mem")), webhook["secret"])

    assert (first.status_code, again.status_code, grown.status_code) == (202, 200, 202), (again.text, grown.text)
    assert again.json()["duplicate"] is True
    assert [e["duplicate"] for e in grown.json()["events"]] == [True, False]
    assert sorted(e["event_type"] for e in events(api, agent["id"])) == ["cpu_high", "memory_high"]
    assert [r["status"] for r in requests_of(api, agent["id"], webhook["id"])] == ["ACCEPTED", "DUPLICATE", "ACCEPTED"]


def test_an_alert_that_fires_again_later_is_a_new_event(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager", metadata=CPU_MAP)
    for starts in ("2026-03-01T10:00:00Z", "2026-03-01T14:00:00Z"):
        response = post(stack, webhook, alertmanager_body(alert("HostHighCpu", fingerprint="fp-again", starts=starts)), webhook["secret"])
        assert response.status_code == 202, response.text
    assert [e["event_type"] for e in events(api, agent["id"])] == ["cpu_high", "cpu_high"]


def test_a_notification_of_several_alerts_appends_one_event_per_alert_in_order(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager", metadata=CPU_MAP)
    body = alertmanager_body(alert("HostDiskFull"), alert("HostHighCpu"), alert("HostOutOfMemory", "resolved"), alert("SmartDeviceError"))

    response = post(stack, webhook, body, webhook["secret"])

    assert response.status_code == 202, response.text
    appended = sorted(events(api, agent["id"]), key=lambda e: e["seq"])
    expected = ["disk_high", "cpu_high", "memory_high_resolved", "alert_smart_device_error"]
    assert [e["event_type"] for e in appended] == expected
    assert [e["seq"] for e in appended] == list(range(appended[0]["seq"], appended[0]["seq"] + 4))
    assert [e["event_type"] for e in response.json()["events"]] == expected
    (row,) = requests_of(api, agent["id"], webhook["id"])
    assert (row["status"], row["event_count"], row["scheme"]) == ("ACCEPTED", 4, "bearer")


def test_a_grafana_contact_point_notification_becomes_events(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="grafana", metadata={"event_map": {"High CPU usage": "cpu_high"}})
    body = grafana_body(alert("High CPU usage"), alert("High memory usage"))

    response = post(stack, webhook, body, webhook["secret"])

    assert response.status_code == 202, response.text
    appended = sorted(events(api, agent["id"]), key=lambda e: e["seq"])
    assert [e["event_type"] for e in appended] == ["cpu_high", "alert_high_memory_usage"]
    assert appended[0]["payload"]["values"] == {"B": 93.4, "C": 1}


def test_an_event_label_names_the_event_type_when_the_map_does_not(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager", metadata={"event_label": "wakeful_event", **CPU_MAP})
    body = alertmanager_body(alert("NodeFilesystemAlmostFull", wakeful_event="disk_high"), alert("HostHighCpu", wakeful_event="ignored_by_map"))

    assert post(stack, webhook, body, webhook["secret"]).status_code == 202
    assert sorted(e["event_type"] for e in events(api, agent["id"])) == ["cpu_high", "disk_high"]


@pytest.mark.parametrize("token", [None, "not-the-secret", "whsec_" + "A" * 43])
def test_a_request_without_the_webhooks_bearer_token_is_refused_401(stack, api, token):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager")

    response = post(stack, webhook, alertmanager_body(alert("HostHighCpu")), token)

    assert response.status_code == 401
    assert "Bearer" in response.json()["error"]["message"]
    assert events(api, agent["id"]) == []
    assert requests_of(api, agent["id"], webhook["id"])[0]["status"] == "INVALID_SIGNATURE"


def test_the_token_is_the_whole_header_value_the_scheme_case_aside(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="grafana")
    url = f"{stack.api_url}/webhooks/{webhook['id']}"
    body = grafana_body(alert("Disk"))
    sent = [
        requests.post(url, data=body, headers={"Authorization": value}, timeout=30).status_code
        for value in (f"Token {webhook['secret']}", f"Bearer {webhook['secret']}x", f"Bearer  {webhook['secret']}", webhook["secret"])
    ]
    lower = requests.post(url, data=body, headers={"Authorization": f"bearer {webhook['secret']}"}, timeout=30)
    assert sent == [401, 401, 401, 401]
    assert lower.status_code == 202, lower.text


def test_a_chosen_secret_is_the_bearer_token(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager", secret="homelab-alerts-7f3a9c")
    assert post(stack, webhook, alertmanager_body(alert("HostHighCpu")), "homelab-alerts-7f3a9c").status_code == 202


def test_allowed_event_types_apply_per_alert(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager", metadata=CPU_MAP, allowed_event_types=["cpu_high", "cpu_high_resolved"])

    mixed = post(stack, webhook, alertmanager_body(alert("HostHighCpu"), alert("Watchdog")), webhook["secret"])
    none = post(stack, webhook, alertmanager_body(alert("HostDiskFull")), webhook["secret"])

    assert mixed.status_code == 202, mixed.text
    assert mixed.json()["not_allowed"] == ["alert_watchdog"]
    assert none.status_code == 403
    assert "disk_high" in none.json()["error"]["message"]
    assert [e["event_type"] for e in events(api, agent["id"])] == ["cpu_high"]


def test_one_notification_counts_once_against_the_rate_limit_and_repeats_are_free(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager", rate_limit_per_hour=1)
    body = alertmanager_body(alert("A1"), alert("A2"), alert("A3"))

    first = post(stack, webhook, body, webhook["secret"])
    repeat = post(stack, webhook, body, webhook["secret"])
    other = post(stack, webhook, alertmanager_body(alert("A4")), webhook["secret"])

    assert (first.status_code, repeat.status_code, other.status_code) == (202, 200, 429)
    assert len(events(api, agent["id"])) == 3


@pytest.mark.parametrize(
    "body, says",
    [
        (b"[]", "alerts"),
        (json.dumps({"alerts": []}).encode(), "no alerts"),
        (json.dumps({"alerts": [{"status": "pending", "labels": {"alertname": "X"}}]}).encode(), "firing or resolved"),
        (json.dumps({"alerts": [{"status": "firing", "labels": {"alertname": 5}}]}).encode(), "labels"),
        (json.dumps({"alerts": [alert(f"A{n}") for n in range(101)]}).encode(), "at most 100"),
    ],
)
def test_a_body_that_is_no_alert_notification_is_refused_400(stack, api, body, says):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager")

    response = post(stack, webhook, body, webhook["secret"])

    assert response.status_code == 400
    assert says in response.json()["error"]["message"]
    assert events(api, agent["id"]) == []


@pytest.mark.parametrize(
    "metadata, says",
    [
        ({"event_map": ["HostHighCpu"]}, "event_map"),
        ({"event_map": {"HostHighCpu": 5}}, "event type"),
        ({"event_map": {"HostHighCpu": "cpu-high"}}, "event type"),
        ({"event_map": {"HostHighCpu": "9lives"}}, "event type"),
        ({"event_map": {"HostHighCpu": "c" * 92}}, "at most 91"),
        ({"event_map": {"": "cpu_high"}}, "non-empty"),
        ({"event_map": {"x" * 201: "cpu_high"}}, "alert name"),
        ({"event_label": "not a label"}, "event_label"),
    ],
)
def test_a_bad_event_map_is_refused_422_when_the_webhook_is_created(api, metadata, says):
    agent = quiet_agent(api)

    response = api.post(f"/agents/{agent['id']}/webhooks", json={"provider": "alertmanager", "metadata": metadata})

    assert response.status_code == 422, response.text
    assert says in response.json()["error"]["message"]
    assert api.get(f"/agents/{agent['id']}/webhooks").json()["items"] == []


def test_a_chosen_bearer_secret_with_a_space_is_refused_422(api):
    agent = quiet_agent(api)
    response = api.post(f"/agents/{agent['id']}/webhooks", json={"provider": "grafana", "secret": "two words here"})
    assert response.status_code == 422
    assert "Authorization" in response.json()["error"]["message"]


def test_after_a_rotation_both_tokens_work_during_the_overlap(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="alertmanager")
    rotated = api.post(f"/agents/{agent['id']}/webhooks/{webhook['id']}/rotate", json={"secret": "the-new-token-123"})
    assert rotated.status_code == 200, rotated.text

    old = post(stack, webhook, alertmanager_body(alert("Old")), webhook["secret"])
    new = post(stack, webhook, alertmanager_body(alert("New")), "the-new-token-123")

    assert (old.status_code, new.status_code) == (202, 202)
