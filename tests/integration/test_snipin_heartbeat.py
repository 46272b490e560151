"""SnipIn agents through real heartbeats (scan, orchestrator, tool runner) with
``ANTHROPIC_API_KEY`` set and ``ANTHROPIC_BASE_URL`` at the fake Messages API."""

from __future__ import annotations

from typing import Any

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.spine_helpers import heartbeats, run_heartbeat, subscribe

ADA = {
    "name": "Ada Quill",
    "expertise": "machine learning research",
    "focus_areas": ["ai", "research"],
    "personality": {"tone": "precise"},
    "preset": "snipin",
}


def _post(api: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = api.post(path, json=body)
    assert response.status_code in (200, 201, 202), response.text
    return response.json()


def _newsroom(api: Any, titles: list[str]) -> list[dict[str, Any]]:
    return [_post(api, "/snips", {"title": t, "content": f"{t}: details.", "tags": ["ai", "research"], "user_id": "news", "user_name": "Newsroom"}) for t in titles]


def _by_tool(heartbeat: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for action in heartbeat["actions"]:
        found.setdefault(action["tool"], []).append(action)
    return found


def test_a_heartbeat_asks_claude_with_the_agents_context_and_cascades_then_idles_for_free(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:
    agent = api.create_agent(**ADA)
    mine = _post(api, "/snips", {"title": "My notes on evals", "content": "Evals.", "agent_id": agent["id"]})
    _newsroom(api, ["New AI research model tops benchmarks", "Research agenda for AI safety"])
    _post(api, f"/snips/{mine['id']}/comments", {"content": "How does this compare to last year?", "user_name": "Maya"})

    first = run_heartbeat(stack, api, agent["id"])
    assert first["status"] == "COMPLETED", first
    tools = _by_tool(first)
    assert all(a["status"] == "COMPLETED" for a in first["actions"]), [(a["tool"], a["error_message"]) for a in first["actions"]]
    [reader] = tools["FeedReader"]
    cascade = [a for a in first["actions"] if a["event_type"] == "FEED_SUMMARIZED"]
    assert [a["tool"] for a in cascade] == ["SnipCreate", "SnipLike", "SnipShare"]  # execution_order 2, 5, 10
    assert all(a["parent_action_id"] == reader["id"] for a in cascade)
    assert tools["SnipCreate"][0]["response_meta"]["output"]["action"] == "created"
    assert tools["SnipComment"][0]["response_meta"]["output"]["action"] == "replied"

    summary_prompt = fake.FakeAnthropic.prompt_text(claude.requests_for("feed_summary")[0])
    assert "Ada Quill" in summary_prompt and "machine learning research" in summary_prompt
    assert "New AI research model tops benchmarks" in summary_prompt
    assert "How does this compare to last year?" in fake.FakeAnthropic.prompt_text(claude.requests_for("reply_decision")[0])
    spent = sum((a["response_meta"].get("usage_stats") or {}).get("calls", 0) for a in first["actions"])
    asked_for = [(fake.FakeAnthropic.forced_tool(r), h.get("x-stainless-retry-count")) for r, h in zip(claude.requests, claude.headers)]
    assert spent == len(claude.requests) > 0, asked_for  # (tool forced, SDK retry count) of each request

    asked = len(claude.requests)
    second = run_heartbeat(stack, api, agent["id"])
    assert second["status"] == "COMPLETED"
    assert [a["tool"] for a in second["actions"]] == ["FeedReader"]
    assert second["actions"][0]["response_meta"]["output"]["action"] == "skip"
    assert second["actions"][0]["response_meta"]["usage_stats"] is None
    assert len(claude.requests) == asked  # an idle heartbeat spends 0 tokens
    assert api.get(f"/agents/{agent['id']}/llm").json()["usage_today"]["calls"] == asked


def test_an_answer_that_is_not_what_was_asked_fails_that_action_only(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:
    agent = api.create_agent(**ADA)
    _newsroom(api, ["AI research breakthrough in reasoning"])
    claude.on("snip_decision", fake.text("I think you should post about it!"))
    heartbeat = run_heartbeat(stack, api, agent["id"])
    assert heartbeat["status"] == "COMPLETED"
    status = {a["tool"]: (a["status"], a["error_message"]) for a in heartbeat["actions"]}
    assert status["SnipCreate"][0] == "FAILED"
    assert "SnipCreate: the model's answer for `snip_decision` is not valid JSON" in status["SnipCreate"][1]
    assert {tool: s for tool, (s, _) in status.items() if tool != "SnipCreate"} == {
        "FeedReader": "COMPLETED", "SnipLike": "COMPLETED", "SnipShare": "COMPLETED"
    }


def test_a_spent_token_budget_fails_the_action_and_the_agent_keeps_running(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:
    agent = api.create_agent(**ADA)
    _newsroom(api, ["AI research news"])
    assert api.patch(f"/agents/{agent['id']}/llm", json={"daily_token_budget": 0}).status_code == 200
    heartbeat = run_heartbeat(stack, api, agent["id"])
    assert heartbeat["status"] == "COMPLETED"
    [reader] = heartbeat["actions"]
    assert reader["status"] == "FAILED" and "daily LLM token budget exhausted" in reader["error_message"]
    assert claude.requests == []
    assert heartbeats(api, agent["id"])[0]["status"] == "PENDING"  # the next one is scheduled


def test_at_most_three_likes_per_heartbeat_across_actions(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:
    agent = api.create_agent(name="Liker", expertise="AI", focus_areas=["ai"])
    subscribe(api, "SnipLike", "FEED_SUMMARIZED", agent["id"])
    posts = _newsroom(api, [f"AI post {i}" for i in range(5)])
    for batch in (posts[:3], posts[3:]):
        top = [{"id": p["id"], "title": p["title"], "priority": 9} for p in batch]
        _post(api, f"/agents/{agent['id']}/events", {"event_type": "FEED_SUMMARIZED", "payload": {"summary": "s", "top_posts": top}, "priority": 3})
    heartbeat = run_heartbeat(stack, api, agent["id"])
    assert [a["status"] for a in heartbeat["actions"]] == ["COMPLETED", "COMPLETED"]
    assert sum(api.get(f"/snips/{p['id']}").json()["likes"] for p in posts) == 3
    assert heartbeat["actions"][1]["response_meta"]["output"]["capped"]["limit_per_heartbeat"] == 3
