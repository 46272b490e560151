"""Errors about interceptors."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, WakefulError


class InterceptorError(WakefulError):
    """Base of the interceptor errors."""


class InterceptorNotFoundError(NotFoundError):
    """No such interceptor on this agent for this owner."""


class InterceptorActiveConflictError(ConflictError):
    """The agent already has an active interceptor (at most one may be active)."""


class InterceptorLimitError(ConflictError):
    """The agent already has as many interceptors as allowed."""
