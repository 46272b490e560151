"""Errors about threads."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, ValidationError


class ThreadNotFoundError(NotFoundError):
    """No such thread for this agent."""


class ThreadStateError(ConflictError):
    """The thread is not in a state that allows this (e.g. approving a thread that waits for nothing)."""


class ThreadApprovalNotFoundError(NotFoundError):
    """No pending approval with this tool call id."""


class ThreadToolUnknownError(ValidationError):
    """An agent names a tool its owner does not have."""


class ThreadMutationRefusedError(Exception):
    """An interceptor changed more of a step than message content or tool call arguments."""
