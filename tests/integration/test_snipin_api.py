"""SnipIn over HTTP: snips and what members do with them raise SnipIn's events with
its payloads and priorities; the snipin preset; tenant isolation; bad input."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.integration.spine_helpers import events


@pytest.fixture(autouse=True)
def _pause_agents_after(api: Any) -> Iterator[None]:
    """These agents need no heartbeats: pause them so later tests' scans skip them."""
    yield
    for agent in api.get("/agents?limit=100").json()["items"]:
        api.patch(f"/agents/{agent['id']}", json={"is_active": False})


def _snip(api: Any, **fields: Any) -> dict[str, Any]:
    body = {"title": "A snip", "content": "Some content", "tags": ["ai"], **fields}
    response = api.post("/snips", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def _of_type(api: Any, agent_id: str, event_type: str) -> list[dict[str, Any]]:
    return [e for e in events(api, agent_id) if e["event_type"] == event_type]


def test_the_snipin_preset_subscribes_the_seed_table(api: Any) -> None:
    agent = api.create_agent(preset="snipin")
    subs = [s for s in api.get("/subscriptions?limit=100").json()["items"] if s["agent_id"] == agent["id"]]
    assert sorted((s["tool"], s["event_type"], s["filter_config"], s["execution_order"]) for s in subs) == sorted(
        [
            ("FeedReader", "HEARTBEAT", None, 1),
            ("SnipCreate", "FEED_SUMMARIZED", {"min_priority": 7}, 2),
            ("SnipCreate", "NEW_MENTION", None, 0),
            ("SnipComment", "COMMENT_RECEIVED", None, 0),
            ("SnipShare", "FEED_SUMMARIZED", {"min_priority": 8}, 10),
            ("SnipLike", "FEED_SUMMARIZED", {"min_priority": 9}, 5),
            ("WebhookHandler", "WEBHOOK_TRIGGER", None, 0),
            ("WebhookHandler", "EXTERNAL_SIGNAL", None, 0),
            ("WebhookHandler", "EXTERNAL_TRIGGER", None, 0),
            ("WebhookHandler", "EXTERNAL_EVENT", None, 0),
        ]
    )
    tools = {t["name"] for t in api.get("/tools").json()["items"]}
    assert {"FeedReader", "SnipCreate", "SnipComment", "SnipShare", "SnipLike", "WebhookHandler"} <= tools


def test_a_users_comment_on_an_agents_snip_is_a_comment_received_event(api: Any) -> None:
    agent = api.create_agent()
    snip = _snip(api, agent_id=agent["id"])
    response = api.post(f"/snips/{snip['id']}/comments", json={"content": "How does this compare?", "user_id": "u-1", "user_name": "Maya"})
    assert response.status_code == 201, response.text
    [event] = _of_type(api, agent["id"], "COMMENT_RECEIVED")
    assert event["priority"] == 4 and event["source"] == "user_action"
    payload = event["payload"]
    assert payload["comment_id"] == response.json()["id"]
    assert (payload["snip_id"], payload["commenter_id"], payload["commenter_name"], payload["comment_content"]) == (
        snip["id"], "u-1", "Maya", "How does this compare?"
    )
    assert payload["commented_at"].endswith("Z")
    assert api.get(f"/snips/{snip['id']}").json()["comments"] == 1


def test_likes_and_shares_raise_events_and_count_once_per_member(api: Any) -> None:
    agent = api.create_agent()
    snip = _snip(api, agent_id=agent["id"])
    first = api.post(f"/snips/{snip['id']}/likes", json={"user_id": "u-2", "user_name": "Jane"})
    again = api.post(f"/snips/{snip['id']}/likes", json={"user_id": "u-2", "user_name": "Jane"})
    shared = api.post(f"/snips/{snip['id']}/shares", json={"user_id": "u-3", "user_name": "Mike"})
    assert (first.status_code, again.status_code, shared.status_code) == (201, 200, 201)
    assert again.json()["id"] == first.json()["id"]
    after = api.get(f"/snips/{snip['id']}").json()
    assert (after["likes"], after["shares"]) == (1, 1)
    [liked] = _of_type(api, agent["id"], "SNIP_LIKED")
    [shared_event] = _of_type(api, agent["id"], "SNIP_SHARED")
    assert liked["priority"] == 7 and shared_event["priority"] == 6
    assert {k: liked["payload"][k] for k in ("snip_id", "liker_id", "liker_name")} == {"snip_id": snip["id"], "liker_id": "u-2", "liker_name": "Jane"}
    assert {k: shared_event["payload"][k] for k in ("snip_id", "sharer_id", "sharer_name")} == {"snip_id": snip["id"], "sharer_id": "u-3", "sharer_name": "Mike"}
    assert "liked_at" in liked["payload"] and "shared_at" in shared_event["payload"]


def test_a_whisper_is_a_whisper_received_event(api: Any) -> None:
    agent = api.create_agent()
    response = api.post(f"/agents/{agent['id']}/whispers", json={"content": "Write about evals?", "type": "idea", "user_id": "u-4"})
    assert response.status_code == 201, response.text
    [event] = _of_type(api, agent["id"], "WHISPER_RECEIVED")
    assert event["priority"] == 2
    assert {k: event["payload"][k] for k in ("whisper_id", "user_id", "content", "type")} == {
        "whisper_id": response.json()["id"], "user_id": "u-4", "content": "Write about evals?", "type": "idea"
    }
    assert api.get(f"/agents/{agent['id']}/whispers").json()["items"][0]["status"] == "pending"


def test_mentions_in_snips_and_comments_raise_new_mention_with_context(api: Any) -> None:
    ada = api.create_agent(name="Ada")
    rex = api.create_agent(name="Rex")
    text = "A long preamble about model evaluation and benchmarks. What does @" + ada["alias"] + " think about this? And a tail."
    snip = _snip(api, content=text, user_id="u-5")
    comment = api.post(f"/snips/{snip['id']}/comments", json={"content": f"cc @{rex['alias'].upper()} please", "agent_id": ada["id"]}).json()
    [on_snip] = _of_type(api, ada["id"], "NEW_MENTION")
    [on_comment] = _of_type(api, rex["id"], "NEW_MENTION")
    at = text.index("@")
    assert on_snip["priority"] == 2
    assert on_snip["payload"]["context"] == text[max(0, at - 50) : at + 1 + len(ada["alias"]) + 50]
    assert (on_snip["payload"]["mention_type"], on_snip["payload"]["snip_id"], on_snip["payload"]["mentioned_by_user_id"]) == ("snip", snip["id"], "u-5")
    assert on_snip["payload"]["full_content"] == text
    assert (on_comment["payload"]["mention_type"], on_comment["payload"]["comment_id"], on_comment["payload"]["mentioned_by_agent_id"]) == (
        "comment", comment["id"], ada["id"]
    )


def test_an_agent_is_not_told_about_its_own_doing(api: Any) -> None:
    ada = api.create_agent()
    snip = _snip(api, agent_id=ada["id"], content=f"I, @{ada['alias']}, wrote this")
    api.post(f"/snips/{snip['id']}/likes", json={"agent_id": ada["id"]})
    api.post(f"/snips/{snip['id']}/comments", json={"agent_id": ada["id"], "content": "my own note"})
    assert [e["event_type"] for e in events(api, ada["id"])] == []


def test_another_owners_agents_and_snips_are_out_of_reach(api: Any, other_api: Any) -> None:
    mine = api.create_agent()
    theirs = other_api.create_agent()
    snip = _snip(other_api, content=f"hello @{mine['alias']}")
    assert _of_type(api, mine["id"], "NEW_MENTION") == []
    assert api.get(f"/snips/{snip['id']}").status_code == 404
    assert api.post(f"/snips/{snip['id']}/likes", json={}).status_code == 404
    assert api.post("/snips", json={"title": "t", "content": "c", "agent_id": theirs["id"]}).status_code == 422
    assert api.post(f"/agents/{theirs['id']}/whispers", json={"content": "hi"}).status_code == 404
    assert snip["id"] not in {s["id"] for s in api.get("/snips").json()["items"]}
    other_api.patch(f"/agents/{theirs['id']}", json={"is_active": False})


def test_bad_input_is_a_clear_4xx_and_writes_nothing(api: Any) -> None:
    agent = api.create_agent()
    cases = [
        api.post("/snips", json={"title": "", "content": "c"}),
        api.post("/snips", json={"title": "t", "content": "c", "type": "poem"}),
        api.post("/snips", json={"title": "t", "content": "c", "excerpt": "x" * 281}),
        api.post("/snips", json={"title": "t", "content": "c", "agent_id": agent["id"], "user_id": "u"}),
        api.post("/snips", data="not json", headers={"Content-Type": "application/json"}),
        api.post(f"/agents/{agent['id']}/whispers", json={"content": ""}),
        api.post(f"/agents/{agent['id']}/follows", json={"agent_id": agent["id"]}),
        api.patch(f"/agents/{agent['id']}/llm", json={"daily_token_budget": -1}),
        api.patch(f"/agents/{agent['id']}/llm", json={"thinking_budget_tokens": 1023}),
        api.patch(f"/agents/{agent['id']}/llm", json={"thinking_budget_tokens": 30_001}),
    ]
    assert [r.status_code for r in cases] == [422, 422, 422, 422, 400, 422, 422, 422, 422, 422]
    assert api.get(f"/agents/{agent['id']}/llm").json()["thinking_budget_tokens"] is None
    assert all(set(r.json()["error"]) >= {"code", "message"} for r in cases)
    assert api.get("/snips").json()["items"] == []
    assert events(api, agent["id"]) == []


def test_the_feed_shows_the_network_or_whom_an_agent_follows(api: Any) -> None:
    ada, rex, nova = api.create_agent(), api.create_agent(), api.create_agent()
    by_rex = _snip(api, agent_id=rex["id"], title="from rex")
    by_user = _snip(api, user_id="news", user_name="Newsroom", title="from the newsroom")
    _snip(api, agent_id=ada["id"], title="ada's own")
    everything = [s["title"] for s in api.get(f"/agents/{ada['id']}/feed").json()["items"]]
    assert everything == ["from the newsroom", "from rex"]
    assert api.post(f"/agents/{ada['id']}/follows", json={"agent_id": nova["id"]}).status_code == 201
    assert api.get(f"/agents/{ada['id']}/feed").json()["items"] == []
    api.post(f"/snips/{by_user['id']}/shares", json={"agent_id": nova["id"]})
    followed = api.get(f"/agents/{ada['id']}/feed").json()["items"]
    assert [(s["id"], s["shared_by"]) for s in followed] == [(by_user["id"], f"agent#{nova['id']}")]
    assert by_rex["id"] not in {s["id"] for s in followed}
    assert api.delete(f"/agents/{ada['id']}/follows?followee_agent_id={nova['id']}").status_code == 204


def test_the_openapi_document_lists_the_snipin_routes(api: Any) -> None:
    paths = api.get("/openapi.json").json()["paths"]
    for path in ("/snips", "/snips/{snip_id}", "/snips/{snip_id}/comments", "/snips/{snip_id}/likes", "/snips/{snip_id}/shares",
                 "/agents/{agent_id}/whispers", "/agents/{agent_id}/feed", "/agents/{agent_id}/follows",
                 "/agents/{agent_id}/memories", "/agents/{agent_id}/llm"):
        assert path in paths, path
