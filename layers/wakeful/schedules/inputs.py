"""The schedule routes' request bodies (pydantic), apart from
:mod:`wakeful.schedules.models` so that the paths that only read schedules (the scan,
the runs) never import pydantic."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from wakeful.inputs import Target
from wakeful.targets import MAX_TARGETS
from wakeful.inputs import Body, Patch, unchanged
from wakeful.schedules.models import MAX_CHECKLIST_ITEMS, MAX_PROMPT_CHARS, PROBE_PATH, SCHEDULED


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


class ProbeIn(Body):
    """``probe``: read before each run; nothing new -> the run is skipped (``probe_unchanged``)."""

    url: str | None = Field(default=None, max_length=2048, description="GET before each run (through the URL guard); its value is compared with the last run's")
    path: str | None = Field(default=None, max_length=200, pattern=PROBE_PATH, description="a dotted path into the URL's JSON answer (default: the whole body)")
    events: list[str] | None = Field(default=None, max_length=20, description="event types: one arrived since the last run -> run")
    timeout_ms: int = Field(default=5000, ge=100, le=10_000, description="the deadline of the whole read")

    @model_validator(mode="after")
    def _one_source(self) -> "ProbeIn":
        if not self.url and not self.events:
            raise ValueError("a probe needs url or events")
        if self.path and not self.url:
            raise ValueError("path needs url")
        return self


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
    probe: ProbeIn | None = Field(default=None, description="Read before each run: when nothing changed the run is skipped (docs/fewer-runs.md)")


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
    probe: ProbeIn | None = Field(default=None, description="null: no probe")
