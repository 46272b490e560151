"""Agents, heartbeats, events and actions of an agent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.agents import models as agent_models
from wakeful.agents import service as agents
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Body, Query, Router, no_content, ok
from wakeful.events import models as event_models
from wakeful.events.models import Event
from wakeful.heartbeats import repository as heartbeats
from wakeful.heartbeats.exceptions import HeartbeatNotFoundError
from wakeful.limits import API_PAGE_BYTES
from wakeful.pagination import MAX_LIMIT, decode_seq, take, wire_bytes

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.agents.inputs import AgentCreate, AgentPatch
    from wakeful.events.inputs import BroadcastIn, EventIn
    from wakeful.heartbeats.inputs import HeartbeatRequest
    from wakeful.threads.inputs import ApprovalIn

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]


@router.post(
    "/agents",
    summary="Create an agent; its first heartbeat is due at once",
    tags=["agents"],
    responses=ok("Agent", 201, "The agent; its first heartbeat is due at once"),
)
def create_agent(body: AgentCreate):
    _check_notify(body.notify)
    return respond(201, agent_models.public(agents.create(owner(router), body)))


def _check_notify(targets: list[str] | None) -> None:
    """``notify`` names only the owner's channels (else 422)."""
    if targets:
        from wakeful.channels import targets as channel_targets

        channel_targets.check(owner(router), targets)


@router.get("/agents", summary="List your agents, newest first", tags=["agents"], responses=ok("AgentPage"))
def list_agents(limit: Limit = 50, cursor: Annotated[str | None, Query()] = None):
    items, next_cursor = agents.list_page(owner(router), limit, cursor)
    return respond(200, page([agent_models.public(a) for a in agents.with_schedule(items)], next_cursor))


@router.get("/agents/<agent_id>", summary="Get an agent", tags=["agents"], responses=ok("Agent"))
def get_agent(agent_id: str):
    return respond(200, agent_models.public(agents.with_schedule([agents.get(owner(router), agent_id)])[0]))


@router.patch(
    "/agents/<agent_id>",
    summary="Change an agent (is_active: false pauses its heartbeats)",
    tags=["agents"],
    responses=ok("Agent"),
)
def patch_agent(agent_id: str, body: AgentPatch):
    _check_notify(body.notify)
    return respond(200, agent_models.public(agents.with_schedule([agents.patch(owner(router), agent_id, body)])[0]))


@router.delete("/agents/<agent_id>", summary="Delete an agent", tags=["agents"], responses=no_content())
def delete_agent(agent_id: str):
    agents.delete(owner(router), agent_id)
    return respond(204, None)


@router.post(
    "/agents/<agent_id>/heartbeats",
    summary="Make a heartbeat due now",
    tags=["heartbeats"],
    responses=ok("HeartbeatAccepted", 202, "A heartbeat is due now"),
)
def request_heartbeat(agent_id: str, body: Annotated[HeartbeatRequest | None, Body()] = None):
    return respond(202, {"heartbeat_id": agents.request_heartbeat(owner(router), agent_id)})


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

    agents.get(owner(router), agent_id)
    item = heartbeats.get(agent_id, heartbeat_id)
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


@router.post(
    "/agents/<agent_id>/events",
    summary="Append an event to the agent's log",
    tags=["events"],
    responses={
        **ok("EventAccepted", 202, "Appended"),
        **ok("EventAccepted", 200, "The same idempotency key and body again: the first event, and no new one"),
    },
)
def post_event(agent_id: str, body: EventIn):
    from wakeful.events import store as events  # only this route needs it

    agents.get(owner(router), agent_id)
    new = event_models.NewEvent.model_validate(body.model_dump(exclude={"idempotency_key"}))
    result = events.append(agent_id, [new], idempotency_key=body.idempotency_key, same_body_only=True)
    event = result.events[0]
    return respond(202 if result.created else 200, {"event_id": event.id, "seq": event.seq})


@router.post(
    "/events/broadcast",
    summary="Append an event to every active agent of yours (or to the agents listed)",
    tags=["events"],
    responses=ok("BroadcastAccepted", 202, "Queued: the event lands in each agent's log within seconds"),
)
def broadcast_event(body: BroadcastIn):
    from wakeful.events import broadcast

    return respond(202, broadcast.broadcast(owner(router), body).public())


@router.get("/agents/<agent_id>/events", summary="Read the log, oldest first", tags=["events"], responses=ok("EventPage"))
def list_events(
    agent_id: str,
    after_seq: Annotated[int, Query(ge=0, le=2**53, description="Return events with seq above this")] = 0,
    limit: Limit = 100,
    cursor: Annotated[str | None, Query(description="The next value of a previous page (it wins over after_seq)")] = None,
):
    from wakeful.events import store as events  # only this route needs it

    agents.get(owner(router), agent_id)
    start = decode_seq(cursor)
    if start is not None:
        after_seq = start
    # Read lazily: a page of large events ends at its byte bound, long before the limit.
    taken = take(events.read_range(agent_id, after_seq, limit=limit + 1), limit, Event.public)
    next_cursor = str(taken.items[-1].seq) if taken.more else None
    return respond(200, page(taken.views, next_cursor))


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
