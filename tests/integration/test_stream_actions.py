"""Heartbeat actions in the agent's live stream: a tool_call and a tool_result per
action, under the heartbeat's pseudo-thread (its id is the heartbeat id)."""

from __future__ import annotations

from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe
from tests.support.stream_helpers import Reader


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

    items = stream_events(api, agent["id"], hb["id"])
    assert [(i["id"], i["type"], i["tool_name"]) for i in items] == [(1, "tool_call", tool), (2, "tool_result", tool)]
    call, result = items
    assert call["tool_args"]["event_type"] == "HEARTBEAT"
    assert call["metadata"]["thread_id"] == hb["id"] and call["metadata"]["action_id"] == hb["actions"][0]["id"]
    assert result["tool_result"] == {"sky": "clear", "api_key": "[redacted]"}
    assert result["is_error"] is False


def test_a_failed_heartbeat_action_streams_an_error_result(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "broken")
    tool_server.behaviours["broken"] = lambda r: {"success": False, "error": "upstream down"}
    subscribe(api, tool, "HEARTBEAT", agent["id"])

    hb = run_heartbeat(stack, api, agent["id"])

    result = stream_events(api, agent["id"], hb["id"])[-1]
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
    assert [(f.id, f.event) for f in frames] == [(f"{hb['id']}:1", "tool_call"), (f"{hb['id']}:2", "tool_result")]
