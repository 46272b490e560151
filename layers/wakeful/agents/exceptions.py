"""Errors about agents."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, ValidationError


class AgentNotFoundError(NotFoundError):
    """No such agent for this owner."""


class AgentAliasTakenError(ConflictError):
    """Another agent already uses this alias."""


class AgentPausedError(ConflictError):
    """The agent is paused (is_active is false)."""


class AgentPresetUnknownError(ValidationError):
    """The preset named on creation does not exist."""


class AgentToolsUnknownError(ValidationError):
    """An agent's ``tools`` names a tool its owner cannot use."""
