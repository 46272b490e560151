"""The heartbeats' routes: make one due now, list an agent's, read one with its actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.agents import service as agents
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Body, Query, Router, ok
from wakeful import clock
from wakeful.heartbeats import records as hb
from wakeful.heartbeats import repository as heartbeats
from wakeful.heartbeats import scheduling
from wakeful.heartbeats.exceptions import HeartbeatNotFoundError
from wakeful.limits import API_PAGE_BYTES
from wakeful.pagination import MAX_LIMIT, take, wire_bytes

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.heartbeats.inputs import HeartbeatRequest

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]


@router.post(
    "/agents/<agent_id>/heartbeats",
    summary="Make a heartbeat due now",
    tags=["heartbeats"],
    responses=ok("HeartbeatAccepted", 202, "A heartbeat is due now"),
)
def request_heartbeat(agent_id: str, body: Annotated[HeartbeatRequest | None, Body()] = None):
    return respond(202, {"heartbeat_id": scheduling.request(owner(router), agent_id)})


@router.get(
    "/agents/<agent_id>/heartbeats",
    summary="List an agent's heartbeats, newest first",
    tags=["heartbeats"],
    responses=ok("HeartbeatPage"),
)
def list_heartbeats(agent_id: str, limit: Limit = 50, cursor: Annotated[str | None, Query()] = None):
    agents.get(owner(router), agent_id)
    items, next_cursor = heartbeats.list_page(agent_id, limit=limit, cursor=cursor)
    return respond(200, page([h.public() for h in items], next_cursor))


@router.get(
    "/agents/<agent_id>/heartbeats/<heartbeat_id>",
    summary="A heartbeat and its actions",
    tags=["heartbeats"],
    responses=ok("HeartbeatDetail"),
)
def get_heartbeat(agent_id: str, heartbeat_id: str):
    from wakeful.actions import repository as actions  # only this route needs it
    from wakeful.actions.records import Action

    agent = agents.get(owner(router), agent_id)
    item = heartbeats.get(agent_id, heartbeat_id)
    if item is None and heartbeat_id == agent.requested_heartbeat_id:
        # Asked for while another ran: it is written when that one finishes, and due at
        # once then. Until then it is shown PENDING, as it will be.
        item = hb.new_pending(agent, heartbeat_id, clock.now(), now=clock.now(), forced=True)
    if item is None:
        raise HeartbeatNotFoundError(f"heartbeat {heartbeat_id} not found")
    body = item.public()
    # Within the byte bound of an answer (a heartbeat may run many actions, each with
    # its event); the rest are listed by GET /agents/{id}/actions?heartbeat_id=.
    own = (a for a in actions.of_heartbeat(heartbeat_id) if a.agent_id == agent_id)
    taken = take(own, view=Action.public, budget=API_PAGE_BYTES - wire_bytes(body))
    body["actions"] = taken.views
    body["actions_truncated"] = taken.more
    return respond(200, body)
