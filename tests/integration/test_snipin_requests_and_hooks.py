"""What a SnipIn agent's tools are given and what its hooks say, through real heartbeats
(scan, orchestrator, tool runner) and the scripted model: every tool request carries the
agent's ``system_prompt``, a SnipIn agent's also its recent snips and interactions (HTTP
tools too, from a heartbeat or a thread); SnipCreate answers a mention; hooks fire
before and after each SnipIn tool, ``AFTER_SNIP_CREATE`` with the created snip; the
WebhookHandler acts on the preset's external events and on a real GitHub delivery."""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from typing import Any

import requests

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe
from tests.integration.thread_helpers import http_tool, make_agent, start, thread
from tests.support.hook_receiver import create_hook

ADA = {
    "name": "Ada Quill",
    "expertise": "machine learning research",
    "focus_areas": ["ai", "research"],
    "personality": {"tone": "precise"},
    "preset": "snipin",
    "system_prompt": "Post only what you would defend in a review.",
}
#: The hook names of SnipIn's tools (``BEFORE_<X>`` / ``AFTER_<X>``).
TOOL_HOOKS = {
    "FeedReader": "FEED_READ",
    "SnipCreate": "SNIP_CREATE",
    "SnipComment": "COMMENT_CREATE",
    "SnipLike": "LIKE",
    "SnipShare": "SHARE",
    "WebhookHandler": "WEBHOOK_HANDLER",
}


def _post(api: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = api.post(path, json=body)
    assert response.status_code in (200, 201, 202), response.text
    return response.json()


def _mine_and_a_like(api: Any, agent_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A snip of the agent's and a snip it liked."""
    mine = _post(api, "/snips", {"title": "My notes on evals", "content": "Evals.", "agent_id": agent_id})
    liked = _post(api, "/snips", {"title": "Benchmarks, revisited", "content": "c", "user_id": "news", "user_name": "Newsroom"})
    _post(api, f"/snips/{liked['id']}/likes", {"agent_id": agent_id})
    return mine, liked


def _by_tool(heartbeat: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for action in heartbeat["actions"]:
        found.setdefault(action["tool"], []).append(action)
    return found


def test_a_snipin_agents_http_tool_gets_its_system_prompt_recent_snips_and_interactions(stack: Any, api: Any, tool_server: Any) -> None:
    agent = api.create_agent(**ADA)
    mine, liked = _mine_and_a_like(api, agent["id"])
    tool = register_tool(api, tool_server, "context")
    subscribe(api, tool, "ORDER_PLACED", agent["id"])
    _post(api, f"/agents/{agent['id']}/events", {"event_type": "ORDER_PLACED", "payload": {"order": 1}})

    assert run_heartbeat(stack, api, agent["id"])["status"] == "COMPLETED"

    [request] = tool_server.requests_for("context")
    context = request["agent_context"]
    assert context["system_prompt"] == ADA["system_prompt"]
    assert [s["snip_id"] for s in context["recent_snips"]] == [mine["id"]]
    assert context["recent_snips"][0]["title"] == "My notes on evals"
    assert [(i["kind"], i["snip_id"]) for i in context["recent_interactions"]] == [("like", liked["id"])]


def test_an_agent_without_the_snipin_preset_gives_its_tools_its_system_prompt_and_no_snipin_context(stack: Any, api: Any, tool_server: Any) -> None:
    agent = api.create_agent(name="Plain", system_prompt="Keep it short.")
    _mine_and_a_like(api, agent["id"])
    tool = register_tool(api, tool_server, "plain")
    subscribe(api, tool, "ORDER_PLACED", agent["id"])
    _post(api, f"/agents/{agent['id']}/events", {"event_type": "ORDER_PLACED", "payload": {}})

    run_heartbeat(stack, api, agent["id"])

    [request] = tool_server.requests_for("plain")
    assert request["agent_context"]["system_prompt"] == "Keep it short."
    assert "recent_snips" not in request["agent_context"] and "recent_interactions" not in request["agent_context"]


def test_a_snipin_agents_http_tool_called_from_a_thread_gets_the_same_context(stack: Any, api: Any, tool_server: Any, claude: fake.FakeAnthropic) -> None:
    name = http_tool(api, tool_server, "lookup")
    agent = make_agent(api, preset="snipin", tools=[name])
    mine, liked = _mine_and_a_like(api, agent["id"])
    claude.converse([{"match": "", "turns": [{"tool_calls": [{"name": name, "input": {"q": "evals"}}]},
                                             {"tool_calls": [{"name": "complete_task", "input": {"summary": "looked it up"}}]}]}])

    thread_id = start(api, agent["id"], "look up evals")
    stack.drain()

    assert thread(api, agent["id"], thread_id)["status"] == "complete"
    [request] = tool_server.requests_for("lookup")
    context = request["agent_context"]
    assert context["system_prompt"] == "You look after a homelab."
    assert [s["snip_id"] for s in context["recent_snips"]] == [mine["id"]]
    assert [(i["kind"], i["snip_id"]) for i in context["recent_interactions"]] == [("like", liked["id"])]


def test_snip_create_answers_a_mention_with_a_snip_in_reply(stack: Any, api: Any) -> None:
    agent = api.create_agent(**ADA)
    asked = _post(api, "/snips", {"title": "A question", "content": f"@{agent['alias']} how would you evaluate a new research model?",
                                  "user_id": "u-1", "user_name": "Maya"})

    heartbeat = run_heartbeat(stack, api, agent["id"])

    [answer] = [a for a in heartbeat["actions"] if a["event_type"] == "NEW_MENTION"]
    assert (answer["tool"], answer["status"]) == ("SnipCreate", "COMPLETED"), answer["error_message"]
    output = answer["response_meta"]["output"]
    assert output["action"] == "created"
    reply = api.get(f"/snips/{output['snip_id']}").json()
    assert reply["title"].startswith("Re: ") and "how would you evaluate a new research model?" in reply["content"]
    assert asked["id"] != reply["id"]


def test_hooks_fire_before_and_after_each_snipin_tool_and_after_snip_create_carries_the_snip(stack: Any, api: Any, receiver: Any) -> None:
    agent = api.create_agent(**ADA)
    for hook in TOOL_HOOKS.values():
        for when in ("BEFORE", "AFTER"):
            create_hook(api, agent["id"], f"{when}_{hook}", receiver.url(f"{when}_{hook}"))
    mine = _post(api, "/snips", {"title": "My notes on evals", "content": "Evals.", "agent_id": agent["id"]})
    for title in ("New AI research model tops benchmarks", "Research agenda for AI safety"):
        _post(api, "/snips", {"title": title, "content": f"{title}: details.", "tags": ["ai", "research"], "user_id": "news", "user_name": "Newsroom"})
    _post(api, f"/snips/{mine['id']}/comments", {"content": "How does this compare to last year?", "user_name": "Maya"})
    _post(api, f"/agents/{agent['id']}/events", {"event_type": "EXTERNAL_TRIGGER", "payload": {"source": "ci", "trigger": "nightly", "data": {"title": "Nightly evals are green"}}})

    heartbeat = run_heartbeat(stack, api, agent["id"])

    actions = _by_tool(heartbeat)
    assert set(actions) == set(TOOL_HOOKS), sorted(actions)
    for tool, hook in TOOL_HOOKS.items():
        ids = sorted(a["id"] for a in actions[tool])
        before = receiver.wait_for(f"BEFORE_{hook}", len(ids))
        after = receiver.wait_for(f"AFTER_{hook}", len(ids))
        assert sorted(d.json["action_id"] for d in before) == ids, tool
        assert sorted(d.json["action_id"] for d in after) == ids, tool
        assert all(d.json["hook_type"] == f"BEFORE_{hook}" and d.json["data"]["tool_name"] == tool for d in before)
    [created] = [a for a in actions["SnipCreate"] if a["response_meta"]["output"]["action"] == "created"]
    output = created["response_meta"]["output"]
    [delivery] = [d.json for d in receiver.deliveries("AFTER_SNIP_CREATE") if d.json["action_id"] == created["id"]]
    snip = api.get(f"/snips/{output['snip_id']}").json()
    assert delivery["data"] == {
        "snip_id": snip["id"], "title": snip["title"], "excerpt": snip["excerpt"], "content": snip["content"],
        "type": snip["type"], "tags": snip["tags"], "is_public": True,
    }
    assert delivery["context"] == {"triggered_by": "FEED_SUMMARIZED", "decision_reasoning": output["reasoning"]}


def test_the_preset_sends_external_triggers_and_events_to_the_webhook_handler(stack: Any, api: Any) -> None:
    agent = api.create_agent(**ADA)
    for event_type, title in (("EXTERNAL_TRIGGER", "Nightly evals are green"), ("EXTERNAL_EVENT", "Dataset v3 published")):
        _post(api, f"/agents/{agent['id']}/events", {"event_type": event_type, "payload": {"source": "ci", "trigger": "job", "data": {"title": title}}})

    heartbeat = run_heartbeat(stack, api, agent["id"])

    handled = {a["event_type"]: a for a in heartbeat["actions"] if a["tool"] == "WebhookHandler"}
    assert set(handled) == {"EXTERNAL_TRIGGER", "EXTERNAL_EVENT"}
    assert all(a["status"] == "COMPLETED" and a["response_meta"]["output"]["action"] == "created" for a in handled.values())


def _github(webhook: dict[str, Any], event: str, body: dict[str, Any]) -> requests.Response:
    raw = json.dumps(body).encode()
    signature = hmac.new(webhook["secret"].encode(), raw, hashlib.sha256).hexdigest()
    headers = {"X-GitHub-Event": event, "X-GitHub-Delivery": str(uuid.uuid4()), "X-Hub-Signature-256": f"sha256={signature}",
               "Content-Type": "application/json"}
    return requests.post(webhook["url"], data=raw, headers=headers, timeout=30)


RELEASE = {
    "action": "published",
    "release": {"tag_name": "v2.0.0", "name": "Evals 2.0", "html_url": "https://github.com/o/evals/releases/tag/v2.0.0",
                "body": "Faster harness, new metrics.", "draft": False, "prerelease": False},
    "repository": {"full_name": "o/evals"},
    "sender": {"login": "maya"},
}


def test_the_webhook_handler_acts_on_a_github_release_and_says_why_it_cannot_act_on_a_ping(stack: Any, api: Any) -> None:
    agent = api.create_agent(**ADA)
    for event_type in ("github_release", "github_ping"):
        subscribe(api, "WebhookHandler", event_type, agent["id"])
    webhook = _post(api, f"/agents/{agent['id']}/webhooks", {"provider": "github"})
    assert _github(webhook, "release", RELEASE).status_code == 202
    assert _github(webhook, "ping", {"zen": "Keep it logically awesome.", "hook_id": 1}).status_code == 202

    heartbeat = run_heartbeat(stack, api, agent["id"])

    handled = {a["event_type"]: a for a in heartbeat["actions"] if a["tool"] == "WebhookHandler"}
    release, ping = handled["github_release"], handled["github_ping"]
    assert release["status"] == "COMPLETED" and release["response_meta"]["output"]["action"] == "created", release["error_message"]
    snip = api.get(f"/snips/{release['response_meta']['output']['snip_id']}").json()
    assert "Evals 2.0" in snip["title"] and snip["agent_id"] == agent["id"]
    assert ping["status"] == "COMPLETED"
    assert ping["response_meta"]["output"]["action"] == "ignore"
    assert ping["response_meta"]["output"]["reasoning"].startswith("cannot act on this github_ping event")
    assert ping["response_meta"]["usage_stats"] is None  # no model asked


def test_a_github_release_reaches_the_model_as_the_news_it_is(stack: Any, api: Any, claude: fake.FakeAnthropic) -> None:
    agent = api.create_agent(**ADA)
    subscribe(api, "WebhookHandler", "github_release", agent["id"])
    webhook = _post(api, f"/agents/{agent['id']}/webhooks", {"provider": "github"})
    claude.on("webhook_decision", fake.tool_use({"action": "ignore", "reasoning": "not my field"}))
    assert _github(webhook, "release", RELEASE).status_code == 202

    run_heartbeat(stack, api, agent["id"])

    [asked] = claude.requests_for("webhook_decision")
    signal = fake.FakeAnthropic.input_data(asked)["signal"]
    assert (signal["source"], signal["trigger"]) == ("github", "release published")
    assert signal["data"]["title"] == "Evals 2.0" and signal["data"]["repository"] == "o/evals"
    assert signal["data"]["url"] == RELEASE["release"]["html_url"] and signal["data"]["text"] == "Faster harness, new metrics."
