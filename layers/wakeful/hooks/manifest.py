"""The manifest of hooks (``wakeful.hooks``).

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

NAME = "hooks"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = (
    TableSpec("hooks", Attr("agent_id"), Attr("hook_id")),
    # One row per delivery attempt, newest first (execution_id is time-ordered).
    TableSpec("hook_executions", Attr("hook_id"), Attr("execution_id"), ttl="expires_at"),
    # One row per delivery (a hook firing): its payload, for retries and replay.
    TableSpec(
        "hook_deliveries",
        Attr("delivery_id"),
        indexes=(
            Index("by-hook", Attr("hook_id"), Attr("created_at", N)),
            # Sparse: only a delivery whose first attempt is being made by the firing
            # function carries lease_shard, until that attempt is recorded; the scan
            # finds those whose firing function died (wakeful.hooks.recovery).
            Index("inline-lease", Attr("lease_shard", N), Attr("lease_until", N), keys_only=True),
        ),
        ttl="expires_at",
    ),
)
#: Logical table -> environment variable holding its physical name.
TABLE_ENV: Mapping[str, str] = {
    "hooks": "WAKEFUL_TABLE_HOOKS",
    "hook_executions": "WAKEFUL_TABLE_HOOK_EXECUTIONS",
    "hook_deliveries": "WAKEFUL_TABLE_HOOK_DELIVERIES",
}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = (
    "deliver_hook",  # the deliver-hook state machine's task: one attempt
)
HOOK_DELIVERIES_SUCCEEDED = "HookDeliveriesSucceeded"
HOOK_DELIVERIES_FAILED = "HookDeliveriesFailed"
HOOK_ATTEMPTS_RETRIED = "HookAttemptsRetried"
HOOKS_DISABLED = "HooksDisabled"
#: The metrics it emits: name -> unit.
METRICS: Mapping[str, str] = {
    HOOK_DELIVERIES_SUCCEEDED: "Count",
    HOOK_DELIVERIES_FAILED: "Count",
    HOOK_ATTEMPTS_RETRIED: "Count",
    HOOKS_DISABLED: "Count",
}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = "wakeful.hooks.routes"
ROUTE_KEYS: tuple[str, ...] = ("agents/hooks",)
MODELS: Mapping[str, tuple[str, ...]] = {
    "wakeful.hooks.inputs": ("HookCreate", "HookPatch", "HookTestRequest"),
    "wakeful.hooks.responses": ("Hook", "HookCreated", "HookDelivery", "HookDeliveryAccepted", "HookDeliveryDetail", "HookDeliveryPage", "HookExecutionPage", "HookPage", "HookReplayAccepted"),
}
def _hook_schemas() -> Mapping[str, Any]:
    from wakeful.apikit.responses import model_schemas
    from wakeful.hooks.responses import HookPayload

    return model_schemas((HookPayload, "serialization"))  # what a hook's endpoint receives


def _openapi() -> OpenApiPart:
    """Its part of the OpenAPI document (built when the document is)."""
    return OpenApiPart(
        notes={
            "hooks": "Hooks POST signed lifecycle payloads (Standard Webhooks) to your endpoint, retried with backoff.",
        },
        conflicts={
            ("post", "/agents/{agent_id}/hooks"): "The agent already has as many hooks as allowed",
            ("post", "/agents/{agent_id}/hooks/{hook_id}/deliveries/{delivery_id}/replay"): "Only a delivery that finally failed can be replayed",
        },
        schemas=_hook_schemas,
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
