"""Standard Webhooks signatures (https://www.standardwebhooks.com/), used for hook
deliveries, HTTP tool calls and inbound webhooks.

The signed content is ``"<id>.<timestamp>.<raw body>"``; the key is the base64-decoded
part of the ``whsec_`` secret; the header is ``v1,<base64 HMAC-SHA256>``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets as _secrets

SECRET_PREFIX = "whsec_"


def new_secret() -> str:
    """A fresh ``whsec_`` secret with 32 random bytes."""
    return SECRET_PREFIX + base64.b64encode(_secrets.token_bytes(32)).decode()


def secret_key(secret: str) -> bytes:
    """The HMAC key inside a ``whsec_`` secret."""
    raw = secret[len(SECRET_PREFIX) :] if secret.startswith(SECRET_PREFIX) else secret
    return base64.b64decode(raw)


def sign(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    """The ``webhook-signature`` header value for a message."""
    digest = hmac.new(secret_key(secret), f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def headers(secret: str, msg_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    """The three Standard Webhooks headers for a message."""
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": sign(secret, msg_id, timestamp, body),
    }


def verify_standard(secret: str, msg_id: str, timestamp: str, body: bytes, signature_header: str) -> bool:
    """Whether any ``v1,`` signature in the header matches, compared in constant time."""
    try:
        expected = sign(secret, msg_id, int(timestamp), body).split(",", 1)[1]
    except (ValueError, TypeError):
        return False
    valid = False
    for candidate in signature_header.split(" "):
        version, _, value = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(value.encode(), expected.encode()):
            valid = True
    return valid
