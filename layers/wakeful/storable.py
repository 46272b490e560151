"""The one check that a value from outside can be stored in DynamoDB.

Every input passes it before anything is written: API bodies, webhook bodies, SQS
messages and tools' answers. ``json.loads`` (and a tool's Python code) accept things
DynamoDB refuses or boto3 cannot serialise: ``NaN`` and ``Infinity``, integers of any
length, numbers beyond DynamoDB's range (``1e300``, ``1e400``), lone surrogates, empty
map keys and nesting deeper than 32 levels. Stored anyway, each fails a write in the
middle of an append or a tool run; the writer's retries then keep failing (a wedged
agent). Checked here, each is a 4xx (or a FAILED action) that says what is wrong.

Plain Python on purpose: the ingest functions import it and stay small.
"""

from __future__ import annotations

import json
import math
from typing import Any

from wakeful.exceptions import ValidationError
from wakeful.limits import TOOL_ANSWER_BYTES

#: DynamoDB allows 32 nested levels; the item that holds the value adds its own.
MAX_DEPTH = 24
#: The largest event payload with its metadata (a 256 KiB webhook body fits): an action
#: later stores the event beside the agent's context and the tool's answer, all in one
#: DynamoDB item of at most 400 KB.
MAX_EVENT_BYTES = 270_000
#: The largest tool answer (``output``, ``error`` and ``usage_stats``) kept on an action.
MAX_TOOL_ANSWER_BYTES = TOOL_ANSWER_BYTES
_MAX_NUMBER_DIGITS = 38  # DynamoDB numbers have 38 significant digits
_FLOAT_MAX = 9.9999999999999999e125  # DynamoDB's positive range is 1E-130 .. 9.99…E+125
_FLOAT_MIN = 1e-129


class NotStorableError(ValidationError):
    """A value that DynamoDB cannot hold (422 in the API)."""

    code = "not_storable"


class TooLargeError(NotStorableError):
    """A value over its size limit (413 in the API)."""

    status = 413
    code = "payload_too_large"


class MalformedJsonError(ValidationError):
    """Text that is not strict JSON (400 in the API)."""

    status = 400
    code = "bad_request"


def _reject_constant(name: str) -> Any:
    raise MalformedJsonError(f"{name} is not valid JSON (numbers must be finite)")


def loads(raw: bytes | str) -> Any:
    """Parse strict JSON: UTF-8, no ``NaN``/``Infinity``, bounded nesting.

    Raises:
        MalformedJsonError: not UTF-8, not JSON, or nested too deep to parse.
    """
    try:
        text = raw.decode("utf-8") if isinstance(raw, (bytes, bytearray)) else raw
    except UnicodeDecodeError as error:
        raise MalformedJsonError(f"the body is not UTF-8 (byte {error.start})") from error
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except MalformedJsonError:
        raise
    except RecursionError as error:  # e.g. 10,000 nested arrays
        raise MalformedJsonError(f"JSON nested far deeper than {MAX_DEPTH} levels") from error
    except ValueError as error:  # JSONDecodeError is a ValueError
        raise MalformedJsonError(f"not valid JSON: {str(error)[:200]}") from error


def check(value: Any, what: str = "payload", *, max_bytes: int | None = MAX_EVENT_BYTES) -> int:
    """Raise unless ``value`` can be stored in DynamoDB; return its size estimate.

    Args:
        value: plain JSON-like data (dict, list, str, int, float, bool, None).
        what: how to name the value in the error message.
        max_bytes: the size limit (None: only DynamoDB's own rules).

    Raises:
        NotStorableError: a value DynamoDB refuses, named by its path.
        TooLargeError: over ``max_bytes``.
    """
    size = _size(value, what, 0)
    if max_bytes is not None and size > max_bytes:
        raise TooLargeError(f"{what} is too large to store ({size} bytes > {max_bytes})")
    return size


def _size(value: Any, where: str, depth: int) -> int:
    if depth > MAX_DEPTH:
        raise NotStorableError(f"{where}: nested deeper than {MAX_DEPTH} levels")
    if value is None or isinstance(value, bool):
        return 1
    if isinstance(value, int):
        if len(str(abs(value))) > _MAX_NUMBER_DIGITS:
            raise NotStorableError(f"{where}: integer has more than {_MAX_NUMBER_DIGITS} digits")
        return 21
    if isinstance(value, float):
        if not math.isfinite(value) or (value != 0 and not _FLOAT_MIN <= abs(value) <= _FLOAT_MAX):
            raise NotStorableError(f"{where}: number {value!r} is outside what can be stored (1e-129 to 9.9e125)")
        return 21
    if isinstance(value, str):
        return _text_size(value, where)
    if isinstance(value, (list, tuple)):
        return 3 + sum(1 + _size(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    if isinstance(value, dict):
        total = 3
        for key, item in value.items():
            if not isinstance(key, str) or not key:
                raise NotStorableError(f"{where}: object keys must be non-empty strings")
            total += 1 + _text_size(key, where) + _size(item, f"{where}.{key[:40]}", depth + 1)
        return total
    raise NotStorableError(f"{where}: unsupported value of type {type(value).__name__}")


def _text_size(text: str, where: str) -> int:
    try:
        return len(text.encode("utf-8"))
    except UnicodeEncodeError as error:  # a lone surrogate such as "\ud800"
        raise NotStorableError(f"{where}: string is not valid Unicode (a lone surrogate)") from error


def cut_utf8(text: str, max_bytes: int) -> str:
    """The longest start of ``text`` whose UTF-8 encoding is at most ``max_bytes`` (never
    half a character)."""
    raw = text.encode("utf-8", "surrogatepass")
    if len(raw) <= max_bytes:
        return text
    return raw[: max(0, max_bytes)].decode("utf-8", "ignore")
