"""A replay's source: the recorded runs it names, each with what its model saw then.

``{thread_id}``: the thread's latest recorded run; ``{schedule_result_id}``: the run
of that result; ``{schedule_id, since}``: the run of every result of the schedule
since then, oldest first. (A heartbeat round, ``{heartbeat_id}``, is no recorded run:
:mod:`wakeful.lab.rounds` reads it.)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from wakeful import clock
from wakeful.agents.records import Agent
from wakeful.lab import engine, originals, repository
from wakeful.lab.exceptions import LabInvalidError, LabSourceNotFoundError, NotReplayableError
from wakeful.lab.inputs import ReplayOverridesIn, ReplaySourceIn


@dataclass
class Source:
    """One recorded run: its recording, its messages, its schedule result (if any)."""

    rec: dict[str, Any]
    messages: list[dict[str, Any]]
    row: dict[str, Any] | None = None
    run: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.run = originals.run_messages(self.messages, self.rec)

    def input_for(self, agent: Agent, replay_id: str, overrides: ReplayOverridesIn) -> engine.RunInput:
        """What the engine is given to run this again with ``overrides``."""
        from wakeful.threads import prompt
        from wakeful.threads import repository as threads
        from wakeful.threads import tools as thread_tools
        from wakeful.threads.records import Thread

        rec = self.rec
        snapshot = rec.get("agent") or {}
        agent = agent._replace(system_prompt=snapshot.get("system_prompt"), personality=snapshot.get("personality"), expertise=snapshot.get("expertise")) if snapshot else agent
        if overrides.tool_policy is not None:
            agent = agent._replace(tool_policy=overrides.tool_policy.model_dump())
        thread = threads.get(agent.agent_id, rec["thread_id"]) or Thread(agent_id=agent.agent_id, thread_id=rec["thread_id"], prompt_mode=rec.get("prompt_mode"))
        system = str(rec.get("system") or "")
        if overrides.system_prompt is not None:
            system = prompt.system(agent._replace(system_prompt=overrides.system_prompt), thread)
        history = [m for m in self.messages if m["seq"] < int(rec["answer_seq"])]
        if overrides.prompt is not None or overrides.heartbeat_checklist is not None:
            history = _with_prompt(history, rec, overrides)
        return engine.RunInput(
            replay_id=replay_id,
            agent=agent,
            thread=thread,
            system=system,
            system_dynamic=str(rec.get("system_dynamic") or ""),
            tools=json.loads(rec.get("tools") or "[]"),
            own_tools=thread_tools.user_tools(agent),
            history=history,
            answers=originals.answers(self.run),
            kind=str(rec.get("kind") or "thread"),
            schedule_type=rec.get("schedule_type"),
            row=_row_view(rec, self.row),
            settings=settings_for(agent, overrides),
        )


def _with_prompt(history: list[dict[str, Any]], rec: dict[str, Any], overrides: ReplayOverridesIn) -> list[dict[str, Any]]:
    """The history with the run's message rebuilt from the overridden prompt/checklist."""
    from wakeful.schedules import answers

    config = {"schedule_type": rec.get("schedule_type"), "heartbeat_checklist": overrides.heartbeat_checklist if overrides.heartbeat_checklist is not None else rec.get("heartbeat_checklist") or []}
    text = answers.build_prompt({"prompt": overrides.prompt or rec.get("prompt") or "", "config": config})
    last = max((i for i, m in enumerate(history) if m["role"] == "user"), default=None)
    if last is None:
        return history
    return [*history[:last], {**history[last], "content": text}, *history[last + 1 :]]


def _row_view(rec: dict[str, Any], row: dict[str, Any] | None) -> dict[str, Any] | None:
    if rec.get("kind") != "schedule":
        return None
    base = row or {}
    return {
        "schedule_id": rec.get("schedule_id"),
        "result_id": rec.get("schedule_result_id"),
        "thread_id": rec.get("thread_id"),
        "schedule_type": rec.get("schedule_type"),
        "trigger": base.get("trigger", "cron"),
        "scheduled_for": base.get("scheduled_for"),
    }


def settings_for(agent: Agent, overrides: ReplayOverridesIn) -> dict[str, Any] | None:
    """The LLM settings the replay uses: one endpoint, when ``llm`` is overridden. The
    agent's own API key goes only to its own provider and endpoint (as its fallbacks'
    does): another provider or ``base_url`` gets the deployment's key."""
    if overrides.llm is None:
        return None
    from wakeful.llm import ledger

    own = ledger.agent_settings(agent.agent_id)
    chosen = overrides.llm
    same = (chosen.provider, chosen.base_url or None) == (own.get("provider"), own.get("base_url") or None)
    kept = own if same else {k: v for k, v in own.items() if k != "api_key_sealed"}
    return {**kept, "provider": chosen.provider, "model": chosen.model, "base_url": chosen.base_url, "fallback": []}


def sources_of(agent: Agent, source: ReplaySourceIn) -> list[Source]:
    """The recorded runs ``source`` names.

    Raises:
        LabInvalidError: not exactly one kind of source; ``since`` malformed or ahead.
        LabSourceNotFoundError: no such heartbeat, schedule result, thread or schedule.
        NotReplayableError: it is there, but not recorded.
    """
    if kind_of(source) == "schedule_id":
        return _since(agent, str(source.schedule_id), str(source.since))
    if source.thread_id is not None:
        return [_latest_of_thread(agent, source.thread_id)]
    return [_of_result(agent, str(source.schedule_result_id))]


def kind_of(source: ReplaySourceIn) -> str:
    """Which kind of source it is.

    Raises:
        LabInvalidError: not exactly one kind of source (``since`` with ``schedule_id`` only).
    """
    given = source.model_dump(exclude_none=True)
    kinds = [k for k in ("heartbeat_id", "schedule_result_id", "thread_id", "schedule_id") if k in given]
    if len(kinds) != 1 or ("since" in given) != (kinds == ["schedule_id"]):
        raise LabInvalidError("source: give exactly one of heartbeat_id, schedule_result_id, thread_id, or schedule_id with since")
    return kinds[0]


def recorded(agent: Agent, key: str) -> Source:
    """The run recorded under ``key`` (a replay's worker finds its runs by their keys).

    Raises:
        NotReplayableError: the recording is gone (expired).
    """
    rec = repository.get(agent.agent_id, key)
    if rec is None:
        raise NotReplayableError("a run's recording expired before it was replayed")
    return Source(rec, _messages(str(rec["thread_id"]), rec), _result_row(rec))


def _messages(thread_id: str, rec: dict[str, Any]) -> list[dict[str, Any]]:
    from wakeful.threads import messages_repository

    return messages_repository.all_for(thread_id)


def _latest_of_thread(agent: Agent, thread_id: str) -> Source:
    from wakeful.threads import repository as threads

    if threads.get(agent.agent_id, thread_id) is None:
        raise LabSourceNotFoundError("thread_not_found", f"thread {thread_id} not found")
    recorded = repository.runs_of(agent.agent_id, thread_id)
    if not recorded:
        raise NotReplayableError("the thread has no recorded run (run before the lab, or expired)")
    rec = recorded[-1]
    return Source(rec, _messages(thread_id, rec), _result_row(rec))


def _result_row(rec: dict[str, Any]) -> dict[str, Any] | None:
    if not rec.get("schedule_id") or not rec.get("schedule_result_id"):
        return None
    from wakeful.schedules import repository as schedules

    return schedules.get_result(str(rec["schedule_id"]), str(rec["schedule_result_id"]))


def _of_result(agent: Agent, result_id: str) -> Source:
    from wakeful.schedules import repository as schedules

    row = next((r for s in _schedule_ids(agent.agent_id) if (r := schedules.get_result(s, result_id)) is not None), None)
    if row is None:
        raise LabSourceNotFoundError("schedule_result_not_found", f"schedule result {result_id} not found")
    if not row.get("thread_id"):
        raise NotReplayableError("the result has no run (it was skipped, or has not started)")
    rec = next((r for r in repository.runs_of(agent.agent_id, str(row["thread_id"])) if r.get("schedule_result_id") == result_id), None)
    if rec is None:
        raise NotReplayableError("the result's run was not recorded (run before the lab, or expired)")
    return Source(rec, _messages(str(row["thread_id"]), rec), row)


def _schedule_ids(agent_id: str) -> list[str]:
    from wakeful.schedules import repository as schedules

    found: list[str] = []
    cursor: str | None = None
    while True:
        page, cursor = schedules.list_schedules(agent_id, 100, cursor)
        found += [s["schedule_id"] for s in page]
        if not cursor:
            return found


def _since(agent: Agent, schedule_id: str, since: str) -> list[Source]:
    return [Source(rec, _messages(str(row["thread_id"]), rec), row) for rec, row in recordings_since(agent, schedule_id, since)]


def recordings_since(agent: Agent, schedule_id: str, since: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The recording and result of each run of the schedule since then, oldest first,
    without their messages (what a replay of many runs checks before the worker reads them).

    Raises:
        LabInvalidError: ``since`` malformed or ahead.
        LabSourceNotFoundError: no such schedule.
    """
    from wakeful.schedules import repository as schedules

    try:
        start = clock.parse_iso(since)
    except ValueError as error:
        raise LabInvalidError(f"since: {since!r} is not an ISO 8601 time") from error
    if start > clock.now():
        raise LabInvalidError("since: it is in the future")
    if schedules.get_schedule(agent.agent_id, schedule_id) is None:
        raise LabSourceNotFoundError("schedule_not_found", f"schedule {schedule_id} not found")
    rows = _results_since(schedule_id, start)
    found: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for row in sorted(rows, key=lambda r: float(r.get("scheduled_for") or 0)):
        recorded = [r for r in repository.runs_of(agent.agent_id, str(row["thread_id"])) if r.get("schedule_result_id") == row["result_id"]]
        if recorded:
            found.append((recorded[0], row))
    return found


def _results_since(schedule_id: str, start: float) -> list[dict[str, Any]]:
    """The schedule's finished results with a run, scheduled at or after ``start``."""
    from wakeful.schedules import repository as schedules

    rows: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        page, cursor = schedules.list_results(schedule_id, 100, cursor)
        for row in page:
            if float(row.get("scheduled_for") or 0) < start:
                return rows
            if row.get("thread_id") and row.get("status") in ("heartbeat_ok", "success", "error"):
                rows.append(row)
        if not cursor:
            return rows
