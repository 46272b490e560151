"""The slots the agents own, which the assembly fills: the agent's fields, each declared
once by the capability that owns it (:data:`FIELDS`); :data:`LIFECYCLE`, who writes
something with an agent and keeps it in step (the heartbeats: the pending heartbeat,
created with the agent, paused and resumed with it, moved when its interval changes,
shown in its view); :data:`BUDGET_CHANGED`, who hears that an agent's ``budget``
changed (the spend guard: a raised or removed limit may end a pause at once); and
:data:`DELETED`, who keeps something of an agent that goes with it (the tools: its tool
settings; the heartbeats: its pending heartbeat).

The agent's API bodies (``POST /agents``: ``AgentCreate``, ``PATCH /agents/{id}``:
``AgentPatch``, :mod:`wakeful.agents.inputs`) are composed of the agents' own fields
and of what every capability declares in its ``agent_fields.py`` (the heartbeats'
interval, the threads' prompt, limits and tools, the interceptors' tool policy, the
channels' notify targets, the spend budget, memory's recall and consolidation), listed
in its manifest's ``AGENT_FIELDS`` and installed in :data:`FIELDS` by the assembly, in
the package order. One declaration gives a field its type, bounds and description on
both bodies, the check its value passes and what the agent item stores for it; the
agents never import the capability that owns a field.

Light: no pydantic at import (a field's type is a function, called when the bodies
are built).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from wakeful.listening import Slot
from wakeful.structs import Struct

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class AgentField(Struct):
    """One field of the agent's create and patch bodies."""

    name: str
    #: Returns the field's type on the bodies (resolved when the bodies are built).
    annotation: Callable[[], Any]
    #: ``pydantic.Field`` keywords: default, bounds, description.
    field: Mapping[str, Any] = _EMPTY
    #: Appended to the description on PATCH (``" null turns it off."``).
    patch_note: str = ""
    #: PATCH: the field always has a value (left out: unchanged; ``null`` is refused).
    always: bool = False
    #: The PATCH description, when it is not the create one's plus ``patch_note``.
    patch_description: str | None = None
    #: The value kept, made from the parsed one (a tool policy or a budget is kept
    #: whole, its defaults filled in, on PATCH too); default: the value as sent.
    keep: Callable[[Any], Any] | None = None
    #: The kept value's item attributes (default: ``{name: value}``); called for a value
    #: given (a None on PATCH unsets the field).
    store: Callable[[Any], Mapping[str, Any]] | None = None
    #: ``(owner, value, preset)``: raises a 4xx error when the owner may not use the
    #: value (tools they have no access to, a channel they have not connected); called
    #: for a value given, before anything is written.
    check: Callable[[str, Any, str | None], None] | None = None
    #: The field's value in the agent's API view, from the agent record (default: the
    #: record's attribute of the field's name).
    view: Callable[[Any], Any] | None = None
    #: Returns the field's type in the view (the ``Agent`` response model; default: the
    #: bodies' type).
    response: Callable[[], Any] | None = None
    #: ``pydantic.Field`` keywords of the view's field (default: none, it is required).
    response_field: Mapping[str, Any] = _EMPTY


class FieldSet(Struct):
    """The agent fields one capability owns."""

    name: str
    fields: tuple[AgentField, ...]


#: The installed capabilities' agent fields (filled by the assembly, in the package order).
FIELDS: Slot[FieldSet] = Slot("agent fields")


def installed() -> tuple[AgentField, ...]:
    """Every installed capability's agent fields, in the package order."""
    return tuple(field for fields in FIELDS.installed() for field in fields.fields)


def views(agent: Any) -> dict[str, Any]:
    """The installed capabilities' fields of ``agent``'s API view."""
    return {f.name: getattr(agent, f.name) if f.view is None else f.view(agent) for f in installed()}


def kept(field: AgentField, parsed: Any, sent: Any) -> Mapping[str, Any]:
    """The item attributes for ``field`` given as ``sent`` (``parsed``: the body's value)."""
    if sent is None:
        return {field.name: None}
    value = sent if field.keep is None else field.keep(parsed)
    return {field.name: value} if field.store is None else field.store(value)


def check(owner: str, given: Mapping[str, Any], preset: str | None = None) -> None:
    """Run every installed field's check on its value in ``given`` (the values sent)."""
    for field in installed():
        value = given.get(field.name)
        if field.check is not None and value:
            field.check(owner, value, preset)


Part = dict[str, Any]


class LifecycleListener(Struct):
    """A capability that writes something with each agent and keeps it in step.

    The agent (:class:`~wakeful.agents.records.Agent`) is typed ``Any``: the records
    are not imported here (the data modules import this one)."""

    name: str
    #: ``(agent, now)``: the transaction parts written with a new agent, atomically.
    created: Callable[[Any, float], Sequence[Part]]
    #: ``(agent, active)``: the parts written with a pause (``active`` False) or a
    #: resume; when they fail (what they change moved on), the agent alone changes.
    toggled: Callable[[Any, bool], Sequence[Part]]
    #: ``(before, after)``: after a change is written.
    changed: Callable[[Any, Any], None]
    #: A page of agents as the API shows them (each in its place).
    shown: Callable[[list[Any]], list[Any]]


#: The installed lifecycle listeners.
LIFECYCLE: Slot[LifecycleListener] = Slot("agent lifecycle listeners")


def created_parts(agent: Any, now: float) -> list[Part]:
    """The parts every lifecycle listener writes with a new agent."""
    return [part for listener in LIFECYCLE.installed() for part in listener.created(agent, now)]


def toggled_parts(agent: Any, active: bool) -> list[Part]:
    """The parts every lifecycle listener writes with a pause or a resume."""
    return [part for listener in LIFECYCLE.installed() for part in listener.toggled(agent, active)]


def changed(before: Any, after: Any) -> None:
    """Tell each lifecycle listener that an agent changed (an error is the caller's)."""
    for listener in LIFECYCLE.installed():
        listener.changed(before, after)


def shown(agents: list[Any]) -> list[Any]:
    """The agents as the API shows them, each lifecycle listener having its say."""
    for listener in LIFECYCLE.installed():
        agents = listener.shown(agents)
    return agents


class BudgetListener(Struct):
    """A capability's part in a budget change."""

    name: str
    #: Called with the agent (:class:`~wakeful.agents.records.Agent`) as changed, after
    #: the write (the records are not imported here: the data modules import this one).
    changed: Callable[[Any], None]


#: The installed budget listeners.
BUDGET_CHANGED: Slot[BudgetListener] = Slot("budget listeners")


class DeletedListener(Struct):
    """A capability that keeps something of each agent that goes with it."""

    name: str
    #: Called with the deleted agent (its record as it was), after the agent item is
    #: deleted (a crash before leaves what it keeps; nothing reads it without the agent).
    deleted: Callable[[Any], None]


#: The installed deleted-agent listeners.
DELETED: Slot[DeletedListener] = Slot("agent deleted listeners")


def deleted(agent: Any) -> None:
    """Tell each deleted-agent listener (an error is the caller's: the delete answers 5xx
    and deleting again finishes it)."""
    for listener in DELETED.installed():
        listener.deleted(agent)
