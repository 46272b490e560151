"""The agent routes' request bodies (pydantic), apart from :mod:`wakeful.agents.models`
so that the paths that only read agents (heartbeats, tool calls) never import pydantic.

``AgentCreate`` and ``AgentPatch`` are composed of the agents' own fields (here:
:class:`AgentCreateBase`, :class:`AgentPatchBase`) and of every installed capability's
agent fields (:mod:`wakeful.agents.slots`), so this module loads after
:func:`wakeful.assembly.install` (the API and Wakeful's MCP server import it); imported
before, it raises rather than build bodies without the capabilities' fields. To a type
checker they are their base: the agents' code reads a capability's field by its name,
through the field's declaration, never as an attribute.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import AfterValidator, Field, create_model

from wakeful import capabilities
from wakeful.agents import slots
from wakeful.agents.models import ALIAS_PATTERN, MAX_PERSONALITY_BYTES
from wakeful.inputs import Body, Name, Patch, unchanged


def _small_personality(value: dict[str, Any] | str | None) -> dict[str, Any] | str | None:
    if isinstance(value, dict) and len(json.dumps(value, default=str)) > MAX_PERSONALITY_BYTES:
        raise ValueError(f"personality is over {MAX_PERSONALITY_BYTES} bytes of JSON")
    return value


Personality = Annotated[
    dict[str, Any] | Annotated[str, Field(max_length=MAX_PERSONALITY_BYTES)] | None,
    AfterValidator(_small_personality),
]
FocusArea = Annotated[str, Field(min_length=1, max_length=200)]


def _create_fields() -> dict[str, Any]:
    """The installed capabilities' fields of ``POST /agents``."""
    return {f.name: (f.annotation(), Field(**f.field)) for f in slots.installed()}


def _patch_fields() -> dict[str, Any]:
    """The installed capabilities' fields of ``PATCH /agents/{id}``: the same type and
    bounds; left out, a field keeps its value, and ``null`` unsets it (but for a field
    that always has a value)."""
    found: dict[str, Any] = {}
    for f in slots.installed():
        keywords = {key: value for key, value in f.field.items() if key != "default"}
        description = f.patch_description or (keywords["description"] + f.patch_note if "description" in keywords else None)
        if description is not None:
            keywords["description"] = description
        found[f.name] = (f.annotation(), unchanged(**keywords) if f.always else Field(default=None, **keywords))
    return found


class AgentCreateBase(Body):
    """``POST /agents`` body."""

    name: Name = Field(min_length=1, max_length=100)
    alias: str = Field(pattern=ALIAS_PATTERN, description="Unique handle, used for @mentions")
    personality: Personality = None
    expertise: str | None = Field(default=None, max_length=2000)
    focus_areas: list[FocusArea] = Field(default_factory=list, max_length=50)
    preset: str | None = Field(default=None, description='"snipin" subscribes the built-in SnipIn tools; "homelab" gives the agent the homelab tools, guidelines and thread triggers')


class AgentPatchBase(Patch):
    """``PATCH /agents/{id}`` body: any subset of the mutable fields. ``null`` unsets an
    optional field (back to its default); ``name``, ``focus_areas``,
    ``heartbeat_interval_seconds`` and ``is_active`` always have a value."""

    name: Name = unchanged(min_length=1, max_length=100)
    personality: Personality = None
    expertise: str | None = Field(default=None, max_length=2000)
    focus_areas: list[FocusArea] = unchanged(max_length=50, description="[] clears them")
    is_active: bool = unchanged(description="false pauses the agent's heartbeats")


if not capabilities.installed():
    raise ImportError(
        "wakeful.agents.inputs composes the agent's bodies from the installed capabilities' "
        "fields: call wakeful.assembly.install() before importing it"
    )

if TYPE_CHECKING:
    AgentCreate = AgentCreateBase
    AgentPatch = AgentPatchBase
else:
    AgentCreate = create_model("AgentCreate", __module__=__name__, __base__=AgentCreateBase, __doc__=AgentCreateBase.__doc__, **_create_fields())
    AgentPatch = create_model("AgentPatch", __module__=__name__, __base__=AgentPatchBase, __doc__=AgentPatchBase.__doc__, **_patch_fields())
