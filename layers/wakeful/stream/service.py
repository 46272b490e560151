"""Reading the stream as an owner: access checks, the JSON list, SSE catch-up."""

from __future__ import annotations

from dataclasses import dataclass

from wakeful import pagination
from wakeful.agents import service as agents
from wakeful.agents.records import Agent
from wakeful.auth import keys
from wakeful.exceptions import NotFoundError, UnauthorizedError
from wakeful.stream import repository, slots
from wakeful.stream.exceptions import StreamCursorError
from wakeful.stream.models import StreamEvent, parse_after

SSE_MEDIA_TYPE = "text/event-stream"


@dataclass(frozen=True)
class Caller:
    """Who opened a stream: the key's owner and the key's hash (to check it again later;
    the key itself is not kept)."""

    owner: str
    key_hash: str


def authenticate(authorization: str | None) -> Caller:
    """The caller of ``Authorization: Bearer <api key>``, the key read now (not from the
    API's brief cache): a stream outlives its request, so one opened with a key revoked
    a moment ago would stay open past the bound its re-checks keep.

    Raises:
        UnauthorizedError: no header, another scheme, or an unknown or revoked key.
    """
    scheme, _, token = (authorization or "").partition(" ")
    token = token.strip()
    key_hash = keys.hash_key(token)
    owner = keys.owner_of_hash(key_hash) if scheme.lower() == "bearer" and token else None
    if owner is None:
        raise UnauthorizedError("missing or invalid API key: send Authorization: Bearer <api key>")
    return Caller(owner, key_hash)


def check_agent(owner: str, agent_id: str) -> Agent:
    """The owner's agent; another owner's, or none, is not found (404)."""
    return agents.get(owner, agent_id)


def require_stream(agent_id: str, thread_id: str) -> None:
    """404 unless :func:`stream_exists`.

    Raises:
        NotFoundError: the agent has no such thread or stream.
    """
    if not stream_exists(agent_id, thread_id):
        raise NotFoundError(f"thread {thread_id} not found for agent {agent_id}")


def stream_exists(agent_id: str, thread_id: str) -> bool:
    """Whether the agent has this stream: one of its threads, an action stream of one
    of its heartbeats (``<heartbeat_id>.<action_id>``), or any stream with events."""
    return slots.owned(agent_id, thread_id) or repository.head(agent_id, thread_id).last_id > 0


def wants_sse(accept: str | None) -> bool:
    """Whether an ``Accept`` header asks for Server-Sent Events."""
    return SSE_MEDIA_TYPE in (accept or "").lower()


def resume_point(after: str | None, last_event_id: str | None, cursor: str | None = None) -> int:
    """Where a reader resumes: ``Last-Event-ID`` wins over ``?after=``, which wins over a
    ``cursor`` of a previous page."""
    if last_event_id:
        return parse_after(last_event_id)
    if after not in (None, ""):
        return parse_after(after)
    if cursor:
        decoded = pagination.decode(cursor) or {}
        if not isinstance(decoded.get("after"), int) or decoded["after"] < 0:
            raise StreamCursorError("cursor is not valid; pass back the 'next' value of a previous page")
        return decoded["after"]
    return 0


def agent_resume_point(last_event_id: str | None) -> tuple[str, int] | None:
    """An agent stream's ``Last-Event-ID`` (``<thread_id>:<id>``) as (thread, id)."""
    if not last_event_id:
        return None
    thread_id, sep, event_id = last_event_id.strip().rpartition(":")
    if not sep or not thread_id:
        raise StreamCursorError("an agent stream resumes from '<thread_id>:<id>' (the id: of its frames)")
    return thread_id, parse_after(event_id)


def list_events(
    owner: str, agent_id: str, thread_id: str, *, after: int, limit: int, types: frozenset[str] | None
) -> tuple[list[StreamEvent], str | None]:
    """A page of a thread's events after ``after``, oldest first, and the next cursor."""
    check_agent(owner, agent_id)
    events, more = repository.read_after(agent_id, thread_id, after, limit, types)
    if not events:
        require_stream(agent_id, thread_id)
    taken = pagination.take(events, view=StreamEvent.public)  # within an answer's byte bound
    events, more = taken.items, more or taken.more
    next_cursor = pagination.encode({"after": events[-1].id}) if more and events else None
    return events, next_cursor
