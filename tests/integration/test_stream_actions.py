"""Heartbeat actions in the agent's live stream: a tool_call and a tool_result per
action, each action its own stream ``<heartbeat_id>.<action_id>``."""

from __future__ import annotations

import contextvars
import threading

from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe, wait_until
from tests.support.iam_audit import acting_as
from tests.support.stream_helpers import Reader
from wakeful.actions import repository as actions
from wakeful.actions import runner as action_runner


def stream_events(api, agent_id: str, thread_id: str) -> list[dict]:
    response = api.get(f"/agents/{agent_id}/threads/{thread_id}/stream-events")
    assert response.status_code == 200, response.text
    return response.json()["items"]


def test_each_heartbeat_action_shows_as_a_tool_call_and_a_tool_result(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "forecast")
    tool_server.behaviours["forecast"] = lambda r: {"success": True, "output": {"sky": "clear", "api_key": "k-1"}}
    subscribe(api, tool, "HEARTBEAT", agent["id"])

    hb = run_heartbeat(stack, api, agent["id"])

    action_id = hb["actions"][0]["id"]
    items = stream_events(api, agent["id"], f"{hb['id']}.{action_id}")
    assert [(i["id"], i["type"], i["tool_name"]) for i in items] == [(1, "tool_call", tool), (2, "tool_result", tool)]
    call, result = items
    assert call["tool_args"]["event_type"] == "HEARTBEAT"
    assert call["metadata"]["thread_id"] == f"{hb['id']}.{action_id}" and call["metadata"]["action_id"] == action_id
    assert call["metadata"]["heartbeat_id"] == hb["id"] and call["metadata"]["run_id"] == hb["id"]
    assert result["tool_result"] == {"sky": "clear", "api_key": "[redacted]"}
    assert result["is_error"] is False


def test_a_failed_heartbeat_action_streams_an_error_result(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "broken")
    tool_server.behaviours["broken"] = lambda r: {"success": False, "error": "upstream down"}
    subscribe(api, tool, "HEARTBEAT", agent["id"])

    hb = run_heartbeat(stack, api, agent["id"])

    result = stream_events(api, agent["id"], f"{hb['id']}.{hb['actions'][0]['id']}")[-1]
    assert result["type"] == "tool_result" and result["is_error"] is True
    assert result["tool_result"]["error"] == "upstream down"


def test_the_agent_stream_shows_heartbeat_actions_live(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "live")
    subscribe(api, tool, "HEARTBEAT", agent["id"])
    reader = Reader(f"{stack.api_url}/agents/{agent['id']}/stream", api.key)

    hb = run_heartbeat(stack, api, agent["id"])

    frames = reader.take(2)
    reader.close()
    stream = f"{hb['id']}.{hb['actions'][0]['id']}"
    assert [(f.id, f.event) for f in frames] == [(f"{stream}:1", "tool_call"), (f"{stream}:2", "tool_result")]


def test_two_actions_of_one_heartbeat_running_at_once_stream_every_event_once(stack, api, tool_server):
    agent = api.create_agent()
    tools = [register_tool(api, tool_server, "side-a"), register_tool(api, tool_server, "side-b")]
    both_running = threading.Barrier(2, timeout=30)  # neither tool answers before both were called

    def answer(request: dict) -> dict:
        both_running.wait()
        return {"success": True, "output": {"done": True}}

    tool_server.behaviours["side-a"] = tool_server.behaviours["side-b"] = answer
    for tool in tools:
        subscribe(api, tool, "HEARTBEAT", agent["id"])
    heartbeat_id = api.post(f"/agents/{agent['id']}/heartbeats").json()["heartbeat_id"]
    stack.tick()

    def dispatched() -> bool:
        stack.pollers["heartbeat"].poll_once(0)
        return len(actions.for_heartbeat(heartbeat_id)) == 2

    wait_until(dispatched)
    action_ids = [a.action_id for a in actions.for_heartbeat(heartbeat_id)]
    with acting_as("tool_runner"):  # the runs' calls are the tool runner's (the IAM audit)
        runs = [threading.Thread(target=contextvars.copy_context().run, args=(action_runner.run, action_id)) for action_id in action_ids]
    for run in runs:
        run.start()
    for run in runs:
        run.join(60)
    stack.drain()  # the queued messages of both actions arrive again: redeliveries add nothing

    for action_id in action_ids:
        items = stream_events(api, agent["id"], f"{heartbeat_id}.{action_id}")
        assert [(i["id"], i["type"], i["metadata"]["action_id"]) for i in items] == [
            (1, "tool_call", action_id),
            (2, "tool_result", action_id),
        ]


def test_a_heartbeat_actions_sse_closes_after_its_result(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "done")
    subscribe(api, tool, "HEARTBEAT", agent["id"])
    hb = run_heartbeat(stack, api, agent["id"])

    reader = Reader(f"{stack.api_url}/agents/{agent['id']}/threads/{hb['id']}.{hb['actions'][0]['id']}/stream", api.key)

    assert [f.event for f in reader.rest()] == ["tool_call", "tool_result"]
