"""Untrusted JSON from outside (webhook bodies, SQS messages), parsed strictly and
checked to be storable (:mod:`wakeful.storable`) before anything is written; each
problem is an :class:`IngestMessageInvalidError` with a reason code. Plain Python on
purpose: the ingest functions stay small.
"""

from __future__ import annotations

import re
from typing import Any

from wakeful import storable
from wakeful.ingest.exceptions import IngestMessageInvalidError

EVENT_TYPE_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,99}")  # events.models.EVENT_TYPE_PATTERN, used with fullmatch
MAX_DEPTH = storable.MAX_DEPTH
MAX_ITEM_BYTES = storable.MAX_EVENT_BYTES


def loads(raw: bytes | str) -> Any:
    """Parse strict JSON (no NaN/Infinity). Raises IngestMessageInvalidError("bad_json")."""
    try:
        return storable.loads(raw)
    except storable.MalformedJsonError as error:
        raise IngestMessageInvalidError(error.message, code="bad_json") from error


def check_storable(value: Any, what: str = "payload") -> int:
    """Raise IngestMessageInvalidError unless ``value`` can be stored in DynamoDB
    (:func:`wakeful.storable.check`); returns an estimate of its stored size in bytes."""
    try:
        return storable.check(value, what)
    except storable.TooLargeError as error:
        raise IngestMessageInvalidError(error.message, code="too_large") from error
    except storable.NotStorableError as error:
        raise IngestMessageInvalidError(error.message, code="not_storable") from error


def _text_size(text: str, where: str) -> int:
    try:
        return len(text.encode("utf-8"))
    except UnicodeEncodeError as error:  # a lone surrogate such as "\ud800"
        raise IngestMessageInvalidError(f"{where}: string is not valid Unicode", code="not_storable") from error


def event_type(value: Any, where: str = "event_type") -> str:
    """A valid event type, or IngestMessageInvalidError("bad_event_type")."""
    if not isinstance(value, str) or not EVENT_TYPE_RE.fullmatch(value):
        shown = value[:60] if isinstance(value, str) else type(value).__name__
        raise IngestMessageInvalidError(
            f"{where} {shown!r} is not a valid event type (^[A-Za-z][A-Za-z0-9_]{{0,99}}$)", code="bad_event_type"
        )
    return value


def priority(value: Any) -> int:
    """A priority 1 (most urgent) … 10, default 5."""
    if value is None:
        return 5
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise IngestMessageInvalidError("priority must be an integer from 1 (most urgent) to 10", code="invalid_shape")
    return value


def text(value: Any, name: str, *, default: str | None = None, max_length: int = 255) -> str | None:
    """An optional non-empty string of at most ``max_length`` characters."""
    if value is None:
        return default
    if not isinstance(value, str) or not 1 <= len(value) <= max_length:
        raise IngestMessageInvalidError(f"{name} must be a string of 1 to {max_length} characters", code="invalid_shape")
    _text_size(value, name)
    return value


def obj(value: Any, name: str, *, required: bool) -> dict[str, Any] | None:
    """A JSON object (required or optional)."""
    if value is None and not required:
        return None
    if not isinstance(value, dict):
        raise IngestMessageInvalidError(f"{name} must be a JSON object", code="invalid_shape")
    return value


def only_keys(body: dict[str, Any], allowed: frozenset[str], what: str) -> None:
    """Refuse unknown fields (a misspelt ``evnet_type`` should not pass silently)."""
    unknown = sorted(k for k in body if k not in allowed)
    if unknown:
        shown = ", ".join(repr(k[:40]) for k in unknown[:5])
        raise IngestMessageInvalidError(
            f"{what} has unknown fields {shown}; allowed: {', '.join(sorted(allowed))}", code="invalid_shape"
        )


def _short(error: Exception) -> str:
    return str(error)[:200]
