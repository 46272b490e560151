"""The manifest of the SQS ingest (``wakeful.ingest``).

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

NAME = "ingest"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = ()
TABLE_ENV: Mapping[str, str] = {}
QUEUES: tuple[QueueSpec, ...] = (
    QueueSpec("ingest", "WAKEFUL_QUEUE_INGEST_URL", function="ingest"),
    QueueSpec("ingest_dlq", "WAKEFUL_QUEUE_INGEST_DLQ_URL"),
)
FUNCTIONS: tuple[str, ...] = (
    "ingest",  # SQS ingest queue -> event log
)
# Events appended by webhooks and by the SQS ingest queue count as EVENTS_INGESTED.
EVENTS_INGESTED = "EventsIngested"
INGEST_MESSAGES_INVALID = "IngestMessagesInvalid"
#: The metrics it emits: name -> unit.
METRICS: Mapping[str, str] = {
    EVENTS_INGESTED: "Count",
    INGEST_MESSAGES_INVALID: "Count",
}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = None
ROUTE_KEYS: tuple[str, ...] = ()
MODELS: Mapping[str, tuple[str, ...]] = {}
def _ingest_schemas() -> Mapping[str, Any]:
    from wakeful.apikit.responses import model_schemas
    from wakeful.ingest.responses import IngestMessageDoc

    return model_schemas((IngestMessageDoc, "validation"))  # the SQS ingest message


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        schemas=_ingest_schemas,
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
