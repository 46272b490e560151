"""The events' routes: append to an agent's log, read it, broadcast to many agents."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.agents import service as agents
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, ok
from wakeful.events import models as event_models
from wakeful.events.models import Event
from wakeful.pagination import MAX_LIMIT, decode_seq, take

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.events.inputs import BroadcastIn, EventIn

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]


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
