"""A heartbeat round, replayed: each model question its tools asked, asked again.

A heartbeat's built-in tools ask the model through :class:`~wakeful.llm.client.LLMSession`,
which keeps each answer with the question it answers (:mod:`wakeful.llm.questions`). A
round's replay reads its actions in dispatch order and, for each, the questions asked
in order, and asks each one again (with the ``llm`` override's model, and the
``system_prompt`` override in place of the tool's guide). Nothing else runs: no tool,
no event, no write; only the model's decisions are compared.

Outcome of both sides: ``completed`` (``failed`` for a failed heartbeat, or an ask that
failed in the replay); ``answer``: one line per ask, ``<tool> <step>: <decision JSON>``;
``tool_calls``: one per ask, ``{name: <tool>, arguments: <decision>}``; tokens and cost
from the kept usage (original) and the new calls (replay).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from wakeful import clock
from wakeful.agents.records import Agent
from wakeful.lab.engine import MAX_ANSWER_CHARS
from wakeful.lab.exceptions import LabSourceNotFoundError, NotReplayableError, OverrideNotApplicableError
from wakeful.lab.inputs import ReplayOverridesIn


@dataclass(frozen=True)
class Asked:
    """One model question a round's tool asked, and what it got."""

    tool: str
    step: str
    answer: dict[str, Any]
    usage: dict[str, Any]
    question: dict[str, Any]


def asks_of(agent: Agent, heartbeat_id: str) -> tuple[str, list[Asked]]:
    """The round's status and its model questions, in the order they were asked.

    Raises:
        LabSourceNotFoundError: no such heartbeat of this agent.
        NotReplayableError: a question was too large to keep (truncated), or not kept;
            the round is older than its kept questions (expired).
    """
    from wakeful.actions import repository as actions
    from wakeful.heartbeats import repository as heartbeats
    from wakeful.llm import ledger, questions

    heartbeat = heartbeats.get(agent.agent_id, heartbeat_id)
    if heartbeat is None:
        raise LabSourceNotFoundError("heartbeat_not_found", f"heartbeat {heartbeat_id} not found")
    started = heartbeat.started_at or heartbeat.created_at
    if started is not None and clock.now() - float(started) > ledger.ANSWER_TTL_SECONDS:
        raise NotReplayableError(f"the round's model questions expired (they are kept {ledger.ANSWER_TTL_SECONDS // 86400} days)")
    asked: list[Asked] = []
    for action in actions.for_heartbeat(heartbeat_id):
        for memo in ledger.memos_of(agent.agent_id, action.action_id):
            if not memo.get("question"):
                raise NotReplayableError("a model question of this round was not kept (asked before questions were recorded)")
            question = questions.read(str(memo["question"]))
            if question.get("truncated"):
                raise NotReplayableError("a model question of this round was too large to keep whole (truncated)")
            step = str(memo["record_key"]).removeprefix(f"answer#{action.action_id}#")
            asked.append(Asked(action.tool, step, dict(memo.get("answer") or {}), dict(memo.get("usage") or {}), dict(question)))
    return str(heartbeat.status), asked


def check_overrides(overrides: ReplayOverridesIn) -> None:
    """A round's replay takes ``llm`` and ``system_prompt`` only.

    Raises:
        OverrideNotApplicableError: ``prompt``, ``heartbeat_checklist`` or ``tool_policy``.
    """
    if overrides.prompt is not None or overrides.heartbeat_checklist is not None or overrides.tool_policy is not None:
        raise OverrideNotApplicableError("a heartbeat round's replay takes the llm and system_prompt overrides only (its tools are not run)")


def original(status: str, asked: list[Asked]) -> dict[str, Any]:
    """The round's Outcome as it went."""
    usage = [a.usage for a in asked]
    return _outcome(
        "failed" if status == "FAILED" else "completed",
        [(a.tool, a.step, a.answer) for a in asked],
        sum(int(u.get("input_tokens") or 0) + int(u.get("cache_read_input_tokens") or 0) + int(u.get("cache_creation_input_tokens") or 0) for u in usage),
        sum(int(u.get("output_tokens") or 0) for u in usage),
        sum(float(u.get("cost_usd") or 0) for u in usage),
    )


def replay(agent: Agent, replay_id: str, asked: list[Asked], overrides: ReplayOverridesIn, settings: dict[str, Any] | None) -> dict[str, Any]:
    """Ask each question again, in order; the replay's Outcome (``failed`` at an ask that failed)."""
    from wakeful import dryrun

    # Only the model is asked; anything else that tried to leave or write would be stopped.
    with dryrun.running(dryrun.DryRun(replay_id, lambda _name, _arguments: None)):
        return _ask_all(agent, replay_id, asked, overrides, settings)


def _ask_all(agent: Agent, replay_id: str, asked: list[Asked], overrides: ReplayOverridesIn, settings: dict[str, Any] | None) -> dict[str, Any]:
    from wakeful.llm import questions
    from wakeful.llm.exceptions import LLMError

    decisions: list[tuple[str, str, dict[str, Any]]] = []
    tokens_in = tokens_out = 0
    usd = 0.0
    for index, one in enumerate(asked):
        request = questions.request_of(one.question, guide=overrides.system_prompt)
        try:
            answer, usage = questions.ask_again(
                agent.agent_id, request, settings=settings, model=None if settings is not None else one.question.get("model"),
                purpose="replay", ref=f"{replay_id}:{index}",
            )  # fmt: skip
        except LLMError as error:
            failed = _outcome("failed", decisions, tokens_in, tokens_out, usd)
            return {**failed, "answer": f"{one.tool} {one.step}: model call failed: {error}"[:MAX_ANSWER_CHARS]}
        decisions.append((one.tool, one.step, answer))
        tokens_in += usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens
        tokens_out += usage.output_tokens
        usd += usage.cost_usd
    return _outcome("completed", decisions, tokens_in, tokens_out, usd)


def _outcome(result: str, decisions: list[tuple[str, str, dict[str, Any]]], tokens_in: int, tokens_out: int, usd: float) -> dict[str, Any]:
    lines = [f"{tool} {step}: {json.dumps(answer, sort_keys=True, separators=(',', ':'), default=str)}" for tool, step, answer in decisions]
    return {
        "outcome": result,
        "answer": "\n".join(lines)[:MAX_ANSWER_CHARS],
        "tool_calls": [{"name": tool, "arguments": answer} for tool, _step, answer in decisions],
        "input_tokens": tokens_in,
        "output_tokens": tokens_out,
        "usd": round(usd, 6),
        "captured": [],
    }
