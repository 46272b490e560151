"""Stream routes: the JSON list everywhere, Server-Sent Events where the server can.

- ``GET /agents/{id}/threads/{tid}/stream-events?after=N`` → items oldest first.
- ``GET /agents/{id}/threads/{tid}/stream`` with ``Accept: text/event-stream`` → SSE.
  ``wakeful dev`` keeps the connection open and streams live; behind API Gateway (which
  cannot hold a response open) the answer is the events written so far as SSE with a
  ``retry:`` hint, so an EventSource reconnects with ``Last-Event-ID`` and goes on.
  Without that ``Accept`` it answers the JSON list.
- ``GET /agents/{id}/stream`` with ``Accept: text/event-stream`` → every thread of the
  agent, live in ``wakeful dev``; behind API Gateway use the WebSocket API. Without that
  ``Accept`` → 400.
"""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.api_gateway import Response

from wakeful import pagination
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import JSON, Query, Responses, Router, SSE, ok
from wakeful.exceptions import BadRequestError
from wakeful.limits import API_PAGE_BYTES
from wakeful.stream import service, sse
from wakeful.stream.models import parse_types

router = Router()

MAX_PAGE = 1000
After = Annotated[str | None, Query(description="Resume after this stream event id (events with greater ids follow)")]
Types = Annotated[
    str | None,
    Query(description="Comma-separated event types to include (start, text, reasoning, tool_call, tool_result, completed, error)"),
]
Limit = Annotated[int, Query(ge=1, le=MAX_PAGE, description="Page size")]
Cursor = Annotated[str | None, Query(description="The 'next' value of the previous page")]
_SSE_TEXT: Any = {
    "schema": {"type": "string", "description": "Server-Sent Events: id: the event id, event: its type, data: a StreamEvent as JSON"}
}
THREAD_STREAM: Responses = {
    200: {
        "description": "With Accept: text/event-stream, Server-Sent Events; otherwise the JSON list",
        "content": {JSON: {"model": "StreamEventPage"}, SSE: _SSE_TEXT},
    }
}
AGENT_STREAM: Responses = {200: {"description": "Server-Sent Events of every thread of the agent", "content": {SSE: _SSE_TEXT}}}


def _header(name: str) -> str | None:
    headers = router.current_event.headers or {}
    return headers.get(name) or next((v for k, v in headers.items() if k.lower() == name.lower()), None)


@router.get(
    "/agents/<agent_id>/threads/<thread_id>/stream-events",
    summary="A thread's stream events after an id, oldest first (JSON polling)",
    tags=["stream"],
    responses=ok("StreamEventPage"),
)
def list_stream_events(
    agent_id: str, thread_id: str, after: After = None, types: Types = None, limit: Limit = 500, cursor: Cursor = None
):
    start = service.resume_point(after, None, cursor)
    events, next_cursor = service.list_events(
        owner(router), agent_id, thread_id, after=start, limit=limit, types=parse_types(types)
    )
    return respond(200, page([e.public() for e in events], next_cursor))


@router.get(
    "/agents/<agent_id>/threads/<thread_id>/stream",
    summary="A thread's live stream (Server-Sent Events with Accept: text/event-stream; else the JSON list)",
    tags=["stream"],
    responses=THREAD_STREAM,
)
def thread_stream(agent_id: str, thread_id: str, after: After = None, types: Types = None):
    start = service.resume_point(after, _header("Last-Event-ID"))
    filters = parse_types(types)
    events, next_cursor = service.list_events(owner(router), agent_id, thread_id, after=start, limit=MAX_PAGE, types=filters)
    if not service.wants_sse(_header("Accept")):
        return respond(200, page([e.public() for e in events], next_cursor))
    # The frames written so far, within an answer's byte bound: the EventSource
    # reconnects with Last-Event-ID and gets the rest.
    frames = pagination.take((sse.frame(e).decode("utf-8") for e in events), budget=API_PAGE_BYTES - len(sse.PREAMBLE))
    body = sse.PREAMBLE.decode("utf-8") + "".join(frames.views)
    return Response(200, service.SSE_MEDIA_TYPE, body, headers={"Cache-Control": "no-cache"})


@router.get(
    "/agents/<agent_id>/stream",
    summary="Every thread of an agent, live (Server-Sent Events; needs Accept: text/event-stream)",
    tags=["stream"],
    responses=AGENT_STREAM,
)
def agent_stream(agent_id: str, types: Types = None):
    service.check_agent(owner(router), agent_id)
    parse_types(types)
    if not service.wants_sse(_header("Accept")):
        raise BadRequestError("this endpoint streams Server-Sent Events: send Accept: text/event-stream")
    body = sse.PREAMBLE + b": an agent's live stream needs a streaming server; on AWS use the WebSocket API\n\n"
    return Response(200, service.SSE_MEDIA_TYPE, body.decode("utf-8"), headers={"Cache-Control": "no-cache"})
