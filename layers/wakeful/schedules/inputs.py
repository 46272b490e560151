"""The schedule routes' request bodies (pydantic), apart from
:mod:`wakeful.schedules.models` so that the paths that only read schedules (the scan,
the runs) never import pydantic."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from wakeful.channels.inputs import Target
from wakeful.channels.models import MAX_TARGETS
from wakeful.inputs import Body, Patch, unchanged
from wakeful.schedules.models import MAX_CHECKLIST_ITEMS, MAX_PROMPT_CHARS, SCHEDULED


class ScheduleConfig(Body):
    """``config``: the run's kind and, for heartbeats, what to check."""

    schedule_type: Literal["heartbeat", "scheduled"] = Field(
        default=SCHEDULED,
        description="heartbeat: check the checklist and stay silent (HEARTBEAT_OK) when nothing needs attention; "
        "scheduled: a plain run whose answer is always delivered",
    )
    heartbeat_checklist: list[str] | None = Field(
        default=None,
        max_length=MAX_CHECKLIST_ITEMS,
        description="Plain-English items the agent checks with its tools (appended to the prompt)",
    )


class ActiveHoursIn(Body):
    """A daily window in the schedule's time zone; outside it nothing runs."""

    start: str = Field(description="HH:MM, inclusive", examples=["08:00"])
    end: str = Field(description="HH:MM, exclusive; before start means the window wraps past midnight", examples=["18:00"])


class ScheduleCreate(Body):
    """``POST /agents/{id}/schedules`` body."""

    prompt: str = Field(min_length=1, max_length=MAX_PROMPT_CHARS, description="What the run asks the agent")
    cron_expression: str = Field(
        min_length=1, max_length=200, description="5 fields: minute hour day-of-month month day-of-week", examples=["0 8 * * 1-5"]
    )
    timezone: str = Field(default="UTC", max_length=64, description="IANA time zone the cron expression is read in")
    config: ScheduleConfig = Field(default_factory=ScheduleConfig)
    active_hours: ActiveHoursIn | None = None
    is_active: bool = True
    notify: list[Target] | None = Field(
        default=None, max_length=MAX_TARGETS, description="Channels its results go to, instead of the agent's notify (docs/channels.md)"
    )


class SchedulePatch(Patch):
    """``PATCH /agents/{id}/schedules/{schedule_id}`` body; only the fields sent change.
    ``active_hours: null`` removes the window; the other fields always have a value."""

    prompt: str = unchanged(min_length=1, max_length=MAX_PROMPT_CHARS)
    cron_expression: str = unchanged(min_length=1, max_length=200)
    timezone: str = unchanged(max_length=64)
    config: ScheduleConfig = unchanged()
    active_hours: ActiveHoursIn | None = None
    is_active: bool = unchanged()
    notify: list[Target] | None = Field(default=None, max_length=MAX_TARGETS, description="null: the agent's notify again")
