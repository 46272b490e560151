"""The agents' routes: create, list, read, change and delete an agent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful.agents import models as agent_models
from wakeful.agents import service as agents
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, no_content, ok
from wakeful.pagination import MAX_LIMIT

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.agents.inputs import AgentCreate, AgentPatch

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]


@router.post(
    "/agents",
    summary="Create an agent; its first heartbeat is due at once",
    tags=["agents"],
    responses=ok("Agent", 201, "The agent; its first heartbeat is due at once"),
)
def create_agent(body: AgentCreate):
    return respond(201, agent_models.public(agents.create(owner(router), body)))


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
    return respond(200, agent_models.public(agents.with_schedule([agents.patch(owner(router), agent_id, body)])[0]))


@router.delete("/agents/<agent_id>", summary="Delete an agent", tags=["agents"], responses=no_content())
def delete_agent(agent_id: str):
    agents.delete(owner(router), agent_id)
    return respond(204, None)
