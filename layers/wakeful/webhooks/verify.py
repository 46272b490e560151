"""Verifying inbound webhook signatures (docs/webhooks.md).

Both schemes sign the raw body bytes exactly as received — never a re-serialisation of
the parsed JSON, which would make the check fail for any sender whose JSON
differs by a space:

1. ``X-Wakeful-Timestamp: <unix seconds>`` and
   ``X-Wakeful-Signature: sha256=<hex HMAC-SHA256(key, "<timestamp>.<raw body>")>``;
2. Standard Webhooks: ``webhook-id``, ``webhook-timestamp`` and
   ``webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<raw body>")>``
   (several space-separated signatures allowed).

The key is the base64-decoded part of the ``whsec_`` secret. Signatures are compared
with :func:`hmac.compare_digest`; the timestamp must be within ±300 s of now. Every
candidate is compared against every secret, so the time taken does not depend on
which one matched. Pure functions: no I/O.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from typing import Mapping, Sequence

from wakeful.structs import Struct

TOLERANCE_SECONDS = 300
MAX_DELIVERY_ID_LENGTH = 255

STANDARD_ID = "webhook-id"
STANDARD_TIMESTAMP = "webhook-timestamp"
STANDARD_SIGNATURE = "webhook-signature"
WAKEFUL_TIMESTAMP = "x-wakeful-timestamp"
WAKEFUL_SIGNATURE = "x-wakeful-signature"

_TIMESTAMP = re.compile(r"[0-9]{1,12}")
_SECRET_PREFIX = "whsec_"


class Verification(Struct):
    """The outcome of checking one request.

    ``delivery`` identifies the delivery for replay detection: ``id:<webhook-id>``
    (Standard Webhooks) or ``sig:<timestamp>:<hex signature>`` (scheme 1).
    """

    valid: bool
    scheme: str | None = None  # "standard" | "wakeful" | "github" | "stripe" | "bearer"
    delivery: str | None = None
    reason: str | None = None
    timestamp: int | None = None


def hmac_key(secret: str) -> bytes:
    """The HMAC key inside a ``whsec_`` secret."""
    raw = secret[len(_SECRET_PREFIX) :] if secret.startswith(_SECRET_PREFIX) else secret
    return base64.b64decode(raw)


def verify(headers: Mapping[str, str], body: bytes, secrets: Sequence[str], now: float) -> Verification:
    """Check a request's signature against any of ``secrets`` (current, then the one
    still valid after a rotation).

    Args:
        headers: request headers with lower-case names.
        body: the raw body bytes.
        secrets: ``whsec_`` secrets to accept.
        now: the current time, epoch seconds.
    """
    keys = [hmac_key(secret) for secret in secrets]
    standard = [headers.get(name) for name in (STANDARD_ID, STANDARD_TIMESTAMP, STANDARD_SIGNATURE)]
    wakeful = [headers.get(name) for name in (WAKEFUL_TIMESTAMP, WAKEFUL_SIGNATURE)]
    outcomes: list[Verification] = []
    if any(value is not None for value in standard):
        outcomes.append(_verify_standard(*standard, body=body, keys=keys, now=now))
        if outcomes[-1].valid:
            return outcomes[-1]
    if any(value is not None for value in wakeful):
        outcomes.append(_verify_wakeful(*wakeful, body=body, keys=keys, now=now))
        if outcomes[-1].valid:
            return outcomes[-1]
    if not outcomes:
        return Verification(
            False,
            reason="missing signature headers: send webhook-id, webhook-timestamp and webhook-signature, "
            "or X-Wakeful-Timestamp and X-Wakeful-Signature",
        )
    return outcomes[0]


def _timestamp(value: str, now: float) -> tuple[int | None, str | None]:
    value = value.strip()
    if not _TIMESTAMP.fullmatch(value):
        return None, "timestamp is not a number of unix seconds"
    stamp = int(value)
    skew = now - stamp
    if skew > TOLERANCE_SECONDS:
        return stamp, f"timestamp is {int(skew)} s old (tolerance {TOLERANCE_SECONDS} s)"
    if -skew > TOLERANCE_SECONDS:
        return stamp, f"timestamp is {int(-skew)} s in the future (tolerance {TOLERANCE_SECONDS} s)"
    return stamp, None


def _verify_standard(
    msg_id: str | None, stamp: str | None, header: str | None, *, body: bytes, keys: list[bytes], now: float
) -> Verification:
    if msg_id is None or stamp is None or header is None:
        return Verification(False, "standard", reason="incomplete Standard Webhooks headers: need webhook-id, webhook-timestamp and webhook-signature")
    if not msg_id or len(msg_id) > MAX_DELIVERY_ID_LENGTH:
        return Verification(False, "standard", reason=f"webhook-id must be 1 to {MAX_DELIVERY_ID_LENGTH} characters")
    timestamp, problem = _timestamp(stamp, now)
    if timestamp is None:
        return Verification(False, "standard", reason=f"webhook-timestamp: {problem}")
    # Sign the timestamp exactly as sent (after trimming whitespace), as senders do.
    signed = f"{msg_id}.{stamp.strip()}.".encode("utf-8", "surrogatepass") + body
    # Compared as the base64 text of the expected digest: a non-canonical encoding of
    # the right digest is refused, so "valid" means exactly one string per secret.
    expected = [base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()) for key in keys]
    matched = False
    for candidate in header.split(" "):
        version, _, value = candidate.partition(",")
        if version != "v1" or not value:
            continue
        given = value.encode("utf-8", "surrogatepass")
        for digest in expected:
            matched |= hmac.compare_digest(given, digest)
    if not matched:
        return Verification(False, "standard", reason="signature does not match (webhook-signature)", timestamp=timestamp)
    if problem:
        return Verification(False, "standard", reason=f"webhook-timestamp: {problem}", timestamp=timestamp)
    return Verification(True, "standard", delivery=f"id:{msg_id}", timestamp=timestamp)


def _verify_wakeful(
    stamp: str | None, header: str | None, *, body: bytes, keys: list[bytes], now: float
) -> Verification:
    if stamp is None or header is None:
        return Verification(False, "wakeful", reason="incomplete signature headers: need X-Wakeful-Timestamp and X-Wakeful-Signature")
    timestamp, problem = _timestamp(stamp, now)
    if timestamp is None:
        return Verification(False, "wakeful", reason=f"X-Wakeful-Timestamp: {problem}")
    scheme, _, given = header.strip().partition("=")
    if scheme.lower() != "sha256" or not given:
        return Verification(False, "wakeful", reason="X-Wakeful-Signature must be sha256=<hex>", timestamp=timestamp)
    given_bytes = given.lower().encode("utf-8", "surrogatepass")
    signed = f"{stamp.strip()}.".encode() + body
    matched_hex: str | None = None
    for key in keys:
        digest = hmac.new(key, signed, hashlib.sha256).hexdigest()
        if hmac.compare_digest(given_bytes, digest.encode()):
            matched_hex = digest
    if matched_hex is None:
        return Verification(False, "wakeful", reason="signature does not match (X-Wakeful-Signature)", timestamp=timestamp)
    if problem:
        return Verification(False, "wakeful", reason=f"X-Wakeful-Timestamp: {problem}", timestamp=timestamp)
    return Verification(True, "wakeful", delivery=f"sig:{timestamp}:{matched_hex}", timestamp=timestamp)
