"""Errors of the heartbeat lab."""

from __future__ import annotations

from wakeful.exceptions import NotFoundError, RateLimitedError, ValidationError


class LabSourceNotFoundError(NotFoundError):
    """The replay's source (a heartbeat, a schedule result, a thread, a schedule) is not there."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class NotReplayableError(ValidationError):
    """The source has no recording a replay can use (the reason says why)."""

    code = "not_replayable"


class NothingToReplayError(ValidationError):
    """No recorded run in the range asked for."""

    code = "nothing_to_replay"


class TooManyRunsError(ValidationError):
    """More runs than one replay takes."""

    code = "too_many_runs"


class OverrideNotApplicableError(ValidationError):
    """An override that does not apply to this source (a prompt for a thread)."""

    code = "override_not_applicable"


class LabInvalidError(ValidationError):
    """A replay or dry run asked for something it cannot be."""

    code = "invalid_lab_request"


class ReplayNotFoundError(NotFoundError):
    """No such replay for this agent."""

    code = "replay_not_found"


class TooManyReplaysError(RateLimitedError):
    """Too many replays of one agent running."""

    code = "too_many_replays"
