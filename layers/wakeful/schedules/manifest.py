"""The manifest of schedules (``wakeful.schedules``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types and the threads' slots; what it names loads
when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wakeful.capabilities import Capability, QueueSpec
from wakeful.tablespec import N, Attr, Index, TableSpec
from wakeful.threads.slots import RUN_END, RunEnd, RunEndListener

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.hooks.events import HookEvent
    from wakeful.threads.records import Thread

NAME = "schedules"

#: The ``source`` of the threads schedule runs start.
SOURCE = "scheduled"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        "schedules",
        Attr("agent_id"),
        Attr("schedule_id"),
        indexes=(
            # Sparse: only active schedules carry due_shard. It projects what a claim
            # decides on, so the scan reads the index items that are due and no more.
            Index(
                "schedule-due",
                Attr("due_shard", N),
                Attr("due_at", N),
                keys_only=True,
                include=(
                    "owner", "revision", "cron_expression", "timezone", "active_hours", "config",
                    "running_result_id", "running_since",
                ),
            ),
        ),
    ),
    # result_id is time-ordered by the due time it runs, so results list newest first.
    TableSpec(
        "schedule_results",
        Attr("schedule_id"),
        Attr("result_id"),
        indexes=(
            # Sparse: claimed runs whose thread has not started yet.
            Index(
                "start-lease",
                Attr("start_shard", N),
                Attr("start_lease_at", N),
                keys_only=True,
                include=("agent_id", "start_attempt"),
            ),
        ),
        ttl="expires_at",  # results are kept 90 days
    ),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "schedules": "WAKEFUL_TABLE_SCHEDULES",
    "schedule_results": "WAKEFUL_TABLE_SCHEDULE_RESULTS",
}
QUEUES: tuple[QueueSpec, ...] = (
    # Claimed runs -> the schedule runner.
    QueueSpec("schedule", "WAKEFUL_QUEUE_SCHEDULE_URL", function="schedule_runner"),
)
FUNCTIONS: tuple[str, ...] = (
    "schedule_runner",  # SQS schedule queue -> start a claimed run's thread
)
SCHEDULE_RUNS_CLAIMED = "ScheduleRunsClaimed"
SCHEDULE_RUNS_SKIPPED = "ScheduleRunsSkipped"
SCHEDULE_RUNS_STARTED = "ScheduleRunsStarted"
#: The metrics it emits: name -> unit.
METRICS: Mapping[str, str] = {
    SCHEDULE_RUNS_CLAIMED: "Count",
    SCHEDULE_RUNS_SKIPPED: "Count",
    SCHEDULE_RUNS_STARTED: "Count",
}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.schedules.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/schedules",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.schedules.inputs": ("ScheduleCreate", "SchedulePatch"),
    "wakeful.schedules.responses": ("Schedule", "SchedulePage", "ScheduleResult", "ScheduleResultPage", "ScheduleRunAccepted"),
}
OPENAPI: Callable[[], Any] | None = None

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- listeners: what it plugs into lower capabilities' slots --

# The threads' run end: a scheduled thread's run ends in the thread runtime, which does not
# know schedules; this listener records the run as its schedule's result and takes the
# thread's hooks (held until a heartbeat run's answer is known). :mod:`wakeful.schedules.runs`
# loads when a scheduled thread first fires a hook or ends a run.


def _run_ended(end: RunEnd) -> None:
    from wakeful.schedules import runs

    runs.on_run_end(end)


def _fire_hook(agent: Agent, thread: Thread, event: HookEvent, options: Mapping[str, Any]) -> None:
    from wakeful.schedules import runs

    runs.fire_thread_hook(agent, thread, event, **options)


RUN_END_LISTENER = RunEndListener(name=NAME, run_ended=_run_ended, sources=frozenset({SOURCE}), fire_hook=_fire_hook)
_RUN_END = ((RUN_END, RUN_END_LISTENER),)

LISTENERS: tuple[tuple[Any, Any], ...] = (*_RUN_END,)

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
