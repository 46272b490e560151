"""Errors about subscriptions."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, ValidationError


class SubscriptionNotFoundError(NotFoundError):
    """No such subscription for this owner."""


class SubscriptionToolUnknownError(ValidationError):
    """The subscription names a tool that does not exist."""


class SubscriptionEventTypeError(ValidationError):
    """The subscription's tool does not handle its event type."""


class SubscriptionDuplicateError(ConflictError):
    """The same tool is already subscribed to this event type for this scope."""
