"""Due schedules, claimed by the heartbeat scan.

For each shard the scan Queries ``schedule-due`` (active schedules whose ``due_at`` has
come) and decides each due time from what the index item carries:

- the due time to run is the latest one that has passed (after downtime, one catch-up
  run for all the missed ones); a late claim (past :data:`LATE_AFTER_SECONDS`) runs only
  if it is now inside the active hours;
- a run still going makes this due time ``skipped`` (recorded);
- otherwise the run is claimed: the schedule moves to its next due time and records
  the run as going, and a ``pending`` result with a deterministic id is created, in one
  transaction conditioned on the due time and revision read. Racing scans and repeated
  scans therefore claim each due time once.

Claimed runs go to the schedule queue; the schedule runner starts their threads. It
also Queries ``start-lease`` for claims whose thread never started (the scan died
before sending, or the runner kept failing) and sends them again, up to
:data:`MAX_START_ATTEMPTS`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Iterable

from wakeful.config import get_settings
from wakeful.schedules import models, repository
from wakeful.schedules.queue import send_schedule_runs

logger = logging.getLogger(__name__)

#: A claim later than this after its due time is a catch-up (downtime, not scan delay).
LATE_AFTER_SECONDS = 300
#: A run going for longer than this no longer blocks the next due time.
RUN_TIMEOUT_SECONDS = 3600
#: How long a claimed run may wait for its thread to start before it is sent again.
START_LEASE_SECONDS = 300
MAX_START_ATTEMPTS = 3


@dataclass
class DueResult:
    """What one scan did with schedules."""

    claimed: int = 0
    skipped: int = 0
    advanced: int = 0
    resent: int = 0
    failed: int = 0
    items_read: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)


def claim_due(now: float, shards: Iterable[int] | None = None) -> DueResult:
    """Claim every due schedule and re-send every run whose start lease ran out (of
    ``shards`` only, when given: the scan runs one invocation per group of shards)."""
    result = DueResult()
    for shard in range(get_settings().due_shards) if shards is None else shards:
        for key in repository.due_keys(shard, now):
            result.items_read += 1
            _claim(key, now, result)
        for key in repository.expired_starts(shard, now):
            result.items_read += 1
            _resend(key, now, result)
    send(result.messages)
    return result


def send(messages: list[dict[str, Any]]) -> None:
    """Queue runs for the schedule runner: ``{agent_id, schedule_id, result_id}`` each."""
    send_schedule_runs(messages)


def _claim(schedule: dict[str, Any], now: float, result: DueResult) -> None:
    """Decide one due schedule; on a lost condition re-read it once and decide again."""
    for attempt in range(2):
        try:
            outcome = decide(schedule, now)
            if outcome is not None:
                setattr(result, outcome[0], getattr(result, outcome[0]) + 1)
                if outcome[1] is not None:
                    result.messages.append(outcome[1])
            return
        except repository.Conflict:
            if attempt:
                return
            fresh = repository.get_schedule(schedule["agent_id"], schedule["schedule_id"])
            if fresh is None or fresh.get("due_at") is None or fresh["due_at"] > now:
                return  # claimed by another scan, paused or deleted meanwhile
            schedule = fresh


def decide(schedule: dict[str, Any], now: float) -> tuple[str, dict[str, Any] | None] | None:
    """Claim, skip or pass over one due schedule at ``now``. Returns the counter to
    bump and the message to send (if a run was claimed). Raises repository.Conflict when
    the schedule changed since it was read."""
    from wakeful.schedules import cron  # only when a schedule is due: the scan's cold start stays small

    seen_due = float(schedule["due_at"])
    expression, tz = schedule["cron_expression"], schedule.get("timezone", "UTC")
    hours = cron.active_hours(schedule.get("active_hours"))
    scheduled_for = cron.latest_due(expression, tz, seen_due, now, hours)
    next_at = cron.next_run(expression, tz, now, hours)
    late = now - scheduled_for > LATE_AFTER_SECONDS
    if late and not cron.in_hours(now, tz, hours):
        repository.advance(schedule, next_at, seen_due, now)  # a catch-up would run outside active hours
        return ("advanced", None)
    trigger = models.TRIGGER_CATCH_UP if late or scheduled_for != seen_due else models.TRIGGER_CRON
    rid = repository.result_id(schedule["schedule_id"], scheduled_for)
    stale_before = now - RUN_TIMEOUT_SECONDS
    running = schedule.get("running_result_id")
    if running and float(schedule.get("running_since") or 0) >= stale_before:
        reason = f"skipped: the previous run ({running}) was still going"
        repository.claim_skip(schedule, repository.skipped_result(schedule, rid, scheduled_for, reason, now), next_at, seen_due, now, stale_before)
        logger.info("schedule run skipped", extra={"schedule_id": schedule["schedule_id"], "running": running})
        return ("skipped", None)
    pending = repository.pending_result(schedule, rid, scheduled_for, trigger, now, START_LEASE_SECONDS)
    repository.claim_run(schedule, pending, next_at, seen_due, now, stale_before)
    if running:
        _time_out(schedule, running, now)
    return ("claimed", {"agent_id": schedule["agent_id"], "schedule_id": schedule["schedule_id"], "result_id": rid})


def _time_out(schedule: dict[str, Any], rid: str, now: float) -> None:
    """A run that kept going past the run timeout ends as an error (once)."""
    from wakeful.schedules import runs

    row = repository.get_result(schedule["schedule_id"], rid)
    if row is not None and row["status"] == models.PENDING:
        runs.finish(row, {"status": "failed", "final_text": None, "error": f"the run did not finish within {RUN_TIMEOUT_SECONDS} s"}, now=now)


def _resend(key: dict[str, Any], now: float, result: DueResult) -> None:
    attempt = int(key.get("start_attempt", 1))
    if attempt >= MAX_START_ATTEMPTS:
        from wakeful.schedules import runs

        row = repository.get_result(key["schedule_id"], key["result_id"])
        if row is not None and row["status"] == models.PENDING:
            error = f"the run's thread did not start in {attempt} attempts"
            if runs.finish(row, {"status": "failed", "final_text": None, "error": error}, now=now):
                result.failed += 1
        return
    if repository.renew_start(key, now, START_LEASE_SECONDS) is not None:
        result.resent += 1
        result.messages.append({"agent_id": key["agent_id"], "schedule_id": key["schedule_id"], "result_id": key["result_id"]})
        logger.warning("schedule run start lease expired; sent again", extra={"result_id": key["result_id"], "attempt": attempt + 1})
