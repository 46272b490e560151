"""Errors of the event log."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, ValidationError


class EventAgentNotFoundError(NotFoundError):
    """The agent the event is for does not exist."""


class EventAppendContentionError(ConflictError):
    """Too many concurrent appends to one agent; the append did not happen."""


class EventNotStorableError(ValidationError):
    """DynamoDB refused to store the events (not a race: retrying cannot help)."""


class EventAppendTooLargeError(EventNotStorableError):
    """An append's events are over what one DynamoDB transaction (4 MB) or one item
    (400 KB) holds: refused before anything is written."""

    status = 413
    code = "payload_too_large"


class EventIdempotencyConflictError(ConflictError):
    """The idempotency key was used within 24 h for a different body."""

    code = "idempotency_conflict"


class BroadcastAgentsUnknownError(ValidationError):
    """A broadcast lists agents that are not the owner's."""
