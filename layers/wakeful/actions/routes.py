"""The actions' routes: list an agent's actions, decide one waiting for an approval."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.agents import service as agents
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, ok
from wakeful.pagination import MAX_LIMIT

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.actions.inputs import ApprovalIn

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]


@router.post(
    "/agents/<agent_id>/actions/<action_id>/approval",
    summary="Approve or deny a heartbeat's action waiting for an approval",
    tags=["actions"],
    responses=ok("Action"),
)
def decide_action(agent_id: str, action_id: str, body: ApprovalIn):
    from wakeful.actions import approvals

    return respond(200, approvals.decide(owner(router), agent_id, action_id, body.decision, body.note).public())


@router.get("/agents/<agent_id>/actions", summary="List an agent's actions", tags=["actions"], responses=ok("ActionPage"))
def list_actions(
    agent_id: str,
    heartbeat_id: Annotated[str | None, Query()] = None,
    status: Annotated[str | None, Query(pattern="^(PENDING|RUNNING|COMPLETED|FAILED|WAITING_APPROVAL)$")] = None,
    limit: Limit = 50,
    cursor: Annotated[str | None, Query()] = None,
):
    from wakeful.actions import repository as actions  # only this route needs it

    agents.get(owner(router), agent_id)
    items, next_cursor = actions.list_page(agent_id, heartbeat_id=heartbeat_id, status=status, limit=limit, cursor=cursor)
    return respond(200, page([a.public() for a in items], next_cursor))
