"""WAKEFUL_RETENTION_DAYS: events, heartbeats, actions, hook rows and webhook request
rows carry a TTL (a pending heartbeat never does); the log's seq never restarts when old events expire."""

from __future__ import annotations

import time
from typing import Iterator

import pytest

from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe
from wakeful import ddb, retention
from wakeful.config import get_settings
from wakeful.tables import TABLES


@pytest.fixture()
def retention_days(monkeypatch) -> Iterator[int]:
    monkeypatch.setenv("WAKEFUL_RETENTION_DAYS", "7")
    get_settings.cache_clear()
    yield 7
    monkeypatch.delenv("WAKEFUL_RETENTION_DAYS")
    get_settings.cache_clear()


def test_the_history_tables_have_a_ttl_attribute():
    for name in ("events", "heartbeats", "actions", "hook_executions", "hook_deliveries", "webhook_requests"):
        assert TABLES[name].ttl == "expires_at", name


def test_events_and_actions_expire_after_the_configured_days(stack, api, tool_server, retention_days):
    agent = api.create_agent()
    subscribe(api, register_tool(api, tool_server, "kept"), "HEARTBEAT", agent["id"])
    before = time.time()

    hb = run_heartbeat(stack, api, agent["id"])

    event = ddb.get("events", {"agent_id": agent["id"], "seq": 1})
    action = ddb.get("actions", {"action_id": hb["actions"][0]["id"]})
    heartbeat = ddb.get("heartbeats", {"agent_id": agent["id"], "heartbeat_id": hb["id"]})
    for item in (event, action, heartbeat):
        assert before + 7 * 86400 - 5 <= item["expires_at"] <= time.time() + 7 * 86400 + 5
    next_id = ddb.get("agents", {"agent_id": agent["id"]})["active_heartbeat_id"]
    assert "expires_at" not in ddb.get("heartbeats", {"agent_id": agent["id"], "heartbeat_id": next_id})


def test_without_retention_events_are_kept_and_hook_rows_keep_30_days():
    get_settings.cache_clear()
    assert get_settings().retention_days == 0
    assert retention.expiry(1000.0) is None
    assert retention.expiry(1000.0, default_days=30) == 1000 + 30 * 86400


def test_expired_events_do_not_restart_the_sequence(stack, api, retention_days):
    agent = api.create_agent()
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    for n in range(3):
        assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "E", "payload": {"n": n}}).status_code == 202
    # What DynamoDB's TTL does to expired items, done by hand (the emulator never expires).
    for seq in (1, 2, 3):
        ddb.client().delete_item(TableName=ddb.table("events"), Key=ddb.serialize({"agent_id": agent["id"], "seq": seq}))

    response = api.post(f"/agents/{agent['id']}/events", json={"event_type": "E", "payload": {"n": 3}})

    assert response.json()["seq"] == 4
