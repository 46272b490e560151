"""The thread record: item round-trip, items older versions wrote (attributes missing or
null), the typed run state in the item forms the dict-based code wrote, and the API
view as it was (the old function is kept below as the oracle)."""

from __future__ import annotations

from typing import Any

import pytest

from wakeful.clock import iso
from wakeful.threads.records import (
    Approval,
    InboxEntry,
    StepSpec,
    Thread,
    ThreadKey,
    Wait,
    WaitingThread,
    item_value,
    step_key,
)


def _old_public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view as the dict-based code built it (the oracle)."""
    return {
        "id": item["thread_id"],
        "agent_id": item["agent_id"],
        "status": item["status"],
        "source": item["source"],
        "source_id": item.get("source_id"),
        "channel": item.get("channel"),
        "wake_at": iso(item.get("wake_at")),
        "wake_reason": item.get("wake_reason"),
        "wake_on_events": item.get("wake_on_events") or [],
        "wakes": int(item.get("wakes", 0)),
        "context": item.get("context") or {},
        "summary": item.get("summary"),
        "error_message": item.get("error_message"),
        "attributes": item.get("attributes") or {},
        "run_id": item.get("run_id"),
        "created_at": iso(item.get("created_at")),
        "updated_at": iso(item.get("updated_at")),
    }


#: A sleeping thread as the runner leaves it (index attributes included, as read).
SLEEPING: dict[str, Any] = {
    "agent_id": "agt_1",
    "thread_id": "thr_01J",
    "owner": "alice",
    "status": "sleeping",
    "agent_status": "agt_1#sleeping",
    "source": "scheduled",
    "source_id": "sch_1",
    "channel": "heartbeat",
    "attributes": {"schedule_result_id": "res_1"},
    "context": {"paused": True, "n": 2},
    "version": 7,
    "wakes": 1,
    "created_at": 1767220000.25,
    "updated_at": 1767225600.5,
    "run_no": 2,
    "run_id": "thr_01J.r2",
    "run_started_at": 1767225000,
    "step_no": 4,
    "lease_attempts": 0,
    "last_msg_seq": 9,
    "seen_seq": 12,
    "inbox": [],
    "approvals": {},
    "due_shard": 3,
    "due_kind": "wake",
    "due_at": 1767229200.5,
    "wake_at": 1767229200.5,
    "wake_reason": "resume",
    "wake_on_events": [{"event_type": "SERVER_EMPTY", "match": {"server": "mc"}}],
    "waits_agent": "agt_1",
    "wait_after_seq": 12,
    "wait_id": "thr_01J.r2",
    "woken_by": {"kind": "timer", "wake_at": 1767220000},
    "delivered_events": ["evt_1", "evt_2"],
    "final_text": "Pausing.",
    "run_ended_at": 1767225600.5,
}
#: A running thread parked on two approvals, with a message in its inbox.
PARKED: dict[str, Any] = {
    "agent_id": "agt_1",
    "thread_id": "thr_01K",
    "owner": "alice",
    "status": "waiting_approval",
    "source": "user",
    "source_id": None,
    "channel": None,
    "attributes": {},
    "context": {},
    "version": 3,
    "wakes": 0,
    "run_no": 1,
    "run_id": "thr_01K.r1",
    "step": {"kind": "tool_call", "seq": 2, "resume": True},
    "step_no": 3,
    "step_key": "thr_01K.r1:3:0",
    "lease_attempts": 0,
    "last_msg_seq": 4,
    "seen_seq": 0,
    "inbox": [{"content": "hurry", "created_by": "user", "at": 1767225601}],
    "approvals": {
        "call_b": {"tool": "stop", "arguments": {"server": "mc"}, "requested_at": 1767225600},
        "call_a": {"tool": "deploy", "arguments": {}, "requested_at": 1767225500, "decision": "approve", "note": "ok", "decided_at": 1767225550},
    },
    "due_kind": "expire",
    "due_at": 1767830400,
}
#: A thread as an older version (or a damaged write) left it: only its key and a few.
OLD: dict[str, Any] = {"agent_id": "agt_1", "thread_id": "thr_00A", "status": "complete", "source": "user", "context": None}


@pytest.mark.parametrize("item", [SLEEPING, PARKED, OLD], ids=["sleeping", "parked", "old"])
def test_the_public_view_is_the_one_the_api_gave(item):
    assert Thread.from_item(item).public() == _old_public(item)


def test_an_item_missing_attributes_reads_with_their_defaults():
    thread = Thread.from_item({"agent_id": "agt_1", "thread_id": "thr_00B"})
    assert (thread.status, thread.source, thread.owner, thread.version, thread.wakes) == ("active", "user", "", 0, 0)
    assert thread.step is None and thread.inbox == () and thread.approvals == {} and thread.wake_on_events == ()
    assert thread.context == {} and thread.attributes == {} and thread.wait_after_seq is None and not thread.deferred
    nulls = Thread.from_item({**OLD, "wakes": None, "version": None, "step_no": None, "inbox": None, "approvals": None})
    assert (nulls.wakes, nulls.version, nulls.step_no, nulls.inbox, nulls.approvals) == (0, 0, 0, (), {})
    assert nulls.public()["wakes"] == 0


@pytest.mark.parametrize("item", [SLEEPING, PARKED], ids=["sleeping", "parked"])
def test_the_record_writes_back_the_item_it_read_without_the_index_attributes(item):
    thread = Thread.from_item(item)
    written = thread.to_item()
    index = {"agent_status", "due_shard", "waits_agent"}
    assert written == {k: v for k, v in item.items() if k not in index and v is not None}
    assert Thread.from_item(written) == thread


def test_the_typed_run_state_reads_its_parts():
    parked = Thread.from_item(PARKED)
    assert parked.step == StepSpec("tool_call", 2, None, True) and parked.step.first_seq == 2
    assert parked.inbox == (InboxEntry("hurry", "user", None, 1767225601.0),)
    assert [a.tool_call_id for a in parked.pending()] == ["call_b"]
    assert parked.approvals["call_a"] == Approval("call_a", "deploy", {}, 1767225500.0, "approve", "ok", 1767225550.0)
    sleeping = Thread.from_item(SLEEPING)
    assert sleeping.wake_on_events == (Wait("SERVER_EMPTY", {"server": "mc"}),)
    assert sleeping.waits_for("SERVER_EMPTY", {"server": "mc", "players": 0})
    assert not sleeping.waits_for("SERVER_EMPTY", {"server": "atm-10"}) and not sleeping.waits_for("server_empty", {"server": "mc"})


def test_steps_are_written_in_the_item_forms_of_the_dict_based_code():
    assert StepSpec.message(5).to_item() == {"kind": "message", "seq": 5, "first": 5}
    assert StepSpec.message(9, 6).to_item() == {"kind": "message", "seq": 9, "first": 6}
    assert StepSpec.tool_call(4).to_item() == {"kind": "tool_call", "seq": 4}
    resumed = StepSpec.from_item({"kind": "tool_call", "seq": 4, "resume": True})
    assert resumed.to_item() == {"kind": "tool_call", "seq": 4, "resume": True}
    assert StepSpec.from_item({"kind": "message", "seq": 3}).first_seq == 3
    assert step_key("thr_1.r2", 3) == "thr_1.r2:3:0" and step_key("thr_1.r2", 3, 2) == "thr_1.r2:3:2"


def test_approvals_inbox_entries_and_waits_keep_their_item_forms():
    approval = {"tool": "stop", "arguments": {"server": "mc"}, "requested_at": 1767225600}
    assert Approval.from_item("call_b", approval).to_item() == approval
    assert Approval.from_item("call_b", approval).public() == {"tool_call_id": "call_b", "tool": "stop", "arguments": {"server": "mc"}, "requested_at": iso(1767225600)}
    entry = {"content": "evt", "created_by": "system", "event": {"event_id": "evt_1", "seq": 3}, "at": 1767225601.5}
    assert InboxEntry.from_item(entry).to_item() == entry
    assert Wait.from_item("SERVER_EMPTY").to_item() == {"event_type": "SERVER_EMPTY", "match": {}}
    assert item_value({"a": (Wait("X"),), "b": StepSpec.tool_call(1)}) == {"a": [{"event_type": "X", "match": {}}], "b": {"kind": "tool_call", "seq": 1}}


def test_changes_give_the_record_as_written_one_version_on():
    thread = Thread.from_item(SLEEPING)
    woken = thread.changed({"status": "active", "step": StepSpec.message(10), "wakes": 2}, ["wake_at", "wait_id", "wait_after_seq"])
    assert (woken.status, woken.step, woken.wakes, woken.version) == ("active", StepSpec.message(10), 2, 8)
    assert woken.wake_at is None and woken.wait_id is None and woken.wait_after_seq is None
    assert woken.wake_on_events == thread.wake_on_events and woken.context == thread.context


def test_the_index_records_read_what_the_keys_only_indexes_project():
    assert ThreadKey("agt_1", "thr_1") == ThreadKey("agt_1", "thr_1")
    waiting = WaitingThread.from_item({"agent_id": "agt_1", "thread_id": "thr_1", "waits_agent": "agt_1", "wait_id": "thr_1.r1", "wait_after_seq": 4, "wake_on_events": [{"event_type": "X", "match": {}}]})
    assert waiting == WaitingThread("thr_1", "thr_1.r1", 4, (Wait("X"),)) and waiting.waits_for("X", {})
