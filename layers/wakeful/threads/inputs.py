"""Thread API input: request bodies and the agent fields threads add."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator

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


class ThreadAgentFields(BaseModel):
    """The agent fields of threads (on ``POST``/``PATCH /agents``)."""

    system_prompt: str | None = Field(default=None, max_length=50_000, description="the agent's guidelines and personality")
    thread_triggers: list[ThreadTrigger] | None = Field(default=None, max_length=50)
    max_wakes_per_thread: int | None = Field(default=None, ge=1, le=10_000)
    thread_expiry_seconds: int | None = Field(default=None, ge=60, le=365 * 86400)
    max_llm_calls_per_run: int | None = Field(default=None, ge=1, le=500)
    tools: list[str] | None = Field(default=None, max_length=128, description="tools its threads may call (default: all your HTTP and Lambda tools)")


class MessageIn(Body):
    """``POST .../threads`` and ``POST .../threads/{tid}/messages`` body."""

    message: str = Field(min_length=1, max_length=100_000)


THREAD_AGENT_FIELDS = tuple(ThreadAgentFields.model_fields)
