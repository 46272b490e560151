"""The subscription record: items of every version read, written back unchanged, and
shown by the API exactly as the dict-based view showed them."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from wakeful import ddb
from wakeful.clock import iso
from wakeful.subscriptions.records import PATCHABLE, Subscription, scope_of

NOW = 1_790_000_000.25

FULL = {
    "subscription_id": "sub_1",
    "owner": "owner-a",
    "scope": "agent#agt_1",
    "agent_id": "agt_1",
    "tool": "Notifier",
    "event_type": "ORDER",
    "filter_config": {"min_priority": 3, "topics": ["AI"]},
    "execution_order": -5,
    "is_active": False,
    "created_at": NOW,
    "updated_at": NOW + 10,
}
OWNER_WIDE = {
    "subscription_id": "sub_2",
    "owner": "owner-a",
    "scope": "owner#owner-a",
    "tool": "FeedReader",
    "event_type": "HEARTBEAT",
    "execution_order": 0,
    "is_active": True,
    "created_at": 1_790_000_000,  # integral: ddb gives an int
    "updated_at": 1_790_000_000,
}
#: As early versions wrote it: no scope, order, activity or times.
OLD = {"subscription_id": "sub_3", "owner": "owner-b", "tool": "T", "event_type": "E", "agent_id": "agt_9"}
#: A PATCH with ``filter_config: null`` stores a null.
NULL_FILTER = {**OWNER_WIDE, "subscription_id": "sub_4", "filter_config": None}


def _old_public(item: dict[str, Any]) -> dict[str, Any]:
    """The view as it was computed from the item dict, kept as the oracle."""
    return {
        "id": item["subscription_id"],
        "tool": item["tool"],
        "event_type": item["event_type"],
        "filter_config": item.get("filter_config"),
        "execution_order": item.get("execution_order", 0),
        "is_active": item.get("is_active", True),
        "agent_id": item.get("agent_id"),
        "created_at": iso(item.get("created_at")),
        "updated_at": iso(item.get("updated_at")),
    }


def _stored(item: dict[str, Any]) -> dict[str, Any]:
    """The item as DynamoDB gives it back after a put (nulls dropped, numbers decoded)."""
    return ddb.deserialize(ddb.serialize(item)) or {}


@pytest.mark.parametrize("item", [FULL, OWNER_WIDE, OLD, NULL_FILTER], ids=["full", "owner-wide", "old", "null-filter"])
def test_public_is_the_view_the_item_dict_gave(item):
    assert Subscription.from_item(item).public() == _old_public(item)


@pytest.mark.parametrize("item", [FULL, OWNER_WIDE], ids=["full", "owner-wide"])
def test_to_item_writes_back_the_item_it_was_read_from(item):
    assert Subscription.from_item(item).to_item() == _stored(item)


@pytest.mark.parametrize("item", [FULL, OWNER_WIDE, OLD], ids=["full", "owner-wide", "old"])
def test_a_record_survives_a_round_trip_through_dynamodb(item):
    record = Subscription.from_item(item)

    assert Subscription.from_item(_stored(record.to_item())) == record


def test_an_old_item_takes_the_defaults_and_its_scope_from_its_agent():
    record = Subscription.from_item(OLD)

    assert (record.scope, record.execution_order, record.is_active, record.filter_config) == ("agent#agt_9", 0, True, None)
    assert record.created_at is None and record.updated_at is None


def test_an_item_holding_null_for_a_defaulted_attribute_reads_the_default():
    record = Subscription.from_item({**OLD, "execution_order": None, "is_active": None})

    assert (record.execution_order, record.is_active) == (0, True)


def test_times_are_float_epoch_seconds():
    record = Subscription.from_item(OWNER_WIDE)

    assert type(record.created_at) is float and record.created_at == 1_790_000_000.0


def test_to_item_leaves_out_what_is_none():
    record = Subscription(subscription_id="sub_5", owner="o", scope=scope_of("o", None), tool="T", event_type="E")

    assert record.to_item() == {
        "subscription_id": "sub_5",
        "owner": "o",
        "scope": "owner#o",
        "tool": "T",
        "event_type": "E",
        "execution_order": 0,
        "is_active": True,
    }


def test_a_record_is_frozen():
    record = Subscription.from_item(FULL)

    with pytest.raises(dataclasses.FrozenInstanceError):
        record.tool = "Other"  # type: ignore[misc]


def test_scope_names_the_agent_or_else_the_owner():
    assert scope_of("owner-a", "agt_1") == "agent#agt_1"
    assert scope_of("owner-a", None) == "owner#owner-a"


def test_the_record_applies_its_own_filter():
    record = Subscription.from_item(FULL)  # min_priority 3, topics AI

    assert record.passes(2, {"topics": ["AI"]})
    assert not record.passes(4, {"topics": ["AI"]})
    assert not record.passes(2, {"topics": ["sports"]})


def test_only_patchable_attributes_can_be_updated():
    from wakeful.subscriptions import repository

    with pytest.raises(ValueError, match="owner"):
        repository.update("sub_1", {"owner": "someone-else"})
    assert set(PATCHABLE) == {"filter_config", "execution_order", "is_active", "updated_at"}
