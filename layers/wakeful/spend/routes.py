"""The spend routes: the owner's budget, an agent's and the owner's spend, resume."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from wakeful import clock
from wakeful.agents import service as agents
from wakeful.apikit.common import owner, respond
from wakeful.apikit.routing import Query, Router, ok
from wakeful.pagination import MAX_LIMIT

if TYPE_CHECKING:  # bodies are named here and loaded when a request has one
    from wakeful.spend.inputs import BudgetIn, ResumeIn

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]


@router.put(
    "/budget",
    summary="Set your budget: limits that bound all your agents together (UTC hour, day, month)",
    tags=["spend"],
    responses=ok("Budget"),
)
def put_budget(body: BudgetIn):
    from wakeful.spend import service, views

    who = owner(router)
    service.put_budget(who, body.stored())
    return respond(200, views.budget(who))


@router.get("/budget", summary="Your budget (every field null when unset)", tags=["spend"], responses=ok("Budget"))
def get_budget():
    from wakeful.spend import views

    return respond(200, views.budget(owner(router)))


@router.get("/agents/<agent_id>/spend", summary="An agent's spend against its limits", tags=["spend"], responses=ok("AgentSpend"))
def get_agent_spend(agent_id: str):
    from wakeful.spend import views

    return respond(200, views.agent_spend(agents.get(owner(router), agent_id), clock.now()))


@router.post(
    "/agents/<agent_id>/spend/resume",
    summary="Raise the limit that paused an agent by extend_usd for its period, and resume it",
    tags=["spend"],
    responses=ok("AgentSpend"),
)
def resume_agent(agent_id: str, body: ResumeIn):
    from wakeful.spend import service, views

    agent = agents.get(owner(router), agent_id)
    service.resume_agent(agent, body.extend_usd)
    return respond(200, views.agent_spend(agent, clock.now()))


@router.get("/spend", summary="Your total spend, and each agent's (newest first)", tags=["spend"], responses=ok("OwnerSpend"))
def get_spend(limit: Limit = 50, cursor: Annotated[str | None, Query()] = None):
    from wakeful.spend import views

    who = owner(router)
    items, next_cursor = agents.list_page(who, limit, cursor)
    return respond(200, views.owner_spend(who, items, next_cursor, clock.now()))
