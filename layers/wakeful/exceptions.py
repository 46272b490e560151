"""Errors shared by every capability. Each maps to one HTTP status and error code."""

from __future__ import annotations


class WakefulError(Exception):
    """Base of every Wakeful error."""

    status = 500
    code = "internal_error"

    def __init__(self, message: str, *, details: object | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class BadRequestError(WakefulError):
    """The request is malformed (not JSON, wrong shape)."""

    status = 400
    code = "bad_request"


class UnauthorizedError(WakefulError):
    """No valid credentials."""

    status = 401
    code = "unauthorized"


class ForbiddenError(WakefulError):
    """Authenticated but not allowed."""

    status = 403
    code = "forbidden"


class NotFoundError(WakefulError):
    """The resource does not exist or belongs to another owner."""

    status = 404
    code = "not_found"


class ConflictError(WakefulError):
    """The request conflicts with the current state."""

    status = 409
    code = "conflict"


class PayloadTooLargeError(WakefulError):
    """The body is over the size limit."""

    status = 413
    code = "payload_too_large"


class ValidationError(WakefulError):
    """Well-formed input that breaks a rule."""

    status = 422
    code = "validation_error"


class RateLimitedError(WakefulError):
    """Too many requests."""

    status = 429
    code = "rate_limited"

    def __init__(self, message: str, *, retry_after: int = 60, details: object | None = None) -> None:
        super().__init__(message, details=details)
        self.retry_after = retry_after
