"""The manifest of the spend guard (``wakeful.spend``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`): its table, routes and models, and the
slots it fills below it: every model call's gate (prices, admits, settles), the
admission of an agent's work, the schedules' run gate (``budget``), the savings counter.

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types and the slots it fills; what it names loads
when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wakeful.agents.slots import BUDGET_CHANGED, BudgetListener
from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.channels.slots import BUTTONS, Button
from wakeful.heartbeats.slots import DUE, DueWork
from wakeful.llm.slots import GATE, Gate
from wakeful.schedules.slots import GATES, Skip
from wakeful.schedules.slots import Gate as RunGate
from wakeful.slots import ADMISSION, SAVINGS, Admitter, SavingsCounter, Wait
from wakeful.tablespec import N, Attr, Index, TableSpec

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.channels.records import Channel
    from wakeful.llm.callgate import CallContext
    from wakeful.llm.models import Endpoint, Usage

NAME = "spend"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    # Per scope (a#<agent>, o#<owner>): budget, period counters, per-model counters,
    # open calls, pause, extensions, savings (see wakeful.spend.records).
    # spend-due (sparse): open calls, by the time their settle is overdue.
    TableSpec(
        "spend",
        Attr("scope"),
        Attr("record_key"),
        indexes=(Index("spend-due", Attr("due_shard", N), Attr("due_at", N), keys_only=True),),
        ttl="expires_at",
    ),
)
TABLE_ENV: Mapping[str, str] = {"spend": "WAKEFUL_TABLE_SPEND"}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.spend.routes"
ROUTE_KEYS: tuple[str, ...] = ("budget", "spend", "agents/spend")
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.spend.inputs": ("BudgetIn", "ResumeIn"),
    "wakeful.spend.responses": ("Budget", "AgentSpend", "OwnerSpend"),
}


def _openapi() -> OpenApiPart:
    return OpenApiPart(
        notes={"spend": "Every model call is priced (GET /llm/prices); budgets bound an agent's and its owner's spend per UTC hour, day and month."},
        conflicts={("post", "/agents/{agent_id}/spend/resume"): "The agent is not paused (not_paused), its owner is (owner_paused), or extend_usd is not enough (still_over_limit)"},
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None


# -- listeners: what it plugs into lower capabilities' slots --
def _admit(ctx: CallContext, endpoint: Endpoint) -> Any:
    from wakeful.spend import service

    return service.admit(ctx.agent_id, ctx.owner, ctx.purpose, ctx.ref, ctx.dry, endpoint.provider, endpoint.model)


def _settle(ticket: Any, usage: Usage) -> None:
    from wakeful.spend import service

    service.settle(ticket, usage)


def _abandon(ticket: Any) -> None:
    from wakeful.spend import service

    service.abandon(ticket)


def _may_start(owner: str, agent_id: str, now: float) -> Wait | None:
    from wakeful.spend import service

    until = service.paused_until(agent_id, owner, now)
    return None if until is None else Wait(until, service.BUDGET_EXCEEDED)


def _run_gate(agent: Agent, schedule: Mapping[str, Any], row: Mapping[str, Any], now: float) -> Skip | None:
    from wakeful.spend import service

    if service.paused_until(agent.agent_id, agent.owner, now) is None:
        return None
    return Skip("budget", "skipped: the agent is paused (budget)")


def _add_saving(owner: str, agent_id: str, kind: str, n: int, now: float) -> None:
    from wakeful.spend import service

    service.add_saving(owner, agent_id, kind, n, now)


def _resume_due(now: float, shards: tuple[int, ...]) -> Mapping[str, int]:
    from wakeful.spend import pauses_due

    return pauses_due.claim_due(now, shards)


def _press(channel: Channel, job: dict[str, Any]) -> tuple[str, str | None]:
    from wakeful.spend import buttons

    return buttons.press(channel, job)


def _budget_changed(agent: Agent) -> None:
    from wakeful.spend import service

    service.agent_budget_changed(agent)


LISTENERS: tuple[tuple[Any, Any], ...] = (
    (GATE, Gate(NAME, _admit, _settle, _abandon)),
    (ADMISSION, Admitter(NAME, _may_start)),
    (GATES, RunGate(NAME, _run_gate)),
    (SAVINGS, SavingsCounter(NAME, _add_saving)),
    (DUE, DueWork("spend_pauses", _resume_due)),
    (BUTTONS, Button("extend", _press)),
    (BUDGET_CHANGED, BudgetListener(NAME, _budget_changed)),
)

MANIFEST = Capability(
    name=NAME,
    tables=TABLES,
    table_env=TABLE_ENV,
    queues=QUEUES,
    functions=FUNCTIONS,
    metrics=METRICS,
    routes=ROUTES,
    route_keys=ROUTE_KEYS,
    models=MODELS,
    openapi=OPENAPI,
    agent_fields=AGENT_FIELDS,
    env_choices=ENV_CHOICES,
    endpoints=ENDPOINTS,
    listeners=LISTENERS,
)
