"""The one registry of what plugs into the core: presets such as SnipIn and the homelab.

Each :class:`Extension` declares its tables (and their environment variables), its API
router, its built-in tools, its agent presets and their in-process interceptors. The
core reads the installed extensions and nothing else: :mod:`wakeful.constants` and
:mod:`wakeful.tables` take the tables, :mod:`wakeful.api.app` the routers,
:mod:`wakeful.tools.registry` the tools, :mod:`wakeful.presets` the presets,
:mod:`wakeful.interceptors.registry` the presets' interceptors.

The registry knows no extension: the entry points that assemble the app (the Lambda
handlers, the API app, ``wakeful dev``, the CDK app) hand them in through
:func:`wakeful.assembly.install`, which calls :func:`install`. So the bottom of the
package never imports its top. This module imports nothing heavier than
:mod:`wakeful.tablespec`; an extension's routers, tools and presets load when first asked
for.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType
from typing import Any, Callable, Generic, Mapping, NamedTuple, TypeVar

from wakeful.tablespec import TableSpec


#: The default of an extension's mappings (shared, so read-only).
_EMPTY: Mapping[str, Any] = MappingProxyType({})


class Extension(NamedTuple):
    """A capability outside the core, plugged in through the registry (a named tuple:
    every cold start defines it, and a named tuple is quicker to define than a dataclass)."""

    name: str
    #: The tables it owns (created by the stack and by ``wakeful dev`` like the core's).
    tables: tuple[TableSpec, ...] = ()
    #: Logical table name -> environment variable holding its physical name.
    table_env: Mapping[str, str] = _EMPTY
    #: Returns its API router (imported on the first call).
    router: Callable[[], Any] | None = None
    #: The API path keys its router serves (the API loads it only for those paths).
    route_keys: tuple[str, ...] = ()
    #: Registers its built-in tools with :func:`wakeful.tools.registry.register`.
    register_tools: Callable[[], None] | None = None
    #: Agent preset name -> ``(owner, agent_id) -> None``, applied at agent creation.
    presets: Mapping[str, Callable[[str, str], None]] = _EMPTY
    #: Agent preset name -> the names of the tools it registers for the owner (so an
    #: agent created with that preset may name them in ``tools`` before they exist).
    preset_tools: Mapping[str, Callable[[], tuple[str, ...]]] = _EMPTY
    #: Built-in tool name -> ``(owner, agent_id) -> bool``: True when the tool, subscribed
    #: to ``HEARTBEAT``, would find nothing to do (the heartbeat can stay quiet).
    heartbeat_probes: Mapping[str, Callable[[str, str], bool]] = _EMPTY
    #: Agent preset name -> a factory of the in-process interceptor every agent of that
    #: preset passes through (see :mod:`wakeful.interceptors.registry`; built on first use).
    preset_interceptors: Mapping[str, Callable[[], Any]] = _EMPTY


_installed: tuple[Extension, ...] = ()

V = TypeVar("V")


class WithInstalled(Mapping[str, V], Generic[V]):
    """A mapping of the core's entries and the installed extensions' (read at each use,
    so that it holds what was installed whenever it was imported)."""

    def __init__(self, core: Mapping[str, V], installed: Callable[[], Mapping[str, V]]) -> None:
        self._core = core
        self._installed = installed

    def __getitem__(self, key: str) -> V:
        if key in self._core:
            return self._core[key]
        return self._installed()[key]

    def __iter__(self) -> Iterator[str]:
        yield from self._core
        yield from (key for key in self._installed() if key not in self._core)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return repr(dict(self))


def install(*extensions: Extension) -> None:
    """Make ``extensions`` the installed ones (the entry points call this, through
    :func:`wakeful.assembly.install`, before anything else)."""
    global _installed
    names = [extension.name for extension in extensions]
    if len(set(names)) != len(names):
        raise ValueError(f"extensions installed twice: {names}")
    _installed = tuple(extensions)


def installed() -> tuple[Extension, ...]:
    """The installed extensions, in installation order."""
    return _installed


def table_env() -> dict[str, str]:
    """Every extension's logical table -> environment variable."""
    return {name: var for extension in _installed for name, var in extension.table_env.items()}


def table_names() -> tuple[str, ...]:
    """Every extension's logical table names."""
    return tuple(spec.name for extension in _installed for spec in extension.tables)


def routers() -> list[Any]:
    """Every extension's API router."""
    return [extension.router() for extension in _installed if extension.router is not None]


def route_keys() -> tuple[str, ...]:
    """Every extension's API path keys."""
    return tuple(key for extension in _installed for key in extension.route_keys)


def register_tools() -> None:
    """Register every extension's built-in tools."""
    for extension in _installed:
        if extension.register_tools is not None:
            extension.register_tools()


def heartbeat_probes() -> dict[str, Callable[[str, str], bool]]:
    """Every extension's heartbeat probes, by tool name."""
    return {tool: probe for extension in _installed for tool, probe in extension.heartbeat_probes.items()}


def preset_interceptors() -> dict[str, Callable[[], Any]]:
    """Every extension's preset interceptor factories, by preset name."""
    return {name: make for extension in _installed for name, make in extension.preset_interceptors.items()}


def presets() -> dict[str, Callable[[str, str], None]]:
    """Every extension's agent presets, by name."""
    return {name: apply for extension in _installed for name, apply in extension.presets.items()}


def preset_tools(preset: str | None) -> tuple[str, ...]:
    """The names of the tools a preset registers for the owner (none for None)."""
    if preset is None:
        return ()
    return tuple(name for extension in _installed if preset in extension.preset_tools for name in extension.preset_tools[preset]())
