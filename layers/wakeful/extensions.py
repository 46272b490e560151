"""The one registry of what plugs into the core: presets such as SnipIn and the homelab.

Each :class:`Extension` declares its tables (and their environment variables), its API
router, its built-in tools, its agent presets and their in-process interceptors. The
core reads this list and nothing else: :mod:`wakeful.constants` and :mod:`wakeful.tables`
take the tables, :mod:`wakeful.api.app` the routers, :mod:`wakeful.tools.registry` the
tools, :mod:`wakeful.presets` the presets, :mod:`wakeful.interceptors.registry` the
presets' interceptors. Adding one is one import and one entry here; no module is
imported by name, and an import error is an error.

This module is imported by :mod:`wakeful.constants`: it and the manifests it lists
import nothing heavier than :mod:`wakeful.tablespec` (routers, tools and presets load
when first asked for).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from wakeful.homelab import manifest as homelab
from wakeful.snipin import manifest as snipin
from wakeful.tablespec import TableSpec


@dataclass(frozen=True)
class Extension:
    """A capability outside the core, plugged in through the registry."""

    name: str
    #: The tables it owns (created by the stack and by ``wakeful dev`` like the core's).
    tables: tuple[TableSpec, ...] = ()
    #: Logical table name -> environment variable holding its physical name.
    table_env: Mapping[str, str] = field(default_factory=dict)
    #: Returns its API router (imported on the first call).
    router: Callable[[], Any] | None = None
    #: The API path keys its router serves (the API loads it only for those paths).
    route_keys: tuple[str, ...] = ()
    #: Registers its built-in tools with :func:`wakeful.tools.registry.register`.
    register_tools: Callable[[], None] | None = None
    #: Agent preset name -> ``(owner, agent_id) -> None``, applied at agent creation.
    presets: Mapping[str, Callable[[str, str], None]] = field(default_factory=dict)
    #: Agent preset name -> the names of the tools it registers for the owner (so an
    #: agent created with that preset may name them in ``tools`` before they exist).
    preset_tools: Mapping[str, Callable[[], tuple[str, ...]]] = field(default_factory=dict)
    #: Built-in tool name -> ``(owner, agent_id) -> bool``: True when the tool, subscribed
    #: to ``HEARTBEAT``, would find nothing to do (the heartbeat can stay quiet).
    heartbeat_probes: Mapping[str, Callable[[str, str], bool]] = field(default_factory=dict)
    #: Agent preset name -> a factory of the in-process interceptor every agent of that
    #: preset passes through (see :mod:`wakeful.interceptors.registry`; built on first use).
    preset_interceptors: Mapping[str, Callable[[], Any]] = field(default_factory=dict)


EXTENSIONS: tuple[Extension, ...] = (
    Extension(
        name=snipin.NAME,
        tables=snipin.TABLES,
        table_env=snipin.TABLE_ENV,
        router=snipin.router,
        route_keys=snipin.ROUTE_KEYS,
        register_tools=snipin.register_tools,
        presets={"snipin": snipin.apply_preset},
        heartbeat_probes=snipin.HEARTBEAT_PROBES,
    ),
    Extension(
        name=homelab.NAME,
        presets={"homelab": homelab.apply_preset},
        preset_tools={"homelab": homelab.preset_tools},
        preset_interceptors={"homelab": homelab.interceptor},
    ),
)


def table_env() -> dict[str, str]:
    """Every extension's logical table -> environment variable."""
    return {name: var for extension in EXTENSIONS for name, var in extension.table_env.items()}


def table_names() -> tuple[str, ...]:
    """Every extension's logical table names."""
    return tuple(spec.name for extension in EXTENSIONS for spec in extension.tables)


def routers() -> list[Any]:
    """Every extension's API router."""
    return [extension.router() for extension in EXTENSIONS if extension.router is not None]


def route_keys() -> tuple[str, ...]:
    """Every extension's API path keys."""
    return tuple(key for extension in EXTENSIONS for key in extension.route_keys)


def register_tools() -> None:
    """Register every extension's built-in tools."""
    for extension in EXTENSIONS:
        if extension.register_tools is not None:
            extension.register_tools()


def heartbeat_probes() -> dict[str, Callable[[str, str], bool]]:
    """Every extension's heartbeat probes, by tool name."""
    return {tool: probe for extension in EXTENSIONS for tool, probe in extension.heartbeat_probes.items()}


def preset_interceptors() -> dict[str, Callable[[], Any]]:
    """Every extension's preset interceptor factories, by preset name."""
    return {name: make for extension in EXTENSIONS for name, make in extension.preset_interceptors.items()}


def presets() -> dict[str, Callable[[str, str], None]]:
    """Every extension's agent presets, by name."""
    return {name: apply for extension in EXTENSIONS for name, apply in extension.presets.items()}


def preset_tools(preset: str | None) -> tuple[str, ...]:
    """The names of the tools a preset registers for the owner (none for None)."""
    if preset is None:
        return ()
    return tuple(name for extension in EXTENSIONS if preset in extension.preset_tools for name in extension.preset_tools[preset]())
