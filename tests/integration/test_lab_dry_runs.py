"""Dry runs send nothing: for each outbound path a replay (or a dry run) that would use
it, a recording receiver that gets nothing, and the send listed in ``captured``."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.chat_platforms import FakeDiscord, FakeSlack, FakeTelegram
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.fakes.mcp_server import FakeMcp
from tests.integration.schedule_helpers import heartbeat_schedule, results
from tests.integration.thread_helpers import http_tool, make_agent
from tests.support.channels import create_channel, platform_env, settle
from tests.support.hook_receiver import create_hook
from wakeful import aws, clock

pytestmark = pytest.mark.long(seconds=90)


@pytest.fixture()
def slack(stack: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeSlack]:
    fakes = FakeSlack(), FakeDiscord(), FakeTelegram()
    platform_env(monkeypatch, *fakes)
    yield fakes[0]
    for one in fakes:
        one.close()
    monkeypatch.undo()
    from wakeful.config import get_settings

    get_settings.cache_clear()


def finding_script(claude: fake.FakeAnthropic, *calls: dict[str, Any]) -> None:
    turns: list[dict[str, Any]] = [{"tool_calls": list(calls)}] if calls else []
    claude.converse([{"match": "", "turns": [*turns, {"text": "The disk is at 95%."}]}])


def run_schedule(stack: Any, api: Any, agent_id: str, **body: Any) -> dict[str, Any]:
    schedule = heartbeat_schedule(api, agent_id, cron_expression="0 * * * *", **body)
    stack.tick(clock.parse_iso(schedule["next_run_at"]) + 1)
    stack.drain()
    return results(api, agent_id, schedule["id"])[0]


def replay(stack: Any, api: Any, agent_id: str, source: dict[str, Any], **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"source": source, **({"overrides": overrides} if overrides else {})}
    made = api.post(f"/agents/{agent_id}/replays", json=body)
    assert made.status_code == 201, made.text
    stack.drain()
    got = api.get(f"/agents/{agent_id}/replays/{made.json()['id']}").json()
    return got["replay"]


def dry_run(api: Any, agent_id: str, **body: Any) -> dict[str, Any]:
    response = api.post(f"/agents/{agent_id}/dry-runs", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def kinds(outcome: dict[str, Any]) -> list[tuple[str, str]]:
    return [(c["kind"], c["target"]) for c in outcome["captured"]]


def test_dry_run_sends_no_http_tool_call(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "disk")
    tool_server.behaviours["disk"] = lambda r: {"success": True, "output": {"used": "95%"}}
    finding_script(claude, {"name": tool, "input": {"path": "/"}})
    row = run_schedule(stack, api, agent["id"])
    before = len(tool_server.requests_for("disk"))

    replayed = replay(stack, api, agent["id"], {"schedule_result_id": row["id"]})

    assert len(tool_server.requests_for("disk")) == before == 1
    assert ("tool", tool) in kinds(replayed)


def test_dry_run_sends_no_lambda_tool_call(stack, api, claude: fake.FakeAnthropic):
    region = aws.client("lambda").meta.region_name
    name = "lab_lambda_tool"
    arn = f"arn:aws:lambda:{region}:123456789012:function:wakeful-tool-lab"
    assert api.post("/tools", json={"name": name, "kind": "lambda", "function_arn": arn, "input_schema": {"type": "object"}}).status_code == 201
    agent = make_agent(api)
    finding_script(claude, {"name": name, "input": {"host": "web-1"}})
    invoked: list[Any] = []
    client = aws.client("lambda")
    client.meta.events.register("before-call.lambda.Invoke", lambda **kw: invoked.append(kw), unique_id="lab-lambda-count")
    try:
        outcome = dry_run(api, agent["id"], kind="schedule", prompt="Check the hosts", heartbeat_checklist=["web-1 up"], tool_results={name: {"up": True}})
    finally:
        client.meta.events.unregister("before-call.lambda.Invoke", unique_id="lab-lambda-count")
    assert invoked == []
    assert ("tool", name) in kinds(outcome)
    assert outcome["outcome"] == "finding"


@pytest.fixture()
def mcp() -> Iterator[FakeMcp]:
    server = FakeMcp()
    yield server
    server.close()


def test_dry_run_sends_no_mcp_tool_call(stack, api, mcp: FakeMcp, claude: fake.FakeAnthropic):
    assert api.post("/mcp-servers", json={"name": "fake", "url": mcp.url}).status_code == 201
    agent = make_agent(api, tools=["mcp:fake"])
    finding_script(claude, {"name": "fake__add", "input": {"a": 2, "b": 3}})
    row = run_schedule(stack, api, agent["id"])
    before = mcp.calls["add"]

    replayed = replay(stack, api, agent["id"], {"schedule_result_id": row["id"]})

    assert before == mcp.calls["add"] == 1
    assert {"kind": "tool", "target": "fake__add", "body": {"arguments": {"a": 2, "b": 3}}} in replayed["captured"]
    assert replayed["tool_calls"] == [{"name": "fake__add", "arguments": {"a": 2, "b": 3}}]


def test_dry_run_sends_no_hook(stack, api, receiver, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    create_hook(api, agent["id"], "SCHEDULE_RESULT", receiver.url(f"result-{agent['id']}"))
    finding_script(claude)
    row = run_schedule(stack, api, agent["id"])
    receiver.wait_for(f"result-{agent['id']}", 1)

    replayed = replay(stack, api, agent["id"], {"schedule_result_id": row["id"]})

    assert len(receiver.deliveries(f"result-{agent['id']}")) == 1
    assert ("hook", "SCHEDULE_RESULT") in kinds(replayed)


def test_dry_run_sends_no_channel_message(stack, api, slack, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "slack", name="ops")
    finding_script(claude)
    run_schedule(stack, api, agent["id"], notify=["ops"])
    settle(stack, api, channel["id"])
    row = results(api, agent["id"], api.get(f"/agents/{agent['id']}/schedules").json()["items"][0]["id"])[0]
    before = len(slack.posts("chat.postMessage"))

    replayed = replay(stack, api, agent["id"], {"schedule_result_id": row["id"]})

    assert len(slack.posts("chat.postMessage")) == before == 1
    assert ("channel", "ops:C0123OPS") in kinds(replayed)


def test_dry_run_sends_no_email(stack, api, claude: fake.FakeAnthropic):
    ses = aws.client("ses")
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "email", name="mail")
    finding_script(claude)
    run_schedule(stack, api, agent["id"], notify=["mail"])
    settle(stack, api, channel["id"])
    row = results(api, agent["id"], api.get(f"/agents/{agent['id']}/schedules").json()["items"][0]["id"])[0]
    before = ses.get_send_quota()["SentLast24Hours"]

    replayed = replay(stack, api, agent["id"], {"schedule_result_id": row["id"]})

    assert ses.get_send_quota()["SentLast24Hours"] == before
    assert [c for c in replayed["captured"] if c["kind"] == "email"]


def test_dry_run_sends_no_send_notification(stack, api, receiver, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    create_hook(api, agent["id"], "NOTIFICATION", receiver.url(f"note-{agent['id']}"))
    finding_script(claude, {"name": "send_notification", "input": {"message": "disk nearly full"}})
    row = run_schedule(stack, api, agent["id"])
    receiver.wait_for(f"note-{agent['id']}", 1)

    replayed = replay(stack, api, agent["id"], {"schedule_result_id": row["id"]})

    assert len(receiver.deliveries(f"note-{agent['id']}")) == 1
    assert {"kind": "notification", "target": "notify", "body": {"message": "disk nearly full"}} in replayed["captured"]
    assert ("hook", "NOTIFICATION") in kinds(replayed)


def test_dry_run_sends_no_appended_event(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "disk")
    finding_script(claude, {"name": tool, "input": {}})
    last_seq = api.get(f"/agents/{agent['id']}").json()["last_seq"]

    outcome = dry_run(
        api, agent["id"], kind="schedule", prompt="Check", heartbeat_checklist=["disk"],
        tool_results={tool: {"output": "95%", "new_events": [{"event_type": "disk_full", "payload": {"used": 95}}]}},
    )

    assert api.get(f"/agents/{agent['id']}").json()["last_seq"] == last_seq
    assert {"kind": "event", "target": "disk_full", "body": {"used": 95}} in outcome["captured"]
    assert tool_server.requests_for("disk") == []


def test_dry_run_sends_no_approval_request(stack, api, receiver, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    create_hook(api, agent["id"], "APPROVAL_REQUESTED", receiver.url(f"approval-{agent['id']}"))
    tool = http_tool(api, tool_server, "disk")
    finding_script(claude, {"name": tool, "input": {"path": "/"}})
    row = run_schedule(stack, api, agent["id"])

    replayed = replay(stack, api, agent["id"], {"schedule_result_id": row["id"]}, tool_policy={"deny": [], "require_approval": [tool]})

    assert replayed["outcome"] == "waiting_approval"
    assert {"kind": "approval", "target": tool, "body": {"arguments": {"path": "/"}}} in replayed["captured"]
    assert receiver.deliveries(f"approval-{agent['id']}") == []
    assert len(tool_server.requests_for("disk")) == 1


def test_dry_runs_returns_outcome_with_events_as_new_events(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse([{"match": "disk_full", "turns": [{"text": "The disk is full."}]}, {"match": "", "turns": [{"text": "HEARTBEAT_OK"}]}])

    found = dry_run(api, agent["id"], kind="schedule", prompt="Check", heartbeat_checklist=["disk"], events=[{"event_type": "disk_full", "payload": {"used": 99}}])
    quiet = dry_run(api, agent["id"], kind="schedule", prompt="Check", heartbeat_checklist=["disk"])

    assert (found["outcome"], quiet["outcome"]) == ("finding", "heartbeat_ok")
    first = [r for r in claude.conversation_requests() if "disk_full" in json.dumps(r["messages"])][0]
    assert "## New events" in json.dumps(first["messages"][0])


def test_dry_runs_tool_results_answer_named_tools_and_others_are_not_recorded(stack, api, tool_server, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    disk = http_tool(api, tool_server, "disk")
    inbox = http_tool(api, tool_server, "inbox")
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": disk, "input": {}}, {"name": inbox, "input": {}}]}, {"text": "done"}]}])

    dry_run(api, agent["id"], kind="thread", message="look around", tool_results={disk: "used 12%"})

    last = claude.conversation_requests()[-1]
    blocks = [b for m in last["messages"] if isinstance(m["content"], list) for b in m["content"] if b.get("type") == "tool_result"]
    assert [(b["content"], bool(b.get("is_error"))) for b in blocks] == [("used 12%", False), ("not recorded in the source", True)]
    assert tool_server.requests_for("disk") == tool_server.requests_for("inbox") == []


@pytest.mark.parametrize(
    "body",
    [
        {"kind": "schedule", "message": "hi"},
        {"kind": "thread", "prompt": "hi"},
        {"kind": "thread", "message": "hi", "heartbeat_checklist": ["x"]},
        {"kind": "other", "message": "hi"},
        {"kind": "thread", "message": "hi", "events": [{"event_type": "bad type", "payload": {}}]},
    ],
)
def test_dry_runs_refuse_a_malformed_body_with_422(stack, api, body):
    agent = make_agent(api)
    response = api.post(f"/agents/{agent['id']}/dry-runs", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"]


def test_a_dry_runs_model_calls_count_in_the_spend_guard_flagged_replay(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "HEARTBEAT_OK"}]}])

    dry_run(api, agent["id"], kind="schedule", prompt="Check", heartbeat_checklist=["disk"])

    rows = api.get(f"/agents/{agent['id']}/spend").json()["by_model"]
    assert [(r["purpose"], r["replay"], r["calls"]) for r in rows] == [("dry_run", True, 1)]
    assert rows[0]["usd"] > 0


def test_a_dry_runs_tool_request_gets_the_context_listeners_parts_like_a_live_one(stack, api, tool_server, claude: fake.FakeAnthropic):
    from wakeful.tools.slots import CONTEXT, ContextListener

    agent = make_agent(api)
    tool = http_tool(api, tool_server, "disk")
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": tool, "input": {}}]}, {"text": "done"}]}])
    seen: list[tuple[str, Any]] = []
    installed = CONTEXT.installed()
    CONTEXT.install(*installed, ContextListener("lab-witness", lambda context, name: seen.append((name, context.get("system_prompt"))) or {}))
    try:
        dry_run(api, agent["id"], kind="thread", message="look around", tool_results={tool: "used 12%"})
    finally:
        CONTEXT.install(*installed)

    assert seen == [(tool, "You look after a homelab.")]
    assert tool_server.requests_for("disk") == []


def test_in_a_dry_run_recall_reads_and_remember_and_forget_are_captured_changing_nothing(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    made = api.post(f"/agents/{agent['id']}/memories", json={"text": "The NAS disk fills up on Sundays", "tags": ["nas"]})
    assert made.status_code == 201, made.text
    memory = made.json()
    before = api.get(f"/agents/{agent['id']}/memories").json()["items"]
    calls = [
        {"name": "recall", "input": {"query": "NAS disk"}},
        {"name": "remember", "input": {"text": "The NAS was cleaned today"}},
        {"name": "forget", "input": {"memory_id": memory["id"]}},
    ]
    claude.converse([{"match": "", "turns": [{"tool_calls": calls}, {"text": "done"}]}])

    outcome = dry_run(api, agent["id"], kind="thread", message="tidy your memories")

    assert api.get(f"/agents/{agent['id']}/memories").json()["items"] == before
    memory_sends = [c for c in outcome["captured"] if c["kind"] == "memory"]
    assert memory_sends == [
        {"kind": "memory", "target": "remember", "body": {"text": "The NAS was cleaned today"}},
        {"kind": "memory", "target": "forget", "body": {"memory_id": memory["id"]}},
    ]
    last = claude.conversation_requests()[-1]
    blocks = [b for m in last["messages"] if isinstance(m["content"], list) for b in m["content"] if b.get("type") == "tool_result"]
    assert "The NAS disk fills up on Sundays" in blocks[0]["content"] and not blocks[0].get("is_error")
    assert not any(b.get("is_error") for b in blocks)
