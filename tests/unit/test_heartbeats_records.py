"""The heartbeat record: an item read back is the record written, an older item without
the newer attributes still reads, and the API view is byte for byte what the API showed
when heartbeats were dicts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wakeful import clock
from wakeful.agents.records import Agent
from wakeful.heartbeats import records as hb
from wakeful.heartbeats.records import Heartbeat, HeartbeatKey

#: A PENDING heartbeat of an active agent, as the agent's creation writes it.
PENDING_ITEM: dict[str, Any] = {
    "agent_id": "agt_1",
    "heartbeat_id": "hb_1",
    "owner": "o",
    "status": "PENDING",
    "scheduled_at": 1764170000.25,
    "created_at": 1764170000.25,
    "events_processed": 0,
    "actions_triggered": 0,
    "attempt": 0,
    "due_shard": 1,
    "due_at": 1764170000.25,
    "forced": True,
}

#: An EXECUTING heartbeat in its second round, with an open action (as ddb reads it:
#: integral numbers as ints, the string set as a list).
EXECUTING_ITEM: dict[str, Any] = {
    **{k: v for k, v in PENDING_ITEM.items() if k not in ("due_shard", "due_at", "forced")},
    "status": "EXECUTING",
    "attempt": 2,
    "queued_at": 1764170001,
    "lease_shard": 1,
    "lease_expires_at": 1764170301.5,
    "active_owner": "o",
    "started_at": 1764170002.125,
    "window_start_seq": 3,
    "window_end_seq": 9,
    "heartbeat_event_seq": 9,
    "cursor_seq": 7,
    "target_seq": 9,
    "cascade_round": 0,
    "round": 2,
    "round_actions": ["act_b", "act_a"],
    "round_dispatch": 2,
    "open_actions": ["act_a"],
    "dispatched_since_target": True,
    "events_processed": 4,
    "actions_triggered": 3,
    "quiet_heartbeats": 5,
    "last_quiet_heartbeat_at": 1764169000,
}

#: A FAILED heartbeat, its lease and open actions gone, kept for its retention.
FAILED_ITEM: dict[str, Any] = {
    **{k: v for k, v in EXECUTING_ITEM.items() if k not in ("lease_shard", "lease_expires_at", "active_owner", "open_actions")},
    "status": "FAILED",
    "completed_at": 1764170400.75,
    "error_message": "agent deleted",
    "failed_owner": "o",
    "expires_at": 1766762400,
}

#: A heartbeat written before quiet heartbeats, cascades and rounds existed.
OLD_ITEM: dict[str, Any] = {
    "agent_id": "agt_old",
    "heartbeat_id": "hb_old",
    "owner": "o",
    "status": "COMPLETED",
    "scheduled_at": 1700000000,
    "started_at": 1700000001,
    "completed_at": 1700000002,
}


def old_public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view as it was when heartbeats were dicts (the oracle)."""
    return {
        "id": item["heartbeat_id"],
        "agent_id": item["agent_id"],
        "status": item["status"],
        "scheduled_at": clock.iso(item.get("scheduled_at")),
        "started_at": clock.iso(item.get("started_at")),
        "completed_at": clock.iso(item.get("completed_at")),
        "events_processed": item.get("events_processed", 0),
        "events_skipped": item.get("events_skipped", 0),  # added with the lookback cap
        "actions_triggered": item.get("actions_triggered", 0),
        "error_message": item.get("error_message"),
        "attempt": item.get("attempt", 0),
        "window": {"after_seq": item.get("window_start_seq"), "up_to_seq": item.get("cursor_seq")},
        "rounds": item.get("round", 0),
        "quiet_heartbeats": item.get("quiet_heartbeats", 0),
        "last_quiet_heartbeat_at": clock.iso(item.get("last_quiet_heartbeat_at")),
    }


def as_read(item: dict[str, Any]) -> dict[str, Any]:
    """An item as ``to_item`` gives it, as ddb would read it back (a set as a list)."""
    return {k: sorted(v) if isinstance(v, set) else v for k, v in item.items()}


@pytest.mark.parametrize("item", [PENDING_ITEM, EXECUTING_ITEM, FAILED_ITEM], ids=["pending", "executing", "failed"])
def test_a_heartbeat_item_read_and_written_again_is_the_same_item_but_for_sparse_defaults(item):
    written = Heartbeat.from_item(item).to_item()
    # A started heartbeat stores cascade_round 0; written from a record it is left out
    # (it reads back as 0 all the same), like every sparse attribute at its default.
    expected = {k: sorted(v) if k == "open_actions" else v for k, v in item.items() if k != "cascade_round"}
    assert as_read(written) == expected


@pytest.mark.parametrize("item", [PENDING_ITEM, EXECUTING_ITEM, FAILED_ITEM, OLD_ITEM])
def test_a_record_written_and_read_back_is_the_same_record(item):
    record = Heartbeat.from_item(item)
    assert Heartbeat.from_item(as_read(record.to_item())) == record


def _agent(**fields: Any) -> Agent:
    """An agent item as the agents table holds it, as its record."""
    return Agent.from_item({"agent_id": "agt_1", "owner": "o", "name": "A", "alias": "a", "heartbeat_interval_seconds": 60, **fields})

def test_open_actions_are_written_as_a_string_set():
    assert Heartbeat.from_item(EXECUTING_ITEM).to_item()["open_actions"] == {"act_a"}


def test_a_heartbeat_that_was_not_asked_for_is_written_without_forced():
    item = hb.new_pending(_agent(), "hb_2", 10.0, now=5.0).to_item()
    assert "forced" not in item  # the quiet path asks attribute_not_exists(forced)
    assert "open_actions" not in item and "round" not in item and "quiet_heartbeats" not in item


def test_an_old_item_without_the_newer_attributes_reads_with_their_defaults():
    record = Heartbeat.from_item(OLD_ITEM)
    assert (record.events_processed, record.attempt, record.round, record.cascade_round) == (0, 0, 0, 0)
    assert (record.quiet_heartbeats, record.forced, record.open_actions, record.round_actions) == (0, False, frozenset(), ())
    assert record.window_end_seq is None and record.scheduled_at == 1700000000.0


@pytest.mark.parametrize("item", [PENDING_ITEM, EXECUTING_ITEM, FAILED_ITEM, OLD_ITEM])
def test_public_is_exactly_what_the_api_showed_before(item):
    assert json.dumps(Heartbeat.from_item(item).public()) == json.dumps(old_public(item))


def test_a_pending_heartbeat_of_a_paused_agent_is_not_in_the_due_index():
    active = hb.new_pending(_agent(), "hb_2", 10.0, now=5.0)
    paused = hb.new_pending(_agent(is_active=False), "hb_2", 10.0, now=5.0)
    assert active.in_due_index and active.due_at == 10.0
    assert not paused.in_due_index and "due_at" not in paused.to_item()


def test_the_new_pending_item_is_what_the_dict_version_wrote():
    agent = _agent()
    expected = {
        "agent_id": "agt_1",
        "heartbeat_id": "hb_2",
        "owner": "o",
        "status": "PENDING",
        "scheduled_at": 10.0,
        "created_at": 5.0,
        "events_processed": 0,
        "actions_triggered": 0,
        "attempt": 0,
        **hb.due_attributes("agt_1", 10.0),
        "forced": True,
    }
    assert hb.new_pending(agent, "hb_2", 10.0, now=5.0, forced=True).to_item() == expected


def test_the_target_is_the_window_end_until_a_cascade_sets_one():
    record = Heartbeat.from_item(EXECUTING_ITEM)
    without = Heartbeat.from_item({k: v for k, v in EXECUTING_ITEM.items() if k != "target_seq"})
    assert (record.cursor, record.window_start, record.target, without.target) == (7, 3, 9, 9)


def test_a_heartbeat_that_never_started_has_no_cursor():
    with pytest.raises(ValueError, match="no window yet"):
        _ = Heartbeat.from_item(PENDING_ITEM).cursor


def test_quiet_counts_take_the_larger_of_the_heartbeat_and_the_agent():
    record = Heartbeat.from_item(EXECUTING_ITEM)
    assert hb.quiet_counts(record, _agent(quiet_heartbeats=9)) == {"quiet_heartbeats": 9, "last_quiet_heartbeat_at": 1764169000.0}
    assert hb.quiet_counts(None, _agent(quiet_heartbeats=2, last_quiet_heartbeat_at=7)) == {
        "quiet_heartbeats": 2,
        "last_quiet_heartbeat_at": 7,
    }


def test_a_key_from_the_lease_index_carries_its_attempt_and_one_from_the_due_index_its_due_time():
    assert HeartbeatKey.from_item({"agent_id": "a", "heartbeat_id": "h", "attempt": 3}) == HeartbeatKey("a", "h", 3)
    assert HeartbeatKey.from_item({"agent_id": "a", "heartbeat_id": "h", "due_shard": 0, "due_at": 1}) == HeartbeatKey(
        "a", "h", 0, 1.0
    )
