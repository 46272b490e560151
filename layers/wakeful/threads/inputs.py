"""Thread API input: request bodies (the agent fields threads own are in
:mod:`wakeful.threads.agent_fields`)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.inputs import Body
from wakeful.threads.models import EVENT_TYPE


class ThreadTrigger(Body):
    """An event that starts a thread when no sleeping thread waits for it."""

    event_type: str = Field(pattern=EVENT_TYPE)
    match: dict[str, Any] = Field(default_factory=dict, description="top-level payload fields that must be equal")
    cooldown_seconds: int = Field(
        default=300,
        ge=0,
        le=30 * 86400,
        description="while the thread this trigger started is not complete and younger than this, further events go to it",
    )


class MessageIn(Body):
    """``POST .../threads`` and ``POST .../threads/{tid}/messages`` body."""

    message: str = Field(min_length=1, max_length=100_000)
