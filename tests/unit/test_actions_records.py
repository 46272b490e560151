"""The action record: an item read back is the record written, an older item without
the newer attributes still reads, and the API view is byte for byte what the API showed
when actions were dicts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wakeful import clock
from wakeful.actions.records import Action, ActionOutcome

#: A heartbeat's action, finished, as ddb reads it.
HEARTBEAT_ACTION: dict[str, Any] = {
    "action_id": "act_1",
    "agent_id": "agt_1",
    "owner": "o",
    "heartbeat_id": "hb_1",
    "round": 1,
    "order_key": "001#000000000007#1000#sub_1",
    "event_id": "evt_7",
    "event_seq": 7,
    "event_type": "NEW_MENTION",
    "subscription_id": "sub_1",
    "tool": "Echo",
    "status": "COMPLETED",
    "parent_action_id": "act_0",
    "hook_types": ["ACTION_FAILED"],
    "request_meta": {"event": {"id": "evt_7", "seq": 7}, "agent_context": {"agent_id": "agt_1"}, "tool_config": {}},
    "response_meta": {"success": True, "output": {"n": 1.5}, "error": None, "new_events": []},
    "execution_time_ms": 42,
    "run_count": 1,
    "created_at": 1764170000.5,
    "started_at": 1764170001,
    "completed_at": 1764170002.25,
    "expires_at": 1766762400,
}

#: A thread's tool call, just created (no heartbeat, no event, no result yet).
THREAD_ACTION: dict[str, Any] = {
    "action_id": "act_2",
    "agent_id": "agt_1",
    "owner": "o",
    "thread_id": "thr_1",
    "tool": "lookup",
    "status": "PENDING",
    "request_meta": {"thread_id": "thr_1", "tool_call": {"id": "c1", "name": "lookup", "arguments": {}}},
    "run_count": 0,
    "created_at": 1764170000.5,
}

#: An action written before threads, hook types, run counts and parent actions.
OLD_ACTION: dict[str, Any] = {
    "action_id": "act_old",
    "agent_id": "agt_1",
    "owner": "o",
    "heartbeat_id": "hb_0",
    "tool": "Echo",
    "status": "FAILED",
    "error_message": "boom",
    "created_at": 1700000000,
}


def old_public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view as it was when actions were dicts (the oracle)."""
    return {
        "id": item["action_id"],
        "agent_id": item["agent_id"],
        "heartbeat_id": item.get("heartbeat_id"),
        "thread_id": item.get("thread_id"),
        "event_id": item.get("event_id"),
        "event_seq": item.get("event_seq"),
        "event_type": item.get("event_type"),
        "subscription_id": item.get("subscription_id"),
        "tool": item["tool"],
        "status": item["status"],
        "request_meta": item.get("request_meta"),
        "response_meta": item.get("response_meta"),
        "interception": item.get("interception"),  # added with heartbeat interception
        "approval": None,  # likewise (none of these items was parked)
        "error_message": item.get("error_message"),
        "execution_time_ms": item.get("execution_time_ms"),
        "parent_action_id": item.get("parent_action_id"),
        "created_at": clock.iso(item.get("created_at")),
        "started_at": clock.iso(item.get("started_at")),
        "completed_at": clock.iso(item.get("completed_at")),
    }


ITEMS = [HEARTBEAT_ACTION, THREAD_ACTION]


@pytest.mark.parametrize("item", ITEMS, ids=["heartbeat", "thread"])
def test_an_action_item_read_and_written_again_is_the_same_item(item):
    assert Action.from_item(item).to_item() == item


@pytest.mark.parametrize("item", [*ITEMS, OLD_ACTION])
def test_a_record_written_and_read_back_is_the_same_record(item):
    record = Action.from_item(item)
    assert Action.from_item(record.to_item()) == record


def test_an_old_item_without_the_newer_attributes_reads_with_their_defaults():
    record = Action.from_item(OLD_ACTION)
    assert (record.thread_id, record.hook_types, record.parent_action_id, record.round) == (None, None, None, None)
    assert record.run_count == 0 and record.created_at == 1700000000.0


def test_an_old_item_is_written_again_with_only_the_run_count_added():
    assert Action.from_item(OLD_ACTION).to_item() == {**OLD_ACTION, "run_count": 0}


@pytest.mark.parametrize("item", [*ITEMS, OLD_ACTION])
def test_public_is_exactly_what_the_api_showed_before(item):
    assert json.dumps(Action.from_item(item).public()) == json.dumps(old_public(item))


def test_an_outcome_reads_the_projection_the_tool_statistics_ask_for():
    assert ActionOutcome.from_item({"tool": "Echo", "status": "COMPLETED", "execution_time_ms": 42}) == ActionOutcome(
        "Echo", "COMPLETED", 42.0
    )
    assert ActionOutcome.from_item({"tool": "Echo"}) == ActionOutcome("Echo")
