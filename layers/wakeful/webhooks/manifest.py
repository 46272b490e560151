"""The manifest of inbound webhooks (``wakeful.webhooks``).

What the capability plugs into the core, which :mod:`wakeful.assembly` installs (the
fields: :class:`wakeful.capabilities.Capability`).

Light, like every manifest: every handler imports it on its cold start, so it holds
data and imports only the registry's types; what it names loads when first used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wakeful.capabilities import Capability, OpenApiPart, QueueSpec
from wakeful.tablespec import N, Attr, Index, TableSpec

NAME = "webhooks"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        "webhooks",
        Attr("webhook_id"),
        indexes=(Index("by-agent", Attr("agent_id"), Attr("created_at", N)),),
    ),
    # request_id "whr_<ulid>": one row per inbound request, newest last; the same
    # partition holds the hourly rate-limit counters ("rate#<YYYYMMDDHH>").
    TableSpec("webhook_requests", Attr("webhook_id"), Attr("request_id"), ttl="expires_at"),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "webhooks": "WAKEFUL_TABLE_WEBHOOKS",
    "webhook_requests": "WAKEFUL_TABLE_WEBHOOK_REQUESTS",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = (
    "webhook_ingest",  # API Gateway POST /webhooks/{webhook_id}
)
# Inbound webhook requests by outcome (the ``status`` of their webhook_requests row).
WEBHOOK_REQUESTS_ACCEPTED = "WebhookRequestsAccepted"
WEBHOOK_REQUESTS_DUPLICATE = "WebhookRequestsDuplicate"
WEBHOOK_REQUESTS_REJECTED = "WebhookRequestsRejected"
WEBHOOK_REQUESTS_INVALID_SIGNATURE = "WebhookRequestsInvalidSignature"
WEBHOOK_REQUESTS_RATE_LIMITED = "WebhookRequestsRateLimited"
#: The metrics it emits: name -> unit.
METRICS: Mapping[str, str] = {
    WEBHOOK_REQUESTS_ACCEPTED: "Count",
    WEBHOOK_REQUESTS_DUPLICATE: "Count",
    WEBHOOK_REQUESTS_REJECTED: "Count",
    WEBHOOK_REQUESTS_INVALID_SIGNATURE: "Count",
    WEBHOOK_REQUESTS_RATE_LIMITED: "Count",
}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.webhooks.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/webhooks",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.webhooks.inputs": ("WebhookCreate", "WebhookPatch", "WebhookRotate"),
    "wakeful.webhooks.responses": ("Webhook", "WebhookCreated", "WebhookPage", "WebhookRequestPage", "WebhookRotated"),
}
def _ingest_paths() -> Mapping[str, Any]:
    from wakeful.webhooks import openapi

    return openapi.paths()  # POST /webhooks/{webhook_id}, served by the webhook-ingest function


def _ingest_schemas() -> Mapping[str, Any]:
    from wakeful.webhooks import openapi

    return openapi.schemas()


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "webhooks": "Inbound webhooks turn signed requests from outside (wakeful, standard, github, stripe, raw) into events.",
        },
        conflicts={
            ("post", "/agents/{agent_id}/webhooks"): "The agent already has as many webhooks as allowed",
        },
        paths=_ingest_paths,
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
