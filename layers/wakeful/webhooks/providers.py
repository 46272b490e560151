"""What real senders send: each webhook's ``provider`` decides how a request is
verified and how its body becomes an event.

- ``wakeful`` (default): either scheme of :mod:`wakeful.webhooks.verify`; the body is
  ``{event_type?, priority?, payload}``.
- ``standard``: Standard Webhooks only (``webhook-id``/``-timestamp``/``-signature``);
  the body is the whole payload and its ``type`` field (``invoice.paid``) is the event
  type (``invoice_paid``; default ``WEBHOOK_TRIGGER``).
- ``github``: ``X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, raw body)>`` with
  the secret string itself as the key, as GitHub signs; the event type is
  ``github_<X-GitHub-Event>`` (``push`` → ``github_push``); ``X-GitHub-Delivery``
  identifies the delivery (redeliveries are duplicates); the whole body is the payload.
- ``stripe``: ``Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`` over
  ``"<t>.<raw body>"`` with the signing secret Stripe shows (given on creation) as the
  key, ±300 s; any of several ``v1`` (during Stripe's secret roll) may match; the event
  type is ``stripe_<type>`` (``payment_intent.succeeded`` →
  ``stripe_payment_intent_succeeded``) and the body's ``id`` identifies the delivery.
- ``raw``: either scheme of ``wakeful``; any JSON body is the payload, whole (a body
  that is not an object is put under ``"body"``), with type ``WEBHOOK_TRIGGER``.
- ``alertmanager`` and ``grafana``: ``Authorization: Bearer <the webhook's secret>``
  (Alertmanager's ``http_config.authorization``, Grafana's contact point
  "Authorization Header"), compared in constant time over the whole header value; the
  body is an alert notification, each alert one event (:mod:`wakeful.webhooks.alerts`).

Pure functions: no I/O. Signatures are compared in constant time, against every secret.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from typing import Any, Mapping, Sequence
from urllib.parse import parse_qs

from wakeful.webhooks import alerts
from wakeful.webhooks import verify as wakeful_schemes
from wakeful.webhooks.verify import TOLERANCE_SECONDS, Verification
from wakeful.structs import Struct

WAKEFUL = "wakeful"
STANDARD = "standard"
GITHUB = "github"
STRIPE = "stripe"
RAW = "raw"
ALERTMANAGER, GRAFANA = alerts.ALERT_PROVIDERS
PROVIDERS = (WAKEFUL, STANDARD, GITHUB, STRIPE, RAW, ALERTMANAGER, GRAFANA)
#: Providers whose body is an alert notification: one event per alert.
ALERT_PROVIDERS = alerts.ALERT_PROVIDERS
#: Providers whose secret may be chosen (given on creation or rotation) rather than generated.
CHOSEN_SECRET_PROVIDERS = (STRIPE, GITHUB, ALERTMANAGER, GRAFANA)
#: Providers whose secret is the string the sender shows (used as the HMAC key as is);
#: the others use Wakeful's ``whsec_`` secrets (the key is the base64-decoded part).
USER_SECRET_PROVIDERS = (STRIPE,)
PLAIN_KEY_PROVIDERS = (GITHUB, STRIPE)

DEFAULT_EVENT_TYPE = "WEBHOOK_TRIGGER"
GITHUB_SIGNATURE = "x-hub-signature-256"
GITHUB_EVENT = "x-github-event"
GITHUB_DELIVERY = "x-github-delivery"
STRIPE_SIGNATURE = "stripe-signature"
AUTHORIZATION = "authorization"
BEARER = b"Bearer "
_NOT_TYPE_CHARS = re.compile(r"[^A-Za-z0-9_]+")
_MAX_TYPE = 100


class BodyError(ValueError):
    """The body (or a header that names the event) cannot become an event."""


class Parsed(Struct):
    """An inbound request's event: type, payload and priority."""

    event_type: str
    payload: dict[str, Any]
    priority: int | None = None


def verify(provider: str, headers: Mapping[str, str], body: bytes, secrets: Sequence[str], now: float) -> Verification:
    """Check a request's signature the way ``provider``'s senders sign."""
    if provider == GITHUB:
        return _verify_github(headers, body, secrets)
    if provider == STRIPE:
        return _verify_stripe(headers, body, secrets, now)
    if provider in ALERT_PROVIDERS:
        return _verify_bearer(headers, secrets)
    if provider == STANDARD:
        if headers.get(wakeful_schemes.STANDARD_SIGNATURE) is None:
            return Verification(False, reason="missing Standard Webhooks headers: webhook-id, webhook-timestamp, webhook-signature")
        return wakeful_schemes.verify(
            {k: v for k, v in headers.items() if not k.startswith("x-wakeful-")}, body, secrets, now
        )
    return wakeful_schemes.verify(headers, body, secrets, now)


def event_type_from(prefix: str, name: str) -> str:
    """``("github", "pull_request")`` → ``github_pull_request``; characters an event
    type cannot hold become ``_`` (``invoice.paid`` → ``invoice_paid``)."""
    cleaned = _NOT_TYPE_CHARS.sub("_", name).strip("_")
    if not cleaned:
        raise BodyError(f"{name[:60]!r} does not name an event type")
    kind = f"{prefix}_{cleaned}" if prefix else cleaned
    return (kind if kind[0].isalpha() else f"t_{kind}")[:_MAX_TYPE]


def parse(provider: str, headers: Mapping[str, str], data: Any) -> Parsed:
    """The event of a verified request whose body parsed as ``data`` (for ``wakeful``,
    :mod:`wakeful.webhooks.receive` reads its own body shape)."""
    if provider == GITHUB:
        kind = (headers.get(GITHUB_EVENT) or "").strip()
        if not kind:
            raise BodyError("missing X-GitHub-Event header")
        return Parsed(event_type_from("github", kind), _object(data, "the GitHub payload"))
    if provider == STRIPE:
        payload = _object(data, "the Stripe event")
        stripe_type = payload.get("type")
        if not isinstance(stripe_type, str) or not stripe_type:
            raise BodyError('the Stripe event has no "type"')
        return Parsed(event_type_from("stripe", stripe_type), payload)
    if provider == STANDARD:
        payload = _object(data, "the body")
        body_type = payload.get("type")
        return Parsed(event_type_from("", body_type) if isinstance(body_type, str) and body_type else DEFAULT_EVENT_TYPE, payload)
    if provider == RAW:
        return Parsed(DEFAULT_EVENT_TYPE, data if isinstance(data, dict) else {"body": data})
    raise BodyError(f"unknown provider {provider!r}")


def github_body(headers: Mapping[str, str], body: bytes) -> bytes:
    """GitHub's JSON payload: the body, or its ``payload`` field when the hook is set to
    ``application/x-www-form-urlencoded``."""
    if (headers.get("content-type") or "").split(";")[0].strip().lower() != "application/x-www-form-urlencoded":
        return body
    fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    if "payload" not in fields:
        raise BodyError("a form-encoded GitHub delivery needs a payload field")
    return fields["payload"][-1].encode("utf-8", "surrogatepass")


def delivery_id(provider: str, headers: Mapping[str, str], data: Any, check: Verification) -> str | None:
    """What identifies a delivery for replay detection, once the body is parsed:
    Stripe's event id (Stripe resends the same event with a new signature)."""
    if provider == STRIPE and isinstance(data, dict) and isinstance(data.get("id"), str) and data["id"]:
        return f"stripe:{data['id'][:200]}"
    return check.delivery


def _object(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise BodyError(f"{what} must be a JSON object")
    return data


def _verify_github(headers: Mapping[str, str], body: bytes, secrets: Sequence[str]) -> Verification:
    header = headers.get(GITHUB_SIGNATURE)
    if header is None:
        return Verification(False, "github", reason="missing X-Hub-Signature-256 header")
    scheme, _, given = header.strip().partition("=")
    if scheme.lower() != "sha256" or not given:
        return Verification(False, "github", reason="X-Hub-Signature-256 must be sha256=<hex>")
    given_bytes = given.lower().encode("utf-8", "surrogatepass")
    matched: str | None = None
    for secret in secrets:
        digest = hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
        if hmac.compare_digest(given_bytes, digest.encode()):
            matched = digest
    if matched is None:
        return Verification(False, "github", reason="signature does not match (X-Hub-Signature-256)")
    delivery = (headers.get(GITHUB_DELIVERY) or "").strip()[: wakeful_schemes.MAX_DELIVERY_ID_LENGTH]
    # GitHub signs no timestamp: a replay is caught by its delivery id (or, without
    # one, by the signature, i.e. the same body).
    return Verification(True, "github", delivery=f"github:{delivery}" if delivery else f"sig:{matched}")


def _verify_bearer(headers: Mapping[str, str], secrets: Sequence[str]) -> Verification:
    """``Authorization: Bearer <secret>``: the whole header value against ``Bearer `` +
    each secret, in constant time (the scheme's case aside, as HTTP allows). No delivery
    id: each alert of the body is a delivery of its own."""
    header = headers.get(AUTHORIZATION)
    if header is None:
        return Verification(False, "bearer", reason="missing Authorization header (Bearer <the webhook's secret>)")
    given = header.strip().encode("utf-8", "surrogatepass")
    if given[: len(BEARER)].lower() == BEARER.lower():
        given = BEARER + given[len(BEARER) :]
    matched = False
    for secret in secrets:
        matched |= hmac.compare_digest(given, BEARER + secret.encode("utf-8", "surrogatepass"))
    if not matched:
        return Verification(False, "bearer", reason="Authorization does not match (Bearer <the webhook's secret>)")
    return Verification(True, "bearer")


def _verify_stripe(headers: Mapping[str, str], body: bytes, secrets: Sequence[str], now: float) -> Verification:
    header = headers.get(STRIPE_SIGNATURE)
    if header is None:
        return Verification(False, "stripe", reason="missing Stripe-Signature header")
    stamp: str | None = None
    candidates: list[bytes] = []
    for part in header.split(","):
        name, _, value = part.strip().partition("=")
        if name == "t":
            stamp = value.strip()
        elif name == "v1" and value:
            candidates.append(value.strip().lower().encode("utf-8", "surrogatepass"))
    if stamp is None or not stamp.isascii() or not stamp.isdigit() or len(stamp) > 12:
        return Verification(False, "stripe", reason="Stripe-Signature has no valid t=<unix seconds>")
    if not candidates:
        return Verification(False, "stripe", reason="Stripe-Signature has no v1 signature")
    signed = stamp.encode() + b"." + body
    matched: str | None = None
    for secret in secrets:
        digest = hmac.new(secret.encode("utf-8"), signed, hashlib.sha256).hexdigest()
        for candidate in candidates:
            if hmac.compare_digest(candidate, digest.encode()):
                matched = digest
    timestamp = int(stamp)
    if matched is None:
        return Verification(False, "stripe", reason="signature does not match (Stripe-Signature)", timestamp=timestamp)
    if abs(now - timestamp) > TOLERANCE_SECONDS:
        return Verification(
            False, "stripe", reason=f"Stripe-Signature timestamp is {int(abs(now - timestamp))} s away (tolerance {TOLERANCE_SECONDS} s)",
            timestamp=timestamp,
        )
    return Verification(True, "stripe", delivery=f"sig:{timestamp}:{matched}", timestamp=timestamp)
