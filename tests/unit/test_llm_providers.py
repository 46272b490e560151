"""Each provider adapter's mapping (requests, stop reasons, tool-call ids, usage, errors)
through the real SDKs against local fakes; the conversation rules parser; the pricing
table; the Bedrock fake's event stream frames, decoded by botocore."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.fakes import model_server as fake
from tests.fakes.bedrock_server import FakeBedrock, event, exception
from tests.fakes.openai_server import FakeOpenAI
from wakeful.llm import conversation, pricing, providers, script, settings, slots, turns
from wakeful.llm.exceptions import LLMConfigurationError, LLMMalformedOutputError, LLMProviderError, LLMRefusalError
from wakeful.llm.models import Endpoint
from wakeful.llm.providers import errors

LAYER = Path(__file__).resolve().parents[2] / "layers" / "wakeful"
PROVIDERS_DIR = LAYER / "llm" / "providers"

BEDROCK_MODEL = "us.anthropic.claude-haiku-4-5-20251001-v1:0"
TOOLS = [{"name": "disk_usage", "description": "How full a disk is", "input_schema": {"type": "object"}, "cache_control": {"type": "ephemeral"}}]


def _request(messages: list[dict[str, Any]] | None = None) -> turns.ConversationRequest:
    return turns.ConversationRequest(
        system="You look after a homelab.",
        system_dynamic="Context: {}",
        tools=TOOLS,
        messages=messages or [{"role": "user", "content": [{"type": "text", "text": "check the disk"}]}],
        agent={},
    )


class Recorder(turns.Callbacks):
    def __init__(self) -> None:
        super().__init__(on_text=lambda d: self.texts.append(d), on_reasoning=lambda d: self.thoughts.append(d))
        self.texts: list[str] = []
        self.thoughts: list[str] = []


@pytest.fixture()
def env(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    servers = {"openai": FakeOpenAI(auto=False), "bedrock": FakeBedrock(auto=False)}
    monkeypatch.setenv("OPENAI_API_KEY", "sk-unit")
    monkeypatch.setenv("OPENAI_BASE_URL", f"{servers['openai'].url}/v1")
    monkeypatch.setenv("AWS_ENDPOINT_URL_BEDROCK_RUNTIME", servers["bedrock"].url)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("WAKEFUL_LLM_MAX_RETRIES", "1")
    monkeypatch.setenv("WAKEFUL_LLM_TIMEOUT_SECONDS", "5")
    monkeypatch.delenv("WAKEFUL_OPENAI_SECRET", raising=False)
    settings.reset()
    yield servers
    settings.reset()
    for server in servers.values():
        server.close()


def _converse(name: str, model: str, callbacks: turns.Callbacks | None = None, request: turns.ConversationRequest | None = None) -> Any:
    return providers.get(name).converse(request or _request(), model, callbacks or turns.Callbacks())


CASES = [("openai", "gpt-4o-mini"), ("bedrock", BEDROCK_MODEL)]


@pytest.mark.parametrize(("name", "model"), CASES)
def test_streamed_text_and_reasoning_reach_the_callbacks_and_the_answer(env, name, model) -> None:
    env[name].push(fake.text("The disk is fine.", reasoning="Let me think."))
    seen = Recorder()
    raw = _converse(name, model, seen)
    assert "".join(seen.texts) == "The disk is fine." and "".join(seen.thoughts) == "Let me think."
    assert raw.content == [{"type": "reasoning", "thinking": "Let me think."}, {"type": "text", "text": "The disk is fine."}]
    assert raw.stop_reason == "end_turn" and raw.usage.provider == name and raw.usage.model == model
    turn = conversation.validate(raw, {"disk_usage"})
    assert turn.text == "The disk is fine." and turn.thinking == "Let me think." and conversation.thinking_blocks(turn) == []


@pytest.mark.parametrize(("name", "model"), CASES)
def test_a_tool_call_keeps_the_providers_id_and_its_arguments(env, name, model) -> None:
    env[name].push(fake.tool_call("disk_usage", {"path": "/var"}, "call_abc123"))
    raw = _converse(name, model)
    assert raw.stop_reason == "tool_use"
    assert conversation.validate(raw, {"disk_usage"}).tool_calls == [turns.ToolCall("call_abc123", "disk_usage", {"path": "/var"})]


@pytest.mark.parametrize(("name", "model"), CASES)
def test_malformed_arguments_and_unknown_tools_are_errors_naming_the_tool(env, name, model) -> None:
    env[name].push(fake.tool_call("disk_usage", '{"path": "/var'), fake.tool_call("rm_rf", {}))
    with pytest.raises(LLMMalformedOutputError, match="disk_usage.*not a JSON object"):
        conversation.validate(_converse(name, model), {"disk_usage"})
    with pytest.raises(LLMMalformedOutputError, match="rm_rf.*not one of its tools"):
        conversation.validate(_converse(name, model), {"disk_usage"})


@pytest.mark.parametrize(("name", "model", "stop"), [("openai", "gpt-4o-mini", "content_filter"), ("openai", "gpt-4o-mini", "refusal"), ("bedrock", BEDROCK_MODEL, "guardrail_intervened"), ("bedrock", BEDROCK_MODEL, "content_filtered")])
def test_a_refusal_is_an_error_with_what_the_model_said(env, name, model, stop) -> None:
    env[name].push(fake.Reply(content=[{"type": "text", "text": "I can't help with that."}], stop_reason=stop))
    raw = _converse(name, model)
    assert raw.stop_reason == "refusal"
    with pytest.raises(LLMRefusalError, match="refused to answer: I can't help with that"):
        conversation.validate(raw, {"disk_usage"})


@pytest.mark.parametrize(("name", "model"), CASES)
def test_a_cut_off_answer_maps_to_max_tokens(env, name, model) -> None:
    env[name].push(fake.Reply(content=[{"type": "text", "text": "partial"}], stop_reason="length" if name == "openai" else "max_tokens"))
    assert _converse(name, model).stop_reason == "max_tokens"


@pytest.mark.parametrize(("name", "model"), CASES)
@pytest.mark.parametrize("status", [429, 500, 503])
def test_429_and_5xx_after_the_retries_are_retryable_provider_errors(env, name, model, status) -> None:
    env[name].push(fake.error(status), fake.error(status))
    with pytest.raises(LLMProviderError) as caught:
        _converse(name, model)
    assert caught.value.retryable and caught.value.provider == name and str(status) in str(caught.value)
    assert len(env[name].requests) == 2  # the SDK's one retry, then the error


@pytest.mark.parametrize(("name", "model"), CASES)
def test_a_bad_request_is_not_retryable(env, name, model) -> None:
    env[name].push(fake.error(400, "", "bad input"))
    with pytest.raises(LLMProviderError) as caught:
        _converse(name, model)
    assert not caught.value.retryable and "bad input" in str(caught.value) and len(env[name].requests) == 1


@pytest.mark.parametrize(("name", "model"), CASES)
def test_a_timeout_is_a_retryable_provider_error(env, name, model, monkeypatch) -> None:
    monkeypatch.setenv("WAKEFUL_LLM_TIMEOUT_SECONDS", "0.5")
    monkeypatch.setenv("WAKEFUL_LLM_MAX_RETRIES", "0")
    settings.reset()
    env[name].push(fake.Reply(content=[{"type": "text", "text": "late"}], delay=2.0))
    with pytest.raises(LLMProviderError) as caught:
        _converse(name, model)
    assert caught.value.retryable


def test_openai_usage_splits_cached_prompt_tokens_into_cache_reads_and_prices_them(env) -> None:
    env["openai"].push(fake.Reply(content=[{"type": "text", "text": "ok"}], usage={"input": 600, "output": 50, "cache_read": 400}))
    usage = _converse("openai", "gpt-4o-mini").usage
    assert (usage.input_tokens, usage.cache_read_input_tokens, usage.output_tokens) == (600, 400, 50)
    assert usage.cost_usd == pytest.approx((600 * 0.15 + 400 * 0.075 + 50 * 0.6) / 1_000_000)


def test_bedrock_usage_keeps_cache_reads_and_writes_and_prices_claude_by_its_name(env) -> None:
    env["bedrock"].push(fake.Reply(content=[{"type": "text", "text": "ok"}], usage={"input": 100, "output": 10, "cache_read": 1000, "cache_write": 200}))
    usage = _converse("bedrock", BEDROCK_MODEL).usage
    assert (usage.input_tokens, usage.output_tokens, usage.cache_read_input_tokens, usage.cache_creation_input_tokens) == (100, 10, 1000, 200)
    assert usage.cost_usd == pytest.approx((100 * 1.0 + 10 * 5.0 + 1000 * 0.1 + 200 * 1.25) / 1_000_000)


def test_bedrock_requests_carry_tools_results_and_cache_points_where_the_model_supports_them(env) -> None:
    env["bedrock"].push(fake.text("ok"), fake.text("ok"))
    history = [
        {"role": "user", "content": [{"type": "text", "text": "check the disk"}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "disk_usage", "input": {"path": "/"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "boom", "is_error": True}]},
    ]
    _converse("bedrock", BEDROCK_MODEL, request=_request(history))
    _converse("bedrock", "meta.llama3-70b-instruct-v1:0")
    claude, llama = env["bedrock"].requests
    assert env["bedrock"].model_ids() == [BEDROCK_MODEL, "meta.llama3-70b-instruct-v1:0"]
    assert claude["system"] == [{"text": "You look after a homelab."}, {"cachePoint": {"type": "default"}}]
    assert claude["toolConfig"]["tools"][-1] == {"cachePoint": {"type": "default"}}
    assert claude["messages"][1]["content"] == [{"toolUse": {"toolUseId": "t1", "name": "disk_usage", "input": {"path": "/"}}}]
    # the history is cached up to its last block; the per-call context comes after it
    assert claude["messages"][2]["content"] == [
        {"toolResult": {"toolUseId": "t1", "content": [{"text": "boom"}], "status": "error"}},
        {"cachePoint": {"type": "default"}},
        {"text": "Context: {}"},
    ]
    assert "cachePoint" not in json.dumps(llama)


def test_openai_requests_carry_function_tools_tool_messages_and_the_forced_function(env) -> None:
    from wakeful.llm.providers.openai_provider import chat_request

    env["openai"].push(fake.text("ok"))
    history = [
        {"role": "user", "content": [{"type": "text", "text": "check the disk"}]},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "x", "signature": "s"}, {"type": "tool_use", "id": "call_1", "name": "disk_usage", "input": {"path": "/"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_1", "content": "42%"}, {"type": "text", "text": "[system] woken by timer"}]},
    ]
    _converse("openai", "gpt-4o-mini", request=_request(history))
    sent = env["openai"].requests[0]
    assert sent["messages"][0] == {"role": "system", "content": "You look after a homelab."}
    assert sent["messages"][2] == {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "disk_usage", "arguments": '{"path": "/"}'}}]}
    assert sent["messages"][3] == {"role": "tool", "tool_call_id": "call_1", "content": "42%"}
    (last,) = sent["messages"][4:]  # the per-call context comes last (OpenAI-compatible servers cache prefixes by themselves)
    assert last["role"] == "user" and last["content"].startswith("[system] woken by timer") and last["content"].endswith("Context: {}")
    assert sent["tools"] == [{"type": "function", "function": {"name": "disk_usage", "description": "How full a disk is", "parameters": {"type": "object"}}}]
    assert sent["stream"] is True and sent["stream_options"] == {"include_usage": True}
    forced = chat_request({"model": "m", "max_tokens": 10, "system": [], "tools": TOOLS, "tool_choice": {"type": "tool", "name": "disk_usage"}, "messages": []})
    assert forced["tool_choice"] == {"type": "function", "function": {"name": "disk_usage"}}


def test_an_agents_base_url_is_judged_by_the_url_policy_before_each_call(env, monkeypatch) -> None:
    from wakeful.config import get_settings as core_settings
    from wakeful.llm.exceptions import LLMConfigurationError

    own = Endpoint("openai", "deepseek-chat", f"{env['openai'].url}/v1", "sk-agent-own", checked=True)
    env["openai"].push(fake.text("ok"))
    monkeypatch.setenv("WAKEFUL_DEV_MODE", "0")
    core_settings.cache_clear()
    with pytest.raises(LLMConfigurationError, match="base_url is refused"):  # loopback, and not https
        providers.get("openai").converse(_request(), "deepseek-chat", turns.Callbacks(), own)
    assert env["openai"].requests == []
    monkeypatch.setenv("WAKEFUL_DEV_MODE", "1")  # dev mode allows loopback
    core_settings.cache_clear()
    try:
        providers.get("openai").converse(_request(), "deepseek-chat", turns.Callbacks(), own)
    finally:
        core_settings.cache_clear()
    assert env["openai"].headers[0]["authorization"] == "Bearer sk-agent-own"
    assert env["openai"].headers[0]["host"] == f"127.0.0.1:{env['openai'].httpd.server_address[1]}"


def test_bedrock_in_stream_exceptions_are_provider_errors(env) -> None:
    env["bedrock"].push(fake.Reply(content=[{"type": "text", "text": "part"}], error_type="throttlingException", stop_reason="in-stream"))
    with pytest.raises(LLMProviderError) as caught:
        _converse("bedrock", BEDROCK_MODEL)
    assert caught.value.retryable and "throttlingException" in str(caught.value)


def test_the_fakes_event_stream_frames_decode_with_botocore() -> None:
    from botocore.eventstream import EventStreamBuffer

    buffer = EventStreamBuffer()
    buffer.add_data(event("contentBlockDelta", {"contentBlockIndex": 0, "delta": {"text": "hi"}}) + exception("throttlingException", "slow down"))
    first, second = list(buffer)
    assert first.headers[":event-type"] == "contentBlockDelta" and json.loads(first.payload) == {"contentBlockIndex": 0, "delta": {"text": "hi"}}
    assert second.headers[":message-type"] == "exception" and json.loads(second.payload) == {"message": "slow down"}


# -- conversation rules -------------------------------------------------------------------

RULES = script.parse_rules(
    {"rules": [{"when": "Disk", "then": [{"tool": "disk_usage", "input": {"path": "/"}}, {"tools": [{"tool": "a"}, {"tool": "b", "input": {"x": 1}}]}, {"text": "Fine."}]}]}
)


def _user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": [{"type": "text", "text": text}]}


def test_a_rule_plays_its_steps_one_per_model_call_then_repeats_its_last_text() -> None:
    history = [_user("check the DISK please")]
    first = script.rules_reply(RULES, history)
    assert first == [{"type": "tool_use", "id": "toolu_r000_0", "name": "disk_usage", "input": {"path": "/"}}]
    history += [{"role": "assistant", "content": first}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_r000_0", "content": "ok"}]}]
    second = script.rules_reply(RULES, history)
    assert [(b["id"], b["name"], b["input"]) for b in second] == [("toolu_r001_0", "a", {}), ("toolu_r001_1", "b", {"x": 1})]
    history += [{"role": "assistant", "content": second}]
    assert script.rules_reply(RULES, history) == [{"type": "text", "text": "Fine."}]
    history += [{"role": "assistant", "content": [{"type": "text", "text": "Fine."}]}]
    assert script.rules_reply(RULES, history) == [{"type": "text", "text": "Fine."}]


def test_a_newer_user_text_starts_the_steps_again_and_no_rule_means_none() -> None:
    history = [_user("disk?"), {"role": "assistant", "content": [{"type": "text", "text": "x"}]}, _user("[system] woken by timer: disk")]
    assert script.rules_reply(RULES, history)[0]["name"] == "disk_usage"
    assert script.rules_reply(RULES, [_user("something else")]) is None
    assert script.rules_reply([{"when": "x", "then": [{"tool": "t"}]}], [_user("x"), {"role": "assistant", "content": []}]) == [{"type": "text", "text": "done"}]


APPROVAL_RULES = script.parse_rules(
    {"rules": [
        {"when": "restart nginx", "then": [{"tool": "restart_service", "input": {"service": "nginx"}}, {"text": "nginx restarted."}]},
        {"when": "approved", "then": [{"text": "Restarted."}]},
        {"when": "denied", "then": [{"text": "Left it alone."}]},
    ]}  # fmt: skip
)


def _decided(task: str, decision: str, rules: list[dict[str, Any]], **known: str) -> list[dict[str, Any]]:
    """The history after a person decided the first call the rules answered ``task`` with."""
    history = [_user(task)]
    call = script.rules_reply(rules, history)[0]
    notice = turns.approval_notice(call["name"], call["id"], decision, known.get("by"), known.get("note"))
    result = {"type": "tool_result", "tool_use_id": call["id"], "content": "ok" if decision == "approve" else "denied by a person"}
    return [*history, {"role": "assistant", "content": [call]}, {"role": "user", "content": [result, {"type": "text", "text": notice}]}]


def test_a_rule_may_match_a_persons_approval_or_denial_of_a_tool_call() -> None:
    assert script.rules_reply(APPROVAL_RULES, _decided("restart nginx", "approve", APPROVAL_RULES, by="alice")) == [{"type": "text", "text": "Restarted."}]
    assert script.rules_reply(APPROVAL_RULES, _decided("Restart nginx", "deny", APPROVAL_RULES, note="not now")) == [{"type": "text", "text": "Left it alone."}]
    text, after = script.newest_user_text(_decided("restart nginx", "deny", APPROVAL_RULES, by="bob", note="not now"))
    assert (text, after) == ("[system] Approval: your call of restart_service (toolu_r000_0) was denied by bob. Note: not now", 0)


def test_when_no_rule_matches_the_decision_the_tasks_rule_answers_its_next_step() -> None:
    rules = APPROVAL_RULES[:1]
    assert script.rules_reply(rules, _decided("restart nginx", "approve", rules)) == [{"type": "text", "text": "nginx restarted."}]


def test_a_decision_the_followed_rule_matches_again_goes_on_with_its_steps_instead_of_calling_the_tool_again() -> None:
    rules = script.parse_rules({"rules": [{"when": "restart", "then": [{"tool": "restart_service"}, {"text": "Done."}]}]})
    history = _decided("restart it", "approve", rules)
    assert "restart" in history[-1]["content"][-1]["text"]  # the notice names restart_service
    assert script.rules_reply(rules, history) == [{"type": "text", "text": "Done."}]
    # A second decision in the same run on a rule the first one started goes on with it too.
    rules = script.parse_rules({"rules": [
        {"when": "go", "then": [{"tool": "first"}]},
        {"when": "approved", "then": [{"tool": "second"}, {"text": "Both done."}]},
    ]})  # fmt: skip
    history = _decided("go", "approve", rules)
    second = script.rules_reply(rules, history)
    assert [b["name"] for b in second] == ["second"]
    notice = turns.approval_notice("second", second[0]["id"], "approve")
    history += [{"role": "assistant", "content": second}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": second[0]["id"], "content": "ok"}, {"type": "text", "text": notice}]}]
    assert script.rules_reply(rules, history) == [{"type": "text", "text": "Both done."}]


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ([], "expected a JSON object"),
        ({"rules": {}}, "rules must be a list"),
        ({"rules": [{"when": "a"}]}, r"rules\[0\] must be an object"),
        ({"rules": [{"when": " ", "then": [{"text": "a"}]}]}, r"rules\[0\].when"),
        ({"rules": [{"when": "a", "then": [{"tool": "t", "text": "x"}]}]}, r"rules\[0\].then\[0\] must be one of"),
        ({"rules": [{"when": "a", "then": [{"tools": []}]}]}, r"rules\[0\].then\[0\].tools must be"),
        ({"rules": [{"when": "a", "then": [{"tool": "t", "input": []}]}]}, r"input must be a JSON object"),
    ],
)
def test_a_malformed_script_is_refused_saying_where(given, says) -> None:
    with pytest.raises(script.ScriptError, match=says):
        script.parse_rules(given)


def test_the_example_script_is_valid() -> None:
    from pathlib import Path

    rules = script.load_rules(str(Path(__file__).resolve().parents[2] / "examples" / "script.json"))
    assert any(r["when"] == "morning check-in" for r in rules)


# -- pricing ----------------------------------------------------------------------------


def test_prices_cover_claude_on_both_providers_and_common_openai_compatible_models() -> None:
    assert pricing.prices("claude-sonnet-4-6") == (3.0, 15.0)
    assert pricing.prices("anthropic.claude-sonnet-4-5-20250929-v1:0") == (3.0, 15.0)
    assert pricing.prices("us.anthropic.claude-opus-4-1-20250805-v1:0") == (15.0, 75.0)
    assert pricing.prices("arn:aws:bedrock:us-east-1:123456789012:inference-profile/eu.anthropic.claude-haiku-4-5-20251001-v1:0") == (1.0, 5.0)
    assert pricing.prices("gpt-4o-mini-2024-07-18") == (0.15, 0.6)
    assert pricing.prices("deepseek-chat") == (0.27, 1.1)


def test_an_unknown_model_costs_nothing_and_is_logged() -> None:
    import logging
    import uuid

    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger(pricing.__name__)  # its own handler and level: whatever earlier tests did to logging
    level, disabled = logger.level, logger.disabled
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logger.disabled = False
    try:
        assert pricing.cost_usd(f"my-local-model-{uuid.uuid4().hex[:6]}", 1_000_000, 1_000_000) == 0.0
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.disabled = disabled
    assert any("no price for this model" in r.getMessage() for r in records)


def test_prices_can_be_added_by_configuration(monkeypatch) -> None:
    monkeypatch.setenv("WAKEFUL_LLM_PRICES", json.dumps({"qwen2.5": {"input": 0.2, "output": 0.4}, "openai:gpt-4o": {"input": 1, "output": 2}}))
    settings.reset()
    try:
        assert pricing.cost_usd("qwen2.5:7b", 1_000_000, 1_000_000) == pytest.approx(0.6)
        assert pricing.cost_usd("gpt-4o", 1_000_000, 0, provider="openai") == pytest.approx(1.0)
        assert pricing.cost_usd("gpt-4o", 1_000_000, 0, provider="bedrock") == pytest.approx(2.5)
    finally:
        monkeypatch.delenv("WAKEFUL_LLM_PRICES")
        settings.reset()


def test_the_default_provider_may_be_any_of_four_and_a_script_makes_it_scripted() -> None:
    assert settings.settings_from_env({"WAKEFUL_LLM_PROVIDER": "bedrock"}).model == settings.DEFAULT_MODELS["bedrock"]
    assert settings.settings_from_env({"WAKEFUL_LLM_PROVIDER": "openai"}).default_model("anthropic") == settings.DEFAULT_MODEL
    scripted = settings.settings_from_env({"ANTHROPIC_API_KEY": "sk", "WAKEFUL_LLM_SCRIPT": "x.json"})
    assert scripted.provider == "scripted" and scripted.script_path == "x.json"


@pytest.mark.parametrize("value", ["foo", "Gemini", "scripted-ish", "anthropic,bedrock"])
def test_a_default_provider_wakeful_has_not_fails_the_cold_start_naming_the_variable_and_the_choices(value: str) -> None:
    from wakeful import config

    says = rf"^WAKEFUL_LLM_PROVIDER must be anthropic, bedrock, openai or scripted, not '{value}'$"
    with pytest.raises(ValueError, match=says):
        config.settings_from_env({"WAKEFUL_LLM_PROVIDER": value})  # what every function reads at its cold start
    with pytest.raises(ValueError, match=says):
        settings.settings_from_env({"WAKEFUL_LLM_PROVIDER": value})


def test_the_default_provider_is_read_trimmed_and_in_any_case() -> None:
    from wakeful import config

    assert config.settings_from_env({"WAKEFUL_LLM_PROVIDER": " OpenAI "}) is not None
    assert settings.settings_from_env({"WAKEFUL_LLM_PROVIDER": " OpenAI "}).provider == "openai"


def test_the_bedrock_endpoint_is_the_specific_variable_else_the_region_never_the_emulator(monkeypatch) -> None:
    from wakeful.llm.providers.bedrock_provider import endpoint_url

    monkeypatch.setenv("AWS_ENDPOINT_URL", "http://127.0.0.1:5000")
    monkeypatch.delenv("AWS_ENDPOINT_URL_BEDROCK_RUNTIME", raising=False)
    assert endpoint_url("eu-west-1") == "https://bedrock-runtime.eu-west-1.amazonaws.com"
    monkeypatch.setenv("AWS_ENDPOINT_URL_BEDROCK_RUNTIME", "http://127.0.0.1:7000")
    assert endpoint_url("eu-west-1") == "http://127.0.0.1:7000"


class Verdict(__import__("pydantic").BaseModel):
    should_post: bool
    reasoning: str


@pytest.mark.parametrize(("name", "model"), CASES)
def test_a_structured_answer_forces_the_response_tool_and_validates(env, name, model) -> None:
    from wakeful.llm import parsing
    from wakeful.llm.models import LLMRequest, ResponseSpec

    spec = ResponseSpec("decide", "Decide.", {"type": "object"}, Verdict)
    env[name].push(fake.tool_call("decide", {"should_post": True, "reasoning": "fresh"}, "call_forced"))
    request = LLMRequest(task="Decide.", data={"x": 1}, response=spec, agent={"name": "Ada"}, temperature=0.2)
    raw = providers.get(name).complete(request, model)
    data, _ = parsing.from_content(raw.content, "decide")
    assert parsing.validate(spec, data) == Verdict(should_post=True, reasoning="fresh")
    sent = env[name].requests[0]
    if name == "openai":
        assert sent["tool_choice"] == {"type": "function", "function": {"name": "decide"}} and sent["temperature"] == 0.2
        assert "stream" not in sent and '<input>\n{"x":1}\n</input>' in sent["messages"][-1]["content"]
    else:
        assert sent["toolConfig"]["toolChoice"] == {"tool": {"name": "decide"}} and sent["inferenceConfig"]["temperature"] == 0.2


def test_a_scripts_rule_reads_past_the_per_call_context_every_request_ends_with() -> None:
    from wakeful.llm import script, turns

    request = turns.ConversationRequest(
        system="s",
        system_dynamic=f"{turns.CONTEXT_HEADING}\nNo stored context.",
        tools=[],
        messages=[
            {"role": "user", "content": "check the disk"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "disk", "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "91%"}]},
        ],
        agent={},
    )
    sent = turns.params(request, "claude-x")["messages"]
    assert sent[-1]["content"][-1]["text"].startswith(turns.CONTEXT_HEADING)
    assert script.newest_user_text(sent) == ("check the disk", 1)  # the task, one model turn after it


# -- one registry, one error mapping -----------------------------------------------------


class _Named:
    def __init__(self, name: str, label: str) -> None:
        self.name, self.label = name, label

    def classify(self, error: Exception) -> errors.Failure | None:
        return None


@pytest.mark.parametrize(
    ("name", "label", "failure", "said", "retryable"),
    [
        ("anthropic", "the Anthropic API", errors.Failure(errors.STATUS, 529, "overloaded_error", "Overloaded"), "the Anthropic API answered HTTP 529 overloaded_error after 3 attempts: Overloaded", True),
        ("anthropic", "the Anthropic API", errors.Failure(errors.SHAPE, detail="no content"), "the Anthropic API answered an unexpected shape: no content", False),
        ("openai", "the OpenAI-compatible endpoint", errors.Failure(errors.STATUS, 400, detail="bad input"), "the OpenAI-compatible endpoint answered HTTP 400: bad input", False),
        ("openai", "the OpenAI-compatible endpoint", errors.Failure(errors.FAILED, detail="stream broke"), "the OpenAI-compatible endpoint failed: stream broke", False),
        ("openai", "the OpenAI-compatible endpoint", errors.Failure(errors.CONNECTION, detail="refused"), "could not reach the OpenAI-compatible endpoint (3 attempts): refused", True),
        ("bedrock", "Bedrock", errors.Failure(errors.STATUS, 0, "ThrottlingException", "slow down", True), "Bedrock answered ThrottlingException after 3 attempts: slow down", True),
        ("bedrock", "Bedrock", errors.Failure(errors.STATUS, 409, "an error", "", False), "Bedrock answered HTTP 409 an error: ", False),
        ("bedrock", "Bedrock", errors.Failure(errors.TIMEOUT), "Bedrock did not answer within 30 s (3 attempts)", True),
        ("bedrock", "Bedrock", errors.Failure(errors.REFUSED, detail="x"), "Bedrock refused the request's shape: x", False),
        ("bedrock", "Bedrock", errors.Failure(errors.UNREADABLE, detail="x"), "Bedrock answered something unreadable: x", False),
        ("bedrock", "Bedrock", errors.Failure(errors.FAILED, detail="x", retryable=True), "Bedrock failed: x", True),
    ],
)
def test_the_shared_error_mapping_says_what_each_provider_said_on_its_own(name, label, failure, said, retryable) -> None:
    error = errors.error_for(_Named(name, label), failure, attempts=3, timeout=30.0)
    assert isinstance(error, LLMProviderError) and str(error) == said
    assert (error.retryable, error.provider) == (retryable, name)


def test_a_configuration_failure_is_a_configuration_error() -> None:
    error = errors.error_for(_Named("bedrock", "Bedrock"), errors.Failure(errors.CONFIGURATION, detail="no credentials"), 3, 30.0)
    assert isinstance(error, LLMConfigurationError) and str(error) == "no credentials"


def test_every_provider_module_maps_its_errors_through_the_shared_mapping() -> None:
    for name in ("anthropic_provider", "bedrock_provider", "openai_provider"):
        text = (PROVIDERS_DIR / f"{name}.py").read_text()
        assert "errors.mapped(self)" in text and "LLMProviderError(f\"" not in text.split("def _classify")[-1], name


def _provider_literals(sources: dict[str, str]) -> list[str]:
    """``"anthropic"``, ``"bedrock"``, ``"openai"`` written as strings in code outside
    ``llm/providers/`` (docstrings and comments are not string constants in the code)."""
    import ast

    found = []
    for path, text in sources.items():
        if path.startswith("llm/providers/") or path in LITERAL_EXCEPTIONS:
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Constant) and node.value in ("anthropic", "bedrock", "openai"):
                found.append(f"{path}:{node.lineno} {node.value!r}")
    return found


#: Modules that may name a provider besides the providers' own: the llm manifest, where
#: Wakeful's providers register (one entry each); every list, message and rule derives
#: from what is installed; and the built-in price table, which is data keyed by provider
#: (a provider without a row there is priced by the deployment's table).
LITERAL_EXCEPTIONS: frozenset[str] = frozenset({"llm/manifest.py", "llm/pricing.py"})


def test_no_code_outside_the_providers_names_a_provider() -> None:
    sources = {p.relative_to(LAYER).as_posix(): p.read_text() for p in LAYER.rglob("*.py")}
    assert _provider_literals(sources) == []


def test_the_provider_names_check_finds_a_name_written_in_code() -> None:
    sources = {"llm/service.py": '"""Docs may say openai."""\nif provider == "openai":\n    pass\n', "llm/providers/x.py": 'NAME = "bedrock"\n'}
    assert _provider_literals(sources) == ["llm/service.py:2 'openai'"]


@pytest.fixture()
def restore_providers() -> Iterator[None]:
    installed = slots.PROVIDERS.installed()
    yield
    slots.PROVIDERS.install(*installed)


def test_the_installed_providers_make_every_list_of_provider_names(restore_providers) -> None:
    from wakeful import config

    assert providers.names() == ("anthropic", "bedrock", "openai", "scripted") and providers.agent_names() == ("anthropic", "bedrock", "openai")
    assert dict(settings.DEFAULT_MODELS) == {entry.name: entry.default_model for entry in slots.PROVIDERS.installed()}
    slots.PROVIDERS.install(*slots.PROVIDERS.installed(), slots.ProviderEntry("fake", lambda: object, "fake-1", agent_choosable=False))
    assert config.llm_provider("Fake") == "fake" and "fake" not in providers.agent_names()
    assert settings.settings_from_env({"WAKEFUL_LLM_PROVIDER": "fake"}).model == "fake-1"
    with pytest.raises(ValueError, match=r"^WAKEFUL_LLM_PROVIDER must be anthropic, bedrock, openai, scripted or fake, not 'x'$"):
        config.settings_from_env({"WAKEFUL_LLM_PROVIDER": "x"})
