"""A heartbeat's tool actions pass the same interception point as a thread's tool calls:
a ToolCallEvent with ``thread_id: null`` and the ``heartbeat_id``; a deny (by the
endpoint or ``tool_policy``) fails the action and the tool never runs; changed
arguments reach the tool; ``require_approval`` parks the action until a person decides."""

from __future__ import annotations

from typing import Any

from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe
from tests.support.interceptor_server import Answer, interceptor, recorded_calls, register  # noqa: F401 - fixture


def _agent_with_tool(api: Any, tool_server: Any, path: str, **fields: Any) -> tuple[dict[str, Any], str]:
    agent = api.create_agent(heartbeat_interval_seconds=3600, **fields)
    tool = register_tool(api, tool_server, path)
    subscribe(api, tool, "ORDER", agent["id"])
    return agent, tool


def _order(api: Any, agent_id: str, amount: int) -> None:
    assert api.post(f"/agents/{agent_id}/events", json={"event_type": "ORDER", "payload": {"amount": amount}}).status_code == 202


def _action(api: Any, agent_id: str, tool: str) -> dict[str, Any]:
    (action,) = [a for a in api.get(f"/agents/{agent_id}/actions?limit=100").json()["items"] if a["tool"] == tool]
    return action


def test_tool_policy_deny_fails_the_heartbeats_action_and_the_tool_never_runs(stack, api, tool_server):
    agent, tool = _agent_with_tool(api, tool_server, "refund")
    api.patch(f"/agents/{agent['id']}", json={"tool_policy": {"deny": [tool]}})
    _order(api, agent["id"], 10)

    heartbeat = run_heartbeat(stack, api, agent["id"])

    assert heartbeat["status"] == "COMPLETED"
    action = _action(api, agent["id"], tool)
    assert action["status"] == "FAILED" and tool in action["error_message"] and "denied" in action["error_message"]
    assert action["interception"]["decision"] == "deny"
    assert tool_server.requests_for("refund") == []


def test_an_interceptor_sees_the_heartbeats_action_and_its_changed_arguments_reach_the_tool(stack, api, tool_server, interceptor):
    agent, tool = _agent_with_tool(api, tool_server, "charge")

    def halve(payload: dict[str, Any]) -> Answer:
        event = payload["event"]
        event["tool_calls"][0]["arguments"]["event"]["payload"]["amount"] //= 2
        return Answer({"event": event})

    interceptor.script("guard", halve)
    created = register(api, agent["id"], interceptor.url("guard"), events=["tool_call"])
    _order(api, agent["id"], 100)

    heartbeat = run_heartbeat(stack, api, agent["id"])

    (call,) = interceptor.calls("guard")
    event = call.event
    assert call.json["thread"] is None
    assert event["type"] == "tool_call" and event["thread_id"] is None and event["heartbeat_id"] == heartbeat["id"]
    assert [c["name"] for c in event["tool_calls"]] == [tool]
    assert [r["event"]["payload"] for r in tool_server.requests_for("charge")] == [{"amount": 50}]
    action = _action(api, agent["id"], tool)
    assert action["status"] == "COMPLETED" and action["interception"]["decision"] == "mutate"
    assert [c["decision"] for c in recorded_calls(api, agent["id"], created["id"])] == ["mutate"]


def test_an_interceptor_deny_on_a_heartbeat_action_keeps_the_tool_from_running(stack, api, tool_server, interceptor):
    agent, tool = _agent_with_tool(api, tool_server, "wipe")
    interceptor.script("no", Answer({"deny": {"reason": "not on a Friday"}}))
    register(api, agent["id"], interceptor.url("no"))
    _order(api, agent["id"], 1)

    run_heartbeat(stack, api, agent["id"])

    action = _action(api, agent["id"], tool)
    assert action["status"] == "FAILED" and "not on a Friday" in action["error_message"]
    assert tool_server.requests_for("wipe") == []


def test_require_approval_parks_the_action_until_approved_then_it_runs_once(stack, api, tool_server, receiver):
    agent, tool = _agent_with_tool(api, tool_server, "restart")
    api.patch(f"/agents/{agent['id']}", json={"tool_policy": {"require_approval": [tool]}})
    api.post(f"/agents/{agent['id']}/hooks", json={"hook_type": "APPROVAL_REQUESTED", "endpoint_url": receiver.url("approvals")})
    _order(api, agent["id"], 1)

    heartbeat = run_heartbeat(stack, api, agent["id"])

    assert heartbeat["status"] == "COMPLETED"  # the heartbeat does not wait for a person
    action = _action(api, agent["id"], tool)
    assert action["status"] == "WAITING_APPROVAL" and action["approval"]["requested_at"]
    assert tool_server.requests_for("restart") == []
    waiting = api.get(f"/agents/{agent['id']}/actions?status=WAITING_APPROVAL").json()["items"]
    assert [a["id"] for a in waiting] == [action["id"]]
    stack.drain()
    (requested,) = [d.json for d in receiver.wait_for("approvals", 1)]
    assert requested["data"]["tool"] == tool and requested["data"]["thread_id"] is None and requested["data"]["action_id"] == action["id"]

    decided = api.post(f"/agents/{agent['id']}/actions/{action['id']}/approval", json={"decision": "approve", "note": "go"})
    again = api.post(f"/agents/{agent['id']}/actions/{action['id']}/approval", json={"decision": "deny"})
    stack.drain()

    assert decided.status_code == 200, decided.text
    assert again.status_code == 409
    done = _action(api, agent["id"], tool)
    assert done["status"] == "COMPLETED" and done["approval"]["decision"] == "approve"
    assert len(tool_server.requests_for("restart")) == 1


def test_a_denied_approval_fails_the_action_and_another_owner_cannot_decide_it(stack, api, other_api, tool_server):
    agent, tool = _agent_with_tool(api, tool_server, "drop")
    api.patch(f"/agents/{agent['id']}", json={"tool_policy": {"require_approval": [tool]}})
    _order(api, agent["id"], 1)
    run_heartbeat(stack, api, agent["id"])
    action = _action(api, agent["id"], tool)

    stranger = other_api.post(f"/agents/{agent['id']}/actions/{action['id']}/approval", json={"decision": "approve"})
    denied = api.post(f"/agents/{agent['id']}/actions/{action['id']}/approval", json={"decision": "deny", "note": "too risky"})
    stack.drain()

    assert stranger.status_code == 404
    assert denied.status_code == 200 and denied.json()["status"] == "FAILED"
    assert "too risky" in _action(api, agent["id"], tool)["error_message"]
    assert tool_server.requests_for("drop") == []
