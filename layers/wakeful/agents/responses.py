"""Response models of the agents' routes.

``Agent`` is composed like the bodies (:mod:`wakeful.agents.inputs`): the agents' own
fields (:class:`AgentBase`) and, for every installed capability's agent field
(:mod:`wakeful.agents.slots`), the type and description its owner declares for the view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import Field, create_model

from wakeful.agents import slots
from wakeful.apikit.responses import Page, View


class AgentBase(View):
    """An agent."""

    id: str
    name: str
    alias: str
    personality: dict[str, Any] | str | None
    expertise: str | None
    focus_areas: list[str]
    is_active: bool
    preset: str | None
    next_heartbeat_at: str | None
    last_seq: int = Field(description="The seq of the last event of its log")
    processed_seq: int = Field(description="The seq up to which heartbeats have processed its log")
    created_at: str | None
    updated_at: str | None
    quiet_heartbeats: int = Field(0, description="Heartbeats that found nothing to do and were counted instead of run")
    last_quiet_heartbeat_at: str | None = None


def _view_fields() -> dict[str, Any]:
    """The installed capabilities' fields of the agent's view."""
    return {f.name: ((f.response or f.annotation)(), Field(**f.response_field)) for f in slots.installed()}


if TYPE_CHECKING:
    Agent = AgentBase
else:
    Agent = create_model("Agent", __module__=__name__, __base__=AgentBase, __doc__=AgentBase.__doc__, **_view_fields())


class AgentPage(Page):
    """A page of agents, newest first."""

    items: list[Agent]
