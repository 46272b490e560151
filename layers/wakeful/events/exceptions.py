"""Errors of the event log."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, ValidationError


class EventAgentNotFoundError(NotFoundError):
    """The agent the event is for does not exist."""


class EventAppendContentionError(ConflictError):
    """Too many concurrent appends to one agent; the append did not happen."""


class EventNotStorableError(ValidationError):
    """DynamoDB refused to store the events (not a race: retrying cannot help)."""


class EventIdempotencyConflictError(ConflictError):
    """The idempotency key was used within 24 h for a different body."""

    code = "idempotency_conflict"


class BroadcastAgentsUnknownError(ValidationError):
    """A broadcast lists agents that are not the owner's."""
