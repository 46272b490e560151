"""The spend view through Wakeful's MCP server: the get_spend tool, through the MCP SDK's
client, answers what GET /agents/{id}/spend answers, for the key's owner only."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client.client import Client

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.test_mcp_endpoint import answer, with_client
from tests.integration.thread_helpers import make_agent, start

pytestmark = pytest.mark.long(seconds=30)


def test_mcp_get_spend_answers_the_agents_spend_view(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:  # noqa: F811
    agent = make_agent(api, budget={"daily_usd": 10})
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": "complete_task", "input": {"summary": "ok"}}]}]}])
    start(api, agent["id"], "check the disk")
    stack.drain()

    async def work(client: Client) -> Any:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        return tools["get_spend"], await client.call_tool("get_spend", {"agent_id": agent["id"]})

    tool, result = with_client(stack.api_url, api.key, work)
    assert tool.input_schema["required"] == ["agent_id"] and tool.annotations.read_only_hint is True
    assert not result.is_error
    got = answer(result)
    assert got == api.get(f"/agents/{agent['id']}/spend").json()
    assert got["today_usd"] > 0 and got["limits"]["daily_usd"] == 10.0 and got["by_model"][0]["calls"] == 1


def test_mcp_get_spend_of_another_owners_agent_answers_like_a_missing_one(stack: Any, api: Any, other_api: Any) -> None:
    agent = make_agent(api, budget={"daily_usd": 10})
    missing = "agt_01JZZZZZZZZZZZZZZZZZZZZZZZ"

    async def work(client: Client) -> Any:
        return await client.call_tool("get_spend", {"agent_id": agent["id"]}), await client.call_tool("get_spend", {"agent_id": missing})

    theirs, nobodys = with_client(stack.api_url, other_api.key, work)
    assert theirs.is_error and nobodys.is_error
    assert answer(theirs)["error"]["code"] == answer(nobodys)["error"]["code"] == "not_found"
    assert answer(theirs)["error"]["message"].replace(agent["id"], missing) == answer(nobodys)["error"]["message"]
