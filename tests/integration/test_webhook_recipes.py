"""The recipes of docs/webhooks.md ("From a provider's event to the agent's work"), as
written there: a provider's event (a real GitHub release, a Prometheus alert) starts a
thread through the agent's ``thread_triggers``; an event the trigger's ``match`` does
not fit starts nothing. Real handlers against moto, the model the real SDK against the
fake Messages API."""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from typing import Any

import requests

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, make_agent, routes, threads


def _webhook(api: Any, agent_id: str, **fields: Any) -> dict[str, Any]:
    response = api.post(f"/agents/{agent_id}/webhooks", json=fields)
    assert response.status_code == 201, response.text
    return response.json()


def _alert(name: str, status: str = "firing") -> dict[str, Any]:
    return {
        "status": status,
        "labels": {"alertname": name, "instance": "nas:9100", "severity": "warning"},
        "annotations": {"summary": "CPU above 90 % for 5 minutes"},
        "startsAt": "2026-03-01T10:00:00Z",
        "endsAt": "0001-01-01T00:00:00Z",
        "fingerprint": hashlib.sha256(f"{name}|{status}".encode()).hexdigest()[:16],
    }


def test_a_prometheus_alert_starts_a_thread_through_a_thread_trigger(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, thread_triggers=[{"event_type": "cpu_high", "cooldown_seconds": 900}])
    webhook = _webhook(api, agent["id"], provider="alertmanager", metadata={"event_map": {"HostHighCpu": "cpu_high"}})
    claude.converse([{"match": "cpu_high", "turns": [{"text": "The NAS is busy; I'll keep an eye on it.",
                                                      "tool_calls": [{"name": "complete_task", "input": {"summary": "looked at the CPU"}}]}]}])
    body = json.dumps({"version": "4", "status": "firing", "receiver": "wakeful", "alerts": [_alert("HostHighCpu"), _alert("Watchdog")]})

    response = requests.post(webhook["url"], data=body, headers={"Authorization": f"Bearer {webhook['secret']}"}, timeout=30)
    assert response.status_code == 202, response.text
    stack.drain()

    (started,) = threads(api, agent["id"])
    assert (started["source_id"], started["status"]) == ("cpu_high", "complete")
    first = history(api, agent["id"], started["id"])[0]
    assert "cpu_high" in first["content"] and "nas:9100" in first["content"]
    assert sorted(r["decision"] for r in routes(api, agent["id"])) == ["ignored", "started"]  # alert_watchdog: no trigger


def test_a_published_github_release_starts_a_thread_and_a_draft_does_not(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, thread_triggers=[{"event_type": "github_release", "match": {"action": "published"}}])
    webhook = _webhook(api, agent["id"], provider="github", allowed_event_types=["github_release"])
    claude.converse([{"match": "github_release", "turns": [{"text": "v2.0.0 is out.",
                                                            "tool_calls": [{"name": "complete_task", "input": {"summary": "noted the release"}}]}]}])

    for action in ("created", "published"):
        body = json.dumps({"action": action, "release": {"tag_name": "v2.0.0", "name": "v2.0.0"}, "repository": {"full_name": "o/r"}}).encode()
        signature = hmac.new(webhook["secret"].encode(), body, hashlib.sha256).hexdigest()
        headers = {"X-GitHub-Event": "release", "X-GitHub-Delivery": str(uuid.uuid4()), "X-Hub-Signature-256": f"sha256={signature}",
                   "Content-Type": "application/json"}
        assert requests.post(webhook["url"], data=body, headers=headers, timeout=30).status_code == 202
    stack.drain()

    (started,) = threads(api, agent["id"])
    assert started["source_id"] == "github_release"
    assert '"published"' in history(api, agent["id"], started["id"])[0]["content"]
    assert [r["decision"] for r in sorted(routes(api, agent["id"]), key=lambda r: r["seq"])] == ["ignored", "started"]
