"""The manifest of heartbeats (``wakeful.heartbeats``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.actions.slots import PROGRESS, ProgressListener
from wakeful.agents.slots import DELETED, LIFECYCLE, DeletedListener, LifecycleListener
from wakeful.events.slots import URGENT, UrgentListener
from wakeful.stream.slots import OWNERS, StreamOwner
from wakeful.tablespec import N, Attr, Index, TableSpec
from wakeful.heartbeats.agent_fields import FIELDS as _FIELDS

if TYPE_CHECKING:
    from wakeful.actions.records import Action
    from wakeful.agents.records import Agent

NAME = "heartbeats"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        "heartbeats",
        Attr("agent_id"),
        Attr("heartbeat_id"),
        ttl="expires_at",  # set when the heartbeat finishes (WAKEFUL_RETENTION_DAYS)
        indexes=(
            # Sparse: only PENDING heartbeats of active agents carry due_shard.
            Index("pending-due", Attr("due_shard", N), Attr("due_at", N), keys_only=True),
            # Sparse: only claimed (QUEUED/EXECUTING) heartbeats carry lease_shard.
            Index(
                "lease-expiry",
                Attr("lease_shard", N),
                Attr("lease_expires_at", N),
                keys_only=True,
                include=("attempt",),
            ),
            # Sparse, per owner: claimed heartbeats (stuck-heartbeat monitoring).
            Index("active-by-owner", Attr("active_owner"), Attr("started_at", N)),
            # Sparse, per owner: FAILED heartbeats by completion time.
            Index("failed-by-owner", Attr("failed_owner"), Attr("completed_at", N)),
        ),
    ),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "heartbeats": "WAKEFUL_TABLE_HEARTBEATS",
}
QUEUES: tuple[QueueSpec, ...] = (
    QueueSpec("heartbeat", "WAKEFUL_QUEUE_HEARTBEAT_URL", function="orchestrator"),
)
FUNCTIONS: tuple[str, ...] = (
    "heartbeat_scan",  # the scheduled scan: due heartbeats, threads, schedules, hook recovery
    "orchestrator",  # SQS heartbeat queue -> one heartbeat
)
HEARTBEATS_CLAIMED = "HeartbeatsClaimed"
HEARTBEATS_REQUEUED = "HeartbeatsRequeued"
HEARTBEATS_COMPLETED = "HeartbeatsCompleted"
HEARTBEATS_FAILED = "HeartbeatsFailed"
SCAN_ITEMS_READ = "ScanItemsRead"
#: The metrics it emits: name -> unit.
METRICS: Mapping[str, str] = {
    HEARTBEATS_CLAIMED: "Count",
    HEARTBEATS_REQUEUED: "Count",
    HEARTBEATS_COMPLETED: "Count",
    HEARTBEATS_FAILED: "Count",
    SCAN_ITEMS_READ: "Count",
}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.heartbeats.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/heartbeats",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.heartbeats.inputs": ("HeartbeatRequest",),
    "wakeful.heartbeats.responses": ("HeartbeatAccepted", "HeartbeatDetail", "HeartbeatPage", "StuckHeartbeatPage"),
}


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "heartbeats": "A heartbeat processes every event of its window (up to the seq it fixed when it started) and "
            "runs the subscribed tools; statuses go PENDING, QUEUED, EXECUTING, then COMPLETED or FAILED.",
        },
        conflicts={
            ("post", "/agents/{agent_id}/heartbeats"): "The agent is paused (PATCH is_active=true first), or it kept changing (retry)",
        },
    )


OPENAPI: Callable[[], Any] | None = _openapi

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = _FIELDS

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- listeners: what it plugs into lower capabilities' slots --
# A heartbeat's actions: each one's start keeps the heartbeat's lease, the last one's
# finish lets the orchestrator go on (wakeful.heartbeats.progress).


def _action_started(action: Action) -> None:
    from wakeful.heartbeats import progress

    progress.action_started(action)


def _action_finished(action: Action) -> None:
    from wakeful.heartbeats import progress

    progress.action_finished(action)


# A heartbeat's action stream (``<heartbeat_id>.<action_id>``) exists with its heartbeat.


def _action_stream_exists(agent_id: str, stream_id: str) -> bool:
    from wakeful.heartbeats import repository
    from wakeful.stream.models import heartbeat_of

    heartbeat_id = heartbeat_of(stream_id)
    return heartbeat_id is not None and repository.get(agent_id, heartbeat_id) is not None


# Every agent's pending heartbeat: written with the agent, paused and resumed with it,
# moved when its interval changes, read into its view, failed when it is deleted, made
# due now by urgent events (wakeful.heartbeats.scheduling).


def _agent_created(agent: Agent, now: float) -> list[dict[str, Any]]:
    from wakeful.heartbeats import scheduling

    return scheduling.created(agent, now)


def _agent_toggled(agent: Agent, active: bool) -> list[dict[str, Any]]:
    from wakeful.heartbeats import scheduling

    return scheduling.toggled(agent, active)


def _agent_changed(before: Agent, after: Agent) -> None:
    from wakeful.heartbeats import scheduling

    scheduling.changed(before, after)


def _agents_shown(agents: list[Agent]) -> list[Agent]:
    from wakeful.heartbeats import scheduling

    return scheduling.shown(agents)


def _agent_deleted(agent: Agent) -> None:
    from wakeful.heartbeats import scheduling

    scheduling.deleted(agent)


def _urgent(agent: Agent) -> None:
    from wakeful.heartbeats import scheduling

    scheduling.wake_for_urgent_events(agent)


LISTENERS: tuple[tuple[Any, Any], ...] = (
    (PROGRESS, ProgressListener(NAME, _action_started, _action_finished)),
    (OWNERS, StreamOwner(NAME, _action_stream_exists)),
    (LIFECYCLE, LifecycleListener(NAME, _agent_created, _agent_toggled, _agent_changed, _agents_shown)),
    (DELETED, DeletedListener(NAME, _agent_deleted)),
    (URGENT, UrgentListener(NAME, _urgent)),
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
