"""Errors of the memory capability."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, RateLimitedError, ValidationError


class MemoryInvalidError(ValidationError):
    """A memory's text or tags are not acceptable (the message says which and why)."""


class MemoryNotFoundError(NotFoundError):
    """No such memory of this agent."""


class MemoryCapReachedError(ConflictError):
    """The agent holds its cap of memories and none of them may be evicted."""

    code = "memory_cap_reached"


class ConsolidationRefusedError(ConflictError):
    """A consolidation cannot start now (the agent is paused, or nothing is new)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class MaxPerDayReachedError(RateLimitedError):
    """The agent had its ``max_per_day`` consolidations today (UTC)."""

    code = "max_per_day_reached"
