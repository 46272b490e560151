"""One step of a thread run: the thread queue's work.

A run is a chain of steps, one SQS message each (FIFO, one group per thread). A step is
a MessageEvent (a message at ``seq``, created by the user, the agent, a tool or the
system) or a ToolCallEvent (the tool calls of the assistant message at ``seq``), and is
processed as *persist → intercept → enqueue*: what the step produces is persisted under
seqs derived from the step, the interception point decides (continue, possibly with
changed content or arguments; respond instead; deny; require approval), and the next
step is recorded on the thread (``step``, ``step_key``, conditioned on the version) and
queued.

Exactly once: a message whose ``step_key`` is not the thread's is stale and changes
nothing; a redelivered step finds the messages it wrote and reuses them (a model answer
is never asked twice once stored, a tool result never run twice once recorded; a tool
call's action id is its idempotency key for the short window between the call and its
record). Every step renews the thread's lease in the due index; a step that never
finishes is queued again by the scan, and after ``thread_max_attempts`` the thread fails
with the reason (the message itself lands in the thread DLQ after its receives).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, replace
from typing import Any

from wakeful import clock
from wakeful import slots as admission
from wakeful.agents import repository as agent_repository
from wakeful.agents.records import Agent
from wakeful.config import get_settings
from wakeful.interceptors.decisions import Continue, Deny, RequireApproval, Respond
from wakeful.interceptors.dispatch import dispatch
from wakeful.stream.emitter import Emitter, StreamContext, emitter
from wakeful.threads import limits, messages_repository, metrics, prompt, records, repository, service, slots
from wakeful.slots import conversation_sources
from wakeful.threads import tools as thread_tools
from wakeful.threads.records import Approval, InboxEntry, StepSpec, Thread, Waits, waits_of
from wakeful.threads.run_end import Ending, run_ended, stream_run_end
from wakeful.threads.queue import send_thread_step

logger = logging.getLogger(__name__)


class StepFenced(Exception):
    """The thread moved on (cancelled, or another delivery finished this step)."""


@dataclass
class Step:
    """What one step works with."""

    agent: Agent
    thread: Thread
    emit: Emitter
    #: The prompt parts computed by this step, pinned on the thread with its next update.
    pin: dict[str, Any] | None = None

    @property
    def spec(self) -> StepSpec:
        if self.thread.step is None:
            raise StepFenced(self.thread.thread_id)  # an active thread always has its step
        return self.thread.step


def process(agent_id: str, thread_id: str, step_key: str) -> str:
    """Process one step if it is the thread's current one. Returns what happened."""
    thread = repository.get(agent_id, thread_id)
    if thread is None:
        return "missing"
    if thread.status != records.ACTIVE or thread.step_key != step_key:
        if thread.run_id == step_key.split(":", 1)[0] and (not thread.step_key or _parked_by(thread, step_key)):
            _repeat_after_run(agent_id, thread)
        return "stale"
    agent = agent_repository.get(agent_id)
    if agent is None:
        service.end(None, thread, records.FAILED, error_message="agent deleted")
        return "agent-deleted"
    if (thread.step_no == 0 or (thread.step is not None and thread.step.resume)) and _waits_for_admission(agent, thread):
        return "waiting"
    if thread.step_no == 0 and not _take_slot(agent, thread):
        return "deferred"
    step = Step(agent, thread, emitter(StreamContext(thread.owner, agent_id, thread_id, str(thread.run_id), step_key)))
    metrics.add(metrics.THREAD_STEPS)
    try:
        if thread.step_no == 0:
            step.emit.start(source=thread.source, wakes=thread.wakes)
        elif step.spec.resume:
            # A parked run goes on after its approvals: its stream ended when it parked.
            step.emit.start(source=thread.source, wakes=thread.wakes, resumed=True)
        if thread.step_no > records.MAX_STEPS_PER_RUN:
            return _fail(step, f"the run took more than {records.MAX_STEPS_PER_RUN} steps")
        if step.spec.kind == records.TOOL_CALL_STEP:
            return _tool_step(step)
        return _message_step(step)
    except StepFenced:
        _end_fenced(step, step_key)
        return "stale"
    finally:
        step.emit.flush()


def _parked_by(thread: Thread, step_key: str) -> bool:
    """Whether ``step_key`` is the step that parked the (waiting) thread."""
    parts = step_key.split(":")
    return thread.status == records.WAITING_APPROVAL and len(parts) == 3 and parts[1].isdigit() and int(parts[1]) == thread.step_no - 1


def _repeat_after_run(agent_id: str, thread: Thread) -> None:
    """A step of a run that has ended (or parked) came back: its worker may have died
    right after recording the end. Do again what follows the end (each part is
    idempotent: the slot release, then :func:`run_ended`'s)."""
    agent = agent_repository.get(agent_id)
    if agent is None:
        return
    agent_repository.release_thread_slot(agent_id, thread.thread_id)
    parked = thread.status == records.WAITING_APPROVAL
    run_ended(agent, thread, Ending.park(thread) if parked else Ending.run(thread), retry_on_error=True)


def _end_fenced(step: Step, step_key: str) -> None:
    """The thread moved on under this step. If it was ended (a cancel while the step
    ran), the cancel streamed the run's end; this step's own events may have come after
    it (it streamed on until it saw the change), so the stream gets the end again then."""
    current = repository.get(step.thread.agent_id, step.thread.thread_id)
    if current is None or current.status == records.ACTIVE or current.run_id != step.thread.run_id:
        return
    stream_run_end(current, Ending.fenced(step_key), before=step.emit)


def _check_current(step: Step) -> None:
    """Raise :class:`StepFenced` unless the step is still the thread's current one. An
    interceptor may take seconds: a thread cancelled meanwhile runs no model call and no
    tool, and streams nothing more."""
    current = repository.get(step.thread.agent_id, step.thread.thread_id)
    if current is None or current.status != records.ACTIVE or current.step_key != step.thread.step_key:
        raise StepFenced(step.thread.thread_id)


# -- concurrency -----------------------------------------------------------------------


def _take_slot(agent: Agent, thread: Thread) -> bool:
    """A run holds one of the agent's running slots from its first step to its end
    (taking it again is a no-op); without one it waits a little (the scan queues the
    step again) instead of running."""
    limit = get_settings().thread_max_running_per_agent
    if agent_repository.claim_thread_slot(agent.agent_id, thread.thread_id, limit):
        return True
    try:
        repository.update(thread, {"due_kind": records.DUE_LEASE, "due_at": clock.now() + 5, "deferred": True})
    except repository.VersionConflict:
        pass
    logger.info("thread run waits for a slot", extra={"agent_id": agent.agent_id, "thread_id": thread.thread_id, "limit": limit})
    return False


def _waits_for_admission(agent: Agent, thread: Thread) -> bool:
    """Whether the run may not start model work now (its agent or owner is paused):
    then it waits, active, until the pause ends (see :func:`_wait`)."""
    wait = admission.may_start(agent.owner, agent.agent_id, clock.now())
    if wait is None:
        return False
    _wait(thread, wait)
    return True


def _wait(thread: Thread, wait: admission.Wait) -> None:
    """The run waits in the due index until ``wait.until`` (the scan queues its step
    again then, or :func:`wakeful.threads.due.release_waiting` sooner); waiting is not
    an attempt."""
    until = wait.until if wait.until is not None else clock.now() + get_settings().thread_lease_seconds
    try:
        repository.update(thread, {"due_kind": records.DUE_ADMIT, "due_at": until, "deferred": True})
    except repository.VersionConflict:
        pass
    logger.info("thread run waits to be admitted", extra={"agent_id": thread.agent_id, "thread_id": thread.thread_id, "until": until, "reason": wait.reason})


# -- MessageEvent steps ----------------------------------------------------------------


def _message_step(step: Step) -> str:
    thread_id = step.thread.thread_id
    first, last = step.spec.first_seq, step.spec.seq
    batch = messages_repository.range_for(thread_id, first, last)
    for message in batch:
        decision = dispatch(step.agent, step.thread, _message_event(step.thread, message))
        if isinstance(decision, Respond):
            return _respond(step, decision, last + 1)
        if isinstance(decision, Deny):
            # Deny on a message: the interception point failed closed (an interceptor
            # that failed with on_failure "deny"); the message is held back and the
            # thread fails with the reason, visibly (THREAD_FAILED).
            return _fail(step, decision.reason)
        if isinstance(decision, Continue):
            _apply_message_mutation(step.thread, message, decision.event)
    if batch:
        _check_current(step)
    latest = batch[-1] if batch else messages_repository.get(thread_id, last)
    if latest is None:
        return _fail(step, f"message {last} of the thread is missing")
    if latest["created_by"] == "agent":
        if latest.get("tool_calls"):
            return _advance(step, StepSpec.tool_call(last))
        return _end_run(step, final_text=latest.get("content") or "")
    return _model_turn(step, last)


def _message_event(thread: Thread, message: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": f"{thread.thread_id}:message:{message['seq']}",
        "type": "message",
        "created_by": message["created_by"],
        "thread_id": thread.thread_id,
        "message": {"role": message["role"], "content": message.get("content") or ""},
    }


def _apply_message_mutation(thread: Thread, message: dict[str, Any], event: dict[str, Any]) -> None:
    original = _message_event(thread, message)
    changed = (event.get("message") or {}).get("content")
    rest_same = {k: v for k, v in event.items() if k != "message"} == {k: v for k, v in original.items() if k != "message"}
    if not rest_same or not isinstance(changed, str) or (event.get("message") or {}).get("role") != message["role"]:
        logger.warning("interceptor changed more than message content; change ignored", extra={"thread_id": thread.thread_id, "seq": message["seq"]})
        return
    if changed != (message.get("content") or ""):
        messages_repository.update_content(thread.thread_id, message["seq"], changed)
        message["content"] = changed


def _model_turn(step: Step, last: int) -> str:
    """Call the model on the history up to ``last`` and persist its answer at ``last + 1``."""
    from wakeful.llm import conversation
    from wakeful.llm.exceptions import LLMError, LLMSpendRefusedError

    thread, agent = step.thread, step.agent
    answer_seq = last + 1
    history = messages_repository.range_for(thread.thread_id, 1, answer_seq)
    if not history or history[-1]["seq"] != answer_seq:
        calls = sum(1 for m in history if m["role"] == "assistant" and m.get("run_id") == thread.run_id and m.get("created_by") == "agent" and m.get("from_model"))
        limit = limits.of(agent)["max_llm_calls_per_run"]
        if calls >= limit:
            return _fail(step, f"reached max_llm_calls_per_run ({limit}) in one run")
        own_tools = {} if thread.source in records.INWARD_SOURCES else thread_tools.user_tools(agent)
        request = conversation.ConversationRequest(
            system=prompt.system(agent, thread),
            system_dynamic=prompt.dynamic(thread, _pinned_parts(step, history)),
            tools=thread_tools.definitions(own_tools, thread),
            messages=prompt.conversation(history),
            agent=agent.llm_context(),
        )
        if calls == 0:
            slots.first_turn(agent, thread, request, answer_seq)
        try:
            asked = _policy_answer(step, request) if calls == 0 else None
            turn, extra = asked or (conversation.converse(request, conversation.Callbacks(on_text=step.emit.text, on_reasoning=step.emit.reasoning), ref=thread.run_id or ""), {})
        except LLMSpendRefusedError as error:
            wait = admission.may_start(agent.owner, agent.agent_id, clock.now()) if calls == 0 else None
            if wait is not None:
                # Paused after the run started, before its first model call: it waits.
                _wait(thread, wait)
                return "waiting"
            return _fail(step, str(error))
        except LLMError as error:
            return _fail(step, f"model call failed: {error}")
        # The thinking blocks are sent back as they came (signatures included) while the
        # tool loop goes on; they hold the thinking text, which is not stored twice.
        blocks = conversation.thinking_blocks(turn)
        messages_repository.put_once(
            messages_repository.item(
                thread.thread_id,
                answer_seq,
                role="assistant",
                created_by="agent",
                content=turn.text,
                run_id=thread.run_id,
                tool_calls=[c.as_dict() for c in turn.tool_calls] or None,
                thinking=None if blocks else turn.thinking or None,
                thinking_blocks=blocks or None,
                usage=turn.usage.as_dict(),
                from_model=True,
                **extra,
            )
        )
    return _advance(step, StepSpec.message(answer_seq))


def _policy_answer(step: Step, request: Any) -> tuple[Any, dict[str, Any]] | None:
    """The turn policy's answer to a run's first turn, with its message's extra
    attributes; None: ask the agent's model. What the policy said when it did not answer
    is kept on the thread first, so a step delivered again does not consult it twice."""
    thread = step.thread
    policy = slots.turn_policy()
    if policy is None or (thread.turn_policy or {}).get("run_id") == thread.run_id:
        return None
    verdict = policy.before_turn(step.agent, thread, request)
    if verdict is None:
        return None
    if verdict.answer is not None:
        return verdict.answer, dict(verdict.extra or {})
    if verdict.note is not None:
        _update(step, {"turn_policy": {**verdict.note, "run_id": thread.run_id}})
    return None


def _pinned_parts(step: Step, history: list[dict[str, Any]]) -> list[str]:
    """What capabilities add to this run's system prompt: pinned on the thread at the
    run's first model call (written with the step's next update), reused after."""
    from wakeful.threads import prompt_parts

    thread = step.thread
    pinned = thread.prompt_parts or {}
    if pinned.get("run_id") == thread.run_id:
        return list(pinned.get("parts") or [])
    run_messages = [m for m in history if m.get("run_id") == thread.run_id] or history[-1:]
    parts = prompt_parts.compute(step.agent, thread, run_messages)
    step.pin = {"run_id": thread.run_id, "parts": parts}
    return parts


# -- ToolCallEvent steps ---------------------------------------------------------------


def _tool_step(step: Step) -> str:
    thread, agent = step.thread, step.agent
    seq = step.spec.seq
    assistant = messages_repository.get(thread.thread_id, seq)
    if assistant is None or not assistant.get("tool_calls"):
        return _fail(step, f"message {seq} has no tool calls to run")
    calls: list[dict[str, Any]] = list(assistant["tool_calls"])
    own_tools = thread_tools.user_tools(agent)
    parked: set[str] = set()
    denied: str | None = None
    respond_after: Respond | None = None
    if not step.spec.resume:
        decision = dispatch(agent, thread, _tool_call_event(thread, agent, seq, calls))
        if isinstance(decision, Continue):
            calls = _apply_argument_mutation(thread, seq, calls, decision.event)
        elif isinstance(decision, Deny):
            denied = decision.reason
        elif isinstance(decision, Respond):
            if decision.enqueue_after != "tool_results":
                return _respond(step, decision, seq + 1)
            respond_after = decision
        elif isinstance(decision, RequireApproval):
            parked |= set(decision.tool_call_ids)
        parked |= {c["id"] for c in calls if (tool := own_tools.get(c["name"])) is not None and tool.requires_approval}
        _check_current(step)
    else:
        parked = set(thread.approvals)
    results, pending = _run_calls(step, seq, calls, own_tools, parked, denied)
    if pending:
        return _park(step, pending)
    last = seq + len(calls)
    context = _context_after(thread, results)
    if respond_after is not None:
        return _respond(step, respond_after, last + 1, context=context)
    complete = next((r.get("effects", {}).get("complete") for r in results if r.get("effects", {}).get("complete")), None)
    sleep = next((r.get("effects", {}).get("sleep") for r in results if r.get("effects", {}).get("sleep")), None)
    if complete is not None or sleep is not None:
        return _end_run(step, final_text=assistant.get("content") or "", complete=complete, sleep=sleep, context=context, last_seq=last)
    return _advance(step, StepSpec.message(last, seq + 1), context=context, last_seq=last)


def _tool_call_event(thread: Thread, agent: Agent, seq: int, calls: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": f"{thread.thread_id}:tool_call:{seq}",
        "type": "tool_call",
        "created_by": "agent",
        "thread_id": thread.thread_id,
        "agent_name": agent.name,
        "tool_calls": [{"id": c["id"], "name": c["name"], "arguments": c.get("arguments") or {}} for c in calls],
    }


def _apply_argument_mutation(thread: Thread, seq: int, calls: list[dict[str, Any]], event: dict[str, Any]) -> list[dict[str, Any]]:
    changed = event.get("tool_calls") or []
    same_shape = [(c["id"], c["name"]) for c in calls] == [(c.get("id"), c.get("name")) for c in changed] and all(
        isinstance(c.get("arguments"), dict) for c in changed
    )
    if not same_shape:
        logger.warning("interceptor changed more than tool call arguments; change ignored", extra={"thread_id": thread.thread_id, "seq": seq})
        return calls
    mutated = [{**c, "arguments": n["arguments"]} for c, n in zip(calls, changed, strict=False)]
    if mutated != calls:
        messages_repository.update_tool_calls(thread.thread_id, seq, mutated)
    return mutated


def _run_calls(
    step: Step, seq: int, calls: list[dict[str, Any]], own_tools: dict[str, Any], parked: set[str], denied: str | None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Run each call that has no recorded result; returns (recorded results, calls still
    waiting for an approval)."""
    thread = step.thread
    approvals = thread.approvals
    results: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    now = clock.now()
    for index, call in enumerate(calls):
        result_seq = seq + 1 + index
        recorded = messages_repository.get(thread.thread_id, result_seq)
        if recorded is not None:
            results.append(recorded)
            continue
        approval = approvals.get(call["id"])
        decision = None if approval is None else approval.decision
        if call["id"] in parked and decision is None and denied is None:
            pending.append(call)
            continue
        step.emit.tool_call(call["id"], call["name"], call.get("arguments") or {})
        if denied is not None:
            outcome = thread_tools.Result(f"denied: {denied}", is_error=True)
        elif decision == "deny":
            note = None if approval is None else approval.note
            outcome = thread_tools.Result(f"denied by a person{': ' + note if note else ''}", is_error=True)
        elif thread_tools.is_meta(call["name"]):
            outcome = thread_tools.run_meta(step.agent, replace(thread, context=_context_after(thread, results)), call, now)
        else:
            outcome = thread_tools.run_user_tool(step.agent, thread, own_tools.get(call["name"]), call)
        effects = {k: v for k, v in {"sleep": outcome.sleep, "complete": outcome.complete, "context": outcome.context or None}.items() if v is not None}
        # A person's decision goes with the result: the model reads it after the results.
        decided = {"decision": decision, "by": approval.decided_by, "note": approval.note} if approval is not None and decision and denied is None else None
        recorded = messages_repository.put_once(
            messages_repository.item(
                thread.thread_id,
                result_seq,
                role="tool",
                created_by="tool",
                content=outcome.content,
                run_id=thread.run_id,
                tool_call_id=call["id"],
                tool_name=call["name"],
                is_error=outcome.is_error,
                effects=effects or None,
                approval={k: v for k, v in decided.items() if v is not None} if decided else None,
            )
        )
        step.emit.tool_result(call["id"], call["name"], recorded.get("content"), is_error=bool(recorded.get("is_error")))
        results.append(recorded)
    return results, pending


def _context_after(thread: Thread, results: list[dict[str, Any]]) -> dict[str, Any]:
    context = dict(thread.context)
    for result in results:
        context.update((result.get("effects") or {}).get("context") or {})
    return context


def _park(step: Step, pending: list[dict[str, Any]]) -> str:
    """Some calls wait for a person: the thread waits (until approved, denied or expired)."""
    thread, now = step.thread, clock.now()
    approvals = dict(thread.approvals)
    for call in pending:
        approvals.setdefault(call["id"], Approval(call["id"], call["name"], call.get("arguments") or {}, now))
    expiry = limits.of(step.agent)["thread_expiry_seconds"]
    sets, removes = repository.state(thread, records.WAITING_APPROVAL, due=(records.DUE_EXPIRE, now + expiry))
    step_no = thread.step_no + 1
    sets.update({"approvals": approvals, "step": replace(step.spec, resume=True), "step_no": step_no, "step_key": records.step_key(str(thread.run_id), step_no)})
    parked = _update(step, sets, removes)
    agent_repository.release_thread_slot(thread.agent_id, thread.thread_id)  # a person may take days
    # The run stops here until a person decides: its stream ends, the approvals are asked for.
    run_ended(step.agent, parked, Ending.park(parked), before=step.emit, retry_on_error=True)
    return "waiting_approval"


# -- respond, advance, end -------------------------------------------------------------


#: The role of an interceptor's ``respond`` message by its sender (a tool's message has no
#: tool call to answer, so the model reads it as a system note).
RESPOND_ROLES = {"agent": "assistant", "user": "user", "system": "system", "tool": "system"}


def _respond(step: Step, decision: Respond, seq: int, *, context: dict[str, Any] | None = None) -> str:
    """The interceptor's message replaces the default step: persisted at ``seq``, then
    processed as the next step."""
    sender = decision.sender_type
    messages_repository.put_once(
        messages_repository.item(
            step.thread.thread_id,
            seq,
            role=RESPOND_ROLES.get(sender, "system"),
            created_by=sender,
            content=decision.content,
            run_id=step.thread.run_id,
            programmatic=True,
            sender_id=decision.sender_id,
        )
    )
    return _advance(step, StepSpec.message(seq), context=context, last_seq=seq)


def _advance(step: Step, next_step: StepSpec, *, context: dict[str, Any] | None = None, last_seq: int | None = None) -> str:
    """Record the next step on the thread (renewing the lease) and queue it."""
    thread = step.thread
    step_no = thread.step_no + 1
    sets: dict[str, Any] = {
        "step": next_step,
        "step_no": step_no,
        "step_key": records.step_key(str(thread.run_id), step_no),
        "lease_attempts": 0,
        "last_msg_seq": max(thread.last_msg_seq, last_seq or next_step.seq),
        "due_kind": records.DUE_LEASE,
        "due_at": repository.lease()[1],
    }
    if context is not None:
        sets["context"] = context
    if step.pin is not None:
        sets["prompt_parts"] = step.pin
    fresh = _update(step, sets)
    send_thread_step(thread.agent_id, thread.thread_id, str(fresh.step_key))
    return f"advanced:{next_step.kind}:{next_step.seq}"


def _update(step: Step, sets: dict[str, Any], removes: list[str] | None = None) -> Thread:
    """Update the step's thread as the holder of its current step (``step.thread`` is
    then the thread as written): a version conflict from an unrelated change (a message
    to the inbox) is retried; a changed step fences us off."""
    thread = step.thread
    current = thread
    for _ in range(20):
        try:
            step.thread = repository.update(current, sets, removes)
            return step.thread
        except repository.VersionConflict:
            found = repository.get(thread.agent_id, thread.thread_id)
            if found is None or found.status != records.ACTIVE or found.step_key != thread.step_key:
                raise StepFenced(thread.thread_id) from None
            current = found
            sets = _merge_concurrent(sets, current)
    raise StepFenced(thread.thread_id)


def _merge_concurrent(sets: dict[str, Any], current: Thread) -> dict[str, Any]:
    """Keep what others added meanwhile (inbox entries, delivered events)."""
    merged = dict(sets)
    for attr in ("inbox", "delivered_events"):
        theirs = getattr(current, attr)
        if attr in merged and theirs:
            merged[attr] = (*merged[attr], *[x for x in theirs if x not in merged[attr]])
    return merged


def _fail(step: Step, reason: str) -> str:
    """The run fails: the thread ends ``failed`` with the reason (never the worker)."""
    logger.warning("thread run failed", extra={"thread_id": step.thread.thread_id, "reason": reason})
    return _end_run(step, final_text="", failed=reason)  # the run's end streams the error


def _end_run(
    step: Step,
    *,
    final_text: str,
    complete: str | None = None,
    sleep: dict[str, Any] | None = None,
    failed: str | None = None,
    denied: str | None = None,
    context: dict[str, Any] | None = None,
    last_seq: int | None = None,
) -> str:
    """The run ends: messages that arrived meanwhile continue it; otherwise the thread
    completes, sleeps or fails."""
    thread, agent, now = step.thread, step.agent, clock.now()
    if failed is None and thread.inbox:
        return _continue_with_inbox(step, context=context, last_seq=last_seq)
    agent_limits = limits.of(agent)
    extra: dict[str, Any] = {"final_text": final_text, "run_ended_at": now, "approvals": {}, "inbox": (), "wake_on_events": ()}
    gone = ["step", "step_key", "wake_at"]
    if context is not None:
        extra["context"] = context
    if last_seq is not None:
        extra["last_msg_seq"] = max(thread.last_msg_seq, last_seq)
    if failed is not None:
        sets, removes = repository.state(thread, records.FAILED)
        extra["error_message"] = failed
    elif complete is not None:
        sets, removes = repository.state(thread, records.COMPLETE)
        extra["summary"] = complete
    elif sleep is not None:
        expires = now + agent_limits["thread_expiry_seconds"]
        wake_at = sleep["wake_at"]  # None: "on_event", no timer (the expiry is the ceiling)
        due = (records.DUE_WAKE, wake_at) if wake_at is not None and wake_at <= expires else (records.DUE_EXPIRE, expires)
        waits = Waits(waits_of(sleep["wake_on_events"]), thread.seen_seq, str(thread.run_id))
        sets, removes = repository.state(thread, records.SLEEPING, due=due, waits=waits)
        extra.update({"wake_reason": sleep["reason"], "wake_on_events": waits.events})
        if wake_at is not None:
            extra["wake_at"] = wake_at
            gone.remove("wake_at")
    elif thread.source in conversation_sources() and not denied:
        # The agent answered and waits for the person's reply (until the thread expires).
        sets, removes = repository.state(thread, records.SLEEPING, due=(records.DUE_EXPIRE, now + agent_limits["thread_expiry_seconds"]))
        gone.append("wake_reason")
    else:
        sets, removes = repository.state(thread, records.COMPLETE)
        extra["summary"] = final_text or (f"denied: {denied}" if denied else "")
    sets.update(extra)
    removes = [*removes, *gone]
    fresh = _update(step, sets, removes)
    agent_repository.release_thread_slot(thread.agent_id, thread.thread_id)
    run_ended(agent, fresh, Ending.run(fresh), before=step.emit, retry_on_error=True)
    return f"ended:{fresh.status}"


def _continue_with_inbox(step: Step, *, context: dict[str, Any] | None, last_seq: int | None) -> str:
    """Messages that arrived during the run are appended to the history and the run
    goes on with them (one transaction: the messages and the thread's next step)."""
    thread = step.thread
    base = max(thread.last_msg_seq, last_seq or 0)
    inbox: tuple[InboxEntry, ...] = thread.inbox
    puts = []
    for offset, entry in enumerate(inbox, start=1):
        puts.append(
            messages_repository.item(
                thread.thread_id,
                base + offset,
                role="user" if entry.created_by == "user" else "system",
                created_by=entry.created_by,
                content=entry.content,
                run_id=thread.run_id,
                event=None if entry.event is None else dict(entry.event),
            )
        )
    step_no = thread.step_no + 1
    sets: dict[str, Any] = {
        "inbox": (),
        "step": StepSpec.message(base + len(inbox), base + 1),
        "step_no": step_no,
        "step_key": records.step_key(str(thread.run_id), step_no),
        "last_msg_seq": base + len(inbox),
        "due_kind": records.DUE_LEASE,
        "due_at": repository.lease()[1],
    }
    if context is not None:
        sets["context"] = context
    try:
        repository.transact(thread, sets, [], puts)
    except repository.VersionConflict:
        current = repository.get(thread.agent_id, thread.thread_id)
        if current is None or current.status != records.ACTIVE or current.step_key != thread.step_key:
            raise StepFenced(thread.thread_id) from None
        step.thread = current
        return _end_run(step, final_text="", context=context, last_seq=last_seq)
    send_thread_step(thread.agent_id, thread.thread_id, sets["step_key"])
    return "continued-with-inbox"


def summarize(thread: Thread) -> str:
    """One line for logs."""
    return json.dumps({"thread_id": thread.thread_id, "status": thread.status})
