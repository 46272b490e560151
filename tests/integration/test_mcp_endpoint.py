"""Wakeful as an MCP server: the official MCP SDK's client against ``POST /mcp`` of the
in-process stack (real HTTP through the local API gateway), both protocol eras."""

from __future__ import annotations

import json
from typing import Any, Awaitable, Callable

import httpx2
import pytest
import requests
from mcp.client.client import Client
from mcp.client.streamable_http import streamable_http_client

from wakeful import aio
from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import make_agent

pytestmark = pytest.mark.long(seconds=20)

REQUIRED_TOOLS = {
    "list_agents",
    "post_event",
    "start_thread",
    "get_thread",
    "create_schedule",
    "list_pending_approvals",
    "decide_approval",
    "remember",
    "recall",
    "get_spend",
}


def with_client(base: str, key: str | None, work: Callable[[Client], Awaitable[Any]], mode: str = "auto") -> Any:
    """Run ``work`` with an SDK client connected to ``base``/mcp with ``key``."""
    found: dict[str, Any] = {}

    async def main() -> None:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
            async with Client(streamable_http_client(f"{base}/mcp", http_client=http), mode=mode) as client:
                found["result"] = await work(client)

    aio.run(main)  # beside any event loop a test tool left running in this worker
    return found["result"]


def answer(result: Any) -> dict[str, Any]:
    """A tool result's JSON (its text block, which its structured content repeats)."""
    parsed = json.loads(result.content[0].text)
    assert result.structured_content == parsed
    return parsed


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_the_sdk_client_connects_and_lists_typed_tools(stack, api, mode):
    async def work(client: Client) -> Any:
        return client.protocol_version, (await client.list_tools()).tools

    version, tools = with_client(stack.api_url, api.key, work, mode)

    assert version
    assert {t.name for t in tools} == REQUIRED_TOOLS
    for tool in tools:
        assert tool.description and tool.input_schema["type"] == "object", tool.name
    schemas = {t.name: t.input_schema for t in tools}
    assert set(schemas["post_event"]["required"]) == {"agent_id", "event_type", "payload"}
    assert set(schemas["create_schedule"]["required"]) == {"agent_id", "prompt", "cron_expression"}
    assert "timezone" in schemas["create_schedule"]["properties"]
    assert set(schemas["decide_approval"]["required"]) == {"agent_id", "thread_id", "tool_call_id", "decision"}
    assert schemas["decide_approval"]["properties"]["decision"]["enum"] == ["approve", "deny"]


def test_each_tool_does_what_its_route_does_for_the_keys_owner(stack, api, claude: fake.FakeAnthropic):
    agent = make_agent(api, tool_policy={"require_approval": ["store_context"]})
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": "store_context", "input": {"key": "k", "value": 1}}]}, {"text": "stored"}]}])

    async def first(client: Client) -> Any:
        agents = answer(await client.call_tool("list_agents", {}))
        event = answer(await client.call_tool("post_event", {"agent_id": agent["id"], "event_type": "cpu_high", "payload": {"load": 9}}))
        started = answer(await client.call_tool("start_thread", {"agent_id": agent["id"], "message": "remember k"}))
        schedule = answer(
            await client.call_tool("create_schedule", {"agent_id": agent["id"], "prompt": "Check", "cron_expression": "0 8 * * *", "timezone": "Europe/Berlin"})
        )
        return agents, event, started, schedule

    agents, event, started, schedule = with_client(stack.api_url, api.key, first)
    assert [a["id"] for a in agents["items"]] == [agent["id"]]
    assert event["seq"] == 1 and event["created"] is True
    (logged,) = api.get(f"/agents/{agent['id']}/events").json()["items"]
    assert logged["id"] == event["event_id"] and logged["payload"] == {"load": 9}
    assert started["status"] in ("active", "sleeping") and started["source"] == "user"
    assert api.get(f"/agents/{agent['id']}/schedules/{schedule['id']}").json()["timezone"] == "Europe/Berlin"

    stack.drain()  # the thread asks to store_context, which waits for an approval

    async def second(client: Client) -> Any:
        got = answer(await client.call_tool("get_thread", {"agent_id": agent["id"], "thread_id": started["id"], "include_messages": True}))
        pending = answer(await client.call_tool("list_pending_approvals", {"agent_id": agent["id"]}))
        item = pending["items"][0]
        decided = answer(
            await client.call_tool(
                "decide_approval",
                {"agent_id": agent["id"], "thread_id": item["thread_id"], "tool_call_id": item["tool_call_id"], "decision": "approve"},
            )
        )
        return got, pending, decided

    got, pending, decided = with_client(stack.api_url, api.key, second)
    assert got["status"] == "waiting_approval" and got["messages"][0]["content"] == "remember k"
    assert [(p["thread_id"], p["tool"]) for p in pending["items"]] == [(started["id"], "store_context")]
    rest = api.get(f"/agents/{agent['id']}/threads/{started['id']}/approvals").json()["items"]
    assert rest == []
    assert decided
    stack.drain()
    assert api.get(f"/agents/{agent['id']}/threads/{started['id']}").json()["context"] == {"k": 1}


def test_invalid_arguments_are_an_error_result_with_the_routes_message(stack, api):
    agent = api.create_agent()
    rest = api.post(f"/agents/{agent['id']}/events", json={"event_type": "cpu high", "payload": {}})

    async def work(client: Client) -> Any:
        return await client.call_tool("post_event", {"agent_id": agent["id"], "event_type": "cpu high", "payload": {}})

    result = with_client(stack.api_url, api.key, work)

    assert rest.status_code == 422 and result.is_error
    error = answer(result)["error"]
    assert error["code"] == rest.json()["error"]["code"] == "validation_error"
    assert error["message"] == rest.json()["error"]["message"].removeprefix("body.")


def test_another_owners_key_sees_none_of_the_first_owners_agents_or_threads(stack, api, other_api, claude: fake.FakeAnthropic):
    agent = make_agent(api)
    claude.converse([{"match": "", "turns": [{"text": "hello"}]}])
    thread_id = api.post(f"/agents/{agent['id']}/threads", json={"message": "hi"}).json()["id"]

    async def work(client: Client) -> Any:
        return [
            await client.call_tool("list_agents", {}),
            await client.call_tool("get_thread", {"agent_id": agent["id"], "thread_id": thread_id}),
            await client.call_tool("post_event", {"agent_id": agent["id"], "event_type": "x", "payload": {}}),
            await client.call_tool("start_thread", {"agent_id": agent["id"], "message": "hi"}),
            await client.call_tool("list_pending_approvals", {"agent_id": agent["id"]}),
            await client.call_tool("create_schedule", {"agent_id": agent["id"], "prompt": "p", "cron_expression": "0 8 * * *"}),
            await client.call_tool("decide_approval", {"agent_id": agent["id"], "thread_id": thread_id, "tool_call_id": "t", "decision": "deny"}),
        ]

    listed, *others = with_client(stack.api_url, other_api.key, work)
    stack.drain()  # the first owner's thread runs here, not in a later test

    assert answer(listed)["items"] == []
    for result in others:
        assert result.is_error and answer(result)["error"]["code"] == "not_found"
    assert api.get(f"/agents/{agent['id']}/events").json()["items"] == []
    assert len(api.get(f"/agents/{agent['id']}/threads").json()["items"]) == 1


@pytest.mark.parametrize("key", [None, "wk_not_a_key"])
def test_no_key_or_a_bad_one_is_refused(stack, key):
    with pytest.raises(Exception):  # noqa: B017 - the SDK raises its own error for a 401
        with_client(stack.api_url, key, lambda client: client.list_tools())

    headers = {"Accept": "application/json, text/event-stream", **({"Authorization": f"Bearer {key}"} if key else {})}
    response = requests.post(f"{stack.api_url}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers=headers, timeout=30)
    assert response.status_code == 401 and response.json()["error"]["code"] == "unauthorized"


def test_answers_are_json_even_to_a_client_that_takes_event_streams_and_get_is_405(stack, api):
    headers = {"Accept": "application/json, text/event-stream", "Authorization": f"Bearer {api.key}"}
    ping = requests.post(f"{stack.api_url}/mcp", json={"jsonrpc": "2.0", "id": 7, "method": "ping"}, headers=headers, timeout=30)
    listed = requests.post(f"{stack.api_url}/mcp", json={"jsonrpc": "2.0", "id": 8, "method": "tools/list"}, headers=headers, timeout=30)
    stream = requests.get(f"{stack.api_url}/mcp", headers=headers, timeout=30)

    assert ping.status_code == 200 and ping.headers["Content-Type"].startswith("application/json")
    assert ping.json() == {"jsonrpc": "2.0", "id": 7, "result": {}}
    assert "mcp-session-id" not in {k.lower() for k in ping.headers}
    assert len(listed.json()["result"]["tools"]) == len(REQUIRED_TOOLS)
    assert stream.status_code == 405 and stream.headers["Allow"] == "POST"


@pytest.mark.parametrize("given", [{"a": 1}, [1], True, None, 1.5, 2.0], ids=["object", "array", "boolean", "null", "fraction", "float"])
def test_a_request_whose_id_is_not_a_string_or_an_integer_is_a_jsonrpc_invalid_request(stack, api, given):
    headers = {"Accept": "application/json, text/event-stream", "Authorization": f"Bearer {api.key}"}
    response = requests.post(f"{stack.api_url}/mcp", json={"jsonrpc": "2.0", "id": given, "method": "tools/list"}, headers=headers, timeout=30)

    assert response.status_code == 200 and response.headers["Content-Type"].startswith("application/json")
    answer = response.json()
    assert answer["jsonrpc"] == "2.0" and answer["id"] is None and "result" not in answer
    assert answer["error"]["code"] == -32600 and "id must be a string or an integer" in answer["error"]["message"]


def test_a_notification_without_an_id_is_still_accepted_with_no_body(stack, api):
    headers = {"Accept": "application/json, text/event-stream", "Authorization": f"Bearer {api.key}"}
    response = requests.post(f"{stack.api_url}/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers, timeout=30)
    assert response.status_code == 202 and response.text == ""
