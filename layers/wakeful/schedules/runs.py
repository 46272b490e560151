"""The end of a scheduled run: its result, its counts, and who is told.

When a run of a ``scheduled`` thread ends, the thread runtime tells the schedules'
run-end listener (:mod:`wakeful.schedules.manifest`), which calls :func:`on_run_end`.
The result is finished once (a conditional transaction), so a repeated call changes
nothing; the hook delivery has a deterministic id, so it is sent once too.

- ``heartbeat_ok`` (a heartbeat run answered ``HEARTBEAT_OK`` and nothing else): no one
  is notified;
- ``success``: delivered to ``SCHEDULE_RESULT`` hooks, without the ``HEARTBEAT_OK``
  token (``scheduled`` runs always end here unless they fail);
- ``error``: delivered to ``SCHEDULE_FAILED`` hooks.

Both then go to the result listeners (:mod:`wakeful.schedules.slots`: the channels'
``notify``), which also count for the result's ``notified``.

The thread's own hooks (``THREAD_*``, ``NOTIFICATION``, ``ACTION_*``) go through
:func:`fire_thread_hook` (the listener holds the thread's hooks). Those of a heartbeat thread's run wait on the result until
that run ends: a run whose answer is ``HEARTBEAT_OK`` drops them, so it notifies nobody;
any other run sends them then, without the token. This holds for each run of the thread
(a heartbeat that sleeps and wakes again is judged run by run); the result itself is
the first run's. ``APPROVAL_REQUESTED`` is sent at once: the run cannot go on until a
person answers it.
"""

from __future__ import annotations

import logging
from typing import Any

from wakeful import clock
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.hooks import events as hook_events
from wakeful.hooks.events import HookEvent, ScheduleFailed, ScheduleResult
from wakeful.hooks.firing import fire
from wakeful.schedules import answers, models, repository
from wakeful.schedules.slots import RESULTS
from wakeful.threads import records as threads
from wakeful.threads.slots import RunEnd
from wakeful.threads.records import Thread

logger = logging.getLogger(__name__)

_HOOK_TYPES = {models.SUCCESS: ScheduleResult.hook_type, models.ERROR: ScheduleFailed.hook_type}


def on_run_end(end: RunEnd) -> None:
    """A run of a ``scheduled`` thread ended: its result is filled from the thread as the
    end left it. A run that parked for an approval has not ended: its result waits."""
    thread = end.thread
    if thread.status == threads.WAITING_APPROVAL:
        return
    ended = thread.status in threads.ENDED
    outcome: dict[str, Any] = {
        "status": thread.status,
        "final_text": thread.final_text or "",
        "summary": (thread.summary or "") if ended else None,
        "error": thread.error_message if ended else None,
    }
    note = thread.turn_policy or {}
    if note.get("run_id") == thread.run_id and note.get("escalated"):
        # The triage model did not answer this run: the agent's model ran it.
        outcome.update({"escalated": True, "triage": note.get("triage")})
    on_thread_run_finished(thread, outcome)


def on_thread_run_finished(thread: Thread, outcome: dict[str, Any]) -> None:
    """Fill the result a run of a ``scheduled`` thread ran for.

    Args:
        thread: the thread (``source == "scheduled"``, ``source_id`` the schedule id,
            ``attributes.schedule_result_id`` the result this run fills).
        outcome: ``{"status": "complete" | "sleeping" | "failed" | ..., "final_text":
            the model's last text, "summary": the ``complete_task`` summary (or the
            final text), "error": message or None}``.
    """
    schedule_id, rid = _result_key(thread)
    if not schedule_id or not rid:
        logger.warning("scheduled thread without a schedule result", extra={"thread_id": thread.thread_id})
        return
    row = repository.get_result(schedule_id, rid)
    if row is None:
        logger.warning("schedule result not found", extra={"schedule_id": schedule_id, "result_id": rid})
        return
    finish(row, outcome, thread_id=thread.thread_id, run_id=thread.run_id)


def _result_key(thread: Thread) -> tuple[str | None, str | None]:
    """The schedule and result a scheduled thread's run fills."""
    return thread.source_id, thread.attributes.get("schedule_result_id")


def finish(
    row: dict[str, Any], outcome: dict[str, Any], *, thread_id: str | None = None, run_id: str | None = None, now: float | None = None
) -> bool:
    """Finish a run's result from its outcome, count it, and notify. Safe to repeat:
    a result already finished is only re-notified under the same delivery id (a no-op
    when the first notification went out). The hooks held for ``run_id`` (every held
    hook when None) are sent unless this outcome is silent. True when this call
    finished the result."""
    now = clock.now() if now is None else now
    agent = agents_repository.get(row["agent_id"])
    finished = False
    status, content = answers.classify(row.get("schedule_type", models.SCHEDULED), outcome)
    if row["status"] == models.PENDING:
        hook_type = _HOOK_TYPES.get(status)
        notified = bool(agent and hook_type and hook_type in set(agent.hook_types or ()))
        notified = notified or bool(agent and hook_type and _listeners_notify(agent, row, status))
        error = content if status == models.ERROR else None
        extra = {key: outcome[key] for key in ("escalated", "triage") if outcome.get(key)}
        finished = repository.finish(row, status, content, notified=notified, thread_id=thread_id, error=error, now=now, extra=extra)
        row = repository.get_result(row["schedule_id"], row["result_id"]) or row
    repository.clear_running(row["agent_id"], row["schedule_id"], row["result_id"])
    if finished:
        logger.info("schedule run finished", extra={"result_id": row["result_id"], "status": row["status"]})
    if agent is not None and status != models.HEARTBEAT_OK:
        _release_held_hooks(agent, row, run_id)
    if agent is not None and row.get("notified"):
        _notify(agent, row)
    return finished


def skip(row: dict[str, Any], reason: str, content: str, *, now: float | None = None) -> bool:
    """Finish a pending result as ``skipped`` before its thread started (a gate said so):
    no model call, no hook, nobody notified. True when this call finished it."""
    now = clock.now() if now is None else now
    finished = repository.finish(row, models.SKIPPED, content, notified=False, thread_id=None, error=None, now=now, reason=reason)
    repository.clear_running(row["agent_id"], row["schedule_id"], row["result_id"])
    return finished


#: Hooks a heartbeat run sends at once: a person must answer them for the run to go on.
_SENT_AT_ONCE = frozenset({"APPROVAL_REQUESTED"})


def fire_thread_hook(agent: Agent, thread: Thread, event: HookEvent, **options: Any) -> None:
    """Fire a hook of a schedule run's thread (the thread runtime calls this, through
    the listener, instead of :func:`wakeful.hooks.firing.fire` for ``scheduled``
    threads; same arguments).

    A heartbeat thread's hooks are held on its result, with the run they belong to,
    until that run ends (see the module docstring and :func:`finish`); it is held as its
    payload (``hook_type`` and ``data``) and rebuilt with :func:`wakeful.hooks.events.from_data`.
    """
    hook_type = event.name
    if hook_type not in set(agent.hook_types or ()):
        return  # no hook of that type: nothing to hold, no request made
    if thread.prompt_mode != models.HEARTBEAT or hook_type in _SENT_AT_ONCE:
        fire(agent, event, **options)
        return
    schedule_id, rid = _result_key(thread)
    data = event.data()
    held = {"hook_type": hook_type, "data": data, "run_id": thread.run_id, "options": {k: v for k, v in options.items() if v is not None}}
    if schedule_id and rid:
        try:
            if repository.hold_hook(schedule_id, rid, held):
                return
        except Exception:  # noqa: BLE001 - as firing, holding never fails the run; the hook is dropped, never leaked
            logger.exception("holding a heartbeat run's hook failed", extra={"result_id": rid, "hook_type": hook_type})
            return
    # The result is gone (expired after 90 days): nothing to wait on.
    if answers.is_heartbeat_ok(data.get("summary")):
        return
    fire(agent, _scrubbed(hook_type, data), **options)


def _release_held_hooks(agent: Agent, row: dict[str, Any], run_id: str | None) -> None:
    """Send the hooks a run that was not silent held, in order, each once (a repeat
    sends them under the same delivery ids: no second delivery)."""
    seen: set[str] = set()
    for held in row.get("held_hooks") or []:
        if run_id is not None and held.get("run_id") != run_id:
            continue  # another run's: sent or dropped at that run's end
        options = dict(held.get("options") or {})
        key = options.get("delivery_key")
        if key in seen:
            continue  # held twice by a redelivered step
        if key:
            seen.add(key)
        try:
            event = _scrubbed(held["hook_type"], held.get("data") or {})
        except (TypeError, ValueError):  # not an event's payload: dropped, never a failed run
            logger.exception("a held hook cannot be rebuilt", extra={"result_id": row["result_id"], "hook_type": held.get("hook_type")})
            continue
        fire(agent, event, **options)


def _scrubbed(hook_type: str, data: dict[str, Any]) -> HookEvent:
    """The event of ``hook_type`` with payload ``data``, the token removed from it."""
    return hook_events.from_data(hook_type, answers.scrubbed(data))


def _listeners_notify(agent: Agent, row: dict[str, Any], status: str) -> bool:
    """Whether a result listener (the channels) tells someone of this result."""
    for listener in RESULTS.installed():
        try:
            if listener.notifies(agent, row, status):
                return True
        except Exception:  # noqa: BLE001 - a listener never fails the run's result
            logger.exception("schedule result listener failed", extra={"listener": listener.name, "result_id": row["result_id"]})
    return False


def _tell_listeners(agent: Agent, row: dict[str, Any]) -> None:
    for listener in RESULTS.installed():
        try:
            listener.result_finished(agent, row)
        except Exception:  # noqa: BLE001 - as firing hooks, telling never fails the run's result
            logger.exception("schedule result listener failed", extra={"listener": listener.name, "result_id": row["result_id"]})


def announce(agent: Agent, row: dict[str, Any]) -> None:
    """Tell of a result as its run's end does (its hook, the result listeners), from a
    row view; writes nothing (a replay calls it inside its dry run)."""
    _notify(agent, row)


def _notify(agent: Agent, row: dict[str, Any]) -> None:
    if _HOOK_TYPES.get(row["status"]) is None:
        return
    _tell_listeners(agent, row)
    common = {
        "schedule_id": row["schedule_id"],
        "result_id": row["result_id"],
        "thread_id": row.get("thread_id"),
        "status": row["status"],
        "schedule_type": row.get("schedule_type", models.SCHEDULED),
        "trigger": row.get("trigger", models.TRIGGER_CRON),
        "scheduled_for": clock.iso(row.get("scheduled_for")),
        "completed_at": clock.iso(row.get("completed_at")),
    }
    event: HookEvent
    if row["status"] == models.ERROR:
        event = ScheduleFailed(**common, error_message=row.get("error_message") or row.get("result_content"))
    else:
        event = ScheduleResult(**common, result_content=row.get("result_content"))
    fire(agent, event, context={"triggered_by": "schedule"}, delivery_key=f"schedule-result:{row['result_id']}")
