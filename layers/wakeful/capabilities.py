"""The one registry of what the assembly plugs into the core: every capability's manifest.

Each capability, core (agents, threads, channels, ...) or extension (SnipIn, the homelab),
declares itself in one :class:`Capability`, in its package's ``manifest.py`` as
``MANIFEST``: its tables (and their environment variables), queues, functions, routes and
their models, metrics, the listeners it plugs into lower capabilities' slots, its agent
fields, and for extensions their built-in tools, presets and preset interceptors. The
central modules read the installed manifests instead of holding lists of capabilities:
:mod:`wakeful.constants` and :mod:`wakeful.tables` take the tables,
:mod:`wakeful.api.app` the routes, :mod:`wakeful.tools.registry` the tools,
:mod:`wakeful.presets` the presets, :mod:`wakeful.interceptors.registry` the presets'
interceptors; :mod:`wakeful.assembly` fills every slot from the listeners.

The registry knows no capability: the entry points that assemble the app (the Lambda
handlers, the API app, ``wakeful dev``, the CDK app) hand the manifests in through
:func:`wakeful.assembly.install`, which calls :func:`install`, in the package order
(bottom first). So the bottom of the package never imports its top. This module imports
nothing heavier than :mod:`wakeful.tablespec` and :mod:`wakeful.listening`; a
capability's routers, tools and presets load when first asked for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from types import MappingProxyType
from typing import Any, Callable, Generic, Mapping, TypeVar

from wakeful.listening import Slot
from wakeful.tablespec import TableSpec
from wakeful.structs import Struct

#: The default of a manifest's mappings (shared, so read-only).
_EMPTY: Mapping[str, Any] = MappingProxyType({})
_NO_OPERATIONS: Mapping[tuple[str, str], str] = MappingProxyType({})


class QueueSpec(Struct):
    """A queue a capability owns."""

    #: Its logical name (``thread``, ``channel_outbox``).
    name: str
    #: The environment variable holding its URL.
    env: str
    fifo: bool = False
    #: The function its event source mapping invokes, if any (``functions/<name>/``).
    function: str | None = None


class OpenApiPart(Struct):
    """A capability's part of the API's OpenAPI document, beyond what its routes say
    (read when the document is built, by :mod:`wakeful.api.openapi`)."""

    #: Tag -> what every operation of the tag shares (appended to its description).
    notes: Mapping[str, str] = _EMPTY
    #: ``(method, path)`` -> when the operation answers 409.
    conflicts: Mapping[tuple[str, str], str] = _NO_OPERATIONS
    #: ``(method, path)`` of an operation without a path parameter -> when it answers 404.
    not_found: Mapping[tuple[str, str], str] = _NO_OPERATIONS
    #: Returns the operations served outside the API's resolver, by path (complete).
    paths: Callable[[], Mapping[str, Any]] | None = None
    #: Returns the schemas those operations (or the documents it publishes) name, by name.
    schemas: Callable[[], Mapping[str, Any]] | None = None


class Capability(Struct):
    """What one capability plugs into the core."""

    #: Its package's name.
    name: str
    #: The tables it owns (created by the stack and by ``wakeful dev``).
    tables: tuple[TableSpec, ...] = ()
    #: Logical table name -> environment variable holding its physical name.
    table_env: Mapping[str, str] = _EMPTY
    #: The queues it owns.
    queues: tuple[QueueSpec, ...] = ()
    #: The functions (``functions/<name>/``) it owns.
    functions: tuple[str, ...] = ()
    #: The module exposing its API ``router`` (imported when a path first needs it).
    routes: str | None = None
    #: The API path keys its router serves (the API loads it only for those paths; see
    #: :func:`wakeful.api.app.route_key`).
    route_keys: tuple[str, ...] = ()
    #: Module -> the names of the models (bodies, responses) its routes name.
    models: Mapping[str, tuple[str, ...]] = _EMPTY
    #: Returns its :class:`OpenApiPart` (called when the OpenAPI document is built).
    openapi: Callable[[], OpenApiPart] | None = None
    #: Metric name -> unit.
    metrics: Mapping[str, str] = _EMPTY
    #: ``(slot, listener)`` pairs: what it plugs into lower capabilities' slots.
    listeners: tuple[tuple[Slot[Any], Any], ...] = ()
    #: The agent fields it owns.
    agent_fields: tuple[Any, ...] = ()
    #: Environment variable -> a function of the values it may take.
    env_choices: Mapping[str, Callable[[], Sequence[str]]] = _EMPTY
    #: Returns name -> (environment variable, default URL) of the outside APIs it calls.
    endpoints: Callable[[], Mapping[str, tuple[str, str]]] | None = None
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


_installed: tuple[Capability, ...] = ()

V = TypeVar("V")


class Derived(Mapping[str, V], Generic[V]):
    """A read-only mapping built from the installed capabilities when first read, and
    built again after another :func:`install` (so that it holds what was installed
    whenever it was imported)."""

    def __init__(self, build: Callable[[], Mapping[str, V]]) -> None:
        self._build = build
        self._built_for: tuple[Capability, ...] | None = None
        self._value: Mapping[str, V] = _EMPTY

    def _current(self) -> Mapping[str, V]:
        if self._built_for is not _installed:
            self._value, self._built_for = self._build(), _installed
        return self._value

    def __getitem__(self, key: str) -> V:
        return self._current()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._current())

    def __len__(self) -> int:
        return len(self._current())

    def __repr__(self) -> str:
        return repr(dict(self._current()))


def install(*capabilities: Capability) -> None:
    """Make ``capabilities`` the installed ones, in the package order (the entry points
    call this, through :func:`wakeful.assembly.install`, before anything else)."""
    global _installed
    names = [capability.name for capability in capabilities]
    if len(set(names)) != len(names):
        raise ValueError(f"capabilities installed twice: {names}")
    _installed = tuple(capabilities)


def installed() -> tuple[Capability, ...]:
    """The installed capabilities, in installation order."""
    return _installed


def table_env() -> dict[str, str]:
    """Every capability's logical table -> environment variable."""
    return {name: var for capability in _installed for name, var in capability.table_env.items()}


def tables() -> dict[str, TableSpec]:
    """Every capability's tables, by logical name."""
    return {spec.name: spec for capability in _installed for spec in capability.tables}


def queues() -> dict[str, QueueSpec]:
    """Every capability's queues, by logical name."""
    return {queue.name: queue for capability in _installed for queue in capability.queues}


def functions() -> tuple[str, ...]:
    """Every capability's functions."""
    return tuple(function for capability in _installed for function in capability.functions)


def route_keys() -> dict[str, tuple[str, ...]]:
    """API path key -> the route modules serving it (a key two capabilities share is
    served by both, in installation order)."""
    found: dict[str, tuple[str, ...]] = {}
    for capability in _installed:
        if capability.routes is not None:
            for key in capability.route_keys:
                found[key] = (*found.get(key, ()), capability.routes)
    return found


def route_modules() -> tuple[str, ...]:
    """Every capability's route module."""
    return tuple(capability.routes for capability in _installed if capability.routes is not None)


def models() -> dict[str, str]:
    """Every model a capability's routes name -> its module."""
    return {name: module for capability in _installed for module, names in capability.models.items() for name in names}


def openapi_parts() -> tuple[OpenApiPart, ...]:
    """Every capability's part of the OpenAPI document, in installation order (each
    built by calling its capability's ``openapi``)."""
    return tuple(capability.openapi() for capability in _installed if capability.openapi is not None)


def metrics() -> dict[str, str]:
    """Every capability's metrics: name -> unit."""
    return {name: unit for capability in _installed for name, unit in capability.metrics.items()}


def env_choices() -> dict[str, Callable[[], Sequence[str]]]:
    """Environment variable -> the values it may take, for every capability."""
    return {env: choices for capability in _installed for env, choices in capability.env_choices.items()}


def endpoints() -> dict[str, tuple[str, str]]:
    """Outside API name -> (environment variable, default URL), for every capability."""
    return {name: pair for capability in _installed if capability.endpoints is not None for name, pair in capability.endpoints().items()}


def register_tools() -> None:
    """Register every capability's built-in tools."""
    for capability in _installed:
        if capability.register_tools is not None:
            capability.register_tools()


def heartbeat_probes() -> dict[str, Callable[[str, str], bool]]:
    """Every capability's heartbeat probes, by tool name."""
    return {tool: probe for capability in _installed for tool, probe in capability.heartbeat_probes.items()}


def preset_interceptors() -> dict[str, Callable[[], Any]]:
    """Every capability's preset interceptor factories, by preset name."""
    return {name: make for capability in _installed for name, make in capability.preset_interceptors.items()}


def presets() -> dict[str, Callable[[str, str], None]]:
    """Every capability's agent presets, by name."""
    return {name: apply for capability in _installed for name, apply in capability.presets.items()}


def preset_tools(preset: str | None) -> tuple[str, ...]:
    """The names of the tools a preset registers for the owner (none for None)."""
    if preset is None:
        return ()
    return tuple(name for capability in _installed if preset in capability.preset_tools for name in capability.preset_tools[preset]())
