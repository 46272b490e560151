"""The agent record: item round-trip, older items, and the API view as it was."""

from __future__ import annotations

from typing import Any

import pytest

from wakeful.agents.records import Agent
from wakeful.clock import iso
from wakeful.threads import limits


def _old_public(agent: dict[str, Any]) -> dict[str, Any]:
    """The API view as the dict-based code built it (the oracle)."""
    limits = {
        "max_wakes_per_thread": int(agent.get("max_wakes_per_thread") or 50),
        "thread_expiry_seconds": int(agent.get("thread_expiry_seconds") or 604800),
        "max_llm_calls_per_run": int(agent.get("max_llm_calls_per_run") or 20),
    }
    return {
        "id": agent["agent_id"],
        "name": agent["name"],
        "alias": agent["alias"],
        "personality": agent.get("personality"),
        "expertise": agent.get("expertise"),
        "focus_areas": agent.get("focus_areas") or [],
        "heartbeat_interval_seconds": agent["heartbeat_interval_seconds"],
        "is_active": agent.get("is_active", True),
        "preset": agent.get("preset"),
        "wake_on_priority": agent.get("wake_on_priority"),
        "tool_policy": agent.get("tool_policy"),
        "event_lookback_seconds": agent.get("event_lookback_seconds") or 604800,  # added with the lookback cap
        "budget": agent.get("budget"),  # added with the spend guard (FULL and MINIMAL have none)
        "notify": agent.get("notify"),  # added with channels
        "next_heartbeat_at": iso(agent.get("next_heartbeat_at")),
        "last_seq": agent.get("last_seq", 0),
        "processed_seq": agent.get("processed_seq", 0),
        "quiet_heartbeats": agent.get("quiet_heartbeats", 0),
        "last_quiet_heartbeat_at": iso(agent.get("last_quiet_heartbeat_at")),
        "created_at": iso(agent.get("created_at")),
        "updated_at": iso(agent.get("updated_at")),
        "system_prompt": agent.get("system_prompt"),
        "thread_triggers": agent.get("thread_triggers") or [],
        **limits,
        "tools": agent.get("tools"),
        # added with memory
        "memory_recall": 5 if agent.get("memory_recall") is None else agent["memory_recall"],
        "memory_consolidation": {"mode": "off", "max_per_day": 1, **(agent.get("memory_consolidation") or {})},
        "memory_cap": agent.get("memory_cap") or 500,
    }


def _old_agent_context(agent: dict[str, Any]) -> dict[str, Any]:
    return {
        "agent_id": agent["agent_id"],
        "owner": agent.get("owner"),
        "name": agent["name"],
        "alias": agent["alias"],
        "personality": agent.get("personality"),
        "expertise": agent.get("expertise"),
        "focus_areas": agent.get("focus_areas") or [],
        "system_prompt": agent.get("system_prompt"),
        "preset": agent.get("preset"),
    }


MINIMAL: dict[str, Any] = {
    "agent_id": "agt_1",
    "owner": "alice",
    "name": "Ada",
    "alias": "ada",
    "heartbeat_interval_seconds": 3600,
}

FULL: dict[str, Any] = {
    **MINIMAL,
    "personality": {"tone": "dry"},
    "expertise": "markets",
    "focus_areas": ["rates", "fx"],
    "is_active": False,
    "preset": "homelab",
    "wake_on_priority": 2,
    "tool_policy": {"deny": ["shell"], "require_approval": ["email"]},
    "last_seq": 12,
    "processed_seq": 9,
    "active_heartbeat_id": "hb_2",
    "requested_heartbeat_id": "hb_3",
    "next_heartbeat_at": 1_780_000_000.25,
    "last_heartbeat": {"heartbeat_id": "hb_1", "events_processed": 3},
    "quiet_heartbeats": 4,
    "last_quiet_heartbeat_at": 1_780_000_100,
    "created_at": 1_779_000_000,
    "updated_at": 1_779_000_500.5,
    "heartbeat_tools": ["web_search"],
    "subs_version": 3,
    "hook_types": ["BEFORE_HEARTBEAT"],
    "hooks_version": 2,
    "routes_events": True,
    "running_threads": {"thr_1", "thr_2"},
    "active_interceptor_id": "icp_1",
    "system_prompt": "Be brief.",
    "thread_triggers": [{"event_type": "message", "match": {"channel": "x"}, "cooldown_seconds": 60}],
    "max_wakes_per_thread": 5,
    "thread_expiry_seconds": 600,
    "max_llm_calls_per_run": 3,
    "tools": ["lookup"],
}


def test_a_full_agent_item_round_trips_through_the_record() -> None:
    assert Agent.from_item(FULL).to_item() == FULL


def test_an_older_item_without_the_newer_attributes_reads_with_defaults() -> None:
    agent = Agent.from_item(MINIMAL)
    assert (agent.is_active, agent.last_seq, agent.routes_events, agent.subs_version) == (True, 0, False, 0)
    assert agent.heartbeat_tools is None and agent.hook_types is None and agent.tools is None
    assert agent.running_threads == frozenset()


@pytest.mark.parametrize("missing", [None, "absent"])
def test_an_item_without_its_name_or_interval_still_reads_with_defaults(missing: str | None) -> None:
    damaged = {**FULL, "name": None, "heartbeat_interval_seconds": None, "is_active": None, "last_seq": None}
    if missing == "absent":
        damaged = {k: v for k, v in damaged.items() if v is not None}
    agent = Agent.from_item(damaged)
    assert (agent.name, agent.heartbeat_interval_seconds, agent.is_active, agent.last_seq) == ("ada", 900, True, 0)
    assert agent.public()["name"] == "ada"


def test_to_item_leaves_out_unset_and_sparse_attributes() -> None:
    item = Agent.from_item(MINIMAL).to_item()
    assert "routes_events" not in item and "running_threads" not in item and "active_heartbeat_id" not in item
    assert item["focus_areas"] == [] and item["is_active"] is True


def test_an_empty_tools_list_stays_distinct_from_no_tools_list() -> None:
    assert Agent.from_item({**MINIMAL, "tools": []}).public()["tools"] == []
    assert Agent.from_item(MINIMAL).public()["tools"] is None


@pytest.mark.parametrize(
    "item",
    [MINIMAL, FULL, {**MINIMAL, "personality": "terse", "focus_areas": [], "tools": [], "max_wakes_per_thread": 0}],
    ids=["minimal", "full", "edge"],
)
def test_public_is_the_api_view_the_dict_code_returned(item: dict[str, Any]) -> None:
    assert Agent.from_item(item).public() == _old_public(item)


@pytest.mark.parametrize("item", [MINIMAL, FULL], ids=["minimal", "full"])
def test_agent_context_is_the_one_tools_received(item: dict[str, Any]) -> None:
    assert Agent.from_item(item).agent_context() == _old_agent_context(item)


def _old_agent_limits(agent: dict[str, Any]) -> dict[str, int]:
    """The threads' limits as the dict-based code read them (the oracle)."""
    return {
        "max_wakes_per_thread": int(agent.get("max_wakes_per_thread") or 50),
        "thread_expiry_seconds": int(agent.get("thread_expiry_seconds") or 604800),
        "max_llm_calls_per_run": int(agent.get("max_llm_calls_per_run") or 20),
    }


@pytest.mark.parametrize("item", [MINIMAL, FULL, {**MINIMAL, "max_wakes_per_thread": 0}], ids=["minimal", "full", "zero"])
def test_thread_limits_are_the_ones_the_threads_read_from_the_item(item: dict[str, Any]) -> None:
    assert limits.of(Agent.from_item(item)) == _old_agent_limits(item)


@pytest.mark.parametrize("item", [MINIMAL, FULL], ids=["minimal", "full"])
def test_an_agent_rebuilt_from_an_actions_context_has_its_identity_and_hook_types(item: dict[str, Any]) -> None:
    context = Agent.from_item(item).agent_context()
    agent = Agent.from_context(context, ["ACTION_FAILED"])
    assert (agent.agent_id, agent.name, agent.alias, agent.hook_types) == (item["agent_id"], item["name"], item["alias"], ("ACTION_FAILED",))
    assert agent.agent_context() == context


def test_an_action_without_hook_types_rebuilds_an_agent_that_fires_nothing() -> None:
    assert Agent.from_context({"agent_id": "agt_1", "name": "Ada", "alias": "ada"}).hook_types is None


def test_the_llm_context_is_the_agent_context_with_the_preset_that_picks_a_script() -> None:
    agent = Agent.from_item(FULL)
    assert agent.llm_context() == {**_old_agent_context(FULL), "preset": "homelab"} == agent.agent_context()
    assert Agent.from_item(MINIMAL).llm_context()["preset"] is None


def test_the_agent_bodies_refuse_to_load_before_the_capabilities_are_installed() -> None:
    import subprocess
    import sys

    code = "import wakeful.agents.inputs"
    before = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert before.returncode != 0 and "call wakeful.assembly.install() before importing it" in before.stderr
    after = subprocess.run([sys.executable, "-c", "from wakeful import assembly; assembly.install(); " + code], capture_output=True, text=True, timeout=60)
    assert after.returncode == 0, after.stderr
