"""Lab routes: ``/agents/{id}/replays[/{replay_id}[/runs]]`` and ``/agents/{id}/dry-runs``."""

from __future__ import annotations

from typing import Annotated

from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, ok
from wakeful.lab import inputs, service
from wakeful.lab.responses import Outcome, Replay, ReplayPage, ReplayRunPage

router = Router()
TAGS = ["lab"]
Limit = Annotated[int, Query(ge=1, le=100, description="Page size")]


@router.post(
    "/agents/<agent_id>/replays",
    summary="Replay a recorded run (or a schedule's runs since a time) as a dry run, with overrides",
    tags=TAGS,
    responses=ok(Replay, 201, "The replay"),
)
def create_replay(agent_id: str, body: inputs.ReplayIn):
    return respond(201, service.create_replay(owner(router), agent_id, body))


@router.get(
    "/agents/<agent_id>/replays",
    summary="List an agent's replays, newest first",
    tags=TAGS,
    responses=ok(ReplayPage),
)
def list_replays(agent_id: str, limit: Limit = 50):
    return respond(200, page(service.list_replays(owner(router), agent_id, limit), None))


@router.get(
    "/agents/<agent_id>/replays/<replay_id>",
    summary="A replay: the original and the replay side by side (or the summary of many runs)",
    tags=TAGS,
    responses=ok(Replay),
)
def get_replay(agent_id: str, replay_id: str):
    return respond(200, service.get_replay(owner(router), agent_id, replay_id))


@router.get(
    "/agents/<agent_id>/replays/<replay_id>/runs",
    summary="A replay's runs, each original beside its replay",
    tags=TAGS,
    responses=ok(ReplayRunPage),
)
def list_replay_runs(agent_id: str, replay_id: str):
    return respond(200, page(service.replay_runs(owner(router), agent_id, replay_id), None))


@router.post(
    "/agents/<agent_id>/dry-runs",
    summary="Run the agent on a prompt or message and given events, as a dry run: nothing leaves",
    tags=TAGS,
    responses=ok(Outcome),
)
def create_dry_run(agent_id: str, body: inputs.DryRunIn):
    return respond(200, service.dry_run(owner(router), agent_id, body))
