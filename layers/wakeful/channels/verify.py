"""Checking that a request comes from the platform, over the raw body bytes, before
anything of it is read (pure functions; no I/O).

- Slack: ``X-Slack-Signature`` is ``v0=`` + hex HMAC-SHA256(signing secret,
  ``v0:{X-Slack-Request-Timestamp}:{raw body}``), checked with slack_sdk's
  ``SignatureVerifier`` (constant time), the timestamp within 300 s of now.
- Discord: ``X-Signature-Ed25519`` is the Ed25519 signature of
  ``X-Signature-Timestamp + raw body`` by the application's public key (PyNaCl); the
  timestamp must be within 300 s of now too (a replayed interaction is refused even
  before its id is seen again).
- Telegram: ``X-Telegram-Bot-Api-Secret-Token`` equals the channel's ``secret_token``
  (compared in constant time).

Each check answers a :class:`Check` whose ``reason`` says what was wrong (never a
secret or a signature).
"""

from __future__ import annotations

import hmac
import re
from typing import Mapping

from wakeful.channels.platforms.base import Check

TOLERANCE_SECONDS = 300
_TIMESTAMP = re.compile(r"[0-9]{1,12}")
_HEX = re.compile(r"[0-9a-fA-F]+")

SLACK_SIGNATURE = "x-slack-signature"
SLACK_TIMESTAMP = "x-slack-request-timestamp"
DISCORD_SIGNATURE = "x-signature-ed25519"
DISCORD_TIMESTAMP = "x-signature-timestamp"
TELEGRAM_SECRET = "x-telegram-bot-api-secret-token"


def _fresh(stamp: str | None, header: str, now: float) -> str | None:
    """Why a timestamp header is not acceptable, or None."""
    if stamp is None:
        return f"missing {header}"
    if not _TIMESTAMP.fullmatch(stamp.strip()):
        return f"{header} is not a number of unix seconds"
    skew = now - int(stamp.strip())
    if abs(skew) > TOLERANCE_SECONDS:
        when = "old" if skew > 0 else "in the future"
        return f"{header} is {int(abs(skew))} s {when} (tolerance {TOLERANCE_SECONDS} s): a stale or replayed request"
    return None


def slack(signing_secret: str, headers: Mapping[str, str], body: bytes, now: float) -> Check:
    """A Slack request (Events API or interactivity)."""
    signature = headers.get(SLACK_SIGNATURE)
    if signature is None:
        return Check(False, "missing X-Slack-Signature")
    stale = _fresh(headers.get(SLACK_TIMESTAMP), "X-Slack-Request-Timestamp", now)
    if stale:
        return Check(False, stale)
    from slack_sdk.signature import SignatureVerifier

    class _Now:
        @staticmethod
        def now() -> float:
            return now

    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return Check(False, "the body is not UTF-8 (Slack signs UTF-8 text)")
    verifier = SignatureVerifier(signing_secret, clock=_Now())  # type: ignore[arg-type]
    if not verifier.is_valid(body=text, timestamp=headers[SLACK_TIMESTAMP].strip(), signature=signature.strip()):
        return Check(False, "X-Slack-Signature does not match the body (wrong signing secret, or the body was changed)")
    return Check(True)


def discord(public_key: str, headers: Mapping[str, str], body: bytes, now: float) -> Check:
    """A Discord interaction."""
    signature = headers.get(DISCORD_SIGNATURE)
    stamp = headers.get(DISCORD_TIMESTAMP)
    if signature is None:
        return Check(False, "missing X-Signature-Ed25519")
    if stamp is None:
        return Check(False, "missing X-Signature-Timestamp")
    signature = signature.strip()
    if len(signature) != 128 or not _HEX.fullmatch(signature):
        return Check(False, "X-Signature-Ed25519 is not 64 bytes of hex")
    from nacl.exceptions import BadSignatureError
    from nacl.signing import VerifyKey

    try:
        VerifyKey(bytes.fromhex(public_key)).verify(stamp.encode("utf-8", "surrogatepass") + body, bytes.fromhex(signature))
    except (BadSignatureError, ValueError):
        return Check(False, "X-Signature-Ed25519 does not match (wrong public key, or the body or timestamp was changed)")
    stale = _fresh(stamp, "X-Signature-Timestamp", now)
    if stale:
        return Check(False, stale)
    return Check(True)


def telegram(secret_token: str, headers: Mapping[str, str]) -> Check:
    """A Telegram update."""
    given = headers.get(TELEGRAM_SECRET)
    if given is None:
        return Check(False, "missing X-Telegram-Bot-Api-Secret-Token")
    if not hmac.compare_digest(given.strip().encode("utf-8", "surrogatepass"), secret_token.encode()):
        return Check(False, "X-Telegram-Bot-Api-Secret-Token does not match the channel's secret_token")
    return Check(True)
