"""Reading an interceptor's answer: pure functions, no I/O.

An answer is trusted only as far as the contract allows. ``{"event": …}`` may change a
message's ``content`` and tool calls' ``arguments`` and nothing else: the step goes on
with a copy of the *original* event carrying just those two kinds of change, so an
answer cannot move a step to another thread, turn a message into a tool call, rename a
tool or forge ``created_by``. Anything the contract does not describe is a failure, and
a failure follows the interceptor's ``on_failure``.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, Literal

from wakeful.interceptors.decisions import Continue, Decision, Deny, Respond

MAX_CONTENT_CHARS = 200_000
MAX_REASON_CHARS = 2000
DEFAULT_DENY_REASON = "denied by the interceptor"

Kind = Literal["continue", "mutate", "respond", "deny", "failed"]


class AnswerRefusedError(ValueError):
    """The answer is not one the contract allows; the message says why."""


@dataclass(frozen=True)
class Verdict:
    """What one interceptor call came to: the recorded ``kind`` and the decision the
    step follows (for ``failed``, the one ``on_failure`` chose)."""

    kind: Kind
    decision: Decision
    error: str | None = None


def _plain(event: dict[str, Any]) -> dict[str, Any]:
    """The event as the interceptor saw it (JSON types only)."""
    return json.loads(json.dumps(event, default=str))


def _refuse(path: str, what: str) -> AnswerRefusedError:
    return AnswerRefusedError(f"the answer {what} event.{path}, which an interceptor may not change")


def _same_keys(original: dict[str, Any], changed: dict[str, Any], prefix: str) -> None:
    for key in original.keys() - changed.keys():
        raise _refuse(prefix + key, "removes")
    for key in changed.keys() - original.keys():
        raise _refuse(prefix + key, "adds")


def _check_message(original: dict[str, Any], changed: Any) -> str:
    if not isinstance(changed, dict):
        raise AnswerRefusedError("event.message must be an object")
    _same_keys(original, changed, "message.")
    for key in original:
        if key != "content" and changed[key] != original[key]:
            raise _refuse(f"message.{key}", "changes")
    content = changed["content"]
    if not isinstance(content, str):
        raise AnswerRefusedError("event.message.content must be a string")
    if len(content) > MAX_CONTENT_CHARS:
        raise AnswerRefusedError(f"event.message.content is over {MAX_CONTENT_CHARS} characters")
    return content


def _check_tool_calls(original: list[dict[str, Any]], changed: Any) -> list[Any]:
    if not isinstance(changed, list) or len(changed) != len(original):
        raise AnswerRefusedError(
            "event.tool_calls must list the same tool calls in the same order (to stop one, answer deny)"
        )
    arguments = []
    for index, (before, after) in enumerate(zip(original, changed, strict=False)):
        where = f"tool_calls[{index}]"
        if not isinstance(after, dict):
            raise AnswerRefusedError(f"event.{where} must be an object")
        _same_keys(before, after, where + ".")
        for key in before:
            if key != "arguments" and after[key] != before[key]:
                raise _refuse(f"{where}.{key}", "changes")
        if type(after["arguments"]) is not type(before["arguments"]):
            kind = "an object" if isinstance(before["arguments"], dict) else f"a {type(before['arguments']).__name__}"
            raise AnswerRefusedError(f"event.{where}.arguments must stay {kind}")
        arguments.append(after["arguments"])
    return arguments


def apply_mutation(event: dict[str, Any], answer_event: Any) -> tuple[dict[str, Any], bool]:
    """The event the step goes on with, and whether it differs from ``event``.

    Raises:
        AnswerRefusedError: ``answer_event`` changes anything but ``message.content``
            and tool calls' ``arguments`` (or adds or removes a field).
    """
    original = _plain(event)
    if not isinstance(answer_event, dict):
        raise AnswerRefusedError("event must be an object")
    _same_keys(original, answer_event, "")
    result = copy.deepcopy(original)
    for key in original:
        if key == "message" and original.get("type") == "message" and isinstance(original[key], dict):
            result["message"]["content"] = _check_message(original["message"], answer_event["message"])
        elif key == "tool_calls" and original.get("type") == "tool_call" and isinstance(original[key], list):
            for call, arguments in zip(result["tool_calls"], _check_tool_calls(original["tool_calls"], answer_event[key]), strict=False):
                call["arguments"] = arguments
        elif answer_event[key] != original[key]:
            raise _refuse(key, "changes")
    return result, result != original


def parse_respond(event: dict[str, Any], body: Any) -> Respond:
    """``{"respond": {content, sender_type?, sender_id?, enqueue_after?}}`` as a decision.

    ``enqueue_after: "tool_results"`` only means something on a tool-call step; on a
    message step there are no tool results to wait for, so it is ``"immediately"``.
    """
    if not isinstance(body, dict):
        raise AnswerRefusedError("respond must be an object {content, sender_type?, sender_id?, enqueue_after?}")
    unknown = sorted(body.keys() - {"content", "sender_type", "sender_id", "enqueue_after"})
    if unknown:
        raise AnswerRefusedError(f"respond has unknown fields: {', '.join(unknown)}")
    content = body.get("content")
    if not isinstance(content, str) or not content.strip():
        raise AnswerRefusedError("respond.content must be a non-empty string")
    if len(content) > MAX_CONTENT_CHARS:
        raise AnswerRefusedError(f"respond.content is over {MAX_CONTENT_CHARS} characters")
    sender_type: Literal["agent", "system", "user", "tool"] = body.get("sender_type") or "agent"
    if sender_type not in ("agent", "system", "user", "tool"):
        raise AnswerRefusedError('respond.sender_type must be "agent", "system", "user" or "tool"')
    sender_id = body.get("sender_id")
    if sender_id is not None and (not isinstance(sender_id, str) or not sender_id.strip() or len(sender_id) > 200):
        raise AnswerRefusedError("respond.sender_id must be a non-empty string of at most 200 characters")
    enqueue_after: Literal["immediately", "tool_results"] = body.get("enqueue_after") or "immediately"
    if enqueue_after not in ("immediately", "tool_results"):
        raise AnswerRefusedError('respond.enqueue_after must be "immediately" or "tool_results"')
    if event.get("type") != "tool_call":
        enqueue_after = "immediately"
    return Respond(content=content, sender_type=sender_type, enqueue_after=enqueue_after, sender_id=sender_id)


def parse_deny(event: dict[str, Any], body: Any) -> Deny:
    """``{"deny": {reason}}`` as a decision (tool-call steps only)."""
    if event.get("type") != "tool_call":
        raise AnswerRefusedError("deny applies to tool calls only; to answer a message instead, use respond")
    if not isinstance(body, dict):
        raise AnswerRefusedError("deny must be an object {reason}")
    unknown = sorted(body.keys() - {"reason"})
    if unknown:
        raise AnswerRefusedError(f"deny has unknown fields: {', '.join(unknown)}")
    reason = body.get("reason")
    if reason is None or (isinstance(reason, str) and not reason.strip()):
        reason = DEFAULT_DENY_REASON
    if not isinstance(reason, str):
        raise AnswerRefusedError("deny.reason must be a string")
    return Deny(reason=reason[:MAX_REASON_CHARS])


def parse_answer(event: dict[str, Any], body: bytes) -> Verdict:
    """Read a 2xx answer's body.

    Raises:
        AnswerRefusedError: the body is not an answer the contract allows.
    """
    try:
        text = body.decode("utf-8") if body else ""
    except UnicodeDecodeError as error:
        raise AnswerRefusedError("the answer is not UTF-8") from error
    if not text.strip():
        return Verdict("continue", Continue(event))
    try:
        answer = json.loads(text)
    except json.JSONDecodeError as error:
        raise AnswerRefusedError(f"the answer is not JSON ({error.msg})") from error
    if not isinstance(answer, dict):
        raise AnswerRefusedError("the answer must be a JSON object: {}, {event}, {respond} or {deny}")
    if not answer:
        return Verdict("continue", Continue(event))
    if len(answer) > 1 or next(iter(answer)) not in ("event", "respond", "deny"):
        raise AnswerRefusedError(
            f"the answer must hold exactly one of event, respond or deny (it holds {', '.join(sorted(answer))[:200]})"
        )
    (key, value), = answer.items()
    if key == "respond":
        return Verdict("respond", parse_respond(event, value))
    if key == "deny":
        return Verdict("deny", parse_deny(event, value))
    changed, mutated = apply_mutation(event, value)
    return Verdict("mutate" if mutated else "continue", Continue(changed if mutated else event))


def failure_decision(event: dict[str, Any], on_failure: str, error: str) -> Decision:
    """What a step does when its interceptor failed.

    ``allow``: the step goes on unchanged. ``deny``: a tool-call step runs no tool (the
    model gets an error result saying the interceptor failed); a message step is held
    back (:class:`~wakeful.interceptors.decisions.Deny` on a message: it is not acted
    on and the thread fails with the reason), so nothing passes unchecked.
    """
    if on_failure == "allow":
        return Continue(event)
    if event.get("type") == "tool_call":
        return Deny(reason=f"the interceptor failed ({error}) and its on_failure policy is deny, so no tool was run")
    return Deny(reason=f"the interceptor failed ({error}) and its on_failure policy is deny, so the message was not processed")


def failed(event: dict[str, Any], on_failure: str, error: str) -> Verdict:
    """The verdict of a failed call."""
    return Verdict("failed", failure_decision(event, on_failure, error), error=error)
