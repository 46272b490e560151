"""Errors about tools."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, WakefulError


class ToolNotFoundError(NotFoundError):
    """No such tool for this owner."""


class ToolNameTakenError(ConflictError):
    """A built-in or another tool of the owner already has this name."""


class ToolCallError(WakefulError):
    """Calling a tool failed; the message says how. Fails the action, not the heartbeat."""


class ToolRetryableError(ToolCallError):
    """A tool call failed in a way worth retrying with the same action id (5xx, timeout)."""
