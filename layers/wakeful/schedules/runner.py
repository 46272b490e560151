"""The schedule runner: start the thread of a claimed run (the schedule queue's consumer).

A message ``{agent_id, schedule_id, result_id}`` names a pending result. Starting is
idempotent: a result that is finished or already has its thread is left alone, so a
redelivered message (or one the scan sent again after the start lease) does nothing.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from wakeful import clock
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.schedules import answers, models, repository, runs
from wakeful.schedules.manifest import SOURCE
from wakeful.schedules.slots import GATES, Skip

if TYPE_CHECKING:
    from wakeful.threads.records import Thread

logger = logging.getLogger(__name__)


def start(message: dict[str, Any], *, now: float | None = None) -> str:
    """Start the run a message names. Returns what happened: ``started``, ``skipped``
    (a gate said no model call: see :data:`wakeful.schedules.slots.GATES`), ``done``
    (nothing to do) or ``error``. A schedule is paused with its own ``is_active``; the
    agent's pauses its heartbeats only, as for threads."""
    now = clock.now() if now is None else now
    row = repository.get_result(message["schedule_id"], message["result_id"])
    if row is None or row["status"] != models.PENDING or row.get("thread_id"):
        return "done"
    schedule = repository.get_schedule(row["agent_id"], row["schedule_id"])
    agent = agents_repository.get(row["agent_id"])
    if schedule is None or agent is None:
        runs.finish(row, {"status": "failed", "final_text": None, "error": "the schedule or its agent was deleted before the run started"}, now=now)
        if schedule is not None:
            repository.delete_schedule(row["agent_id"], row["schedule_id"])  # an agent's schedules go with it
        return "error"
    skip = _gated(agent, schedule, row, now)
    if skip is not None:
        runs.skip(row, skip.reason, skip.content, now=now)
        logger.info("schedule run skipped", extra={"result_id": row["result_id"], "reason": skip.reason})
        return "skipped"
    thread_id = _start_thread(agent, schedule, row).thread_id
    if not repository.mark_started(row["schedule_id"], row["result_id"], thread_id, now):
        logger.info("schedule run finished before its start was recorded", extra={"result_id": row["result_id"]})
    logger.info("schedule run started", extra={"result_id": row["result_id"], "thread_id": thread_id})
    return "started"


def _gated(agent: Agent, schedule: dict[str, Any], row: dict[str, Any], now: float) -> Skip | None:
    """The first installed gate's :class:`Skip`, or None when every gate lets it run."""
    for gate in GATES.installed():
        skip = gate.check(agent, schedule, row, now)
        if skip is not None:
            return skip
    return None


def _start_thread(agent: Agent, schedule: dict[str, Any], row: dict[str, Any]) -> Thread:
    from wakeful.threads import records, service as threads  # the thread runtime; loaded on the first run

    return threads.start_thread(
        agent.owner,
        agent.agent_id,
        answers.build_prompt(schedule),
        source=SOURCE,
        source_id=schedule["schedule_id"],
        prompt_mode=models.schedule_type(schedule),
        attributes={"schedule_result_id": row["result_id"]},
        # One thread per result: a redelivered message starts the same thread, not a second.
        thread_id=records.derived_thread_id(float(row.get("created_at") or row["scheduled_for"]), "schedule", row["result_id"]),
    )

