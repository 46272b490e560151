"""SnipIn's memories are memories: FeedReader's summary and WebhookHandler's notes are
keyed memories of the store, and a SnipIn agent's consolidation learns its interaction
pattern and topic preference, which SnipCreate reads back into its prompt."""

from __future__ import annotations

import json
from typing import Any

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.test_snipin_tools import _agent, _request, _run, _snips, _summary
from tests.integration.thread_helpers import later
from wakeful.memory import store
from wakeful.memory.records import keyed_id

PATTERN = "Snips tagged evals get the most likes and shares"
PREFERENCE = "I mostly like snips about AI safety, more each week"


def test_snipin_feed_summary_and_signals_are_memories_in_the_store(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    _snips(api, 2)
    assert _run("FeedReader", _request(agent, "HEARTBEAT", {"heartbeat_id": "hb_x"})).success
    claude.on("webhook_decision", fake.tool_use({"action": "store_memory", "reasoning": "background", "memory": "The lab moved to Zurich"}))
    assert _run("WebhookHandler", _request(agent, "EXTERNAL_SIGNAL", {"source": "ci", "data": {"x": 1}})).success
    items = api.get(f"/agents/{agent['agent_id']}/memories").json()["items"]
    summary = next(m for m in items if m["key"] == "feed_summary")
    signal = next(m for m in items if m["key"].startswith("external_signal#"))
    assert summary["id"] == keyed_id("feed_summary") and summary["tags"] == ["feed_summary"] and summary["text"] == summary["content"]["summary"]
    assert signal["text"] == "The lab moved to Zurich" and signal["source"]["kind"] == "heartbeat"
    found = api.get(f"/agents/{agent['agent_id']}/memories?q=where is the lab").json()["items"]
    assert found[0]["id"] == signal["id"]


def test_snipcreate_reads_topic_preference(api: Any, claude: fake.FakeAnthropic) -> None:
    agent = _agent(api)
    store.keep(agent["agent_id"], "topic_preference", PREFERENCE, src=store.source("consolidation", "cons_x"))
    store.keep(agent["agent_id"], "interaction_pattern", PATTERN, src=store.source("consolidation", "cons_x"))
    posts = _snips(api, 1)
    claude.on("snip_decision", fake.tool_use({"should_post": False, "reasoning": "not my topic"}))
    assert _run("SnipCreate", _request(agent, "FEED_SUMMARIZED", _summary(posts))).success
    data = fake.FakeAnthropic.input_data(claude.requests_for("snip_decision")[0])
    assert data["topic_preference"] == PREFERENCE and data["interaction_pattern"] == PATTERN


def test_snipin_consolidation_keeps_interaction_pattern_and_topic_preference(stack, api: Any, claude: fake.FakeAnthropic) -> None:
    created = api.create_agent(name="Ada Quill", preset="snipin", memory_consolidation={"mode": "on_quiet", "quiet_seconds": 60})
    assert api.patch(f"/agents/{created['id']}", json={"is_active": False}).status_code == 200
    mine = api.post("/snips", json={"title": "Evals matter", "content": "c", "tags": ["evals"], "agent_id": created["id"]}).json()
    api.post(f"/snips/{mine['id']}/likes", json={"user_id": "u1", "user_name": "U"})
    claude.converse([{
        "match": "consolidating your long-term memory",
        "turns": [
            {"tool_calls": [
                {"name": "remember", "input": {"text": PATTERN, "key": "interaction_pattern"}},
                {"name": "remember", "input": {"text": PREFERENCE, "key": "topic_preference"}},
            ]},
            {"tool_calls": [{"name": "complete_task", "input": {"summary": "learned"}}]},
        ],
    }])  # fmt: skip
    api.post(f"/agents/{created['id']}/threads", json={"message": "what did people like?"})
    stack.drain()
    stack.tick(later(120))
    stack.drain()
    [done] = api.get(f"/agents/{created['id']}/memories/consolidations").json()["items"]
    assert done["status"] == "done" and sorted(c["op"] for c in done["changes"]) == ["added", "added"]
    task = next(r for r in claude.conversation_requests() if "consolidating your long-term memory" in json.dumps(r["messages"][0]))
    text = json.dumps(task["messages"][0])
    assert "Your SnipIn engagement" in text and "interaction_pattern" in text and "evals" in text
    keyed = {m["key"]: m["text"] for m in api.get(f"/agents/{created['id']}/memories").json()["items"] if m["key"]}
    assert keyed == {"interaction_pattern": PATTERN, "topic_preference": PREFERENCE}
