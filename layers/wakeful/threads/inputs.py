"""Thread API input: request bodies and the agent fields threads add."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

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
