"""Reading interceptor answers: what each answer decides, which changes an answer may
make, and what a failure does under each ``on_failure``."""

from __future__ import annotations

import json

import pytest

from wakeful.interceptors import answers, policy
from wakeful.interceptors.answers import AnswerRefusedError
from wakeful.interceptors.decisions import Continue, Deny, RequireApproval, Respond


def message_event(content: str = "hello") -> dict:
    return {
        "id": "evt_1",
        "type": "message",
        "created_by": "user",
        "thread_id": "thr_1",
        "message": {"role": "user", "content": content},
    }


def tool_event(*calls: tuple[str, object]) -> dict:
    return {
        "id": "evt_2",
        "type": "tool_call",
        "created_by": "agent",
        "thread_id": "thr_1",
        "agent_name": "Ops",
        "tool_calls": [{"id": f"call_{i}", "name": name, "arguments": args} for i, (name, args) in enumerate(calls)],
    }


def parse(event: dict, answer: object) -> answers.Verdict:
    body = answer if isinstance(answer, bytes) else json.dumps(answer).encode()
    return answers.parse_answer(event, body)


# -- continue ------------------------------------------------------------------------
@pytest.mark.parametrize("body", [b"", b"  \n", b"{}"])
def test_an_empty_answer_or_an_empty_object_continues_with_the_original_event(body):
    event = message_event()
    verdict = answers.parse_answer(event, body)
    assert verdict.kind == "continue"
    assert verdict.decision == Continue(event)


def test_an_event_answered_back_unchanged_is_a_continue_not_a_mutation():
    event = tool_event(("restart", {"host": "a"}))
    verdict = parse(event, {"event": event})
    assert verdict.kind == "continue" and verdict.decision == Continue(event)


# -- mutate --------------------------------------------------------------------------
def test_a_changed_message_content_is_a_mutation_the_step_goes_on_with():
    event = message_event("my card is 4111 1111 1111 1111")
    changed = {**event, "message": {**event["message"], "content": "my card is [redacted]"}}
    verdict = parse(event, {"event": changed})
    assert verdict.kind == "mutate"
    assert verdict.decision.event["message"]["content"] == "my card is [redacted]"
    assert verdict.decision.event["thread_id"] == "thr_1"
    assert event["message"]["content"].startswith("my card is 4111")  # the original is not touched


def test_changed_tool_arguments_are_a_mutation_of_that_call_only():
    event = tool_event(("restart", {"host": "a"}), ("status", {"host": "b"}))
    changed = json.loads(json.dumps(event))
    changed["tool_calls"][0]["arguments"] = {"host": "a", "dry_run": True}
    verdict = parse(event, {"event": changed})
    assert verdict.kind == "mutate"
    calls = verdict.decision.event["tool_calls"]
    assert calls[0] == {"id": "call_0", "name": "restart", "arguments": {"host": "a", "dry_run": True}}
    assert calls[1] == event["tool_calls"][1]


def test_string_arguments_may_be_changed_to_another_string():
    event = tool_event(("search", '{"q": "x"}'))
    changed = json.loads(json.dumps(event))
    changed["tool_calls"][0]["arguments"] = '{"q": "y"}'
    assert parse(event, {"event": changed}).decision.event["tool_calls"][0]["arguments"] == '{"q": "y"}'


# -- refused changes (malicious or mistaken answers) ---------------------------------
@pytest.mark.parametrize(
    "field, value",
    [
        ("thread_id", "thr_someone_elses"),
        ("type", "tool_call"),
        ("id", "evt_other"),
        ("created_by", "system"),
    ],
)
def test_an_answer_that_changes_a_fixed_field_of_a_message_event_is_refused(field, value):
    event = message_event()
    with pytest.raises(AnswerRefusedError, match=f"event.{field}"):
        parse(event, {"event": {**event, field: value}})


def test_an_answer_that_changes_the_message_role_is_refused():
    event = message_event()
    with pytest.raises(AnswerRefusedError, match="message.role"):
        parse(event, {"event": {**event, "message": {"role": "system", "content": "hello"}}})


@pytest.mark.parametrize(
    "change",
    [
        lambda e: e["tool_calls"][0].update(name="delete_everything"),
        lambda e: e["tool_calls"][0].update(id="call_forged"),
        lambda e: e.update(agent_name="Other"),
        lambda e: e["tool_calls"].append({"id": "call_9", "name": "rm", "arguments": {}}),
        lambda e: e["tool_calls"].pop(),
        lambda e: e["tool_calls"][0].update(arguments="now a string"),
        lambda e: e.update(extra="field"),
        lambda e: e.pop("thread_id"),
        lambda e: e["tool_calls"][0].update(approved=True),
    ],
    ids=["rename-tool", "change-call-id", "agent-name", "add-call", "drop-call", "args-type", "add-field", "drop-field", "add-call-field"],
)
def test_an_answer_that_changes_a_tool_call_event_beyond_its_arguments_is_refused(change):
    event = tool_event(("restart", {"host": "a"}), ("status", {}))
    changed = json.loads(json.dumps(event))
    change(changed)
    with pytest.raises(AnswerRefusedError):
        parse(event, {"event": changed})


def test_a_message_content_that_is_not_a_string_is_refused():
    event = message_event()
    with pytest.raises(AnswerRefusedError, match="content must be a string"):
        parse(event, {"event": {**event, "message": {"role": "user", "content": ["x"]}}})


# -- respond -------------------------------------------------------------------------
def test_respond_defaults_to_an_agent_message_enqueued_immediately():
    verdict = parse(message_event(), {"respond": {"content": "We are closed today."}})
    assert verdict.kind == "respond"
    assert verdict.decision == Respond(content="We are closed today.", sender_type="agent", enqueue_after="immediately")


def test_respond_after_tool_results_is_kept_on_a_tool_call_step():
    verdict = parse(tool_event(("x", {})), {"respond": {"content": "done", "sender_type": "system", "enqueue_after": "tool_results"}})
    assert verdict.decision == Respond(content="done", sender_type="system", enqueue_after="tool_results")


def test_respond_after_tool_results_on_a_message_step_is_immediate():
    verdict = parse(message_event(), {"respond": {"content": "hi", "enqueue_after": "tool_results"}})
    assert verdict.decision.enqueue_after == "immediately"


@pytest.mark.parametrize(
    "body",
    [
        {"content": ""},
        {"content": 42},
        {},
        {"content": "x", "sender_type": "robot"},  # user and tool are senders too now
        {"content": "x", "sender_id": ""},
        {"content": "x", "enqueue_after": "later"},
        {"content": "x", "thread_id": "thr_other"},
        "just text",
    ],
)
def test_a_respond_of_the_wrong_shape_is_refused(body):
    with pytest.raises(AnswerRefusedError, match="respond"):
        parse(message_event(), {"respond": body})


# -- deny ----------------------------------------------------------------------------
def test_deny_on_a_tool_call_step_carries_the_reason():
    verdict = parse(tool_event(("stop_server", {})), {"deny": {"reason": "players are online"}})
    assert verdict.kind == "deny" and verdict.decision == Deny(reason="players are online")


def test_deny_without_a_reason_still_denies():
    verdict = parse(tool_event(("stop_server", {})), {"deny": {}})
    assert verdict.decision == Deny(reason=answers.DEFAULT_DENY_REASON)


def test_deny_on_a_message_step_is_refused():
    with pytest.raises(AnswerRefusedError, match="tool calls only"):
        parse(message_event(), {"deny": {"reason": "no"}})


# -- garbage -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "body",
    [b"<html>oops</html>", b"\xff\xfe", b"[]", b"null", b"42", b'"continue"', b'{"ok": true}', b'{"respond": {"content": "a"}, "deny": {}}'],
    ids=["html", "not-utf8", "array", "null", "number", "string", "unknown-key", "two-answers"],
)
def test_an_answer_that_is_not_one_of_the_four_shapes_is_refused(body):
    with pytest.raises(AnswerRefusedError):
        answers.parse_answer(tool_event(("x", {})), body)


# -- on_failure ----------------------------------------------------------------------
def test_a_failure_with_on_failure_allow_continues_unchanged():
    event = tool_event(("x", {}))
    verdict = answers.failed(event, "allow", "no answer within timeout_ms (100 ms)")
    assert verdict.kind == "failed" and verdict.decision == Continue(event)
    assert verdict.error == "no answer within timeout_ms (100 ms)"


def test_a_failure_with_on_failure_deny_denies_a_tool_call_saying_the_interceptor_failed():
    verdict = answers.failed(tool_event(("x", {})), "deny", "the interceptor answered HTTP 500")
    assert isinstance(verdict.decision, Deny)
    assert "interceptor failed" in verdict.decision.reason and "HTTP 500" in verdict.decision.reason


def test_a_failure_with_on_failure_deny_holds_a_message_back():
    verdict = answers.failed(message_event(), "deny", "the interceptor answered HTTP 500")
    assert isinstance(verdict.decision, Deny) and "message was not processed" in verdict.decision.reason


# -- tool_policy ---------------------------------------------------------------------
def test_tool_policy_denies_a_batch_that_calls_a_denied_tool_naming_it():
    decision = policy.evaluate({"deny": ["stop_server"]}, tool_event(("status", {}), ("stop_server", {})))
    assert isinstance(decision, Deny)
    assert "stop_server" in decision.reason and "call them again on their own" in decision.reason


def test_tool_policy_asks_approval_for_those_calls_only():
    decision = policy.evaluate({"require_approval": ["deploy"]}, tool_event(("status", {}), ("deploy", {})))
    assert decision == RequireApproval(tool_call_ids=("call_1",))


def test_tool_policy_has_nothing_to_say_about_messages_or_other_tools():
    rules = {"deny": ["stop_server"], "require_approval": ["deploy"]}
    assert policy.evaluate(rules, message_event("stop_server")) is None
    assert policy.evaluate(rules, tool_event(("status", {}))) is None
    assert policy.evaluate(None, tool_event(("stop_server", {}))) is None
