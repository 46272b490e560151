"""Replays through the real handlers: a heartbeat schedule's runs recorded as they run
(against the fake Messages API), then replayed with overrides; the model sees what the
source saw, recorded tool answers come back for the same calls, unrecorded ones are
refused, and nothing of the agent changes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.schedule_helpers import heartbeat_schedule, results
from tests.integration.thread_helpers import http_tool, make_agent
from wakeful import clock, ddb

pytestmark = pytest.mark.long(seconds=90)


def run_due(stack: Any, api: Any, agent_id: str, schedule: dict[str, Any]) -> dict[str, Any]:
    stack.tick(clock.parse_iso(schedule["next_run_at"]) + 1)
    stack.drain()
    return results(api, agent_id, schedule["id"])[0]


def replay(api: Any, agent_id: str, source: dict[str, Any], **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"source": source}
    if overrides:
        body["overrides"] = overrides
    response = api.post(f"/agents/{agent_id}/replays", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def checked_agent(api: Any, tool_server: Any, claude: fake.FakeAnthropic, *, disk: str = "41%") -> tuple[dict[str, Any], str, dict[str, Any], dict[str, Any]]:
    """An agent whose heartbeat checks its disk tool once, then answers; its first result."""
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "disk")
    tool_server.behaviours["disk"] = lambda r: {"success": True, "output": {"used": disk}}
    script = [
        {"match": "quieter", "turns": [{"tool_calls": [{"name": tool, "input": {"path": "/"}}]}, {"text": "HEARTBEAT_OK"}]},
        {"match": "", "turns": [{"tool_calls": [{"name": tool, "input": {"path": "/"}}]}, {"text": "The disk is at 41%, worth a look."}]},
    ]
    claude.converse(script)
    return agent, tool, heartbeat_schedule(api, agent["id"], cron_expression="0 * * * *"), {}


def agent_tables(agent_id: str, thread_id: str) -> dict[str, Any]:
    """What of the agent a replay must not change."""
    return {
        "threads": list(ddb.query("threads", KeyConditionExpression="agent_id = :a", ExpressionAttributeValues={":a": agent_id})),
        "messages": list(ddb.query("thread_messages", KeyConditionExpression="thread_id = :t", ExpressionAttributeValues={":t": thread_id})),
        "agent": ddb.get("agents", {"agent_id": agent_id}),
    }


def test_replay_of_a_schedule_result_answers_201_and_shows_original_and_replay_outcomes(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    row = run_due(stack, api, agent["id"], schedule)
    assert row["status"] == "success"

    made = replay(api, agent["id"], {"schedule_result_id": row["id"]})

    assert made["status"] == "done"
    got = api.get(f"/agents/{agent['id']}/replays/{made['id']}").json()
    assert got["original"]["outcome"] == "finding"
    assert got["replay"]["outcome"] == "finding"
    assert [c["name"] for c in got["replay"]["tool_calls"]] == [tool]
    assert got["differs"] is False
    listed = api.get(f"/agents/{agent['id']}/replays").json()["items"]
    assert [r["id"] for r in listed] == [made["id"]]


def test_replay_answers_a_recorded_tool_call_with_its_recorded_result_and_calls_no_tool(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    row = run_due(stack, api, agent["id"], schedule)
    calls_before = len(tool_server.requests_for("disk"))

    made = replay(api, agent["id"], {"schedule_result_id": row["id"]})

    assert len(tool_server.requests_for("disk")) == calls_before
    got = api.get(f"/agents/{agent['id']}/replays/{made['id']}").json()
    assert {"kind": "tool", "target": tool, "body": {"arguments": {"path": "/"}}} in got["replay"]["captured"]
    last = claude.conversation_requests()[-1]
    results_seen = [b for m in last["messages"] for b in (m["content"] if isinstance(m["content"], list) else []) if b.get("type") == "tool_result"]
    assert "41%" in json.dumps(results_seen[-1]) and not results_seen[-1].get("is_error")


def test_replay_answers_an_unrecorded_call_with_not_recorded_in_the_source(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    row = run_due(stack, api, agent["id"], schedule)
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": tool, "input": {"path": "/home"}}]}, {"text": "checked"}]}])

    replay(api, agent["id"], {"schedule_result_id": row["id"]})

    last = claude.conversation_requests()[-1]
    results_seen = [b for m in last["messages"] for b in (m["content"] if isinstance(m["content"], list) else []) if b.get("type") == "tool_result"]
    assert results_seen[-1]["is_error"] is True and "not recorded in the source" in json.dumps(results_seen[-1])


def test_replay_model_sees_the_sources_messages_and_checklist_with_overrides(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    row = run_due(stack, api, agent["id"], schedule)

    made = replay(api, agent["id"], {"schedule_result_id": row["id"]}, heartbeat_checklist=["Only a full disk (over 90%) is worth a word; quieter otherwise"], system_prompt="You are terse.")

    first = [r for r in claude.conversation_requests() if "quieter" in json.dumps(r["messages"][0])][0]
    user = json.dumps(first["messages"][0])
    assert "Only a full disk" in user and "Check the inbox" not in user
    assert "You are terse." in "".join(b["text"] for b in first["system"])
    got = api.get(f"/agents/{agent['id']}/replays/{made['id']}").json()
    assert (got["original"]["outcome"], got["replay"]["outcome"], got["differs"]) == ("finding", "heartbeat_ok", True)


def test_replay_since_reports_runs_and_summary(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    since = clock.iso(clock.now() - 60)
    run_due(stack, api, agent["id"], schedule)
    second = api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json()
    run_due(stack, api, agent["id"], second)

    made = replay(api, agent["id"], {"schedule_id": schedule["id"], "since": since}, heartbeat_checklist=["quieter please"])
    stack.drain()

    assert made["runs"] == 2
    got = api.get(f"/agents/{agent['id']}/replays/{made['id']}").json()
    assert got["original"] is None and got["replay"] is None
    summary = got["summary"]
    assert (summary["runs"], summary["differs"], summary["became_silent"], summary["became_finding"]) == (2, 2, 2, 0)
    runs = api.get(f"/agents/{agent['id']}/replays/{made['id']}/runs").json()["items"]
    assert [r["replay"]["outcome"] for r in runs] == ["heartbeat_ok", "heartbeat_ok"]


def test_replay_changes_no_thread_message_or_agent(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    row = run_due(stack, api, agent["id"], schedule)
    before = agent_tables(agent["id"], row["thread_id"])

    replay(api, agent["id"], {"thread_id": row["thread_id"]})

    assert agent_tables(agent["id"], row["thread_id"]) == before
    assert len(results(api, agent["id"], schedule["id"])) == 1


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"source": {}}, 422, "invalid_lab_request"),
        ({"source": {"thread_id": "thr_x", "schedule_result_id": "sres_x"}}, 422, "invalid_lab_request"),
        ({"source": {"thread_id": "thr_nope"}}, 404, "thread_not_found"),
        ({"source": {"schedule_result_id": "sres_nope"}}, 404, "schedule_result_not_found"),
        ({"source": {"heartbeat_id": "hb_nope"}}, 404, "heartbeat_not_found"),
        ({"source": {"schedule_id": "sch_nope", "since": "2026-01-01T00:00:00Z"}}, 404, "schedule_not_found"),
        ({"source": {"schedule_id": "sch_nope", "since": "not a time"}}, 422, "invalid_lab_request"),
        ({"source": {"schedule_id": "sch_nope", "since": "2999-01-01T00:00:00Z"}}, 422, "invalid_lab_request"),
        ({"source": {"thread_id": "thr_x"}, "overrides": {"nope": 1}}, 422, "validation_error"),
    ],
)
def test_replay_refuses_a_bad_source_with_a_clear_4xx(stack, api, body, status, code):
    agent = make_agent(api)
    response = api.post(f"/agents/{agent['id']}/replays", json=body)
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code


def test_replay_of_a_thread_refuses_a_prompt_override(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    claude.converse([{"match": "", "turns": [{"text": "hello"}]}])
    started = api.post(f"/agents/{agent['id']}/threads", json={"message": "hi"}).json()
    stack.drain()

    response = api.post(f"/agents/{agent['id']}/replays", json={"source": {"thread_id": started["id"]}, "overrides": {"prompt": "other"}})

    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "override_not_applicable"


def test_another_owner_gets_404_for_a_replay_and_its_runs(stack, api, other_api, tool_server, claude: fake.FakeAnthropic):
    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    row = run_due(stack, api, agent["id"], schedule)
    made = replay(api, agent["id"], {"schedule_result_id": row["id"]})

    for path in (f"/agents/{agent['id']}/replays/{made['id']}", f"/agents/{agent['id']}/replays/{made['id']}/runs", f"/agents/{agent['id']}/replays"):
        assert api.get(path).status_code == 200
        assert other_api.get(path).status_code == 404, path
    assert other_api.post(f"/agents/{agent['id']}/replays", json={"source": {"schedule_result_id": row["id"]}}).status_code == 404


def test_a_replay_of_a_schedules_runs_answers_running_and_is_done_when_the_worker_has_replayed_them(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    since = clock.iso(clock.now() - 60)
    run_due(stack, api, agent["id"], schedule)
    run_due(stack, api, agent["id"], api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json())

    made = replay(api, agent["id"], {"schedule_id": schedule["id"], "since": since}, heartbeat_checklist=["quieter please"])
    running = api.get(f"/agents/{agent['id']}/replays/{made['id']}").json()
    stack.drain()
    done = api.get(f"/agents/{agent['id']}/replays/{made['id']}").json()

    assert (made["status"], made["runs"], running["status"]) == ("running", 2, "running")
    assert "summary" not in running
    assert done["status"] == "done" and done["summary"]["runs"] == 2 and done["summary"]["became_silent"] == 2
    assert set(done) == set(running) | {"summary"}


def test_a_long_replay_hands_its_rest_on_and_a_redelivered_message_replays_nothing_twice(stack, api, tool_server, claude: fake.FakeAnthropic):
    from wakeful.lab import repository, worker

    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    since = clock.iso(clock.now() - 60)
    run_due(stack, api, agent["id"], schedule)
    run_due(stack, api, agent["id"], api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json())
    made = replay(api, agent["id"], {"schedule_id": schedule["id"], "since": since})
    message = {"agent_id": agent["id"], "replay_id": made["id"], "start": 0}

    assert worker.handle(message, chunk_seconds=-1) == "continued"
    assert repository.replayed_runs(agent["id"], made["id"]) == []
    assert worker.handle(message) == "done"
    kept = repository.replayed_runs(agent["id"], made["id"])
    calls = len(claude.conversation_requests())
    assert worker.handle(message) == "gone"
    stack.drain()  # the first message and the handed-on one, delivered now

    assert len(kept) == 2 and repository.replayed_runs(agent["id"], made["id"]) == kept
    assert len(claude.conversation_requests()) == calls
    got = api.get(f"/agents/{agent['id']}/replays/{made['id']}").json()
    assert got["status"] == "done" and got["summary"]["runs"] == 2


def test_a_replay_whose_recording_expired_meanwhile_is_failed_saying_why(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent, tool, schedule, _ = checked_agent(api, tool_server, claude)
    since = clock.iso(clock.now() - 60)
    run_due(stack, api, agent["id"], schedule)
    run_due(stack, api, agent["id"], api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json())
    made = replay(api, agent["id"], {"schedule_id": schedule["id"], "since": since})
    recorded = list(ddb.query("lab", KeyConditionExpression="agent_id = :a AND begins_with(record_key, :p)", ExpressionAttributeValues={":a": agent["id"], ":p": "rec#"}))
    ddb.client().delete_item(TableName=ddb.table("lab"), Key=ddb.serialize({"agent_id": agent["id"], "record_key": recorded[-1]["record_key"]}))

    stack.drain()

    got = api.get(f"/agents/{agent['id']}/replays/{made['id']}").json()
    assert got["status"] == "failed" and "expired" in got["error"]


def test_a_replay_on_another_provider_or_endpoint_never_sends_the_agents_own_api_key(stack, api):
    from wakeful.agents import repository as agents
    from wakeful.lab import sources
    from wakeful.lab.inputs import ReplayOverridesIn

    agent = make_agent(api)
    patched = api.patch(f"/agents/{agent['id']}/llm", json={"provider": "anthropic", "model": "claude-sonnet-4-6", "api_key": "sk-ant-own-key-1"})
    assert patched.status_code == 200, patched.text
    record = agents.get(agent["id"])

    def chosen(llm: dict[str, Any]) -> dict[str, Any]:
        settings = sources.settings_for(record, ReplayOverridesIn.model_validate({"llm": llm}))
        assert settings is not None
        return settings

    assert "api_key_sealed" in chosen({"provider": "anthropic", "model": "claude-haiku-4-5"})
    assert "api_key_sealed" not in chosen({"provider": "openai", "model": "gpt-4o-mini", "base_url": "https://llm.example.com/v1"})
