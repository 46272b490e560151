"""Which due heartbeats the scan may skip (wakeful.heartbeats.quiet.is_quiet): only an
agent with nothing new, no HEARTBEAT tool that must run and no heartbeat hook."""

from __future__ import annotations

import pytest

from wakeful.agents.records import Agent
from wakeful.heartbeats import quiet

IDLE = {"agent_id": "agt_1", "owner": "o", "is_active": True, "last_seq": 7, "processed_seq": 7, "heartbeat_tools": []}


def _quiet(item: dict) -> bool:
    """``is_quiet`` of the agent record of this item."""
    return quiet.is_quiet(Agent.from_item({"name": "Ada", "alias": "ada", "heartbeat_interval_seconds": 60, **item}))


def test_an_agent_with_nothing_new_and_no_heartbeat_tools_is_quiet():
    assert _quiet(IDLE)


@pytest.mark.parametrize(
    "change",
    [
        {"last_seq": 8},  # an event the heartbeats have not processed
        {"heartbeat_tools": ["Pulse"]},  # a HEARTBEAT subscriber without a probe
        {"hook_types": ["AFTER_HEARTBEAT"]},
        {"hook_types": ["BEFORE_HEARTBEAT"]},
        {"requested_heartbeat_id": "hb_2"},
        {"is_active": False},
    ],
)
def test_anything_to_do_or_to_observe_makes_the_heartbeat_run(change):
    assert not _quiet({**IDLE, **change})


def test_an_agent_whose_heartbeat_tools_are_unknown_runs_and_learns_them():
    agent = dict(IDLE)
    del agent["heartbeat_tools"]
    assert not _quiet(agent)


def test_other_hook_types_do_not_keep_heartbeats_running():
    assert _quiet({**IDLE, "hook_types": ["THREAD_COMPLETED", "ACTION_FAILED"]})


def test_a_heartbeat_tool_runs_unless_its_probe_says_it_has_nothing_to_do(monkeypatch):
    answers = {"agt_1": True}
    probes = {"Probed": lambda owner, agent_id: answers[agent_id]}
    monkeypatch.setattr(quiet.capabilities, "heartbeat_probes", lambda: probes)
    assert _quiet({**IDLE, "heartbeat_tools": ["Probed"]})
    answers["agt_1"] = False
    assert not _quiet({**IDLE, "heartbeat_tools": ["Probed"]})


def test_a_failing_probe_runs_the_heartbeat(monkeypatch):
    def broken(owner, agent_id):
        raise RuntimeError("boom")

    monkeypatch.setattr(quiet.capabilities, "heartbeat_probes", lambda: {"Broken": broken})
    assert not _quiet({**IDLE, "heartbeat_tools": ["Broken"]})


def test_snipins_feed_reader_probe_comes_from_its_manifest():
    from wakeful import capabilities

    assert "FeedReader" in capabilities.heartbeat_probes()
