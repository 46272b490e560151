"""The manifest of the live stream (``wakeful.stream``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wakeful.capabilities import Capability, QueueSpec
from wakeful.tablespec import N, Attr, Index, TableSpec

NAME = "stream"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    # stream_key "<agent_id>#<thread_id>": id 0 is the thread's stream head, id N a
    # chunk of events N..last_id (one item per flush, not per delta); stream_key
    # "<agent_id>#<thread_id>#step#<step_id>" (id 0) remembers what a step wrote, so a
    # redelivered step re-emits under the same ids. New chunks feed the WebSocket fan-out.
    TableSpec("stream_events", Attr("stream_key"), Attr("id", N), ttl="expires_at", stream="NEW_IMAGE"),
    # One item per WebSocket connection ("conn") and per subscription ("sub#<target>");
    # by-target finds the connections to post a thread's (or agent's) events to.
    TableSpec(
        "stream_connections",
        Attr("connection_id"),
        Attr("record_key"),
        indexes=(
            Index("by-target", Attr("target"), Attr("connection_id")),
            # Sparse: only connection rows carry conn_key (their key's hash).
            Index("by-key", Attr("conn_key"), Attr("connection_id"), keys_only=True),
        ),
        ttl="expires_at",
    ),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "stream_events": "WAKEFUL_TABLE_STREAM_EVENTS",
    "stream_connections": "WAKEFUL_TABLE_STREAM_CONNECTIONS",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = (
    "stream_ws",  # WebSocket API: $connect, $disconnect, subscribe, unsubscribe
    "stream_fanout",  # stream table (DynamoDB Streams) -> WebSocket connections
)
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.stream.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/threads", "agents/stream")
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.stream.responses": ("StreamEventPage",),
}
OPENAPI: Callable[[], Any] | None = None

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
