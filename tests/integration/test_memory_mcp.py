"""Memory through Wakeful's MCP server: the remember and recall tools, owner-scoped."""

from __future__ import annotations

from typing import Any

from mcp.client.client import Client

from tests.integration.test_mcp_endpoint import answer, with_client
from tests.integration.thread_helpers import make_agent


def test_mcp_remember_and_recall_see_only_owner_agents(stack, api, other_api):
    agent = make_agent(api)

    async def mine(client: Client) -> Any:
        remembered = answer(await client.call_tool("remember", {"agent_id": agent["id"], "text": "The NAS backup runs at 02:00", "tags": ["backup"]}))
        api.post(f"/agents/{agent['id']}/memories", json={"text": "Alice likes short answers"})
        found = answer(await client.call_tool("recall", {"agent_id": agent["id"], "query": "when does the backup run"}))
        bad = await client.call_tool("remember", {"agent_id": agent["id"], "text": "  "})
        return remembered, found, bad

    remembered, found, bad = with_client(stack.api_url, api.key, mine)
    assert remembered["source"] == {"kind": "user", "id": None} and remembered["tags"] == ["backup"]
    assert [m["id"] for m in found["items"]] == [remembered["id"]] and found["items"][0]["score"] > 0
    assert bad.is_error

    async def theirs(client: Client) -> Any:
        return (
            await client.call_tool("recall", {"agent_id": agent["id"], "query": "backup"}),
            await client.call_tool("remember", {"agent_id": agent["id"], "text": "planted"}),
        )

    for result in with_client(stack.api_url, other_api.key, theirs):
        assert result.is_error and "not_found" in result.content[0].text
    assert [m["text"] for m in api.get(f"/agents/{agent['id']}/memories").json()["items"]] == ["Alice likes short answers", "The NAS backup runs at 02:00"]
