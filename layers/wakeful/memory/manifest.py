"""The manifest of memory (``wakeful.memory``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`): the ``memories`` table, the
``/agents/{id}/memories`` routes, its agent fields, its meta tools (``remember``,
``recall``, ``forget``), the memories every run's prompt holds, and its run-end listener.

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the slots' records; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.memory.agent_fields import FIELDS as _FIELDS
from wakeful.memory.models import MAX_RECALL
from wakeful.tablespec import N, Attr, Index, TableSpec
from wakeful.heartbeats.slots import DUE, FINISHED, DueWork, FinishedListener
from wakeful.threads.slots import META, PARTS, RUN_END, MetaResult, MetaTool, PromptPart, RunEnd, RunEndListener

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.threads.records import Thread

NAME = "memory"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        "memories",
        Attr("agent_id"),
        Attr("memory_key"),  # "mem_<ulid>", "mem_k<hash of key>", "~meta", "~cons#<ulid>", "~act#<ts>#<ref>"
        ttl="expires_at",  # the activity journal's items only
        indexes=(
            # Sparse: ~meta of agents whose consolidation is due (or whose claimed one holds a lease).
            Index("memory-due", Attr("due_shard", N), Attr("due_at", N), keys_only=True, include=("due_kind",)),
        ),
    ),
)
TABLE_ENV: Mapping[str, str] = {"memories": "WAKEFUL_TABLE_MEMORIES"}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.memory.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/memories",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.memory.inputs": ("MemoryIn", "MemoryPatch"),
    "wakeful.memory.responses": ("Memory", "MemoryPage", "ConsolidationPage", "ConsolidationStarted"),
}


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={"memory": "An agent's memories: what its runs remember, recall and forget (docs/memory.md)."},
        conflicts={
            ("post", "/agents/{agent_id}/memories"): "The agent holds its memory_cap of memories and none may be evicted (memory_cap_reached)",
            ("post", "/agents/{agent_id}/memories/consolidations"): (
                "The agent is paused (budget_paused), nothing happened since the last consolidation (nothing_new), or one is running"
            ),
        },
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = _FIELDS

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None


# -- listeners: what it plugs into lower capabilities' slots --
#: The meta tools every thread is offered (Messages API definitions).
REMEMBER, RECALL, FORGET = "remember", "recall", "forget"
DEFINITIONS: dict[str, dict[str, Any]] = {
    REMEMBER: {
        "name": REMEMBER,
        "description": (
            "Remember something for later runs (a fact, a preference, a lesson): your most relevant memories are shown "
            "to you at the start of each run. replaces: ids of memories this one supersedes (they are forgotten)."
        ),
        "input_schema": {
            "type": "object",
            "properties": {
                "text": {"type": "string", "description": "what to remember, 1 to 2000 characters"},
                "tags": {"type": "array", "items": {"type": "string"}, "description": "up to 10 short tags"},
                "key": {"type": "string", "description": "optional: a name for a memory you keep exactly one of (writing it again updates it)"},
                "replaces": {"type": "array", "items": {"type": "string"}, "description": "optional: ids of memories this one merges or updates"},
            },
            "required": ["text"],
        },
    },
    RECALL: {
        "name": RECALL,
        "description": "Search your memories: the ones most relevant to the query, best first, with their ids.",
        "input_schema": {
            "type": "object",
            "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1, "maximum": MAX_RECALL}},
            "required": ["query"],
        },
    },
    FORGET: {
        "name": FORGET,
        "description": "Forget one of your memories, by its id (shown as [mem_...]).",
        "input_schema": {"type": "object", "properties": {"memory_id": {"type": "string"}}, "required": ["memory_id"]},
    },
}




def _meta_tool(name: str) -> MetaTool:
    def run(agent: Agent, thread: Thread, call: dict[str, Any], now: float) -> MetaResult:
        from wakeful.memory import meta

        return meta.RUNS[name](agent, thread, call, now)

    return MetaTool(name, DEFINITIONS[name], run)


def _recall(agent: Agent, thread: Thread, run_messages: list[dict[str, Any]]) -> str:
    from wakeful.memory import recall

    return recall.contribute(agent, thread, run_messages)


def _run_ended(end: RunEnd) -> None:
    from wakeful.memory import listeners

    listeners.run_ended(end)


def _heartbeat_finished(agent: Agent, summary: Mapping[str, Any], now: float) -> None:
    from wakeful.memory import listeners

    listeners.heartbeat_finished(agent, summary, now)


def _claim_due(now: float, shards: tuple[int, ...]) -> Mapping[str, int]:
    from wakeful.memory import due

    return due.claim_due(now, shards)


#: Every run's end: the memories its prompt held are reinforced, it is journaled for the
#: next consolidation; a consolidation's end finishes its record.
RUN_END_LISTENER = RunEndListener("memory", _run_ended)

LISTENERS: tuple[tuple[Any, Any], ...] = (
    *((META, _meta_tool(name)) for name in sorted(DEFINITIONS)),
    (PARTS, PromptPart("memory", _recall)),
    (RUN_END, RUN_END_LISTENER),
    (FINISHED, FinishedListener("memory", _heartbeat_finished)),
    (DUE, DueWork("memory", _claim_due)),
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
