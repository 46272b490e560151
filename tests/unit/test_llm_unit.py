"""The LLM layer's pure parts: reading answers, validation, pricing, settings, prompts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from wakeful.llm import parsing, pricing, render
from wakeful.llm.exceptions import LLMMalformedOutputError
from wakeful.llm.models import LLMRequest, ResponseSpec
from wakeful.llm.settings import DEFAULT_MODEL, settings_from_env


class Decision(BaseModel):
    should_post: bool
    reasoning: str


REPO = Path(__file__).resolve().parents[2]

SPEC = ResponseSpec("decide", "Decide.", {"type": "object"}, Decision)
OTHER = ResponseSpec("other", "Other.", {"type": "object"}, Decision)


def test_a_tool_use_block_for_the_forced_tool_is_the_answer() -> None:
    data, _ = parsing.from_content(
        [{"type": "text", "text": "thinking"}, {"type": "tool_use", "name": "decide", "input": {"should_post": True, "reasoning": "r"}}],
        "decide",
    )
    assert parsing.validate(SPEC, data) == Decision(should_post=True, reasoning="r")


def test_json_text_and_fenced_json_are_accepted() -> None:
    plain, _ = parsing.from_content([{"type": "text", "text": '{"should_post": false, "reasoning": "no"}'}], "decide")
    fenced, _ = parsing.from_content([{"type": "text", "text": '```json\n{"should_post": true, "reasoning": "yes"}\n```'}], "decide")
    assert plain == {"should_post": False, "reasoning": "no"}
    assert fenced == {"should_post": True, "reasoning": "yes"}


def test_malformed_json_is_a_clear_error() -> None:
    with pytest.raises(LLMMalformedOutputError, match="not valid JSON"):
        parsing.from_content([{"type": "text", "text": '{"should_post": tru'}], "decide")


def test_calling_another_tool_or_answering_nothing_is_malformed() -> None:
    with pytest.raises(LLMMalformedOutputError, match="instead of `decide`"):
        parsing.from_content([{"type": "tool_use", "name": "other", "input": {}}], "decide")
    with pytest.raises(LLMMalformedOutputError, match="answered nothing"):
        parsing.from_content([], "decide")


def test_an_answer_of_the_wrong_shape_names_the_problem() -> None:
    with pytest.raises(LLMMalformedOutputError, match="should_post"):
        parsing.validate(SPEC, {"reasoning": "missing the decision"})
    with pytest.raises(LLMMalformedOutputError, match="not a JSON object"):
        parsing.validate(SPEC, ["a", "list"])


def test_cost_counts_cache_reads_at_a_tenth_and_writes_at_a_premium() -> None:
    plain = pricing.cost_usd("claude-sonnet-4-6", 1_000_000, 0)
    assert plain == pytest.approx(3.0)
    assert pricing.cost_usd("claude-sonnet-4-6", 0, 0, cache_read=1_000_000) == pytest.approx(0.3)
    assert pricing.cost_usd("claude-sonnet-4-6", 0, 0, cache_write=1_000_000) == pytest.approx(3.75)
    assert pricing.cost_usd("claude-haiku-4-5", 0, 1_000_000) == pytest.approx(5.0)
    assert pricing.prices("claude-opus-4-1") == (15.0, 75.0)


def test_the_provider_is_scripted_without_an_api_key_and_anthropic_with_one() -> None:
    offline = settings_from_env({})
    online = settings_from_env({"ANTHROPIC_API_KEY": "sk-x"})
    forced = settings_from_env({"ANTHROPIC_API_KEY": "sk-x", "WAKEFUL_LLM_PROVIDER": "scripted"})
    assert (offline.provider, offline.provider_reason) == ("scripted", "ANTHROPIC_API_KEY is not set")
    assert online.provider == "anthropic"
    assert forced.provider == "scripted"
    assert offline.model == DEFAULT_MODEL
    assert settings_from_env({"WAKEFUL_LLM_MODEL": "claude-haiku-4-5"}).model == "claude-haiku-4-5"


def test_the_prompt_caches_tools_guide_and_persona_and_forces_the_answer_tool() -> None:
    agent = {"agent_id": "agt_1", "name": "Ada Quill", "alias": "ada", "expertise": "AI research", "focus_areas": ["ai"]}
    request = LLMRequest(task="Decide.", data={"post": "Title X"}, response=SPEC, agent=agent, guide="GUIDE", catalog=(OTHER, SPEC))
    params = render.messages_params(request, "claude-sonnet-4-6")
    assert [t["name"] for t in params["tools"]] == ["other", "decide"]
    assert "cache_control" in params["tools"][-1] and "cache_control" not in params["tools"][0]
    assert all(block["cache_control"] == {"type": "ephemeral"} for block in params["system"])
    assert params["system"][0]["text"] == "GUIDE"
    assert "Ada Quill" in params["system"][1]["text"] and "AI research" in params["system"][1]["text"]
    assert params["tool_choice"] == {"type": "tool", "name": "decide"}
    user = params["messages"][0]["content"]
    assert json.loads(user.split("<input>")[1].split("</input>")[0]) == {"post": "Title X"}


def test_the_handlers_the_tools_and_the_llm_layer_import_without_anthropic() -> None:
    code = (
        "import sys; import functions.tool_runner.handler, functions.api.handler; "
        "from wakeful.tools import registry; registry.builtins(); import wakeful.llm.client; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'anthropic'))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
