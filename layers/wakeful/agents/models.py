"""Agent shapes: the public view and a tool's ``agent_context`` (the API's bodies are in
:mod:`wakeful.agents.inputs`)."""

from __future__ import annotations

from typing import Any

from wakeful.clock import iso

ALIAS_PATTERN = r"^[A-Za-z0-9_-]{1,50}$"
#: An agent's profile travels in every action and tool request: keep it small.
MAX_PERSONALITY_BYTES = 10_000


def public(agent: dict[str, Any]) -> dict[str, Any]:
    """The API view of an agent item."""
    return {
        "id": agent["agent_id"],
        "name": agent["name"],
        "alias": agent["alias"],
        "personality": agent.get("personality"),
        "expertise": agent.get("expertise"),
        "focus_areas": agent.get("focus_areas") or [],
        "heartbeat_interval_seconds": agent["heartbeat_interval_seconds"],
        "is_active": agent.get("is_active", True),
        "preset": agent.get("preset"),
        "wake_on_priority": agent.get("wake_on_priority"),
        "tool_policy": agent.get("tool_policy"),
        "next_heartbeat_at": iso(agent.get("next_heartbeat_at")),
        "last_seq": agent.get("last_seq", 0),
        "processed_seq": agent.get("processed_seq", 0),
        # Heartbeats that found nothing to do and were counted instead of run.
        "quiet_heartbeats": agent.get("quiet_heartbeats", 0),
        "last_quiet_heartbeat_at": iso(agent.get("last_quiet_heartbeat_at")),
        "created_at": iso(agent.get("created_at")),
        "updated_at": iso(agent.get("updated_at")),
        **_thread_fields(agent),
    }


def _thread_fields(agent: dict[str, Any]) -> dict[str, Any]:
    from wakeful.threads.models import agent_view

    return agent_view(agent)


def agent_context(agent: dict[str, Any]) -> dict[str, Any]:
    """The ``agent_context`` a tool receives (seed 000, Base Tool Interface)."""
    return {
        "agent_id": agent["agent_id"],
        "owner": agent.get("owner"),
        "name": agent["name"],
        "alias": agent["alias"],
        "personality": agent.get("personality"),
        "expertise": agent.get("expertise"),
        "focus_areas": agent.get("focus_areas") or [],
    }


#: The API's bodies (pydantic), in :mod:`wakeful.agents.inputs`: importable from here, but
#: loaded only when asked for, so that heartbeats and tool calls never import pydantic.
_INPUTS = ("AgentCreate", "AgentPatch", "WAKE_ON_PRIORITY_DOC")


def __getattr__(name: str) -> Any:
    if name in _INPUTS:
        from wakeful.agents import inputs

        return getattr(inputs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
