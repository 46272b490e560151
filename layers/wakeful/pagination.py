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

Every page is bounded in bytes as well as in items (:func:`fit`): the API's answer
travels inside a synchronous Lambda response, which stops at 6 MB, so a page ends before
its items pass :data:`wakeful.limits.API_PAGE_BYTES` and its ``next`` goes on from the
first item left out. A page may therefore hold fewer than ``limit`` items with more to
come. It always holds at least one: no stored item can pass the bound (a DynamoDB item
is at most 400 KB, and the two rounds of JSON escaping make at most 7 bytes of one: a
control character is 6 in the body, ``\\u0001``, and 7 in the Lambda response).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from functools import lru_cache
from typing import Any, Callable, Iterable, NamedTuple

from wakeful.constants import ENV_CURSOR_KEY, ENV_CURSOR_SECRET
from wakeful.exceptions import BadRequestError
from wakeful.limits import API_PAGE_BYTES

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


def wire_bytes(value: Any) -> int:
    """The bytes ``value`` adds to an API answer as Lambda returns it: its JSON as the API
    writes it (:func:`json.dumps`, ASCII), escaped once more as part of the body string of
    the Lambda response. A ``str`` is taken as text already in the body (an SSE frame).
    Each non-ASCII character counts as escaped (``\\uXXXX``), which is at least its
    UTF-8 bytes: the most it takes whichever way the runtime writes it."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return len(json.dumps(text)) - 2


class Taken(NamedTuple):
    """What :func:`take` kept of a page: the items, their API views, and whether an
    item was left out (then the page's ``next`` goes on after the last item kept)."""

    items: list[Any]
    views: list[Any]
    more: bool


def _same(item: Any) -> Any:
    return item


def take(items: Iterable[Any], limit: int | None = None, view: Callable[[Any], Any] = _same, budget: int = API_PAGE_BYTES) -> Taken:
    """The leading ``items`` one page holds, read lazily in page order: at most ``limit``
    of them, and only as many as fit in ``budget`` bytes (their views measured by
    :func:`wire_bytes`, one byte more each for the comma), never fewer than one. An
    item past the limit or the budget is read but not kept (it says more follow)."""
    kept: list[Any] = []
    views: list[Any] = []
    used = 0
    for item in items:
        if limit is not None and len(kept) >= limit:
            return Taken(kept, views, True)
        shown = view(item)
        used += wire_bytes(shown) + 1
        if kept and used > budget:
            return Taken(kept, views, True)
        kept.append(item)
        views.append(shown)
    return Taken(kept, views, False)
