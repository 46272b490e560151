"""Schedule routes: ``/agents/{id}/schedules[/{schedule_id}[/run|/results…]]``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, no_content, ok
from wakeful import targets as notify_targets
from wakeful.pagination import MAX_LIMIT
from wakeful.schedules import service
from wakeful.schedules.models import public, public_result

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.schedules.inputs import ScheduleCreate, SchedulePatch

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]
Cursor = Annotated[str | None, Query(description="The 'next' value of the previous page")]
TAGS = ["schedules"]


@router.post(
    "/agents/<agent_id>/schedules",
    summary="Create a cron schedule (a heartbeat checklist or a scheduled run)",
    tags=TAGS,
    responses=ok("Schedule", 201, "The schedule"),
)
def create_schedule(agent_id: str, body: ScheduleCreate):
    _check_notify(body.notify)
    return respond(201, public(service.create(owner(router), agent_id, body)))


@router.get(
    "/agents/<agent_id>/schedules",
    summary="List an agent's schedules, newest first",
    tags=TAGS,
    responses=ok("SchedulePage"),
)
def list_schedules(agent_id: str, limit: Limit = 50, cursor: Cursor = None):
    items, next_cursor = service.list_page(owner(router), agent_id, limit, cursor)
    return respond(200, page([public(s) for s in items], next_cursor))


@router.get(
    "/agents/<agent_id>/schedules/<schedule_id>",
    summary="Get a schedule with its counts",
    tags=TAGS,
    responses=ok("Schedule"),
)
def get_schedule(agent_id: str, schedule_id: str):
    return respond(200, public(service.get(owner(router), agent_id, schedule_id)))


@router.patch(
    "/agents/<agent_id>/schedules/<schedule_id>",
    summary="Change a schedule (is_active: false pauses it; a timing change recomputes next_run_at)",
    tags=TAGS,
    responses=ok("Schedule"),
)
def patch_schedule(agent_id: str, schedule_id: str, body: SchedulePatch):
    _check_notify(body.notify)
    return respond(200, public(service.patch(owner(router), agent_id, schedule_id, body)))


@router.delete(
    "/agents/<agent_id>/schedules/<schedule_id>",
    summary="Delete a schedule",
    tags=TAGS,
    responses=no_content(),
)
def delete_schedule(agent_id: str, schedule_id: str):
    service.delete(owner(router), agent_id, schedule_id)
    return respond(204, None)


@router.post(
    "/agents/<agent_id>/schedules/<schedule_id>/run",
    summary="Run a schedule now",
    tags=TAGS,
    responses=ok("ScheduleRunAccepted", 202, "The run started"),
)
def run_schedule(agent_id: str, schedule_id: str):
    return respond(202, {"result_id": service.run_now(owner(router), agent_id, schedule_id)})


@router.get(
    "/agents/<agent_id>/schedules/<schedule_id>/results",
    summary="A schedule's run results (heartbeat_ok, success, error, skipped), newest first",
    tags=TAGS,
    responses=ok("ScheduleResultPage"),
    operation_id="list_schedule_results",
)
def list_results(
    agent_id: str,
    schedule_id: str,
    limit: Limit = 50,
    cursor: Cursor = None,
    include_pending: Annotated[bool, Query(description="Also list runs still going (status pending)")] = False,
):
    items, next_cursor = service.results_page(owner(router), agent_id, schedule_id, limit, cursor, include_pending=include_pending)
    return respond(200, page([public_result(r) for r in items], next_cursor))


@router.get(
    "/agents/<agent_id>/schedules/<schedule_id>/results/<result_id>",
    summary="One run's result",
    tags=TAGS,
    responses=ok("ScheduleResult"),
    operation_id="get_schedule_result",
)
def get_result(agent_id: str, schedule_id: str, result_id: str):
    return respond(200, public_result(service.get_result(owner(router), agent_id, schedule_id, result_id)))


def _check_notify(targets: list[str] | None) -> None:
    """``notify`` names only the owner's channels (else 422)."""
    notify_targets.check(owner(router), targets)
