"""Creating, reading, changing and deleting schedules; running one now; its results."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wakeful import clock, ids
from wakeful.agents import service as agents
from wakeful.schedules import cron, due, models, repository
from wakeful.schedules.exceptions import ScheduleInvalidError, ScheduleLimitError, ScheduleNotFoundError

if TYPE_CHECKING:  # the API's bodies (pydantic): the routes build them
    from wakeful.schedules.inputs import ScheduleCreate, SchedulePatch

MAX_SCHEDULES_PER_AGENT = 50


def _timing(expression: str, timezone: str, active_hours: dict[str, str] | None, now: float) -> tuple[str, float]:
    """Validate the timing fields; the normalised expression and the first due time."""
    expression = cron.check_expression(expression)
    cron.zone(timezone)
    hours = cron.active_hours(active_hours)
    first = cron.next_run(expression, timezone, now, hours)
    if first is None:
        raise ScheduleInvalidError(
            f"cron_expression {expression!r} never comes due in {timezone}" + (" inside active_hours" if hours else "")
        )
    return expression, first


def _probe(probe: Any) -> dict[str, Any] | None:
    """A probe's stored form; its URL judged by the URL guard now (422 with the reason)."""
    if probe is None:
        return None
    if probe.url:
        from wakeful import outbound

        outbound.check(probe.url)
    return dict(probe.model_dump(exclude_none=True))


def create(owner: str, agent_id: str, body: ScheduleCreate) -> dict[str, Any]:
    """Create a schedule on the owner's agent; its first due time is computed now."""
    agents.get(owner, agent_id)
    if repository.count_schedules(agent_id) >= MAX_SCHEDULES_PER_AGENT:
        raise ScheduleLimitError(f"an agent can have at most {MAX_SCHEDULES_PER_AGENT} schedules")
    now = clock.now()
    active_hours = body.active_hours.model_dump() if body.active_hours else None
    expression, first = _timing(body.cron_expression, body.timezone, active_hours, now)
    schedule_id = ids.new_id("sch", now)
    item: dict[str, Any] = {
        "agent_id": agent_id,
        "schedule_id": schedule_id,
        "owner": owner,
        "prompt": body.prompt,
        "cron_expression": expression,
        "timezone": body.timezone,
        "config": body.config.model_dump(exclude_none=True),
        "active_hours": active_hours,
        "is_active": body.is_active,
        "notify": body.notify,
        "probe": _probe(body.probe),
        "next_run_at": first,
        "revision": 0,
        "created_at": now,
        "updated_at": now,
    }
    if body.is_active:
        item.update(repository.due_attributes(schedule_id, first))
    repository.put_schedule(item)
    return item


def get(owner: str, agent_id: str, schedule_id: str) -> dict[str, Any]:
    """The owner's schedule; another owner's is not found."""
    agents.get(owner, agent_id)
    item = repository.get_schedule(agent_id, schedule_id)
    if item is None or item.get("owner") != owner:
        raise ScheduleNotFoundError(f"schedule {schedule_id} not found")
    return item


def list_page(owner: str, agent_id: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """The agent's schedules, newest first."""
    agents.get(owner, agent_id)
    return repository.list_schedules(agent_id, limit, cursor)


def patch(owner: str, agent_id: str, schedule_id: str, body: SchedulePatch) -> dict[str, Any]:
    """Change a schedule. A change of timing or a resume computes the next due time
    from now (missed due times are not made up); a pause takes it out of the due index."""
    current = get(owner, agent_id, schedule_id)
    changes = body.model_dump(exclude_unset=True)
    now = clock.now()
    sets: dict[str, Any] = {"updated_at": now}
    removes: list[str] = []
    if changes.get("prompt") is not None:
        sets["prompt"] = changes["prompt"]
    if changes.get("config") is not None:
        sets["config"] = body.config.model_dump(exclude_none=True)
    if "notify" in changes:
        if changes["notify"] is None:
            removes.append("notify")
        else:
            sets["notify"] = changes["notify"]
    if "probe" in changes:  # a new probe compares with nothing yet
        removes.append("probe_state")
        if changes["probe"] is None:
            removes.append("probe")
        else:
            sets["probe"] = _probe(body.probe)
    expression = changes.get("cron_expression") or current["cron_expression"]
    timezone = changes.get("timezone") or current.get("timezone", "UTC")
    active_hours = changes["active_hours"] if "active_hours" in changes else current.get("active_hours")
    active = changes["is_active"] if changes.get("is_active") is not None else current.get("is_active", True)
    timing_changed = any(k in changes for k in ("cron_expression", "timezone", "active_hours"))
    resumed = active and not current.get("is_active", True)
    if timing_changed or resumed:
        expression, first = _timing(expression, timezone, active_hours, now)
        sets.update({"cron_expression": expression, "timezone": timezone, "active_hours": active_hours, "next_run_at": first})
    sets["is_active"] = active
    if not active:
        removes += ["due_shard", "due_at"]
    elif timing_changed or resumed:
        sets.update(repository.due_attributes(schedule_id, sets["next_run_at"]))
    return repository.update_schedule(agent_id, schedule_id, sets, removes)


def delete(owner: str, agent_id: str, schedule_id: str) -> None:
    """Delete a schedule (a run going on finishes, with its result)."""
    get(owner, agent_id, schedule_id)
    repository.delete_schedule(agent_id, schedule_id)


def run_now(owner: str, agent_id: str, schedule_id: str) -> str:
    """Start a run now, beside the cron due times. Returns its result id."""
    schedule = get(owner, agent_id, schedule_id)
    now = clock.now()
    rid = repository.manual_result_id(now)
    repository.put_result(repository.pending_result(schedule, rid, now, models.TRIGGER_MANUAL, now, due.START_LEASE_SECONDS))
    due.send([{"agent_id": agent_id, "schedule_id": schedule_id, "result_id": rid}])
    return rid


def results_page(
    owner: str, agent_id: str, schedule_id: str, limit: int, cursor: str | None, *, include_pending: bool = False
) -> tuple[list[dict[str, Any]], str | None]:
    """A schedule's finished results (and, when asked, runs still going), newest first."""
    get(owner, agent_id, schedule_id)
    return repository.list_results(schedule_id, limit, cursor, include_pending=include_pending)


def get_result(owner: str, agent_id: str, schedule_id: str, result_id: str) -> dict[str, Any]:
    """One result of the owner's schedule."""
    get(owner, agent_id, schedule_id)
    row = repository.get_result(schedule_id, result_id)
    if row is None:
        raise ScheduleNotFoundError(f"result {result_id} not found")
    return row
