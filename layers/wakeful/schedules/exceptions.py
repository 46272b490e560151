"""Errors of the schedules capability."""

from __future__ import annotations

from wakeful.exceptions import NotFoundError, ValidationError


class ScheduleError(Exception):
    """Base of the schedule errors that are not API errors."""


class ScheduleInvalidError(ValidationError):
    """A cron expression, time zone or active-hours window that cannot be used."""


class ScheduleNotFoundError(NotFoundError):
    """No such schedule for this owner's agent."""


class ScheduleLimitError(ValidationError):
    """The agent has as many schedules as it may have."""
