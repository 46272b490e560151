"""Memory API: an agent's memories (list, search, add, change, forget) and its
consolidations (docs/memory.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.agents import service as agents
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, no_content, ok
from wakeful.exceptions import BadRequestError
from wakeful.memory import consolidation, store
from wakeful.memory.exceptions import MemoryNotFoundError
from wakeful.memory.models import DEFAULT_CAP
from wakeful.pagination import MAX_LIMIT, decode, encode

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.memory.inputs import MemoryIn, MemoryPatch

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]
Cursor = Annotated[str | None, Query(description="The 'next' of a previous page")]
# Patterns rather than min_length: a list route's query is read by the light path (no body).
MemoryQuery = Annotated[str | None, Query(pattern=r"(?s).*\S.*", max_length=500, description="Rank by relevance to this text (only matches)")]
Tag = Annotated[str | None, Query(pattern=r"(?s).+", max_length=50, description="Only memories with this tag")]


def _offset(cursor: str | None) -> int:
    found = decode(cursor)
    offset = (found or {}).get("offset", 0)
    if not isinstance(offset, int) or offset < 0:
        raise BadRequestError("cursor is not valid; pass back the 'next' value of a previous page")
    return offset


@router.get(
    "/agents/<agent_id>/memories",
    summary="An agent's memories, newest first; with ?q= the most relevant first",
    tags=["memory"],
    responses=ok("MemoryPage"),
)
def list_memories(agent_id: str, q: MemoryQuery = None, tag: Tag = None, limit: Limit = 50, cursor: Cursor = None):
    agents.get(owner(router), agent_id)
    start = _offset(cursor)
    if q is not None:
        ranked = store.search(agent_id, q, start + limit + 1, tag=tag)
        views = [memory.public(score) for memory, score in ranked[start : start + limit]]
        more = len(ranked) > start + limit
    else:
        every = sorted((m for m in store.memories(agent_id) if tag is None or tag in m.tags), key=lambda m: (m.created_at, m.id), reverse=True)
        views = [memory.public() for memory in every[start : start + limit]]
        more = len(every) > start + limit
    return respond(200, page(views, encode({"offset": start + limit}) if more else None))


@router.post(
    "/agents/<agent_id>/memories",
    summary="Remember something for an agent (its source: user)",
    tags=["memory"],
    responses=ok("Memory", 201, "The memory"),
)
def create_memory(agent_id: str, body: MemoryIn):
    agent = agents.get(owner(router), agent_id)
    memory = store.new_memory(agent_id, store.clean_text(body.text), store.clean_tags(body.tags), store.source("user"))
    stored, _ = store.remember(memory, cap=agent.memory_cap or DEFAULT_CAP)
    return respond(201, stored.public())


@router.get(
    "/agents/<agent_id>/memories/consolidations",
    summary="An agent's consolidation runs, newest first, each with what it changed",
    tags=["memory"],
    responses=ok("ConsolidationPage"),
)
def list_consolidations(agent_id: str, limit: Limit = 50):
    agents.get(owner(router), agent_id)
    return respond(200, page(consolidation.listed(agent_id, limit), None))


@router.post(
    "/agents/<agent_id>/memories/consolidations",
    summary="Consolidate an agent's memories now (counts in max_per_day)",
    tags=["memory"],
    responses={**ok("ConsolidationStarted", 202, "Claimed; its run started"), 429: {"description": "The agent had its max_per_day consolidations today (max_per_day_reached)"}},
)
def consolidate_now(agent_id: str):
    agent = agents.get(owner(router), agent_id)
    return respond(202, {"consolidation_id": consolidation.start_manual(agent)})


@router.get("/agents/<agent_id>/memories/<memory_id>", summary="One memory", tags=["memory"], responses=ok("Memory"))
def get_memory(agent_id: str, memory_id: str):
    agents.get(owner(router), agent_id)
    memory = store.get(agent_id, memory_id)
    if memory is None:
        raise MemoryNotFoundError(f"no memory {memory_id!r} of this agent")
    return respond(200, memory.public())


@router.patch("/agents/<agent_id>/memories/<memory_id>", summary="Change a memory's text or tags", tags=["memory"], responses=ok("Memory"))
def patch_memory(agent_id: str, memory_id: str, body: MemoryPatch):
    agents.get(owner(router), agent_id)
    text = None if body.text is None else store.clean_text(body.text)
    tags = None if body.tags is None else store.clean_tags(body.tags)
    return respond(200, store.edit(agent_id, memory_id, text, tags).public())


@router.delete("/agents/<agent_id>/memories/<memory_id>", summary="Forget a memory", tags=["memory"], responses=no_content())
def delete_memory(agent_id: str, memory_id: str):
    agents.get(owner(router), agent_id)
    if not store.forget(agent_id, memory_id):
        raise MemoryNotFoundError(f"no memory {memory_id!r} of this agent")
    return respond(204, None)
