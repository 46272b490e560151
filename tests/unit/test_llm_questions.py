"""A tool's model question, kept as text and read back, asks the same request again."""

from __future__ import annotations

import json

from wakeful.llm import questions, render
from wakeful.llm.models import LLMRequest
from wakeful.snipin import prompts

ASKED = LLMRequest(
    task="Decide if you should reply.",
    data={"comment": {"from": "Maya", "content": "How does this compare?"}, "score": 0.5},
    response=prompts.REPLY_DECISION,
    agent={"agent_id": "agt_1", "name": "Ada Quill", "expertise": "ml"},
    guide="You are careful.",
    catalog=(prompts.REPLY_DECISION, prompts.REPLY_CONTENT),
    max_tokens=600,
    temperature=0.2,
)


def test_a_kept_question_read_back_renders_the_same_messages_request():
    again = questions.request_of(questions.read(questions.kept("SnipComment", ASKED, "claude-x")))

    assert render.messages_params(again, "claude-x") == render.messages_params(ASKED, "claude-x")
    assert again.response.model is prompts.REPLY_DECISION.model


def test_a_kept_question_keeps_the_model_asked_and_the_tool():
    kept = questions.read(questions.kept("SnipComment", ASKED, "claude-x"))

    assert (kept["tool"], kept["model"], kept["response"]) == ("SnipComment", "claude-x", "reply_decision")


def test_a_question_over_the_bound_or_not_json_is_kept_as_truncated_only():
    huge = LLMRequest(task="t", data={"x": "y" * (questions.MAX_QUESTION_BYTES + 1)}, response=prompts.REPLY_DECISION, agent={})
    nan = LLMRequest(task="t", data={"x": float("nan")}, response=prompts.REPLY_DECISION, agent={})

    for request in (huge, nan):
        kept = json.loads(questions.kept("SnipComment", request, "m"))
        assert kept == {"tool": "SnipComment", "response": "reply_decision", "truncated": True}


def test_a_replaced_guide_is_the_system_text_before_the_agents_profile():
    again = questions.request_of(questions.read(questions.kept("SnipComment", ASKED, "m")), guide="Be terse.")

    assert render.system_blocks(again)[0]["text"] == "Be terse."
