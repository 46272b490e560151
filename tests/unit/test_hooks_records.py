"""Hook records: a hook, a delivery and an attempt row, each from its DynamoDB item and
back, tolerant of items older versions wrote, and public() byte for byte the view the
API gave when records were dicts (the old functions are kept below as the oracle)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wakeful.clock import iso
from wakeful.hooks.records import Hook, HookDelivery, HookExecution

ROOT = Path(__file__).resolve().parents[2]

HOOK_ITEM: dict[str, Any] = {
    "agent_id": "agt_1",
    "hook_id": "hook_01J",
    "owner": "owner-a",
    "hook_type": "AFTER_HEARTBEAT",
    "endpoint_url": "https://hooks.example.com/in",
    "secret": "sealed-secret",
    "is_active": False,
    "retry_config": {"max_retries": 5, "timeout_ms": 2000},
    "metadata": {"team": "ops", "n": 2},
    "auth_header": "sealed-auth",
    "disabled_reason": "the endpoint answered 410 Gone",
    "disabled_at": 1767225600.5,
    "failing_since": 1767225000,  # integral: wakeful.ddb gives an int
    "created_at": 1767220000.25,
    "updated_at": 1767225600.5,
}
#: A hook as the first version wrote it: no is_active, retry settings or metadata.
OLD_HOOK_ITEM: dict[str, Any] = {
    "agent_id": "agt_1",
    "hook_id": "hook_00A",
    "owner": "owner-a",
    "hook_type": "ACTION_FAILED",
    "endpoint_url": "https://hooks.example.com/old",
    "secret": "sealed",
    "created_at": 1700000000,
}
DELIVERY_ITEM: dict[str, Any] = {
    "delivery_id": "hd_1",
    "hook_id": "hook_01J",
    "agent_id": "agt_1",
    "owner": "owner-a",
    "hook_type": "AFTER_HEARTBEAT",
    "kind": "test",
    "body": '{"hook_type":"AFTER_HEARTBEAT"}',
    "status": "FAILED",
    "attempts": 4,
    "replays": 1,
    "last_status_code": 503,
    "error_message": "HTTP 503",
    "heartbeat_id": "hb_1",
    "action_id": "act_1",
    "created_at": 1767220000.125,
    "updated_at": 1767220100,
    "completed_at": 1767220100,
    "expires_at": 1769812000,
}
OLD_DELIVERY_ITEM: dict[str, Any] = {
    "delivery_id": "hd_0",
    "hook_id": "hook_00A",
    "agent_id": "agt_1",
    "hook_type": "ACTION_FAILED",
    "body": "{}",
    "status": "PENDING",
    "created_at": 1700000000.5,
}
EXECUTION_ITEM: dict[str, Any] = {
    "hook_id": "hook_01J",
    "execution_id": "hx_1",
    "delivery_id": "hd_1",
    "agent_id": "agt_1",
    "owner": "owner-a",
    "hook_type": "AFTER_HEARTBEAT",
    "retry_count": 2,
    "replay": 1,
    "status": "RETRYING",
    "status_code": 429,
    "response_body": "slow down",
    "error_message": "HTTP 429",
    "execution_time_ms": 37,
    "heartbeat_id": "hb_1",
    "action_id": "act_1",
    "executed_at": 1767220050.75,
    "next_retry_in_ms": 4180,
    "expires_at": 1769812000,
}
OLD_EXECUTION_ITEM: dict[str, Any] = {
    "hook_id": "hook_00A",
    "execution_id": "hx_0",
    "delivery_id": "hd_0",
    "agent_id": "agt_1",
    "status": "FAILED",
    "error_message": "the deliver function failed: boom",
    "executed_at": 1700000001,
}


# -- the oracle: the public views as they were written for dict items ------------------
def old_public(hook: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": hook["hook_id"],
        "agent_id": hook["agent_id"],
        "hook_type": hook["hook_type"],
        "endpoint_url": hook["endpoint_url"],
        "is_active": hook.get("is_active", True),
        "has_auth_header": bool(hook.get("auth_header")),
        "retry_config": hook.get("retry_config") or {"max_retries": 3, "timeout_ms": 5000},
        "metadata": hook.get("metadata"),
        "disabled_reason": hook.get("disabled_reason"),
        "disabled_at": iso(hook.get("disabled_at")),
        "failing_since": iso(hook.get("failing_since")),
        "created_at": iso(hook.get("created_at")),
        "updated_at": iso(hook.get("updated_at")),
    }


def old_public_execution(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["execution_id"],
        "hook_id": row["hook_id"],
        "delivery_id": row["delivery_id"],
        "hook_type": row.get("hook_type"),
        "retry_count": row.get("retry_count", 0),
        "replay": row.get("replay", 0),
        "status": row["status"],
        "status_code": row.get("status_code"),
        "response_body": row.get("response_body"),
        "error_message": row.get("error_message"),
        "execution_time_ms": row.get("execution_time_ms"),
        "heartbeat_id": row.get("heartbeat_id"),
        "action_id": row.get("action_id"),
        "executed_at": iso(row.get("executed_at")),
        "next_retry_in_ms": row.get("next_retry_in_ms"),
    }


def old_public_delivery(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["delivery_id"],
        "hook_id": row["hook_id"],
        "hook_type": row.get("hook_type"),
        "kind": row.get("kind", "event"),
        "status": row["status"],
        "attempts": row.get("attempts", 0),
        "replays": row.get("replays", 0),
        "last_status_code": row.get("last_status_code"),
        "error_message": row.get("error_message"),
        "heartbeat_id": row.get("heartbeat_id"),
        "action_id": row.get("action_id"),
        "created_at": iso(row.get("created_at")),
        "completed_at": iso(row.get("completed_at")),
    }


def _json(view: dict[str, Any]) -> str:
    """The bytes the API sends (wakeful.apikit.common.respond): key order and number types count."""
    return json.dumps(view, default=str)


# -- hooks -----------------------------------------------------------------------------
def test_a_hook_item_round_trips_through_its_record():
    assert Hook.from_item(HOOK_ITEM).to_item() == HOOK_ITEM


def test_a_hook_item_without_the_newer_attributes_reads_with_defaults():
    hook = Hook.from_item(OLD_HOOK_ITEM)
    assert (hook.is_active, hook.retry_config, hook.metadata, hook.auth_header) == (True, None, None, None)
    assert (hook.disabled_at, hook.failing_since, hook.updated_at) == (None, None, None)
    assert hook.created_at == 1700000000.0 and isinstance(hook.created_at, float)


def test_a_hook_record_writes_no_attribute_it_does_not_have():
    assert "auth_header" not in Hook.from_item(OLD_HOOK_ITEM).to_item()
    assert "failing_since" not in Hook.from_item(OLD_HOOK_ITEM).to_item()


@pytest.mark.parametrize("item", [HOOK_ITEM, OLD_HOOK_ITEM, {**HOOK_ITEM, "retry_config": {}, "auth_header": ""}], ids=["full", "old", "empty"])
def test_a_hooks_public_view_is_byte_for_byte_the_old_view(item):
    assert _json(Hook.from_item(item).public()) == _json(old_public(item))


def test_a_hooks_public_view_never_shows_its_secret_or_auth_header():
    text = _json(Hook.from_item(HOOK_ITEM).public())
    assert "sealed-secret" not in text and "sealed-auth" not in text
    assert Hook.from_item(HOOK_ITEM).public()["has_auth_header"] is True


def test_a_hook_record_cannot_be_changed_in_place():
    hook = Hook.from_item(HOOK_ITEM)
    with pytest.raises(dataclasses.FrozenInstanceError):
        hook.is_active = True  # type: ignore[misc]


# -- deliveries ------------------------------------------------------------------------
def test_a_delivery_item_round_trips_through_its_record():
    assert HookDelivery.from_item(DELIVERY_ITEM).to_item() == DELIVERY_ITEM


def test_a_delivery_item_without_the_newer_attributes_reads_with_defaults():
    delivery = HookDelivery.from_item(OLD_DELIVERY_ITEM)
    assert (delivery.kind, delivery.attempts, delivery.replays, delivery.owner) == ("event", 0, 0, None)
    assert delivery.to_item() == {**OLD_DELIVERY_ITEM, "kind": "event", "attempts": 0, "replays": 0}


@pytest.mark.parametrize("item", [DELIVERY_ITEM, OLD_DELIVERY_ITEM], ids=["full", "old"])
def test_a_deliverys_public_view_is_byte_for_byte_the_old_view(item):
    assert _json(HookDelivery.from_item(item).public()) == _json(old_public_delivery(item))


def test_a_deliverys_public_view_leaves_out_the_stored_body():
    assert "body" not in HookDelivery.from_item(DELIVERY_ITEM).public()


# -- attempt rows ----------------------------------------------------------------------
def test_an_attempt_row_round_trips_through_its_record():
    assert HookExecution.from_item(EXECUTION_ITEM).to_item() == EXECUTION_ITEM


def test_an_attempt_row_without_the_newer_attributes_reads_with_defaults():
    execution = HookExecution.from_item(OLD_EXECUTION_ITEM)
    assert (execution.retry_count, execution.replay, execution.owner, execution.hook_type) == (0, 0, None, None)
    assert execution.next_retry_in_ms is None


@pytest.mark.parametrize("item", [EXECUTION_ITEM, OLD_EXECUTION_ITEM], ids=["full", "old"])
def test_an_attempt_rows_public_view_is_byte_for_byte_the_old_view(item):
    assert _json(HookExecution.from_item(item).public()) == _json(old_public_execution(item))


def test_the_hook_records_load_without_pydantic():
    code = "import sys; import wakeful.hooks.records; print('pydantic' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
