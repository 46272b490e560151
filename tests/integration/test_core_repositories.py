"""The core repositories against the emulated tables: each conditional write answers
in domain terms (an attempt, True/False, None, a domain error) and a lost race
changes nothing."""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any

import pytest

from tests.integration.spine_helpers import heartbeats
from wakeful import clock
from wakeful.actions.records import Action


def _paused_agent(api: Any) -> dict[str, Any]:
    """A fresh agent, paused so no scan of another test picks its heartbeats up."""
    agent = api.create_agent()
    response = api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    assert response.status_code == 200, response.text
    return agent


def test_a_pending_heartbeat_is_claimed_once_and_a_second_claim_gets_none(stack, api):
    from wakeful.heartbeats import orchestrator
    from wakeful.heartbeats import repository as hb_repository

    agent = api.create_agent()
    pending = heartbeats(api, agent["id"])[0]
    now = clock.now() + 1

    first = hb_repository.claim(agent["id"], pending["id"], now, 60)
    second = hb_repository.claim(agent["id"], pending["id"], now, 60)

    assert (first, second) == (1, None)
    # Clean up: fail the claimed heartbeat (the next one is put), then pause the agent.
    assert orchestrator.fail(agent["id"], pending["id"], 1, "test cleanup")
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def test_a_fenced_heartbeat_write_with_an_old_attempt_raises_stale(stack, api):
    from wakeful.heartbeats import repository as hb_repository

    agent = _paused_agent(api)
    pending = hb_repository.get(agent["id"], heartbeats(api, agent["id"])[0]["id"])
    assert pending is not None and pending.status == "PENDING"

    with pytest.raises(hb_repository.HeartbeatStaleError):
        hb_repository.move_cursor(replace(pending, attempt=7), cursor=0, end=1, processed=1, lease=clock.now())
    assert hb_repository.get(agent["id"], pending.heartbeat_id) == pending


def test_an_agents_heartbeat_tools_write_with_a_stale_version_is_refused(stack, api):
    from wakeful.agents import repository as agents_repository

    agent = _paused_agent(api)
    version = agents_repository.get(agent["id"]).subs_version

    assert agents_repository.set_heartbeat_tools(agent["id"], ["A"], version) is True
    assert agents_repository.set_heartbeat_tools(agent["id"], ["B"], version) is False
    assert agents_repository.get(agent["id"]).heartbeat_tools == ("A",)


def test_an_action_starts_only_while_open_and_the_first_finisher_wins(stack, api):
    from wakeful.actions import repository as actions_repository

    agent = _paused_agent(api)
    action_id = f"act_{uuid.uuid4().hex}"
    record = Action(action_id=action_id, agent_id=agent["id"], owner="o", tool="T", status="PENDING", run_count=0)
    assert actions_repository.create(record) is True
    assert actions_repository.create(record) is False
    assert actions_repository.start(action_id, clock.now()) is True

    finish = {"response_meta": {"success": True}, "elapsed_ms": 5, "error_message": None, "now": clock.now(), "expires_at": None}
    first = actions_repository.finish(action_id, status="COMPLETED", **finish)
    second = actions_repository.finish(action_id, status="FAILED", **finish)

    assert first is not None and first.status == "COMPLETED"
    assert second is None
    assert actions_repository.start(action_id, clock.now()) is False


def test_an_append_whose_last_seq_moved_meanwhile_is_a_lost_race_and_writes_nothing(stack, api):
    from wakeful.agents import repository as agents_repository
    from wakeful.events import repository as events_repository

    agent = _paused_agent(api)
    last_seq = agents_repository.get(agent["id"]).last_seq
    record = {"agent_id": agent["id"], "seq": last_seq + 1, "event_id": "evt_x", "event_type": "X", "payload": {}}
    stale = [agents_repository.last_seq_part(agent["id"], old=last_seq - 1, new=last_seq, routes=False)]

    outcome = events_repository.commit(stale + [events_repository.event_part(record)], keyed=False)

    assert outcome == events_repository.LOST_RACE
    assert events_repository.item(agent["id"], last_seq + 1) is None


def test_an_llm_answer_is_kept_once(stack):
    from wakeful.llm import ledger_repository

    item = {"agent_id": f"agt_{uuid.uuid4().hex}", "record_key": "answer#a#1", "answer": {"n": 1}}
    assert ledger_repository.put_once(item) is True
    assert ledger_repository.put_once({**item, "answer": {"n": 2}}) is False
    assert (ledger_repository.get(item["agent_id"], "answer#a#1") or {})["answer"] == {"n": 1}


def test_revoking_an_unknown_api_key_raises_key_not_found(stack):
    from wakeful.auth import keys_repository

    with pytest.raises(keys_repository.KeyNotFoundError):
        keys_repository.revoke("0" * 64, clock.now())
