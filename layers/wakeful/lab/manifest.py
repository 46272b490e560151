"""The manifest of the heartbeat lab (``wakeful.lab``): replays, dry runs, evals.

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`): its table (the run recordings and
the replays), its queue and worker (replays of many runs), its routes, and its recorder
in the threads' first-turn slot.

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.tablespec import Attr, TableSpec
from wakeful.threads.slots import FIRST_TURN, FirstTurnListener

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.threads.records import Thread

NAME = "lab"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    # record_key: rec#<thread_id>#<run_no> (a run's recording), rp#<replay_id> (a
    # replay), rr#<replay_id>#<nnnn> (one replayed run); every item expires with the
    # retention setting.
    TableSpec("lab", Attr("agent_id"), Attr("record_key"), ttl="expires_at"),
)
TABLE_ENV: Mapping[str, str] = {"lab": "WAKEFUL_TABLE_LAB"}
QUEUES: tuple[QueueSpec, ...] = (
    # A replay of many runs, replayed off the request (wakeful.lab.worker).
    QueueSpec("lab", "WAKEFUL_QUEUE_LAB_URL", function="lab_worker"),
)
FUNCTIONS: tuple[str, ...] = (
    "lab_worker",  # lab queue -> a replay of a schedule's runs
)
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.lab.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/replays", "agents/dry-runs")
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.lab.inputs": ("ReplayIn", "DryRunIn"),
    "wakeful.lab.responses": ("Replay", "ReplayPage", "ReplayRunPage", "Outcome"),
}


def _openapi() -> OpenApiPart:
    # A dry run's code paths are the live ones (their conflicts are reachable from the
    # route in the import graph); inside a dry run none of them writes, so none answers 409.
    never = "never in practice: a dry run appends and writes nothing of the agent"
    return OpenApiPart(conflicts={("post", "/agents/{agent_id}/replays"): never, ("post", "/agents/{agent_id}/dry-runs"): never})


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None


def _heard(agent: Agent, thread: Thread, request: Any, answer_seq: int) -> None:
    from wakeful.lab import recorder

    recorder.record(agent, thread, request, answer_seq)


# -- listeners: what it plugs into lower capabilities' slots --
LISTENERS: tuple[tuple[Any, Any], ...] = ((FIRST_TURN, FirstTurnListener("lab", _heard)),)

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
