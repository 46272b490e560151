"""LLM routes: ``GET``/``PATCH /agents/{id}/llm`` (an agent's provider, model, fallback,
budgets, and today's usage per provider and model), and ``GET /llm/prices`` (the price
table every call is priced from)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wakeful.agents import service as agents
from wakeful.apikit.common import owner, respond
from wakeful.apikit.routing import Router, ok

if TYPE_CHECKING:  # the body is named here and loaded when a request has one
    from wakeful.llm.inputs import LLMSettingsIn

router = Router()


@router.get(
    "/agents/<agent_id>/llm",
    summary="An agent's LLM settings (never its key), today's usage per provider and model, and its budget",
    tags=["llm"],
    responses=ok("LLMSettings"),
)
def get_llm(agent_id: str):
    from wakeful.llm import service

    agents.get(owner(router), agent_id)
    return respond(200, service.view(agent_id))


@router.patch(
    "/agents/<agent_id>/llm",
    summary="Set an agent's provider, model, base_url, api_key (write-only), fallback, per-tool models, daily token budget or thinking budget",
    tags=["llm"],
    responses=ok("LLMSettings"),
)
def patch_llm(agent_id: str, body: LLMSettingsIn):
    from wakeful.llm import service

    agents.get(owner(router), agent_id)
    service.update(agent_id, body.model_dump(exclude_unset=True))
    return respond(200, service.view(agent_id))


@router.get(
    "/llm/prices",
    summary="The price table: US dollars per million tokens per provider and model (the deployment's WAKEFUL_LLM_PRICES entries first)",
    tags=["llm"],
    responses=ok("LLMPricePage"),
)
def get_prices():
    from wakeful.llm import pricing

    owner(router)
    return respond(
        200,
        {"items": [item.view() for item in pricing.items()], "next": None, "as_of": pricing.PRICES_AS_OF, "sources": list(pricing.PRICES_SOURCES)},
    )
