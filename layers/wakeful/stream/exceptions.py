"""Errors about the live stream."""

from __future__ import annotations

from wakeful.exceptions import BadRequestError, WakefulError


class StreamError(WakefulError):
    """Base of the stream errors."""


class StreamFilterError(BadRequestError):
    """A ``types`` filter names a type that is not a StreamEvent type."""


class StreamCursorError(BadRequestError):
    """``after`` / ``Last-Event-ID`` is not a non-negative integer."""


class StreamWriteConflictError(StreamError):
    """Another writer moved the thread's stream head while this step was flushing."""
