"""The hook routes' request bodies (pydantic), apart from :mod:`wakeful.hooks.models`
so that firing and delivering hooks never import pydantic."""

from __future__ import annotations

import base64
import binascii
from typing import Annotated, Any

from pydantic import AfterValidator, Field, field_validator

from wakeful.inputs import Body, Patch, unchanged
from wakeful.hooks.models import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, SEED_HOOK_TYPES, SPEND_HOOK_TYPES, THREAD_HOOK_TYPES, is_valid_hook_type


class RetryConfig(Body):
    """How often and how long a delivery is tried."""

    max_retries: int = Field(default=DEFAULT_MAX_RETRIES, ge=0, le=10, description="Retries after the first attempt")
    timeout_ms: int = Field(default=DEFAULT_TIMEOUT_MS, ge=100, le=30000, description="Per-attempt answer deadline")


def _sendable_header(value: str | None) -> str | None:
    """A header value HTTP can carry: no CR, LF or other control characters, Latin-1
    only. The value is a secret: the errors never repeat it."""
    if value is None:
        return value
    if any((ord(c) < 0x20 and c != "\t") or ord(c) == 0x7F for c in value):
        raise ValueError("auth_header cannot hold CR, LF or other control characters (it could not be sent)")
    try:
        value.encode("latin-1")
    except UnicodeEncodeError:
        raise ValueError("auth_header must be Latin-1 text: HTTP header values cannot carry other characters") from None
    return value


AuthHeader = Annotated[str | None, AfterValidator(_sendable_header)]

#: The fewest key bytes a chosen secret may hold (Wakeful generates 32).
MIN_SECRET_KEY_BYTES = 24
SECRET_PREFIX = "whsec_"


def _signing_secret(value: str | None) -> str | None:
    """A Standard Webhooks secret: ``whsec_`` + base64 of at least
    :data:`MIN_SECRET_KEY_BYTES` bytes. The value is a secret: the errors never repeat it."""
    if value is None:
        return value
    problem = f"secret must be {SECRET_PREFIX} followed by the base64 of at least {MIN_SECRET_KEY_BYTES} bytes"
    if not value.startswith(SECRET_PREFIX):
        raise ValueError(problem)
    try:
        key = base64.b64decode(value[len(SECRET_PREFIX) :], validate=True)
    except (binascii.Error, ValueError):
        raise ValueError(problem + " (the rest is not base64)") from None
    if len(key) < MIN_SECRET_KEY_BYTES:
        raise ValueError(problem + f" (it holds {len(key)})")
    return value


SigningSecret = Annotated[str | None, AfterValidator(_signing_secret)]


class HookCreate(Body):
    """``POST /agents/{id}/hooks`` body."""

    hook_type: str = Field(description="A hook type (docs/api.md lists them with their payloads), or BEFORE_<TOOL> / AFTER_<TOOL>")
    endpoint_url: str = Field(min_length=1, max_length=2048)
    auth_header: AuthHeader = Field(default=None, max_length=4096, description="Sent as the Authorization header")
    is_active: bool = True
    retry_config: RetryConfig = Field(default_factory=RetryConfig)
    metadata: dict[str, Any] | None = None
    secret: SigningSecret = Field(
        default=None,
        max_length=512,
        description="Sign with this secret (`whsec_` + base64 of at least 24 bytes) instead of a generated one: "
        "e.g. the secret of a Wakeful `raw` webhook the hook delivers to. Write-only",
    )

    @field_validator("hook_type")
    @classmethod
    def _known_type(cls, value: str) -> str:
        if not is_valid_hook_type(value):
            raise ValueError(
                f"unknown hook type {value!r}: use one of {', '.join(SEED_HOOK_TYPES + THREAD_HOOK_TYPES + SPEND_HOOK_TYPES)}, "
                "or BEFORE_<TOOL> / AFTER_<TOOL> with the tool's name in UPPER_SNAKE_CASE"
            )
        return value


class HookTestRequest(Body):
    """``POST /agents/{id}/hooks/{hook_id}/test`` body: optional and empty; unknown
    fields are refused, never ignored."""


class HookPatch(Patch):
    """``PATCH /agents/{id}/hooks/{hook_id}`` body. ``is_active: true`` re-enables a
    hook that was disabled for failing. ``null`` removes ``auth_header`` or
    ``metadata``; the other fields always have a value."""

    is_active: bool = unchanged()
    endpoint_url: str = unchanged(min_length=1, max_length=2048)
    auth_header: AuthHeader = Field(default=None, max_length=4096, description="Empty string or null removes it")
    retry_config: RetryConfig = unchanged(description="Only the fields sent change")
    metadata: dict[str, Any] | None = None
