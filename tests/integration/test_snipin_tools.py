"""The six SnipIn tools, run directly with the anthropic provider against the fake
Messages API: each action's effects happen once however often it runs, caps hold, the
model is asked only when there is something to decide, and a bad answer fails clearly."""

from __future__ import annotations

import uuid
from typing import Any, Iterator

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.spine_helpers import events
from wakeful import clock, ddb
from wakeful.agents.models import agent_context
from wakeful.snipin import repository
from wakeful.tools import registry, requests
from wakeful.tools.base import ToolEvent, ToolRequest, ToolResponse

AI_AGENT = {"name": "Ada Quill", "expertise": "AI research", "focus_areas": ["ai", "research"], "personality": {"tone": "precise"}}


@pytest.fixture(autouse=True)
def _pause_agents_after(api: Any) -> Iterator[None]:
    """These agents need no heartbeats: pause them so later tests' scans skip them."""
    yield
    for agent in api.get("/agents?limit=100").json()["items"]:
        api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def _agent(api: Any) -> dict[str, Any]:
    created = api.create_agent(**AI_AGENT)
    return agent_context(ddb.get("agents", {"agent_id": created["id"]}) or {})


def _request(agent: dict[str, Any], event_type: str, payload: dict[str, Any], action_id: str | None = None) -> ToolRequest:
    return ToolRequest(
        action_id=action_id or f"act_{uuid.uuid4().hex}",
        event=ToolEvent(id=f"evt_{uuid.uuid4().hex[:8]}", type=event_type, payload=payload, priority=3, seq=1, created_at=clock.iso(clock.now()) or ""),
        agent_context=agent,
    )


def _run(tool: str, request: ToolRequest) -> ToolResponse:
    """Run ``tool`` on ``request`` with the ``agent_context`` a built request has."""
    completed = request.model_copy(update={"agent_context": requests.context_for(request.agent_context, tool)})
    return registry.builtins()[tool].run(completed)


def _snips(api: Any, n: int, **fields: Any) -> list[dict[str, Any]]:
    made = []
    for i in range(n):
        body = {"title": f"AI research result {i}", "content": f"Findings {i}", "tags": ["ai", "research"], "user_id": "news", "user_name": "Newsroom", **fields}
        response = api.post("/snips", json=body)
        assert response.status_code == 201, response.text
        made.append(response.json())
    return made


def _summary(snips: list[dict[str, Any]], priority: int = 9) -> dict[str, Any]:
    return {
        "summary": "AI research everywhere",
        "top_posts": [{"id": s["id"], "title": s["title"], "excerpt": s["excerpt"], "priority": priority, "tags": s["tags"], "author": "Newsroom"} for s in snips],
        "themes": ["ai"],
        "total_items_analyzed": len(snips),
    }


def _by(agent: dict[str, Any]) -> list[dict[str, Any]]:
    return repository.snips_by_author(repository.agent_actor(agent["agent_id"]))


CONTENT = {"title": "Evals matter", "excerpt": "Why evals matter.", "content": "Because they do.", "tags": ["ai"], "type": "analysis"}
OTHER_CONTENT = {**CONTENT, "title": "A different take"}


def test_feed_reader_run_twice_summarizes_once_and_saves_the_memory(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    _snips(api, 2)
    request = _request(agent, "HEARTBEAT", {"heartbeat_id": "hb_x"})
    first = _run("FeedReader", request)
    second = _run("FeedReader", request)
    assert first.success and second.success, (first.error, second.error)
    assert len(claude.requests_for("feed_summary")) == 1
    assert [e.model_dump() for e in first.new_events] == [e.model_dump() for e in second.new_events]
    [summarized] = first.new_events
    assert (summarized.event_type, summarized.priority) == ("FEED_SUMMARIZED", 3)
    assert summarized.payload["total_items_analyzed"] == 2 and summarized.payload["top_posts"]
    [memory] = api.get(f"/agents/{agent['agent_id']}/memories").json()["items"]
    assert memory["memory_key"] == "feed_summary" and memory["content"]["summary"] == summarized.payload["summary"]
    assert memory["last_accessed_at"] is not None  # read back by the second run


def test_feed_reader_asks_nothing_when_nothing_is_new_and_only_about_what_is(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    _snips(api, 1)
    assert _run("FeedReader", _request(agent, "HEARTBEAT", {})).new_events
    idle = _run("FeedReader", _request(agent, "HEARTBEAT", {}))
    assert idle.success and idle.new_events == [] and idle.usage_stats is None
    assert idle.output["action"] == "skip" and "nothing new" in idle.output["reason"]
    assert len(claude.requests) == 1
    [fresh] = _snips(api, 1, title="Brand new AI research")
    assert _run("FeedReader", _request(agent, "HEARTBEAT", {})).success
    latest = fake.FakeAnthropic.input_data(claude.requests[-1])
    assert [item["id"] for item in latest["feed_items"]] == [fresh["id"]]
    assert latest["previous_summary"]


def test_snip_create_run_twice_creates_one_snip(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    posts = _snips(api, 1)
    claude.on("snip_decision", fake.tool_use({"should_post": True, "reasoning": "mine", "selected_post_id": posts[0]["id"]}), fake.tool_use({"should_post": False, "reasoning": "no"}))
    claude.on("snip_content", fake.tool_use(CONTENT), fake.tool_use(OTHER_CONTENT))
    request = _request(agent, "FEED_SUMMARIZED", _summary(posts))
    first, second = _run("SnipCreate", request), _run("SnipCreate", request)
    assert first.success and second.success, (first.error, second.error)
    assert first.output["snip_id"] == second.output["snip_id"]
    [snip] = _by(agent)
    assert (snip["title"], snip["origin"]["source_snip_id"]) == ("Evals matter", posts[0]["id"])
    assert [e.event_type for e in first.new_events] == ["SNIP_CREATED"]
    assert len(claude.requests_for("snip_content")) == 1
    decision = fake.FakeAnthropic.prompt_text(claude.requests_for("snip_decision")[0])
    assert "Ada Quill" in decision and "AI research" in decision and posts[0]["title"] in decision


def test_snip_comment_run_twice_replies_once(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    snip = api.post("/snips", json={"title": "Mine", "content": "c", "agent_id": agent["agent_id"]}).json()
    api.post(f"/snips/{snip['id']}/comments", json={"content": "How does it compare to last year?", "user_name": "Maya"})
    [received] = [e for e in events(api, agent["agent_id"]) if e["event_type"] == "COMMENT_RECEIVED"]
    claude.on("reply_content", fake.tool_use({"reply_content": "Better, by a margin."}), fake.tool_use({"reply_content": "Another reply"}))
    request = _request(agent, "COMMENT_RECEIVED", received["payload"])
    first, second = _run("SnipComment", request), _run("SnipComment", request)
    assert first.success and second.success, (first.error, second.error)
    comments = api.get(f"/snips/{snip['id']}/comments").json()["items"]
    assert [c["content"] for c in comments] == ["How does it compare to last year?", "Better, by a margin."]
    assert comments[1]["parent_comment_id"] == received["payload"]["comment_id"]
    assert api.get(f"/snips/{snip['id']}").json()["comments"] == 2
    assert [e.event_type for e in first.new_events] == ["COMMENT_CREATED"]
    assert "How does it compare to last year?" in fake.FakeAnthropic.prompt_text(claude.requests_for("reply_decision")[0])


def test_snip_share_run_twice_shares_once_and_at_most_two(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    posts = _snips(api, 3)
    picks = [{"id": p["id"], "reasoning": "good"} for p in posts]
    claude.on("share_decision", fake.tool_use({"should_share": True, "posts_to_share": picks, "overall_reasoning": "all good"}))
    request = _request(agent, "FEED_SUMMARIZED", _summary(posts, priority=8))
    first, second = _run("SnipShare", request), _run("SnipShare", request)
    assert first.success and second.success, (first.error, second.error)
    assert [api.get(f"/snips/{p['id']}").json()["shares"] for p in posts] == [1, 1, 0]
    assert first.output["capped"] == {"limit_per_heartbeat": 2, "dropped": [posts[2]["id"]]}
    assert [e.event_type for e in second.new_events] == ["AGENT_SHARED_SNIP", "AGENT_SHARED_SNIP"]
    assert second.new_events[0].payload["share_id"] == first.new_events[0].payload["share_id"]
    assert len(claude.requests_for("share_decision")) == 1


def test_snip_like_run_twice_likes_once_and_at_most_three(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    posts = _snips(api, 5)
    claude.on("like_decision", fake.tool_use({"posts_to_like": [{"id": p["id"], "reasoning": "yes"} for p in posts]}))
    request = _request(agent, "FEED_SUMMARIZED", _summary(posts))
    first, second = _run("SnipLike", request), _run("SnipLike", request)
    assert first.success and second.success, (first.error, second.error)
    assert [api.get(f"/snips/{p['id']}").json()["likes"] for p in posts] == [1, 1, 1, 0, 0]
    assert first.output["count"] == 3 and len(first.output["capped"]["dropped"]) == 2
    assert [e.event_type for e in first.new_events] == ["AGENT_LIKED_SNIP"] * 3
    assert len(claude.requests_for("like_decision")) == 1


def test_webhook_handler_run_twice_creates_one_snip(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    claude.on(
        "webhook_decision",
        fake.tool_use({"action": "create_snip", "reasoning": "news", "content": CONTENT}),
        fake.tool_use({"action": "create_snip", "reasoning": "news", "content": OTHER_CONTENT}),
    )
    payload = {"source": "github", "trigger": "new_issue", "data": {"title": "Eval harness flaky", "labels": ["bug"]}}
    request = _request(agent, "WEBHOOK_TRIGGER", payload)
    first, second = _run("WebhookHandler", request), _run("WebhookHandler", request)
    assert first.success and second.success, (first.error, second.error)
    [snip] = _by(agent)
    assert snip["title"] == "Evals matter"
    assert first.new_events[0].payload["source"] == "webhook"
    assert "Eval harness flaky" in fake.FakeAnthropic.prompt_text(claude.requests_for("webhook_decision")[0])


SIGNAL = {"source": "ci", "trigger": "nightly", "data": {"status": "green", "suite": "evals"}}


def test_webhook_handler_stores_the_signal_in_memory_when_the_model_says_so(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    claude.on("webhook_decision", fake.tool_use({"action": "store_memory", "reasoning": "background", "memory": "Nightly evals are green again"}))
    request = _request(agent, "EXTERNAL_EVENT", SIGNAL)

    response = _run("WebhookHandler", request)

    assert response.success, response.error
    assert response.output == {"action": "store_memory", "reasoning": "background", "memory": "Nightly evals are green again"}
    memories = {m["memory_key"]: m for m in api.get(f"/agents/{agent['agent_id']}/memories").json()["items"]}
    stored = memories[f"external_signal#{request.event.id}"]["content"]  # type: ignore[union-attr]
    assert (stored["signal"], stored["note"], stored["action_id"]) == (SIGNAL, "Nightly evals are green again", request.action_id)
    assert _by(agent) == []


def test_webhook_handler_shares_a_snip_of_its_latest_summary_once(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    posts = _snips(api, 2)
    assert _run("FeedReader", _request(agent, "HEARTBEAT", {})).success  # the summary whose top posts it may share
    claude.on("webhook_decision", fake.tool_use({"action": "share", "reasoning": "the release is about this", "share_snip_id": posts[1]["id"]}))
    request = _request(agent, "EXTERNAL_TRIGGER", SIGNAL)

    first, second = _run("WebhookHandler", request), _run("WebhookHandler", request)

    assert first.success and second.success, (first.error, second.error)
    assert first.output["action"] == "shared" and first.output["snip_id"] == posts[1]["id"]
    assert [e.event_type for e in first.new_events] == ["AGENT_SHARED_SNIP"]
    assert [api.get(f"/snips/{p['id']}").json()["shares"] for p in posts] == [0, 1]
    assert len(claude.requests_for("webhook_decision")) == 1  # the second run re-read the kept answer


def test_webhook_handler_ignoring_a_signal_changes_nothing(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    claude.on("webhook_decision", fake.tool_use({"action": "ignore", "reasoning": "not my field"}))

    response = _run("WebhookHandler", _request(agent, "WEBHOOK_TRIGGER", SIGNAL))

    assert response.success and response.output == {"action": "ignore", "reasoning": "not my field"}
    assert response.new_events == [] and _by(agent) == []
    assert not [m for m in api.get(f"/agents/{agent['agent_id']}/memories").json()["items"] if m["memory_key"].startswith("external_signal#")]


def test_snip_create_answers_a_whisper_once(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    whisper = api.post(f"/agents/{agent['agent_id']}/whispers", json={"content": "Could you explain evals?", "type": "request"}).json()
    [received] = [e for e in events(api, agent["agent_id"]) if e["event_type"] == "WHISPER_RECEIVED"]
    request = _request(agent, "WHISPER_RECEIVED", received["payload"])
    first, second = _run("SnipCreate", request), _run("SnipCreate", request)
    assert first.success and second.success, (first.error, second.error)
    assert len(_by(agent)) == 1
    [stored] = api.get(f"/agents/{agent['agent_id']}/whispers").json()["items"]
    assert (stored["id"], stored["status"], stored["snip_id"]) == (whisper["id"], "answered", first.output["snip_id"])


def test_without_candidates_no_tool_asks_the_model(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    summary = _summary(_snips(api, 2), priority=6)
    for tool in ("SnipCreate", "SnipShare", "SnipLike"):
        response = _run(tool, _request(agent, "FEED_SUMMARIZED", summary))
        assert response.success and response.output["action"] == "skip" and response.usage_stats is None
    assert claude.requests == []


def test_a_made_up_snip_id_fails_the_action_with_a_clear_error(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    posts = _snips(api, 1)
    claude.on("like_decision", fake.tool_use({"posts_to_like": [{"id": "snp_invented", "reasoning": "?"}]}))
    response = _run("SnipLike", _request(agent, "FEED_SUMMARIZED", _summary(posts)))
    assert not response.success
    assert "SnipLike" in response.error and "'snp_invented', which was not among the candidates" in response.error  # type: ignore[operator]
    assert response.usage_stats["calls"] == 1  # type: ignore[index]
    assert api.get(f"/snips/{posts[0]['id']}").json()["likes"] == 0


def test_a_tool_given_an_event_it_does_not_handle_fails_clearly(api: Any) -> None:
    response = _run("SnipComment", _request(_agent(api), "HEARTBEAT", {}))
    assert not response.success and "does not handle HEARTBEAT events" in response.error  # type: ignore[operator]


def test_a_snipin_tool_sees_the_agents_recent_snips_and_interactions(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    mine = api.post("/snips", json={"title": "My earlier take on evals", "content": "c", "agent_id": agent["agent_id"]}).json()
    liked = _snips(api, 1)[0]
    assert api.post(f"/snips/{liked['id']}/likes", json={"agent_id": agent["agent_id"]}).status_code in (200, 201)
    posts = _snips(api, 1)
    claude.on("snip_decision", fake.tool_use({"should_post": False, "reasoning": "said it already"}))

    response = _run("SnipCreate", _request(agent, "FEED_SUMMARIZED", _summary(posts)))

    assert response.success, response.error
    data = fake.FakeAnthropic.input_data(claude.requests_for("snip_decision")[0])
    assert [s["snip_id"] for s in data["recent_snips"]] == [mine["id"]]
    assert data["recent_snips"][0]["title"] == "My earlier take on evals"
    assert [(i["kind"], i["snip_id"]) for i in data["recent_interactions"]] == [("like", liked["id"])]
