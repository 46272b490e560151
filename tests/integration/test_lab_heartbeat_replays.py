"""A heartbeat round replayed: a SnipIn agent's heartbeat (real scan, orchestrator and
tools against the fake Messages API), whose tools' model questions are asked again."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.spine_helpers import all_actions, events, run_heartbeat
from tests.integration.thread_helpers import make_agent

pytestmark = pytest.mark.long(seconds=90)

ADA = {"name": "Ada Quill", "expertise": "machine learning research", "focus_areas": ["ai", "research"], "preset": "snipin"}
OTHER_MODEL = "claude-haiku-4-5"


def _post(api: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = api.post(path, json=body)
    assert response.status_code in (200, 201, 202), response.text
    return response.json()


def commented_round(stack: Any, api: Any) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A SnipIn agent whose heartbeat answers a comment on its snip (its tool asks the model)."""
    agent = api.create_agent(**ADA)
    mine = _post(api, "/snips", {"title": "My notes on evals", "content": "Evals.", "agent_id": agent["id"]})
    _post(api, f"/snips/{mine['id']}/comments", {"content": "How does this compare to last year?", "user_name": "Maya"})
    heartbeat = run_heartbeat(stack, api, agent["id"])
    assert heartbeat["status"] == "COMPLETED", heartbeat
    assert any(a["tool"] == "SnipComment" and a["response_meta"]["output"]["action"] == "replied" for a in heartbeat["actions"])
    return agent, mine, heartbeat


def replay(api: Any, agent_id: str, heartbeat_id: str, **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"source": {"heartbeat_id": heartbeat_id}}
    if overrides:
        body["overrides"] = overrides
    response = api.post(f"/agents/{agent_id}/replays", json=body)
    assert response.status_code == 201, response.text
    return api.get(f"/agents/{agent_id}/replays/{response.json()['id']}").json()


def world(api: Any, agent_id: str, snip_id: str) -> dict[str, Any]:
    """What of the agent and its service a round's replay must not change."""
    return {
        "actions": sorted(a["action_id"] for a in all_actions(agent_id)),
        "events": len(events(api, agent_id)),
        "comments": api.get(f"/snips/{snip_id}/comments").json(),
    }


def test_a_heartbeat_round_replayed_with_no_override_asks_each_question_again_and_does_not_differ(stack, api, claude: fake.FakeAnthropic):
    agent, mine, heartbeat = commented_round(stack, api)
    before = world(api, agent["id"], mine["id"])
    asked = len(claude.requests)

    got = replay(api, agent["id"], heartbeat["id"])

    assert got["status"] == "done" and got["differs"] is False, got
    assert got["original"]["outcome"] == got["replay"]["outcome"] == "completed"
    names = [c["name"] for c in got["original"]["tool_calls"]]
    assert "SnipComment" in names and names == [c["name"] for c in got["replay"]["tool_calls"]]
    assert "reply_decision" not in got["original"]["answer"] and "SnipComment decide:" in got["original"]["answer"]
    assert len(claude.requests) == asked + len(names)  # each question asked once more
    assert got["replay"]["input_tokens"] > 0 and got["original"]["input_tokens"] > 0
    assert world(api, agent["id"], mine["id"]) == before  # no tool ran, no event, no comment


def test_a_heartbeat_round_replayed_on_another_model_that_decides_otherwise_differs(stack, api, claude: fake.FakeAnthropic):
    agent, _mine, heartbeat = commented_round(stack, api)
    claude.on("reply_decision", fake.tool_use({"should_reply": False, "reasoning": "Nothing to add."}))

    got = replay(api, agent["id"], heartbeat["id"], llm={"provider": "anthropic", "model": OTHER_MODEL})

    assert got["status"] == "done" and got["differs"] is True, got
    assert claude.requests_for_model(OTHER_MODEL)
    decided = [c["arguments"] for c in got["replay"]["tool_calls"] if c["name"] == "SnipComment"]
    assert decided[0]["should_reply"] is False


def test_a_heartbeat_rounds_replay_counts_in_the_spend_guard_flagged_replay(stack, api, claude: fake.FakeAnthropic):
    agent, _mine, heartbeat = commented_round(stack, api)

    got = replay(api, agent["id"], heartbeat["id"])

    rows = [r for r in api.get(f"/agents/{agent['id']}/spend").json()["by_model"] if r["purpose"] == "replay"]
    assert [(r["replay"], r["calls"]) for r in rows] == [(True, len(got["replay"]["tool_calls"]))]


def test_a_heartbeat_round_with_a_question_too_large_to_keep_is_not_replayable(stack, api, claude: fake.FakeAnthropic):
    from wakeful.llm.client import LLMSession
    from wakeful.llm.models import LLMRequest
    from wakeful.snipin import prompts

    agent, _mine, heartbeat = commented_round(stack, api)
    action = next(a for a in heartbeat["actions"] if a["tool"] == "SnipComment")
    claude.on("reply_decision", fake.tool_use({"should_reply": False, "reasoning": "Too long."}))
    # The tool asks one more question of its action, too large to keep whole.
    huge = LLMRequest(task="Decide.", data={"comment": "x" * 200_000}, response=prompts.REPLY_DECISION, agent={"agent_id": agent["id"], "name": "Ada"})
    LLMSession({"agent_id": agent["id"]}, tool="SnipComment", action_id=action["id"]).ask(huge, "again")

    response = api.post(f"/agents/{agent['id']}/replays", json={"source": {"heartbeat_id": heartbeat["id"]}})

    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "not_replayable"
    assert "truncated" in response.json()["error"]["message"]


def test_a_heartbeat_round_refuses_the_overrides_that_do_not_apply_to_it(stack, api, claude: fake.FakeAnthropic):
    agent, _mine, heartbeat = commented_round(stack, api)

    response = api.post(f"/agents/{agent['id']}/replays", json={"source": {"heartbeat_id": heartbeat["id"]}, "overrides": {"heartbeat_checklist": ["disk"]}})

    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "override_not_applicable"


def test_a_heartbeat_round_that_asked_nothing_replays_done_asking_nothing(stack, api):
    agent = make_agent(api)
    heartbeat = api.get(f"/agents/{agent['id']}/heartbeats").json()["items"][0]  # the one made with the agent

    got = replay(api, agent["id"], heartbeat["id"])

    assert got["status"] == "done" and got["differs"] is False
    assert got["replay"]["tool_calls"] == [] and got["replay"]["usd"] == 0


def test_a_heartbeat_of_another_agent_or_unknown_is_404(stack, api, claude: fake.FakeAnthropic):
    _agent, _mine, heartbeat = commented_round(stack, api)
    other = make_agent(api)

    for heartbeat_id in (heartbeat["id"], "hb_unknown"):
        response = api.post(f"/agents/{other['id']}/replays", json={"source": {"heartbeat_id": heartbeat_id}})
        assert response.status_code == 404, response.text
        assert response.json()["error"]["code"] == "heartbeat_not_found"


def test_a_heartbeat_rounds_system_prompt_override_replaces_the_tools_guide(stack, api, claude: fake.FakeAnthropic):
    agent, _mine, heartbeat = commented_round(stack, api)
    asked = len(claude.requests)

    got = replay(api, agent["id"], heartbeat["id"], system_prompt="Reply only to questions about cats.")

    assert got["status"] == "done"
    systems = [" ".join(b["text"] for b in r["system"]) for r in claude.requests[asked:]]
    assert systems and all(s.startswith("Reply only to questions about cats.") for s in systems)


def test_a_heartbeat_round_whose_answer_was_kept_without_its_question_is_not_replayable(stack, api, claude: fake.FakeAnthropic):
    from wakeful.llm import ledger
    from wakeful.llm.models import Usage

    agent, _mine, heartbeat = commented_round(stack, api)
    action = next(a for a in heartbeat["actions"] if a["tool"] == "SnipComment")
    ledger.memo_put(agent["id"], action["id"], "earlier", {"should_reply": True, "reasoning": "kept before questions were"}, Usage(model="m"))

    response = api.post(f"/agents/{agent['id']}/replays", json={"source": {"heartbeat_id": heartbeat["id"]}})

    assert response.status_code == 422, response.text
    assert "not kept" in response.json()["error"]["message"]


def test_a_dry_runs_model_question_is_not_kept(stack, api, claude: fake.FakeAnthropic):
    from wakeful import dryrun
    from wakeful.llm import ledger
    from wakeful.llm.client import LLMSession
    from wakeful.llm.models import LLMRequest
    from wakeful.snipin import prompts

    agent = make_agent(api)
    claude.on("reply_decision", fake.tool_use({"should_reply": False, "reasoning": "No."}))
    question = LLMRequest(task="Decide.", data={"comment": "hi"}, response=prompts.REPLY_DECISION, agent={"agent_id": agent["id"], "name": "Ada"})
    with dryrun.running(dryrun.DryRun("dry_test", lambda _name, _arguments: None)):
        LLMSession({"agent_id": agent["id"]}, tool="SnipComment", action_id="act_dry").ask(question, "decide")

    [memo] = ledger.memos_of(agent["id"], "act_dry")
    assert memo["answer"]["should_reply"] is False and "question" not in memo


def test_a_heartbeat_round_older_than_its_kept_questions_is_not_replayable(stack, api, claude: fake.FakeAnthropic):
    from wakeful import clock, ddb

    agent, _mine, heartbeat = commented_round(stack, api)
    # The round started eight days ago (its answers, kept seven, are gone by then).
    ddb.client().update_item(
        TableName=ddb.table("heartbeats"),
        Key=ddb.serialize({"agent_id": agent["id"], "heartbeat_id": heartbeat["id"]}),
        UpdateExpression="SET started_at = :t",
        ExpressionAttributeValues=ddb.serialize({":t": clock.now() - 8 * 24 * 3600}),
    )

    response = api.post(f"/agents/{agent['id']}/replays", json={"source": {"heartbeat_id": heartbeat["id"]}})

    assert response.status_code == 422, response.text
    assert "expired" in response.json()["error"]["message"]
