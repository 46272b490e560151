"""Opaque list cursors: a DynamoDB LastEvaluatedKey, base64url-encoded JSON."""

from __future__ import annotations

import base64
import json
from typing import Any

from wakeful.exceptions import BadRequestError

MAX_LIMIT = 100


def encode(last_key: dict[str, Any] | None) -> str | None:
    """Cursor for the page after ``last_key`` (None when there is no next page)."""
    if not last_key:
        return None
    raw = json.dumps(last_key, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(cursor: str | None) -> dict[str, Any] | None:
    """The LastEvaluatedKey inside a cursor. Raises BadRequestError when malformed."""
    if not cursor:
        return None
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        value = json.loads(base64.urlsafe_b64decode(padded.encode()))
    except (ValueError, TypeError) as error:
        raise BadRequestError("cursor is not valid; pass back the 'next' value of a previous page") from error
    if not isinstance(value, dict):
        raise BadRequestError("cursor is not valid; pass back the 'next' value of a previous page")
    return value
