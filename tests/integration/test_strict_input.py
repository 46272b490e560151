"""Loose input an attacker tried is refused: a boolean or a string for a number, a
number for a boolean, names made of nothing visible or holding control or bidirectional
characters, an agent's ``tools`` naming another owner's tool, a wake delay in other
scripts' digits, and a thread context past its limit. Each is a clear error that
changes nothing."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, make_agent, start, thread
from tests.support.hook_receiver import quiet_agent
from wakeful.threads.tools import MAX_CONTEXT_BYTES


def _error(response: Any, status: int = 422) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] and body["error"]["message"], body
    return body["error"]["message"]


def _tool(api: Any) -> str:
    name = f"t_{uuid.uuid4().hex[:8]}"
    response = api.post("/tools", json={"name": name, "kind": "http", "endpoint_url": "http://127.0.0.1:9/tool"})
    assert response.status_code == 201, response.text
    return name


# -- types --------------------------------------------------------------------------------


@pytest.mark.parametrize("priority", [True, "5", 5.0])
def test_an_event_priority_that_is_not_an_integer_is_a_422_and_no_event(api, priority):
    agent = quiet_agent(api)
    response = api.post(f"/agents/{agent['id']}/events", json={"event_type": "PING", "payload": {}, "priority": priority})
    assert "priority" in _error(response)
    assert api.get(f"/agents/{agent['id']}/events").json()["items"] == []


@pytest.mark.parametrize("interval", ["60", True, 60.0])
def test_a_heartbeat_interval_that_is_not_an_integer_is_a_422_on_create_and_on_patch(api, interval):
    alias = f"a{uuid.uuid4().hex[:12]}"
    assert "heartbeat_interval_seconds" in _error(api.post("/agents", json={"name": "N", "alias": alias, "heartbeat_interval_seconds": interval}))
    assert all(a["alias"] != alias for a in api.get("/agents").json()["items"])
    agent = quiet_agent(api)
    assert "heartbeat_interval_seconds" in _error(api.patch(f"/agents/{agent['id']}", json={"heartbeat_interval_seconds": interval}))
    assert api.get(f"/agents/{agent['id']}").json()["heartbeat_interval_seconds"] == 900


@pytest.mark.parametrize(("path", "field"), [("/agents/{a}", "is_active"), ("/agents/{a}/webhooks/{w}", "is_active")])
@pytest.mark.parametrize("value", [0, 1, "false"])
def test_a_flag_given_as_a_number_or_a_string_is_a_422_that_changes_nothing(api, path, field, value):
    agent = quiet_agent(api)
    webhook = api.post(f"/agents/{agent['id']}/webhooks", json={}).json()
    target = path.format(a=agent["id"], w=webhook["id"])
    before = api.get(target).json()
    assert field in _error(api.patch(target, json={field: value}))
    assert api.get(target).json() == before


def test_a_hook_retry_count_given_as_a_string_is_a_422(api):
    agent = quiet_agent(api)
    body = {"hook_type": "AFTER_HEARTBEAT", "endpoint_url": "http://127.0.0.1:9/h", "retry_config": {"max_retries": "3"}}
    assert "max_retries" in _error(api.post(f"/agents/{agent['id']}/hooks", json=body))
    assert api.get(f"/agents/{agent['id']}/hooks").json()["items"] == []


# -- names --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [" ", "\u0000", "a\u202eb", "\u200b", "x\u2066y", "tab\there", "\u3164", "\u2800"])
def test_an_agent_name_without_a_visible_character_or_with_control_or_bidi_characters_is_a_422(api, name):
    alias = f"a{uuid.uuid4().hex[:12]}"
    assert "name" in _error(api.post("/agents", json={"name": name, "alias": alias}))
    assert all(a["alias"] != alias for a in api.get("/agents").json()["items"])
    agent = quiet_agent(api, name="Plain")
    assert "name" in _error(api.patch(f"/agents/{agent['id']}", json={"name": name}))
    assert api.get(f"/agents/{agent['id']}").json()["name"] == "Plain"


def test_a_name_in_another_script_is_kept(api):
    agent = quiet_agent(api, name="مساعد المنزل")
    assert api.get(f"/agents/{agent['id']}").json()["name"] == "مساعد المنزل"


# -- an agent's tools ---------------------------------------------------------------------


def test_an_agent_cannot_be_given_another_owners_tool_on_create(api, other_api):
    theirs = _tool(other_api)
    alias = f"a{uuid.uuid4().hex[:12]}"
    message = _error(api.post("/agents", json={"name": "N", "alias": alias, "tools": [theirs]}))
    assert theirs in message and "tools" in message
    assert all(a["alias"] != alias for a in api.get("/agents").json()["items"])


def test_an_agent_cannot_be_given_another_owners_tool_on_patch(api, other_api):
    theirs, mine = _tool(other_api), _tool(api)
    agent = quiet_agent(api, tools=[mine])
    message = _error(api.patch(f"/agents/{agent['id']}", json={"tools": [mine, theirs, "NoSuchTool"]}))
    assert theirs in message and "NoSuchTool" in message and mine not in message
    assert api.get(f"/agents/{agent['id']}").json()["tools"] == [mine]


def test_an_agents_tools_may_name_its_owners_tools_and_the_built_ins(api):
    mine = _tool(api)
    agent = quiet_agent(api, tools=[mine, "FeedReader"])
    assert agent["tools"] == [mine, "FeedReader"]
    response = api.patch(f"/agents/{agent['id']}", json={"tools": ["FeedReader"]})
    assert response.status_code == 200 and response.json()["tools"] == ["FeedReader"]


# -- threads ------------------------------------------------------------------------------


def test_a_wake_delay_in_arabic_indic_digits_is_an_error_result_and_the_thread_does_not_sleep(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    nap = {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "\u0663\u0660m", "reason": "later"}}]}
    done = {"tool_calls": [{"name": "complete_task", "input": {"summary": "could not sleep"}}]}
    claude.converse([{"match": "", "turns": [nap, done]}])
    thread_id = start(api, agent["id"], "nap")
    stack.drain()
    result = history(api, agent["id"], thread_id)[2]
    assert result["role"] == "tool" and result["is_error"], result
    assert "not a number followed by s, m, h or d" in result["content"]
    ended = thread(api, agent["id"], thread_id)
    assert ended["status"] == "complete" and ended["wake_at"] is None


def test_a_store_context_past_256_kib_is_an_error_result_and_stores_nothing(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    small = {"name": "store_context", "input": {"key": "plan", "value": "check the disks"}}
    huge = {"name": "store_context", "input": {"key": "dump", "value": "x" * (300 * 1024)}}
    done = {"name": "complete_task", "input": {"summary": "done"}}
    claude.converse([{"match": "", "turns": [{"tool_calls": [small]}, {"tool_calls": [huge]}, {"tool_calls": [done]}]}])
    thread_id = start(api, agent["id"], "remember")
    stack.drain()
    results = [m for m in history(api, agent["id"], thread_id) if m["role"] == "tool"]
    refused = results[1]
    assert refused["is_error"] and "256 KiB" in refused["content"] and str(MAX_CONTEXT_BYTES) in refused["content"], refused
    assert "nothing was stored" in refused["content"]
    ended = thread(api, agent["id"], thread_id)
    assert ended["context"] == {"plan": "check the disks"}
    assert ended["status"] == "complete"


def test_a_store_context_that_fits_beside_what_is_stored_is_kept(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    big = {"name": "store_context", "input": {"key": "notes", "value": "y" * (200 * 1024)}}
    done = {"name": "complete_task", "input": {"summary": "done"}}
    claude.converse([{"match": "", "turns": [{"tool_calls": [big]}, {"tool_calls": [done]}]}])
    thread_id = start(api, agent["id"], "remember a lot")
    stack.drain()
    assert len(thread(api, agent["id"], thread_id)["context"]["notes"]) == 200 * 1024


def test_a_store_context_refused_beside_a_large_context_leaves_the_run_going_on(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    big = {"name": "store_context", "input": {"key": "notes", "value": "y" * (200 * 1024)}}
    more = {"name": "store_context", "input": {"key": "more", "value": "z" * (80 * 1024)}}
    done = {"name": "complete_task", "input": {"summary": "done"}}
    claude.converse([{"match": "", "turns": [{"tool_calls": [big]}, {"tool_calls": [more]}, {"tool_calls": [done]}]}])
    thread_id = start(api, agent["id"], "remember more than fits")
    stack.drain()
    results = [m for m in history(api, agent["id"], thread_id) if m["role"] == "tool"]
    assert [r["is_error"] for r in results] == [False, True, False], results
    ended = thread(api, agent["id"], thread_id)
    assert ended["status"] == "complete", ended
    assert list(ended["context"]) == ["notes"]


def test_a_context_may_grow_close_to_256_kib_over_several_stores(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    big = {"name": "store_context", "input": {"key": "notes", "value": "y" * (200 * 1024)}}
    more = {"name": "store_context", "input": {"key": "more", "value": "z" * (50 * 1024)}}
    done = {"name": "complete_task", "input": {"summary": "done"}}
    claude.converse([{"match": "", "turns": [{"tool_calls": [big]}, {"tool_calls": [more]}, {"tool_calls": [done]}]}])
    thread_id = start(api, agent["id"], "remember nearly all that fits")
    stack.drain()
    results = [m for m in history(api, agent["id"], thread_id) if m["role"] == "tool"]
    assert [r["is_error"] for r in results] == [False, False, False], results
    ended = thread(api, agent["id"], thread_id)
    assert ended["status"] == "complete", ended
    assert {k: len(v) for k, v in ended["context"].items()} == {"notes": 200 * 1024, "more": 50 * 1024}
