"""Untrusted JSON from outside (webhook bodies, SQS messages), parsed strictly and
checked to be storable as a DynamoDB item before anything is written.

``json.loads`` accepts things DynamoDB refuses or boto3 cannot serialise: ``NaN`` and
``Infinity``, integers of any length, floats beyond DynamoDB's range, lone surrogates,
empty map keys and nesting deeper than 32 levels. Each would otherwise surface as a 500
in the middle of an append. Plain Python on purpose: the ingest functions stay small.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from wakeful.ingest.exceptions import IngestMessageInvalidError

EVENT_TYPE_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,99}")  # events.models.EVENT_TYPE_PATTERN, used with fullmatch
MAX_DEPTH = 24  # DynamoDB allows 32 nested levels; the event item adds its own
MAX_ITEM_BYTES = 350_000  # DynamoDB items hold 400 KB; leave room for the event's other attributes
_MAX_INT_DIGITS = 38  # DynamoDB numbers have 38 digits of precision
_FLOAT_MAX = 9.9e125
_FLOAT_MIN = 1e-129


def _reject_constant(name: str) -> Any:
    raise IngestMessageInvalidError(f"{name} is not valid JSON", code="bad_json")


def loads(raw: bytes | str) -> Any:
    """Parse strict JSON (no NaN/Infinity). Raises IngestMessageInvalidError("bad_json")."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, (bytes, bytearray)) else raw
        return json.loads(text, parse_constant=_reject_constant)
    except IngestMessageInvalidError:
        raise
    except (ValueError, RecursionError) as error:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise IngestMessageInvalidError(f"not valid JSON: {_short(error)}", code="bad_json") from error


def check_storable(value: Any, what: str = "payload") -> int:
    """Raise IngestMessageInvalidError unless ``value`` can be stored in DynamoDB;
    returns an estimate of its stored size in bytes."""
    size = _size(value, what, 0)
    if size > MAX_ITEM_BYTES:
        raise IngestMessageInvalidError(f"{what} is too large to store ({size} bytes > {MAX_ITEM_BYTES})", code="too_large")
    return size


def _size(value: Any, where: str, depth: int) -> int:
    if depth > MAX_DEPTH:
        raise IngestMessageInvalidError(f"{where}: nested deeper than {MAX_DEPTH} levels", code="not_storable")
    if value is None or isinstance(value, bool):
        return 1
    if isinstance(value, int):
        if len(str(abs(value))) > _MAX_INT_DIGITS:
            raise IngestMessageInvalidError(f"{where}: integer has more than {_MAX_INT_DIGITS} digits", code="not_storable")
        return 21
    if isinstance(value, float):
        if not math.isfinite(value) or (value != 0 and not _FLOAT_MIN <= abs(value) <= _FLOAT_MAX):
            raise IngestMessageInvalidError(f"{where}: number out of the storable range", code="not_storable")
        return 21
    if isinstance(value, str):
        return _text_size(value, where)
    if isinstance(value, list):
        return 3 + sum(1 + _size(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    if isinstance(value, dict):
        total = 3
        for key, item in value.items():
            if not isinstance(key, str) or not key:
                raise IngestMessageInvalidError(f"{where}: object keys must be non-empty strings", code="not_storable")
            total += 1 + _text_size(key, where) + _size(item, f"{where}.{key[:40]}", depth + 1)
        return total
    raise IngestMessageInvalidError(f"{where}: unsupported value", code="not_storable")


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
