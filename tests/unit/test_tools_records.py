"""The tools table's records: a user's tool definition and the settings written on top
of a tool. Items of every version read, written back unchanged, and shown by the API
exactly as the dict-based views showed them."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from wakeful import ddb
from wakeful.clock import iso
from wakeful.tools.records import (
    AGENT_SETTINGS_KIND,
    BUILTIN_SETTINGS_KIND,
    ToolDefinition,
    ToolSettingsRecord,
    agent_partition,
    record_from_item,
)

NOW = 1_790_000_000.5

HTTP = {
    "owner": "owner-a",
    "name": "OrderSync",
    "kind": "http",
    "endpoint_url": "https://tools.example.com/order",
    "description": "Syncs orders",
    "config": {"region": "eu"},
    "timeout_ms": 2500,
    "input_schema": {"type": "object", "properties": {"id": {"type": "string"}}},
    "requires_approval": True,
    "secret": "sealed:abc",
    "created_at": NOW,
}
LAMBDA = {
    "owner": "owner-a",
    "name": "Resize",
    "kind": "lambda",
    "function_arn": "arn:aws:lambda:us-east-1:123456789012:function:wakeful-tool-resize",
    "config": {},
    "timeout_ms": 10000,
    "input_schema": {"type": "object"},
    "requires_approval": False,
    "secret": "sealed:def",
    "is_active": False,
    "created_at": 1_790_000_000,
    "updated_at": NOW,
}
HOMELAB = {**HTTP, "name": "StartServer", "preset": "homelab", "requires_approval": False}
#: As early versions wrote it: no config, timeout, schema, approval or activity.
OLD_TOOL = {"owner": "owner-b", "name": "Legacy", "kind": "http", "endpoint_url": "https://x.example.com", "secret": "s"}

BUILTIN_SETTINGS = {
    "owner": "owner-a",
    "name": "FeedReader",
    "kind": BUILTIN_SETTINGS_KIND,
    "settings_owner": "owner-a",
    "config": {"model": "claude-x"},
    "is_active": False,
    "updated_at": NOW,
}
AGENT_SETTINGS = {
    "owner": "agent#agt_1",
    "name": "OrderSync",
    "kind": AGENT_SETTINGS_KIND,
    "settings_owner": "owner-a",
    "config": {"region": "us"},
    "updated_at": NOW,
}
#: An upsert that only set ``is_active`` leaves no ``config``.
ONLY_ACTIVE = {"owner": "agent#agt_1", "name": "FeedReader", "kind": AGENT_SETTINGS_KIND, "settings_owner": "owner-a", "is_active": True}


def _old_public(item: dict[str, Any]) -> dict[str, Any]:
    """The view of a user tool as it was computed from the item dict (the oracle)."""
    return {
        "name": item["name"],
        "kind": item["kind"],
        "builtin": False,
        "description": item.get("description"),
        "endpoint_url": item.get("endpoint_url"),
        "function_arn": item.get("function_arn"),
        "config": item.get("config") or {},
        "timeout_ms": item.get("timeout_ms"),
        "input_schema": item.get("input_schema") or {"type": "object"},
        "requires_approval": bool(item.get("requires_approval")),
        "created_at": iso(item.get("created_at")),
    }


def _old_user_view(item: dict[str, Any]) -> dict[str, Any]:
    return {**_old_public(item), "is_active": item.get("is_active", True)}


def _old_agent_settings_view(own: dict[str, Any] | None) -> dict[str, Any]:
    own = own or {}
    return {"config": own.get("config") or {}, "is_active": own.get("is_active", True)}


def _stored(item: dict[str, Any]) -> dict[str, Any]:
    """The item as DynamoDB gives it back after a put (nulls dropped, numbers decoded)."""
    return ddb.deserialize(ddb.serialize(item)) or {}


TOOLS = [HTTP, LAMBDA, HOMELAB, OLD_TOOL]
TOOL_IDS = ["http", "lambda", "homelab", "old"]
SETTINGS = [BUILTIN_SETTINGS, AGENT_SETTINGS, ONLY_ACTIVE]
SETTINGS_IDS = ["builtin", "agent", "only-active"]


@pytest.mark.parametrize("item", TOOLS, ids=TOOL_IDS)
def test_public_is_the_view_the_item_dict_gave_with_the_same_key_order(item):
    view = ToolDefinition.from_item(item).public()

    assert view == _old_user_view(item)
    assert list(view) == list(_old_user_view(item))


@pytest.mark.parametrize("item", [HTTP, LAMBDA, HOMELAB], ids=TOOL_IDS[:3])
def test_a_tool_writes_back_the_item_it_was_read_from(item):
    assert ToolDefinition.from_item(item).to_item() == _stored(item)


@pytest.mark.parametrize("item", TOOLS, ids=TOOL_IDS)
def test_a_tool_survives_a_round_trip_through_dynamodb(item):
    record = ToolDefinition.from_item(item)

    assert ToolDefinition.from_item(_stored(record.to_item())) == record


def test_an_old_tool_takes_the_defaults():
    record = ToolDefinition.from_item(OLD_TOOL)

    assert (record.config, record.timeout_ms, record.input_schema, record.requires_approval, record.is_active) == ({}, None, None, False, True)
    assert record.timeout_seconds == 10.0


def test_a_tool_writes_is_active_only_when_switched_off():
    active = ToolDefinition(owner="o", name="T", kind="http")

    assert "is_active" not in active.to_item()
    assert dataclasses.replace(active, is_active=False).to_item()["is_active"] is False


def test_the_timeout_is_read_in_seconds():
    assert ToolDefinition.from_item(HTTP).timeout_seconds == 2.5


def test_a_tool_record_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        ToolDefinition.from_item(HTTP).secret = "other"  # type: ignore[misc]


@pytest.mark.parametrize("item", SETTINGS, ids=SETTINGS_IDS)
def test_settings_public_is_the_agent_settings_view_the_item_dict_gave(item):
    assert ToolSettingsRecord.from_item(item).public() == _old_agent_settings_view(item)


@pytest.mark.parametrize("item", [BUILTIN_SETTINGS, ONLY_ACTIVE], ids=["builtin", "only-active"])
def test_settings_write_back_the_item_they_were_read_from(item):
    assert ToolSettingsRecord.from_item(item).to_item() == {"config": {}, **_stored(item)}


@pytest.mark.parametrize("item", SETTINGS, ids=SETTINGS_IDS)
def test_settings_survive_a_round_trip_through_dynamodb(item):
    record = ToolSettingsRecord.from_item(item)

    assert ToolSettingsRecord.from_item(_stored(record.to_item())) == record


def test_agent_settings_live_in_the_agents_partition():
    record = ToolSettingsRecord.from_item(AGENT_SETTINGS)

    assert record.partition == agent_partition("agt_1") == "agent#agt_1"
    assert record.to_item()["owner"] == "agent#agt_1"


@pytest.mark.parametrize(
    ("item", "kind"),
    [(HTTP, ToolDefinition), (LAMBDA, ToolDefinition), (BUILTIN_SETTINGS, ToolSettingsRecord), (AGENT_SETTINGS, ToolSettingsRecord)],
    ids=["http", "lambda", "builtin", "agent"],
)
def test_the_kind_of_an_item_picks_its_record(item, kind):
    assert type(record_from_item(item)) is kind


@pytest.mark.parametrize(
    ("definition", "missing"),
    [
        (ToolDefinition(owner="o", name="NoUrl", kind="http", secret="s"), "endpoint_url"),
        (ToolDefinition(owner="o", name="NoSecret", kind="http", endpoint_url="https://x.example.com"), "signing secret"),
        (ToolDefinition(owner="o", name="NoArn", kind="lambda"), "function_arn"),
    ],
    ids=["http-without-url", "http-without-secret", "lambda-without-arn"],
)
def test_a_definition_without_its_target_fails_the_call_saying_what_is_missing(definition, missing):
    from wakeful.tools import registry
    from wakeful.tools.base import ToolRequest
    from wakeful.tools.exceptions import ToolCallError

    request = ToolRequest(action_id="act_1", agent_context={})

    with pytest.raises(ToolCallError, match=missing):
        registry.runnable(definition).run(request)
