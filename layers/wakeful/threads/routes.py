"""Threads API: threads, their messages, wake, cancel, approvals, and route decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.agents import service as agents
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, ok
from wakeful.pagination import MAX_LIMIT, decode_seq, take
from wakeful.threads import messages_repository, records, repository, routing_repository, service

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.actions.inputs import ApprovalIn
    from wakeful.threads.inputs import MessageIn
    from wakeful.threads.records import Thread

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]
SeqCursor = Annotated[str | None, Query(description="The 'next' of a previous page (it wins over after)")]
StatusFilter = Annotated[str | None, Query(pattern="^(active|sleeping|waiting_approval|complete|failed|expired)$")]


def _thread(agent_id: str, thread_id: str) -> Thread:
    agents.get(owner(router), agent_id)
    return repository.get_or_404(agent_id, thread_id)


@router.post(
    "/agents/<agent_id>/threads",
    summary="Start a thread with a message; the agent loop runs at once",
    tags=["threads"],
    responses=ok("Thread", 201, "The thread; its first run starts at once"),
)
def create_thread(agent_id: str, body: MessageIn):
    thread = service.start_thread(owner(router), agent_id, body.message, source="user")
    return respond(201, thread.public())


@router.get(
    "/agents/<agent_id>/threads",
    summary="List an agent's threads, newest first",
    tags=["threads"],
    responses=ok("ThreadPage"),
)
def list_threads(agent_id: str, status: StatusFilter = None, limit: Limit = 50, cursor: Annotated[str | None, Query()] = None):
    agents.get(owner(router), agent_id)
    items, next_cursor = repository.list_page(agent_id, status, limit, cursor)
    return respond(200, page([t.public() for t in items], next_cursor))


@router.get("/agents/<agent_id>/threads/<thread_id>", summary="Get a thread", tags=["threads"], responses=ok("Thread"))
def get_thread(agent_id: str, thread_id: str):
    return respond(200, _thread(agent_id, thread_id).public())


@router.get(
    "/agents/<agent_id>/threads/<thread_id>/messages",
    summary="A thread's messages, oldest first",
    tags=["threads"],
    responses=ok("ThreadMessagePage"),
    operation_id="list_thread_messages",
)
def list_messages(agent_id: str, thread_id: str, after: Annotated[int, Query(ge=0)] = 0, limit: Limit = 100, cursor: SeqCursor = None):
    start = decode_seq(cursor)
    _thread(agent_id, thread_id)
    me = owner(router)
    found = messages_repository.page(thread_id, after if start is None else start, limit + 1)
    taken = take(found, limit, lambda m: records.public_message(m, agent_id=agent_id, owner=me))
    next_cursor = str(taken.items[-1]["seq"]) if taken.more else None
    return respond(200, page(taken.views, next_cursor))


@router.post(
    "/agents/<agent_id>/threads/<thread_id>/messages",
    summary="Send a message to a thread (wakes it if it sleeps)",
    tags=["threads"],
    responses=ok("ThreadState", 202, "The message is queued"),
    operation_id="post_thread_message",
)
def post_message(agent_id: str, thread_id: str, body: MessageIn):
    _thread(agent_id, thread_id)
    thread = service.post_message(owner(router), agent_id, thread_id, body.message)
    return respond(202, {"thread_id": thread_id, "status": thread.status})


@router.post(
    "/agents/<agent_id>/threads/<thread_id>/wake",
    summary="Wake a sleeping thread now",
    tags=["threads"],
    responses=ok("ThreadState", 202, "The thread is woken"),
)
def wake_thread(agent_id: str, thread_id: str):
    _thread(agent_id, thread_id)
    thread = service.wake_now(owner(router), agent_id, thread_id)
    return respond(202, {"thread_id": thread_id, "status": thread.status})


@router.post(
    "/agents/<agent_id>/threads/<thread_id>/cancel",
    summary="End a thread (complete, summary cancelled)",
    tags=["threads"],
    responses=ok("Thread"),
)
def cancel_thread(agent_id: str, thread_id: str):
    _thread(agent_id, thread_id)
    return respond(200, service.cancel(owner(router), agent_id, thread_id).public())


@router.get(
    "/agents/<agent_id>/threads/<thread_id>/approvals",
    summary="Tool calls waiting for an approval",
    tags=["threads"],
    responses=ok("ApprovalPage"),
)
def list_approvals(agent_id: str, thread_id: str):
    thread = _thread(agent_id, thread_id)
    pending = [a.public() for a in thread.pending()] if thread.status == records.WAITING_APPROVAL else []
    return respond(200, page(pending, None))


@router.post(
    "/agents/<agent_id>/threads/<thread_id>/approvals/<tool_call_id>",
    summary="Approve or deny a tool call; the thread resumes when none is left pending",
    tags=["threads"],
    responses=ok("ApprovalDecision"),
)
def decide_approval(agent_id: str, thread_id: str, tool_call_id: str, body: ApprovalIn):
    _thread(agent_id, thread_id)
    return respond(200, service.decide_approval(owner(router), agent_id, thread_id, tool_call_id, body.decision, body.note))


@router.get(
    "/agents/<agent_id>/routes",
    summary="How each event of the log was routed, oldest first",
    tags=["threads"],
    responses=ok("RouteDecisionPage"),
    operation_id="list_route_decisions",
)
def list_routes(agent_id: str, after_seq: Annotated[int, Query(ge=0)] = 0, limit: Limit = 100, cursor: SeqCursor = None):
    start = decode_seq(cursor)
    agents.get(owner(router), agent_id)
    found = routing_repository.page(agent_id, after_seq if start is None else start, limit + 1)
    taken = take(found, limit, records.public_route)
    next_cursor = str(taken.items[-1]["seq"]) if taken.more else None
    return respond(200, page(taken.views, next_cursor))
