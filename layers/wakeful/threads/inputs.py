"""Thread API input: request bodies (the agent fields threads own are in
:mod:`wakeful.threads.agent_fields`)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from wakeful.inputs import Body
from wakeful.threads.models import COALESCE_KEY, EVENT_TYPE


class Coalesce(Body):
    """Matching events (with equal ``key`` values) go to one run, together."""

    key: str | None = Field(default=None, max_length=200, pattern=COALESCE_KEY, description="a dotted payload path: events group by its value")
    quiet_seconds: int = Field(ge=1, le=3600, description="the run starts this long after the last event of the group")
    max_wait_seconds: int | None = Field(default=None, ge=1, le=86_400, description="at the latest this long after the first (default 10 x quiet_seconds)")
    max_events: int = Field(default=50, ge=1, le=500, description="or at once when this many are held")

    @model_validator(mode="after")
    def _wait_covers_quiet(self) -> "Coalesce":
        if self.max_wait_seconds is None:
            self.max_wait_seconds = 10 * self.quiet_seconds
        if self.max_wait_seconds < self.quiet_seconds:
            raise ValueError("max_wait_seconds must be at least quiet_seconds")
        return self


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
    coalesce: Coalesce | None = Field(default=None, description="hold matching events and start one thread with all of them")


class MessageIn(Body):
    """``POST .../threads`` and ``POST .../threads/{tid}/messages`` body."""

    message: str = Field(min_length=1, max_length=100_000)
