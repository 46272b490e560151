"""The manifest of fewer, cheaper model runs (``wakeful.flow``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`): its holds table, the threads' router
coalescer (events held to go to one run), the schedules' run gate (a probe that found
nothing new skips the run) and the threads' turn policy (a triage model asked first on
heartbeat runs).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types and the slots it fills; what it names loads
when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wakeful.capabilities import Capability, QueueSpec
from wakeful.schedules.slots import GATES, Gate, Skip
from wakeful.tablespec import N, Attr, Index, TableSpec
from wakeful.threads.slots import COALESCER, TURN_POLICY, Coalescer, TurnPolicy, TurnVerdict

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.threads.records import Thread

NAME = "flow"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    # Per agent: "open#..." holds (events held to go to one run, a timer over the log),
    # "fired#<hold_id>" holds handed over (or being handed over); due ones in "hold-due".
    TableSpec(
        "flow_holds",
        Attr("agent_id"),
        Attr("hold_key"),
        indexes=(Index("hold-due", Attr("due_shard", N), Attr("due_at", N), keys_only=True),),
        ttl="expires_at",
    ),
)
TABLE_ENV: Mapping[str, str] = {"flow_holds": "WAKEFUL_TABLE_FLOW_HOLDS"}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = None
ROUTE_KEYS: tuple[str, ...] = ()
MODELS: Mapping[str, tuple[str, ...]] = {}
OPENAPI: Callable[[], Any] | None = None

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- listeners: what it plugs into lower capabilities' slots --


def _plan(agent: Agent, event: Any, decision: str, thread_ids: list[str], plan: dict[str, Any]) -> tuple[str, list[str], dict[str, Any]]:
    from wakeful.flow import coalesce

    return coalesce.plan(agent, event, decision, thread_ids, plan)


def _hold(agent: Agent, event: Any, plan: Mapping[str, Any]) -> None:
    from wakeful.flow import coalesce

    coalesce.hold(agent, event, plan)


def _fire_due(now: float, shards: Any) -> int:
    # Most scans find no hold due: the due index is read first, and the firing (which
    # reaches the events and the threads) loads only when there is one.
    from wakeful.flow import holds_repository

    found = [hold for shard in shards for hold in holds_repository.due(shard, now)]
    if not found:
        return 0
    from wakeful.flow import coalesce

    return coalesce.fire_found(found, now)


def _probe(agent: Agent, schedule: Mapping[str, Any], row: Mapping[str, Any], now: float) -> Skip | None:
    if not schedule.get("probe"):
        return None
    from wakeful.flow import probe

    return probe.check(agent, schedule, row, now)


def _triage(agent: Agent, thread: Thread, request: Any) -> TurnVerdict | None:
    if thread.source != "scheduled" or thread.prompt_mode != "heartbeat":
        return None  # the check is cheap here: no module loads for other runs
    from wakeful.flow import triage

    return triage.before_turn(agent, thread, request)


LISTENERS: tuple[tuple[Any, Any], ...] = (
    (COALESCER, Coalescer(name=NAME, plan=_plan, hold=_hold, fire_due=_fire_due)),
    (GATES, Gate(name=NAME, check=_probe)),
    (TURN_POLICY, TurnPolicy(name=NAME, before_turn=_triage)),
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
