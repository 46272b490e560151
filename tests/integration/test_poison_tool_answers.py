"""A tool's answer that cannot be stored fails its action, saying why; the heartbeat
completes, the tool is not called again, and the lists and stats keep answering."""

from __future__ import annotations

import pytest

from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe


@pytest.mark.parametrize(
    "answer",
    [
        {"success": True, "output": {"x": 1e300}},
        {"success": True, "output": {"": 1}},
        {"success": True, "output": "x" * 200_000},
        {"success": True, "output": "ok", "new_events": [{"event_type": "NEXT", "payload": {"x": 1e300}}]},
        {"success": True, "output": "ok", "new_events": [{"event_type": "NEXT", "payload": {"": 1}}]},
        {"success": False, "error": "bad", "usage_stats": {"tokens": 1e200}},
    ],
    ids=["output-1e300", "output-empty-key", "output-200kb", "new-event-1e300", "new-event-empty-key", "usage-1e200"],
)
def test_an_unstorable_tool_answer_fails_its_action_and_the_agent_goes_on(stack, api, tool_server, answer):
    agent = api.create_agent()
    poison = register_tool(api, tool_server, "poison")
    tool_server.behaviours["poison"] = lambda r: answer
    subscribe(api, poison, "HEARTBEAT", agent["id"])

    hb = run_heartbeat(stack, api, agent["id"])

    assert hb["status"] == "COMPLETED"
    (action,) = hb["actions"]
    assert action["status"] == "FAILED"
    assert "cannot be stored" in action["error_message"]
    assert len(tool_server.requests_for("poison")) == 1
    assert [e["event_type"] for e in api.get(f"/agents/{agent['id']}/events").json()["items"]] == ["HEARTBEAT"]
    assert api.get(f"/agents/{agent['id']}/actions").status_code == 200
    stats = api.get("/ops/tools/stats")
    assert stats.status_code == 200
    assert {s["tool"]: s["failed"] for s in stats.json()["items"]}[poison] == 1
    assert run_heartbeat(stack, api, agent["id"])["status"] == "COMPLETED"
