"""Tools: built-in tools are configurable per owner and per agent (``tool_config``
reaches them; ``is_active``), deleting a tool deletes its subscriptions, and one tool
runs once per event per agent whatever the subscriptions' scopes."""

from __future__ import annotations

from tests.integration.spine_helpers import all_actions, register_tool, run_heartbeat, subscribe
from wakeful.agents.records import Agent


def _feed_reader_actions(agent_id):
    return [a for a in all_actions(agent_id) if a["tool"] == "FeedReader"]


def test_owner_and_agent_config_reach_a_built_in_tool(stack, api):
    agent = api.create_agent(preset="snipin")
    other = api.create_agent(preset="snipin")
    owner_wide = api.patch("/tools/FeedReader", json={"config": {"model": "claude-owner", "temperature": 0.2}})
    assert owner_wide.status_code == 200, owner_wide.text
    assert owner_wide.json()["config"] == {"model": "claude-owner", "temperature": 0.2}
    mine = api.patch(f"/agents/{agent['id']}/tools/FeedReader", json={"config": {"model": "claude-agent", "max_tokens": 300}})
    assert mine.status_code == 200, mine.text
    assert mine.json()["config"] == {"model": "claude-agent", "temperature": 0.2, "max_tokens": 300}

    run_heartbeat(stack, api, agent["id"])
    run_heartbeat(stack, api, other["id"])

    mine_run = _feed_reader_actions(agent["id"])
    theirs_run = _feed_reader_actions(other["id"])
    assert mine_run and theirs_run
    assert all(a["request_meta"]["tool_config"] == {"model": "claude-agent", "temperature": 0.2, "max_tokens": 300} for a in mine_run)
    assert all(a["request_meta"]["tool_config"] == {"model": "claude-owner", "temperature": 0.2} for a in theirs_run)
    listed = {t["name"]: t for t in api.get("/tools").json()["items"]}
    assert listed["FeedReader"]["config"] == {"model": "claude-owner", "temperature": 0.2}
    for a in (agent, other):
        api.patch(f"/agents/{a['id']}", json={"is_active": False})


def test_a_built_in_tool_switched_off_for_an_agent_or_owner_does_not_run(stack, api, other_api):
    agent = api.create_agent(preset="snipin")
    api.patch(f"/agents/{agent['id']}/tools/FeedReader", json={"is_active": False})
    run_heartbeat(stack, api, agent["id"])
    assert _feed_reader_actions(agent["id"]) == []
    assert {t["name"]: t["is_active"] for t in api.get(f"/agents/{agent['id']}/tools").json()["items"]}["FeedReader"] is False

    theirs = other_api.create_agent(preset="snipin")
    other_api.patch("/tools/FeedReader", json={"is_active": False})
    run_heartbeat(stack, other_api, theirs["id"])
    assert _feed_reader_actions(theirs["id"]) == []
    for client, a in ((api, agent), (other_api, theirs)):
        client.patch(f"/agents/{a['id']}", json={"is_active": False})


def test_a_built_in_tool_refuses_config_it_does_not_know(api):
    response = api.patch("/tools/FeedReader", json={"config": {"modle": "x"}})
    assert response.status_code == 422 and "modle" in response.json()["error"]["message"]
    assert api.patch("/tools/FeedReader", json={"config": {"temperature": 3}}).status_code == 422
    assert api.patch("/tools/FeedReader", json={"colour": "red"}).status_code == 422
    assert api.patch("/tools/NoSuchTool", json={"is_active": False}).status_code == 404


def test_deleting_a_tool_deletes_its_subscriptions(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "doomed")
    subscribe(api, tool, "ORDER", agent["id"])
    api.post("/subscriptions", json={"tool": tool, "event_type": "REFUND"})

    assert api.delete(f"/tools/{tool}").status_code == 204

    assert [s for s in api.get("/subscriptions?limit=100").json()["items"] if s["tool"] == tool] == []
    again = api.post("/tools", json={"name": tool, "kind": "http", "endpoint_url": tool_server.url("doomed")})
    assert again.status_code == 201
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "ORDER", "payload": {}})
    hb = run_heartbeat(stack, api, agent["id"])
    assert hb["status"] == "COMPLETED" and hb["actions"] == []  # the new tool inherited nothing
    assert tool_server.requests_for("doomed") == []
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def test_an_agent_subscription_and_an_owner_wide_one_run_the_tool_once_per_event(stack, api, tool_server):
    agent = api.create_agent()
    tool = register_tool(api, tool_server, "once")
    owner_wide = api.post("/subscriptions", json={"tool": tool, "event_type": "ORDER"}).json()
    own = subscribe(api, tool, "ORDER", agent["id"], filter_config={"min_priority": 3})
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "ORDER", "payload": {}, "priority": 2})
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "ORDER", "payload": {}, "priority": 7})

    run_heartbeat(stack, api, agent["id"])

    actions = [a for a in all_actions(agent["id"]) if a["tool"] == tool]
    assert len(actions) == 1  # the agent's own subscription (priority <= 3) replaced the owner-wide one
    assert actions[0]["subscription_id"] == own["id"] != owner_wide["id"]
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def test_a_lambda_tool_must_be_a_function_wakeful_may_invoke(api):
    from wakeful.config import get_settings

    region = get_settings().region
    foreign = api.post("/tools", json={"name": "Foreign", "kind": "lambda", "function_arn": f"arn:aws:lambda:{region}:999999999999:function:wakeful-tool-x"})
    assert foreign.status_code == 422 and "account" in foreign.json()["error"]["message"]
    own_other = api.post("/tools", json={"name": "Billing", "kind": "lambda", "function_arn": f"arn:aws:lambda:{region}:123456789012:function:billing"})
    assert own_other.status_code == 422
    ok = api.post("/tools", json={"name": "Mine", "kind": "lambda", "function_arn": f"arn:aws:lambda:{region}:123456789012:function:wakeful-tool-mine"})
    assert ok.status_code == 201, ok.text


def test_a_thread_is_offered_the_owners_tools_but_not_their_built_in_settings(api, tool_server):
    from wakeful.threads import tools as thread_tools

    tool = register_tool(api, tool_server, "offered")
    assert api.patch("/tools/FeedReader", json={"config": {"model": "claude-owner"}}).status_code == 200

    offered = thread_tools.user_tools(Agent(agent_id="agt_offered", owner=api.owner, name="A", alias="a", heartbeat_interval_seconds=60))

    assert list(offered) == [tool]
    assert offered[tool].endpoint_url == tool_server.url("offered")


def test_deleting_an_agent_deletes_its_tool_settings(api):
    from wakeful.tools import configs

    agent = api.create_agent(preset="snipin")
    assert api.patch(f"/agents/{agent['id']}/tools/FeedReader", json={"is_active": False}).status_code == 200
    assert list(configs.agent_items(agent["id"]))

    assert api.delete(f"/agents/{agent['id']}").status_code == 204

    assert list(configs.agent_items(agent["id"])) == []
