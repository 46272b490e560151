"""The threads' pure parts: delays, waits, triggers, the scripted conversation replay,
the conversation sent to the model, and validating the model's answer."""

from __future__ import annotations

import pytest

from wakeful.agents.records import Agent
from wakeful.llm import conversation, script
from wakeful.llm.exceptions import LLMMalformedOutputError
from wakeful.llm.models import RawAnswer, Usage
from wakeful.threads import matching, prompt, records


@pytest.mark.parametrize("delay, seconds", [("90s", 90), ("30m", 1800), ("2h", 7200), ("1d", 86400), (" 30d ", 30 * 86400)])
def test_delays_are_a_number_and_a_unit(delay, seconds):
    assert matching.parse_delay(delay) == seconds


@pytest.mark.parametrize("delay", ["0s", "31d", "soon", "30", "1w", "-5m", ""])
def test_a_delay_outside_1s_to_30d_or_without_a_unit_is_refused(delay):
    with pytest.raises(ValueError):
        matching.parse_delay(delay)


def test_waits_accept_types_and_typed_matches_and_match_payload_fields():
    waits = matching.normalize_waits(["server_empty", {"event_type": "player_left", "match": {"server": "mc"}}])
    assert waits == [{"event_type": "server_empty", "match": {}}, {"event_type": "player_left", "match": {"server": "mc"}}]
    assert matching.wait_matches(waits, "server_empty", {"anything": 1})
    assert matching.wait_matches(waits, "player_left", {"server": "mc", "count": 0})
    assert not matching.wait_matches(waits, "player_left", {"server": "atm-10"})
    assert not matching.wait_matches(waits, "SERVER_EMPTY", {})  # event types are case-sensitive
    with pytest.raises(ValueError):
        matching.normalize_waits([{"match": {}}])


def test_the_first_matching_trigger_wins():
    triggers = [{"event_type": "temp_high", "match": {"host": "a"}}, {"event_type": "temp_high"}]
    assert matching.matching_trigger(triggers, "temp_high", {"host": "a"}) == 0
    assert matching.matching_trigger(triggers, "temp_high", {"host": "b"}) == 1
    assert matching.matching_trigger(triggers, "cpu_high", {}) is None


def test_a_derived_thread_id_is_stable_and_time_ordered():
    first = records.derived_thread_id(1000.0, "agt", "1", "0")
    assert first == records.derived_thread_id(1000.0, "agt", "1", "0")
    assert first != records.derived_thread_id(1000.0, "agt", "2", "0")
    assert records.derived_thread_id(999.0, "agt", "9", "0") < first
    assert first.startswith("thr_") and len(first) == 30


SCRIPT = {
    "scenarios": [
        {"match": "other", "turns": [{"text": "wrong scenario"}]},
        {
            "match": "slow",
            "turns": [
                {"thinking": "hmm", "text": "checking", "tool_calls": [{"name": "metrics", "input": {}}, {"name": "pause", "input": {"x": 1}}]},
                [{"when": "woken by event", "text": "event path"}, {"when": "timer", "text": "timer path"}],
            ],
        },
    ]
}


def test_the_script_replays_the_kth_turn_of_the_matching_scenario():
    first = script.reply(SCRIPT, [{"role": "user", "content": "the server is slow"}])
    assert first == [
        {"type": "thinking", "thinking": "hmm", "signature": "scripted"},
        {"type": "text", "text": "checking"},
        {"type": "tool_use", "id": "toolu_s000_0", "name": "metrics", "input": {}},
        {"type": "tool_use", "id": "toolu_s000_1", "name": "pause", "input": {"x": 1}},
    ]
    history = [{"role": "user", "content": "the server is slow"}, {"role": "assistant", "content": first}]
    woken = script.reply(SCRIPT, [*history, {"role": "user", "content": [{"type": "text", "text": "[system] You were woken by your timer"}]}])
    assert woken == [{"type": "text", "text": "timer path"}]
    done = script.reply(SCRIPT, [*history, {"role": "user", "content": "x"}, {"role": "assistant", "content": "y"}, {"role": "user", "content": "z"}])
    assert done == [{"type": "text", "text": script.DONE_TEXT}]


def test_the_conversation_pairs_every_tool_call_with_a_result():
    history = [
        {"seq": 1, "role": "user", "content": "go"},
        {"seq": 2, "role": "assistant", "content": "ok", "tool_calls": [{"id": "a", "name": "t", "arguments": {}}, {"id": "b", "name": "u", "arguments": {"k": 1}}]},
        {"seq": 3, "role": "tool", "content": "done", "tool_call_id": "a"},
        {"seq": 4, "role": "system", "content": "not now"},
    ]
    turns = prompt.conversation(history)
    assert [t["role"] for t in turns] == ["user", "assistant", "user"]
    results = turns[2]["content"]
    assert results[0] == {"type": "tool_result", "tool_use_id": "a", "content": "done"}
    assert results[1] == {"type": "tool_result", "tool_use_id": "b", "content": "not run", "is_error": True}
    assert results[2] == {"type": "text", "text": "[system] not now"}


def test_a_persons_decisions_follow_the_turns_tool_results_in_the_same_user_message():
    history = [
        {"seq": 1, "role": "user", "content": "restart nginx"},
        {"seq": 2, "role": "assistant", "content": "", "tool_calls": [
            {"id": "a", "name": "restart_service", "arguments": {"service": "nginx"}},
            {"id": "b", "name": "disk_usage", "arguments": {}},
            {"id": "c", "name": "stop_server", "arguments": {}},
        ]},  # fmt: skip
        {"seq": 3, "role": "tool", "content": "ok", "tool_call_id": "a", "tool_name": "restart_service", "approval": {"decision": "approve", "by": "alice", "note": "go ahead"}},
        {"seq": 4, "role": "tool", "content": "42%", "tool_call_id": "b", "tool_name": "disk_usage"},
        {"seq": 5, "role": "tool", "content": "denied by a person", "tool_call_id": "c", "tool_name": "stop_server", "is_error": True, "approval": {"decision": "deny"}},
    ]
    turns = prompt.conversation(history)
    assert [t["role"] for t in turns] == ["user", "assistant", "user"]
    assert turns[2]["content"] == [
        {"type": "tool_result", "tool_use_id": "a", "content": "ok"},
        {"type": "tool_result", "tool_use_id": "b", "content": "42%"},
        {"type": "tool_result", "tool_use_id": "c", "content": "denied by a person", "is_error": True},
        {"type": "text", "text": "[system] Approval: your call of restart_service (a) was approved by alice. Note: go ahead"},
        {"type": "text", "text": "[system] Approval: your call of stop_server (c) was denied."},
    ]


def test_a_long_history_is_trimmed_at_a_user_turn_for_the_model():
    history = [{"seq": i, "role": "user" if i % 2 else "assistant", "content": str(i)} for i in range(1, 200)]
    turns = prompt.conversation(history)
    assert turns[0]["role"] == "user"
    assert sum(len(t["content"]) for t in turns) <= records.MAX_PROMPT_MESSAGES


def test_the_system_prompt_carries_guidelines_channel_context_and_wake_reason():
    agent = Agent(agent_id="agt_1", owner="o", name="Superbloom", alias="bloom", heartbeat_interval_seconds=60, system_prompt="You run a homelab.", personality="caring")
    stable = prompt.system(agent, _thread(prompt_mode="heartbeat"))
    assert stable.startswith("You run a homelab.") and "HEARTBEAT_OK" in stable and "caring" in stable
    assert "do not ask follow-up questions" in prompt.system(agent, _thread(prompt_mode="scheduled"))
    dynamic = prompt.dynamic(_thread(context={"server": "atm-10"}, wake_reason="stop it", wakes=1))
    assert 'Stored context: {"server": "atm-10"}' in dynamic and "You just woke up. Reason: stop it" in dynamic
    assert "No stored context." in prompt.dynamic(_thread())


def _thread(**fields):
    return records.Thread(agent_id="agt_1", thread_id="thr_1", **fields)


def _raw(*blocks, stop="tool_use"):
    return RawAnswer(list(blocks), Usage(model="m"), stop)


def test_valid_tool_use_becomes_a_turn():
    turn = conversation.validate(_raw({"type": "text", "text": "hi "}, {"type": "tool_use", "id": "t1", "name": "a", "input": {"k": 1}}), {"a"})
    assert turn.text == "hi" and [c.as_dict() for c in turn.tool_calls] == [{"id": "t1", "name": "a", "arguments": {"k": 1}}]


@pytest.mark.parametrize(
    "blocks, stop, message",
    [
        ([{"type": "tool_use", "id": "t1", "name": "b", "input": {}}], "tool_use", "not one of its tools"),
        ([{"type": "tool_use", "id": "t1", "name": "a", "input": [1]}], "tool_use", "not a JSON object"),
        ([{"type": "tool_use", "id": "", "name": "a", "input": {}}], "tool_use", "has no id"),
        ([{"type": "text", "text": ""}], "end_turn", "neither text nor a tool call"),
        ([{"type": "image"}], "end_turn", "unknown type"),
        ([{"type": "tool_use", "id": "t1", "name": "a", "input": {}}], "max_tokens", "cut off"),
        ([{"type": "tool_use", "id": "t1", "name": "a", "input": {}}, {"type": "tool_use", "id": "t1", "name": "a", "input": {}}], "tool_use", "twice"),
    ],
)
def test_an_answer_that_is_not_valid_tool_use_is_malformed(blocks, stop, message):
    with pytest.raises(LLMMalformedOutputError, match=message):
        conversation.validate(_raw(*blocks, stop=stop), {"a"})


def test_requests_put_cache_breakpoints_on_tools_the_stable_system_prompt_and_the_history_then_the_dynamic_part_last():
    history = [{"role": "user", "content": "hello"}]
    request = conversation.ConversationRequest(system="stable", system_dynamic="dynamic", tools=[{"name": "a"}, {"name": "b"}], messages=history, agent={})
    params = conversation.params(request, "claude-x")
    assert params["system"] == [{"type": "text", "text": "stable", "cache_control": {"type": "ephemeral"}}]
    assert "cache_control" not in params["tools"][0] and params["tools"][1]["cache_control"] == {"type": "ephemeral"}
    # what changes from call to call (stored context, the wake reason) comes last, after the cached history
    assert params["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "hello", "cache_control": {"type": "ephemeral"}}, {"type": "text", "text": "dynamic"}]}
    ]
    assert history == [{"role": "user", "content": "hello"}]  # the caller's history is left as it is


LOOP = [
    {"role": "user", "content": [{"type": "text", "text": "weather?"}]},
    {"role": "assistant", "content": [
        {"type": "thinking", "thinking": "hmm", "signature": "sig"},
        {"type": "tool_use", "id": "t1", "name": "a", "input": {}},
    ]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "sunny"}]},
]  # fmt: skip


def _request(messages: list, budget: int | None) -> conversation.ConversationRequest:
    return conversation.ConversationRequest(system="s", tools=[{"name": "a"}], messages=messages, agent={}, thinking_budget_tokens=budget)


def test_a_thinking_budget_enables_thinking_above_the_answers_max_tokens_and_keeps_the_thinking_blocks():
    params = conversation.params(_request(LOOP, 4096), "claude-x")
    assert params["thinking"] == {"type": "enabled", "budget_tokens": 4096}
    assert params["max_tokens"] == 4096 + 2048 and "temperature" not in params and "tool_choice" not in params
    assert params["messages"][1]["content"][0]["type"] == "thinking"


def test_without_a_thinking_budget_no_thinking_is_asked_and_stored_thinking_is_left_out():
    params = conversation.params(_request(LOOP, None), "claude-x")
    assert "thinking" not in params and params["max_tokens"] == 2048
    assert [b["type"] for b in params["messages"][1]["content"]] == ["tool_use"]


def test_a_tool_loop_begun_without_thinking_finishes_without_it():
    begun_without = [LOOP[0], {"role": "assistant", "content": [LOOP[1]["content"][1]]}, LOOP[2]]
    assert "thinking" not in conversation.params(_request(begun_without, 4096), "claude-x")
    assert "thinking" in conversation.params(_request(LOOP[:1], 4096), "claude-x")


def test_the_history_sends_an_assistant_turns_thinking_blocks_first():
    history = [
        {"seq": 1, "role": "user", "content": "weather?"},
        {"seq": 2, "role": "assistant", "content": "looking", "thinking_blocks": [{"type": "thinking", "thinking": "hmm", "signature": "sig"}],
         "tool_calls": [{"id": "t1", "name": "a", "arguments": {}}]},
    ]  # fmt: skip
    turn = prompt.conversation(history)[1]
    assert [b["type"] for b in turn["content"]] == ["thinking", "text", "tool_use"]
    assert turn["content"][0] == {"type": "thinking", "thinking": "hmm", "signature": "sig"}
