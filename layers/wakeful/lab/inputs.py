"""The lab routes' request bodies (pydantic)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from wakeful.events.models import EVENT_TYPE_PATTERN
from wakeful.inputs import Body
from wakeful.interceptors.inputs import ToolPolicy
from wakeful.llm.inputs import FallbackIn

MAX_TEXT = 20_000
MAX_CHECKLIST = 50
MAX_EVENTS = 50

#: A checklist line.
Item = Annotated[str, Field(min_length=1, max_length=1_000)]


class ReplaySourceIn(Body):
    """Exactly one of: ``heartbeat_id``, ``schedule_result_id``, ``thread_id`` (its latest
    recorded run), or ``schedule_id`` with ``since`` (every result since then)."""

    heartbeat_id: str | None = Field(default=None, min_length=1, max_length=64)
    schedule_result_id: str | None = Field(default=None, min_length=1, max_length=64)
    thread_id: str | None = Field(default=None, min_length=1, max_length=128)
    schedule_id: str | None = Field(default=None, min_length=1, max_length=64)
    since: str | None = Field(default=None, min_length=1, max_length=40, description="ISO 8601, with schedule_id")


class ReplayOverridesIn(Body):
    """What the replay changes of what the source saw."""

    system_prompt: str | None = Field(default=None, max_length=MAX_TEXT)
    prompt: str | None = Field(default=None, min_length=1, max_length=MAX_TEXT)
    heartbeat_checklist: list[Item] | None = Field(default=None, max_length=MAX_CHECKLIST)
    llm: FallbackIn | None = None
    tool_policy: ToolPolicy | None = None


class ReplayIn(Body):
    """``POST /agents/{id}/replays`` body."""

    source: ReplaySourceIn
    overrides: ReplayOverridesIn | None = None


class DryRunEventIn(Body):
    """One of the agent's new events, as the dry run's model sees it."""

    event_type: str = Field(pattern=EVENT_TYPE_PATTERN)
    payload: dict[str, Any] = Field(default_factory=dict)


class DryRunIn(Body):
    """``POST /agents/{id}/dry-runs`` body."""

    kind: Literal["schedule", "thread"]
    prompt: str | None = Field(default=None, min_length=1, max_length=MAX_TEXT)
    message: str | None = Field(default=None, min_length=1, max_length=MAX_TEXT)
    heartbeat_checklist: list[Item] | None = Field(default=None, max_length=MAX_CHECKLIST)
    schedule_type: Literal["heartbeat", "scheduled"] | None = None
    events: list[DryRunEventIn] | None = Field(default=None, max_length=MAX_EVENTS)
    tool_results: dict[str, Any] | None = Field(default=None, max_length=100)
