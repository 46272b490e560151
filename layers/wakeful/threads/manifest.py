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
from wakeful.tablespec import TableSpec

NAME = "threads"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = ()
TABLE_ENV: Mapping[str, str] = {}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

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
LISTENERS: tuple[tuple[Any, Any], ...] = ()

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
