"""The manifest of threads (``wakeful.threads``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.stream.slots import OWNERS, StreamOwner
from wakeful.tablespec import N, Attr, Index, TableSpec

NAME = "threads"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        "threads",
        Attr("agent_id"),
        Attr("thread_id"),  # "thr_<ulid>": time-ordered, so Query backwards is newest first
        indexes=(
            # Sparse: sleeping threads (timer or expiry), waiting_approval threads
            # (expiry) and running threads (their step lease); the scan's due work.
            Index("thread-due", Attr("due_shard", N), Attr("due_at", N), keys_only=True, include=("due_kind",)),
            # Sparse: sleeping threads that wait for events (the router's candidates).
            Index("waiting", Attr("waits_agent"), Attr("thread_id"), keys_only=True, include=("wake_on_events", "wait_after_seq", "wait_id")),
            # GET /agents/{id}/threads?status=: "<agent_id>#<status>", newest first.
            Index("by-status", Attr("agent_status"), Attr("created_at", N)),
        ),
    ),
    TableSpec("thread_messages", Attr("thread_id"), Attr("seq", N)),
    # Per agent: "seq#<012d>" route decisions, "cursor" the router's position,
    # "trigger#<n>" the thread a thread trigger last started (cooldown).
    TableSpec("thread_routes", Attr("agent_id"), Attr("route_key")),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "threads": "WAKEFUL_TABLE_THREADS",
    "thread_messages": "WAKEFUL_TABLE_THREAD_MESSAGES",
    "thread_routes": "WAKEFUL_TABLE_THREAD_ROUTES",
}
QUEUES: tuple[QueueSpec, ...] = (
    # FIFO, one group per thread: one step of a thread at a time.
    QueueSpec("thread", "WAKEFUL_QUEUE_THREAD_URL", fifo=True, function="thread_runner"),
    # FIFO, one group per agent: the router reads a log in order.
    QueueSpec("route", "WAKEFUL_QUEUE_ROUTE_URL", fifo=True, function="thread_router"),
)
FUNCTIONS: tuple[str, ...] = (
    "thread_runner",  # SQS FIFO thread queue -> one step of a thread run
    "thread_router",  # SQS FIFO route queue -> wake / start threads for new events
)
THREADS_STARTED = "ThreadsStarted"
THREADS_WOKEN = "ThreadsWoken"
THREADS_SLEPT = "ThreadsSlept"
THREADS_COMPLETED = "ThreadsCompleted"
THREADS_FAILED = "ThreadsFailed"
THREADS_EXPIRED = "ThreadsExpired"
THREAD_STEPS = "ThreadSteps"
THREAD_STEPS_RESENT = "ThreadStepsResent"
THREAD_EVENTS_ROUTED = "ThreadEventsRouted"
#: The metrics it emits: name -> unit.
METRICS: Mapping[str, str] = {
    THREADS_STARTED: "Count",
    THREADS_WOKEN: "Count",
    THREADS_SLEPT: "Count",
    THREADS_COMPLETED: "Count",
    THREADS_FAILED: "Count",
    THREADS_EXPIRED: "Count",
    THREAD_STEPS: "Count",
    THREAD_STEPS_RESENT: "Count",
    THREAD_EVENTS_ROUTED: "Count",
}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.threads.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/routes", "agents/threads")
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.threads.inputs": ("MessageIn",),
    "wakeful.threads.responses": ("ApprovalDecision", "ApprovalPage", "RouteDecisionPage", "Thread", "ThreadMessagePage", "ThreadPage", "ThreadState"),
}

_THREAD = "the thread's state does not allow it (e.g. it ended, or the call was already decided), or it kept changing (retry)"


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "threads": "Threads are LLM loops that sleep and wake on time or events.",
        },
        conflicts={
            ("post", "/agents/{agent_id}/threads/{thread_id}/messages"): _THREAD.capitalize(),
            ("post", "/agents/{agent_id}/threads/{thread_id}/wake"): _THREAD.capitalize(),
            ("post", "/agents/{agent_id}/threads/{thread_id}/cancel"): _THREAD.capitalize(),
            ("post", "/agents/{agent_id}/threads/{thread_id}/approvals/{tool_call_id}"): _THREAD.capitalize(),
        },
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- listeners: what it plugs into lower capabilities' slots --
# A thread's id is a stream: it exists before its first event.


def _thread_exists(agent_id: str, stream_id: str) -> bool:
    from wakeful.stream.models import heartbeat_of
    from wakeful.threads import repository

    return heartbeat_of(stream_id) is None and repository.get(agent_id, stream_id) is not None


LISTENERS: tuple[tuple[Any, Any], ...] = ((OWNERS, StreamOwner(NAME, _thread_exists)),)

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
