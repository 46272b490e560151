"""The agent's fields, each declared once by the capability that owns it.

The agent's API bodies (``POST /agents``: ``AgentCreate``, ``PATCH /agents/{id}``:
``AgentPatch``, :mod:`wakeful.agents.inputs`) are composed of the agents' own fields
and of what every capability declares in its ``agent_fields.py`` (the heartbeats' interval,
the threads' prompt and limits, the interceptors' tool policy, the channels' notify
targets), listed in its manifest's ``AGENT_FIELDS`` and installed here by the assembly,
in the package order. One declaration gives a field its type, bounds and description on
both bodies, and what the agent item stores for it.

Light: no pydantic at import (a field's type is a function, called when the bodies
are built).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from wakeful.listening import Slot

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class AgentField(NamedTuple):
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
    #: The value's item attributes (default: ``{name: value}``); called for a value
    #: given (a None on PATCH unsets the field).
    store: Callable[[Any], Mapping[str, Any]] | None = None
    #: PATCH stores the whole value, its defaults included (not only what was sent).
    whole: bool = False


class FieldSet(NamedTuple):
    """The agent fields one capability owns."""

    name: str
    fields: tuple[AgentField, ...]


#: The installed capabilities' agent fields (filled by the assembly, in the package order).
SLOT: Slot[FieldSet] = Slot("agent fields")


def installed() -> tuple[AgentField, ...]:
    """Every installed capability's agent fields, in the package order."""
    return tuple(field for fields in SLOT.installed() for field in fields.fields)


def stored(field: AgentField, value: Any) -> Mapping[str, Any]:
    """The item attributes of ``value`` given for ``field``."""
    if field.store is None or value is None:
        return {field.name: value}
    return field.store(value)
