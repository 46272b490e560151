"""The spend guard's errors."""

from __future__ import annotations

from wakeful.exceptions import ConflictError


class NotPausedError(ConflictError):
    """Resume asked of an agent that is not paused."""

    code = "not_paused"


class OwnerPausedError(ConflictError):
    """The owner's budget pauses the agent: resume the owner instead."""

    code = "owner_paused"


class StillOverLimitError(ConflictError):
    """The extension asked for does not bring the spend under the limit."""

    code = "still_over_limit"
