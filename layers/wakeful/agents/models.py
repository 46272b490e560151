"""Agent shapes: the public view and a tool's ``agent_context``, kept here for callers
(the record is :class:`wakeful.agents.records.Agent`; the API's bodies are in
:mod:`wakeful.agents.inputs`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wakeful.agents.records import Agent

ALIAS_PATTERN = r"^[A-Za-z0-9_-]{1,50}$"
#: An agent's profile travels in every action and tool request: keep it small.
MAX_PERSONALITY_BYTES = 10_000


def public(agent: Agent) -> dict[str, Any]:
    """The API view of an agent (see :meth:`Agent.public`)."""
    return agent.public()


def agent_context(agent: Agent | Mapping[str, Any]) -> dict[str, Any]:
    """The ``agent_context`` a tool receives (see :meth:`Agent.agent_context`), of a
    record or of an item (packages that still read the agent as an item)."""
    return (agent if isinstance(agent, Agent) else Agent.from_item(agent)).agent_context()
