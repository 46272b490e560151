"""Opaque list cursors: a DynamoDB LastEvaluatedKey, base64url-encoded JSON, with a MAC.

A cursor the API did not issue (garbage, a hand-made or edited key) answers 400 instead
of reaching DynamoDB: the key is authenticated with HMAC-SHA256 under a random
server-side key: ``WAKEFUL_CURSOR_KEY`` (``wakeful dev`` makes one per start), else the
value of the Secrets Manager secret ``WAKEFUL_CURSOR_SECRET`` names (the stack generates
one per deployment; read once per cold start). Without either, listing refuses to issue
or read cursors (:class:`CursorKeyMissingError`) rather than sign with a guessable key.
A genuine cursor used on another list is refused by the query helpers
(:func:`wakeful.ddb.query_page`). Lists read in sequence order (a thread's messages,
route decisions) issue the last sequence number of the page instead
(:func:`decode_seq`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from functools import lru_cache
from typing import Any

from wakeful.constants import ENV_CURSOR_KEY, ENV_CURSOR_SECRET
from wakeful.exceptions import BadRequestError

MAX_LIMIT = 100
_MAC_BYTES = 16
_INVALID = "cursor is not valid; pass back the 'next' value of a previous page"


class CursorKeyMissingError(RuntimeError):
    """Neither ``WAKEFUL_CURSOR_KEY`` nor ``WAKEFUL_CURSOR_SECRET`` is set: this process
    cannot sign or check list cursors (on AWS: its function does not list)."""


def _key() -> bytes:
    from wakeful.config import get_settings

    settings = get_settings()
    if settings.cursor_key:
        return settings.cursor_key.encode()
    if settings.cursor_secret:
        return _secret_key(settings.cursor_secret)
    raise CursorKeyMissingError(
        f"list cursors need a signing key: set {ENV_CURSOR_KEY}, or {ENV_CURSOR_SECRET} to the Secrets Manager "
        "secret holding one (the stack gives it to the functions that list)"
    )


@lru_cache(maxsize=4)
def _secret_key(secret_id: str) -> bytes:
    """The cursor key held by a Secrets Manager secret, read once per process."""
    from wakeful import aws

    value = str(aws.client("secretsmanager").get_secret_value(SecretId=secret_id)["SecretString"])
    if not value:
        raise CursorKeyMissingError(f"the secret {secret_id} named by {ENV_CURSOR_SECRET} is empty")
    return value.encode()


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode((text + "=" * (-len(text) % 4)).encode("ascii"))


def _mac(body: bytes) -> bytes:
    return hmac.new(_key(), body, hashlib.sha256).digest()[:_MAC_BYTES]


def encode(last_key: dict[str, Any] | None) -> str | None:
    """Cursor for the page after ``last_key`` (None when there is no next page)."""
    if not last_key:
        return None
    raw = json.dumps(last_key, separators=(",", ":"), sort_keys=True).encode()
    return f"{_b64(raw)}.{_b64(_mac(raw))}"


def decode(cursor: str | None) -> dict[str, Any] | None:
    """The LastEvaluatedKey inside a cursor. Raises BadRequestError unless the API
    issued it."""
    if not cursor:
        return None
    body, _, mac = cursor.partition(".")
    try:
        raw = _unb64(body)
        valid = hmac.compare_digest(_unb64(mac), _mac(raw))
        value = json.loads(raw) if valid else None
    except (ValueError, TypeError, UnicodeError) as error:
        raise BadRequestError(_INVALID) from error
    if not isinstance(value, dict) or not value:
        raise BadRequestError(_INVALID)
    return value


def decode_seq(cursor: str | None) -> int | None:
    """The sequence number a seq-ordered list issued as ``next`` (ASCII digits), or None
    without a cursor. Raises BadRequestError for anything else (another list's cursor,
    garbage)."""
    if not cursor:
        return None
    if not (cursor.isascii() and cursor.isdigit()) or len(cursor) > 16:
        raise BadRequestError(_INVALID)
    return int(cursor)


def refuse_any(cursor: str | None) -> None:
    """For a list that fits on one page (its ``next`` is always null): any cursor is one
    the API did not issue, so BadRequestError."""
    if cursor:
        raise BadRequestError("this list has one page and issues no cursor; leave cursor out")
