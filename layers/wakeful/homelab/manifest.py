"""The manifest of the homelab preset (``wakeful.homelab``), an extension: what it adds
to the core.

:mod:`wakeful.assembly` installs it (the fields: :class:`wakeful.capabilities.Capability`):
the ``homelab`` agent preset, the tools it registers for the owner and its in-process
interceptor.

Light, like every manifest: every handler imports it on its cold start, so it imports
only the registry's types; the preset and the guard load when first asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wakeful.capabilities import Capability, QueueSpec
from wakeful.tablespec import TableSpec

NAME = "homelab"

# -- data: tables, queues, functions, metrics --
TABLES: tuple[TableSpec, ...] = ()
TABLE_ENV: Mapping[str, str] = {}
QUEUES: tuple[QueueSpec, ...] = ()
FUNCTIONS: tuple[str, ...] = ()
METRICS: Mapping[str, str] = {}

# -- HTTP: routes, the models they name, the OpenAPI part --
ROUTES: str | None = None
ROUTE_KEYS: tuple[str, ...] = ()
MODELS: Mapping[str, tuple[str, ...]] = {}
OPENAPI: Callable[[], Any] | None = None

# -- agent fields --
AGENT_FIELDS: tuple[Any, ...] = ()

# -- configuration: the values an environment variable may take, outside APIs --
ENV_CHOICES: Mapping[str, Callable[[], Sequence[str]]] = {}
ENDPOINTS: Callable[[], Mapping[str, tuple[str, str]]] | None = None

# -- listeners: what it plugs into lower capabilities' slots --
LISTENERS: tuple[tuple[Any, Any], ...] = ()

# -- extension: the preset, its tools and its interceptor --


def apply_preset(owner: str, agent_id: str) -> None:
    """The ``homelab`` agent preset: tools, guidelines, thread triggers."""
    from wakeful.homelab.preset import apply

    apply(owner, agent_id)


def preset_tools() -> tuple[str, ...]:
    """The tools the ``homelab`` preset registers for the owner."""
    from wakeful.homelab.tools import NAMES

    return NAMES


def interceptor() -> Any:
    """The in-process interceptor of every ``homelab`` agent: the stop guard."""
    from wakeful.homelab.guard import interceptor as guard

    return guard()


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
    presets={"homelab": apply_preset},
    preset_tools={"homelab": preset_tools},
    preset_interceptors={"homelab": interceptor},
)
