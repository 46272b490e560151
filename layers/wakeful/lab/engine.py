"""The lab's engine: one run of an agent's model and tools, in-process, as a dry run.

It is given what the model sees (system text, tool definitions, the history before
its first answer) and how tools answer, and runs the tool-use loop as the thread
runtime would, up to the agent's ``max_llm_calls_per_run``, inside
:func:`wakeful.dryrun.running`: every send on the way (a tool call, a hook, a channel
message or email, ``send_notification``, an appended event, an approval request) is
captured at its own choke point and nothing leaves. Meta tools run on a scratch view of
the thread (``store_context`` changes nothing stored), memory's ``recall`` reads and its
``remember`` and ``forget`` are captured; ``schedule_wake`` and ``complete_task`` end the
run; a call that would wait for a person ends it at the
request (``waiting_approval``). At a scheduled run's end, what a live end sends (the
result's hook, its channel notification) is produced by the live senders, captured.

Nothing is stored here: the caller gets the :func:`Outcome <outcome>` and keeps it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from wakeful import clock, dryrun
from wakeful.agents.records import Agent
from wakeful.threads import limits as thread_limits
from wakeful.threads.records import Thread

#: A replayed answer is kept up to this many characters.
MAX_ANSWER_CHARS = 16_000


@dataclass
class RunInput:
    """What one dry run is given."""

    replay_id: str
    agent: Agent
    thread: Thread
    system: str
    system_dynamic: str
    tools: list[dict[str, Any]]
    own_tools: dict[str, Any]
    history: list[dict[str, Any]]
    answers: Callable[[str, dict[str, Any]], Any | None]
    kind: str = "thread"
    schedule_type: str | None = None
    row: dict[str, Any] | None = None
    settings: dict[str, Any] | None = None
    #: How the spend guard books its model calls: ``replay`` or ``dry_run``.
    purpose: str = "replay"


@dataclass
class Ran:
    """How the run went."""

    ended: str = "answer"  # answer | complete | sleep | approval | failed
    text: str = ""
    summary: str | None = None
    error: str | None = None
    calls: list[dict[str, Any]] = field(default_factory=list)
    input_tokens: int = 0
    output_tokens: int = 0
    usd: float = 0.0


def run(given: RunInput) -> dict[str, Any]:
    """Run it as a dry run; its Outcome."""
    dry = dryrun.DryRun(given.replay_id, given.answers)
    with dryrun.running(dry):
        ran = _loop(given)
        _announce(given, ran)
    return outcome(given.kind, given.schedule_type, ran, list(dry.captured))


def _loop(given: RunInput) -> Ran:
    from wakeful.llm import conversation
    from wakeful.llm.exceptions import LLMError
    from wakeful.threads import messages_repository, prompt

    ran = Ran()
    messages = list(given.history)
    seq = max((m["seq"] for m in messages), default=0)
    context: dict[str, Any] = dict(given.thread.context)
    for _ in range(thread_limits.of(given.agent)["max_llm_calls_per_run"]):
        request = conversation.ConversationRequest(
            system=given.system,
            system_dynamic=given.system_dynamic,
            tools=given.tools,
            messages=prompt.conversation(messages),
            agent=given.agent.llm_context(),
        )
        try:
            turn = conversation.converse(request, settings=given.settings, purpose=given.purpose, ref=given.replay_id)
        except LLMError as error:
            return replace(ran, ended="failed", error=f"model call failed: {error}")
        ran.input_tokens += turn.usage.input_tokens + turn.usage.cache_read_input_tokens + turn.usage.cache_creation_input_tokens
        ran.output_tokens += turn.usage.output_tokens
        ran.usd += turn.usage.cost_usd
        ran.text = turn.text
        calls = [c.as_dict() for c in turn.tool_calls]
        seq += 1
        messages.append(messages_repository.item(given.thread.thread_id, seq, role="assistant", created_by="agent", content=turn.text, tool_calls=calls or None))
        if not calls:
            return ran
        ran.calls += [{"name": c["name"], "arguments": c.get("arguments") or {}} for c in calls]
        results, ended = _run_calls(given, calls, context)
        for call, result in zip(calls, results, strict=False):
            seq += 1
            messages.append(messages_repository.item(given.thread.thread_id, seq, role="tool", created_by="tool", content=result.content, tool_call_id=call["id"], tool_name=call["name"], is_error=result.is_error))
        if ended is not None:
            ran.ended, ran.summary = ended
            return ran
    return replace(ran, ended="failed", error="reached max_llm_calls_per_run in one run")


def _run_calls(given: RunInput, calls: list[dict[str, Any]], context: dict[str, Any]) -> tuple[list[Any], tuple[str, str | None] | None]:
    """Run one turn's calls; their results, and how they end the run (or None)."""
    from wakeful.interceptors import policy
    from wakeful.interceptors.decisions import Deny, RequireApproval
    from wakeful.threads import tools as thread_tools

    decision = policy.evaluate(dict(given.agent.tool_policy or {}), {"type": "tool_call", "tool_calls": calls})
    if isinstance(decision, Deny):
        return [thread_tools.Result(f"denied: {decision.reason}", is_error=True) for _ in calls], None
    waiting = set(decision.tool_call_ids) if isinstance(decision, RequireApproval) else set()
    waiting |= {c["id"] for c in calls if (tool := given.own_tools.get(c["name"])) is not None and tool.requires_approval}
    if waiting:
        for call in calls:
            if call["id"] in waiting:
                dryrun.capture("approval", call["name"], {"arguments": call.get("arguments") or {}})
        return [thread_tools.Result("waiting for approval", is_error=True) for _ in calls], ("approval", None)
    results: list[Any] = []
    ended: tuple[str, str | None] | None = None
    for call in calls:
        if thread_tools.is_meta(call["name"]):
            # The scratch view is nobody's source: no listener holds its hooks (they are captured).
            result = thread_tools.run_meta(given.agent, replace(given.thread, context=dict(context), source="lab"), call, clock.now())
        else:
            result = _user_tool(given, call)
        context.update(result.context or {})
        if result.complete is not None:
            ended = ("complete", result.complete)
        elif result.sleep is not None and ended is None:
            ended = ("sleep", None)
        results.append(result)
    return results, ended


def _user_tool(given: RunInput, call: dict[str, Any]) -> Any:
    """An HTTP, Lambda or MCP tool's call, through the one place tools are called
    (captured and answered there); its new events appended (captured)."""
    from wakeful.threads import tools as thread_tools
    from wakeful.tools import invoke, registry, requests

    tool = given.own_tools.get(call["name"])
    if tool is None:
        return thread_tools.Result(f"tool {call['name']!r} is not available to this agent", is_error=True)
    # Built as a live call's request is (its context listeners included), so the tool
    # call a replay stops is the one a live run would have made.
    meta = requests.thread_meta(given.thread.thread_id, call, given.agent.agent_context(), tool.config)
    response = invoke.call(registry.runnable(tool), requests.build(f"{given.replay_id}:{call['id']}", tool.name, meta))
    if response.success and response.new_events:
        from wakeful.events import store
        from wakeful.events.models import NewEvent

        store.append(given.agent.agent_id, [NewEvent(event_type=e.event_type, payload=e.payload, priority=e.priority, source=f"tool:{call['name']}") for e in response.new_events])
    if response.success:
        output = response.output
        return thread_tools.Result(output if isinstance(output, str) else json.dumps(output, default=str))
    return thread_tools.Result(response.error or "the tool failed", is_error=True)


def _announce(given: RunInput, ran: Ran) -> None:
    """A scheduled run's end, as a live end tells of it (its hook, its channels)."""
    if given.kind != "schedule" or given.row is None or ran.ended in ("sleep", "approval"):
        return
    from wakeful.schedules import answers, runs

    status, content = answers.classify(
        given.schedule_type or "scheduled",
        {"status": "failed" if ran.ended == "failed" else "complete", "final_text": ran.text, "summary": ran.summary, "error": ran.error},
    )
    row = {**given.row, "status": status, "result_content": content, "completed_at": clock.now()}
    if status == "error":
        row["error_message"] = content
    runs.announce(given.agent, row)


def outcome(kind: str, schedule_type: str | None, ran: Ran, captured: list[dict[str, Any]]) -> dict[str, Any]:
    """The Outcome of a run: ``{outcome, answer, tool_calls, input_tokens, output_tokens, usd, captured}``."""
    from wakeful.schedules import answers

    answer = ran.error if ran.ended == "failed" else ran.text or ran.summary or ""
    if ran.ended == "failed":
        result = "failed"
    elif ran.ended == "approval":
        result = "waiting_approval"
    elif ran.ended == "sleep":
        result = "sleeping"
    elif kind == "schedule" and schedule_type == "heartbeat":
        result = "heartbeat_ok" if answers.is_heartbeat_ok(ran.text) or answers.is_heartbeat_ok(ran.summary) else "finding"
    else:
        result = "completed"
    return {
        "outcome": result,
        "answer": (answer or "")[:MAX_ANSWER_CHARS],
        "tool_calls": ran.calls,
        "input_tokens": ran.input_tokens,
        "output_tokens": ran.output_tokens,
        "usd": round(ran.usd, 6),
        "captured": captured,
    }
