"""Agent shapes: API input and the public view."""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from wakeful.clock import iso

ALIAS_PATTERN = r"^[A-Za-z0-9_-]{1,50}$"
#: An agent's profile travels in every action and tool request: keep it small.
MAX_PERSONALITY_BYTES = 10_000


def _small_personality(value: dict[str, Any] | str | None) -> dict[str, Any] | str | None:
    if isinstance(value, dict) and len(json.dumps(value, default=str)) > MAX_PERSONALITY_BYTES:
        raise ValueError(f"personality is over {MAX_PERSONALITY_BYTES} bytes of JSON")
    return value


Personality = Annotated[
    dict[str, Any] | Annotated[str, Field(max_length=MAX_PERSONALITY_BYTES)] | None,
    AfterValidator(_small_personality),
]
FocusArea = Annotated[str, Field(min_length=1, max_length=200)]


class AgentCreate(BaseModel):
    """``POST /agents`` body."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=100)
    alias: str = Field(pattern=ALIAS_PATTERN, description="Unique handle, used for @mentions")
    personality: Personality = None
    expertise: str | None = Field(default=None, max_length=2000)
    focus_areas: list[FocusArea] = Field(default_factory=list, max_length=50)
    heartbeat_interval_seconds: int = Field(default=900, ge=10, le=7 * 24 * 3600)
    preset: str | None = Field(default=None, description='"snipin" subscribes the built-in SnipIn tools')


class AgentPatch(BaseModel):
    """``PATCH /agents/{id}`` body: any subset of the mutable fields."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, min_length=1, max_length=100)
    personality: Personality = None
    expertise: str | None = Field(default=None, max_length=2000)
    focus_areas: list[FocusArea] | None = Field(default=None, max_length=50)
    heartbeat_interval_seconds: int | None = Field(default=None, ge=10, le=7 * 24 * 3600)
    is_active: bool | None = None


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
        "next_heartbeat_at": iso(agent.get("next_heartbeat_at")),
        "last_seq": agent.get("last_seq", 0),
        "processed_seq": agent.get("processed_seq", 0),
        "created_at": iso(agent.get("created_at")),
        "updated_at": iso(agent.get("updated_at")),
    }


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
