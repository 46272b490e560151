"""One inbound webhook request, start to finish (the webhook_ingest function).

Order of checks, each answer as docs/webhooks.md states it:

1. the webhook exists and is active, else 404;
2. the body is at most 256 KiB, else 413;
3. the signature is valid over the raw body bytes, as the webhook's ``provider``
   signs (:mod:`wakeful.webhooks.providers`), with a timestamp within ±300 s where
   the scheme has one, else 401 — nothing is parsed before this point;
4. a delivery already accepted (same ``webhook-id``, or same scheme-1 timestamp and
   signature) answers 200 ``{event_id, seq, duplicate: true}`` and appends nothing;
5. the hour's rate limit (an atomic counter; only authenticated, non-duplicate
   requests count, so nobody without the secret can use up the quota), else 429 with
   ``Retry-After``;
6. the body is a JSON object ``{event_type?, priority?, payload}`` (for the other
   providers: the sender's own body, whole) that can be stored, else 400;
7. the event type is allowed, else 403;
8. the event is appended with the delivery as idempotency key (so two concurrent
   copies of one delivery still append once) → 202 ``{event_id, seq}``.

An ``alertmanager`` or ``grafana`` request is a notification of several alerts, each a
delivery of its own (:mod:`wakeful.webhooks.alerts`), so after the signature its body is
read first (400), then the alerts whose event types are not allowed are left out (403
when none is left), then a request whose every alert was accepted before answers 200
``duplicate``, then the rate limit (one request, one count), then the alerts are
appended in order, each under its own key → 202 ``{event_id, seq, events: [...]}``.

Every request, whatever its answer, is recorded in webhook_requests: an accepted one
in a row of its own (their number is bounded by the rate limit); of the others, the
first :data:`~wakeful.webhooks.records.REFUSED_ROWS_PER_MINUTE` of a minute too, and
the rest of that minute counted in one item per status, so that nobody who merely knows
the URL can grow the table without bound; requests to an id that is no webhook are
counted under the id ``-``. Secrets and signatures are never logged.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from wakeful import clock, ddb, proxy
from wakeful.events import store
from wakeful.events.exceptions import EventAgentNotFoundError
from wakeful.events.models import NewEvent
from wakeful.ingest import payload as checks
from wakeful.ingest.exceptions import IngestMessageInvalidError
from wakeful.webhooks import alerts, providers, records, repository, verify
from wakeful.webhooks.records import Webhook
from wakeful.structs import Struct

logger = logging.getLogger(__name__)

MAX_BODY_BYTES = 256 * 1024
DEFAULT_EVENT_TYPE = "WEBHOOK_TRIGGER"
EVENT_SOURCE = "webhook"
BODY_FIELDS = frozenset({"event_type", "priority", "payload"})
_WEBHOOK_ID = re.compile(r"whk_[0-9A-HJKMNP-TV-Z]{26}")
_PATH = re.compile(r"/webhooks/([^/]+)/?$")


class InboundRequest(Struct):
    """What the function needs from an API Gateway proxy event."""

    webhook_id: str
    headers: dict[str, str]  # lower-case names
    body: bytes
    source_ip: str | None = None
    request_id: str | None = None


@dataclass
class Reply:
    """The answer, and what to record about it."""

    http_status: int
    body: dict[str, Any]
    status: str  # one of records.STATUSES
    headers: dict[str, str] = field(default_factory=dict)
    reason: str | None = None
    event_type: str | None = None
    event_id: str | None = None
    seq: int | None = None
    signature_valid: bool = False
    scheme: str | None = None
    delivery: str | None = None
    created: bool = False
    #: How many events the request appended (an alert notification: one per new alert).
    event_count: int | None = None

    def proxy_response(self) -> dict[str, Any]:
        """The API Gateway proxy response."""
        return {
            "statusCode": self.http_status,
            "headers": {"Content-Type": "application/json", "X-Content-Type-Options": "nosniff", **self.headers},
            "body": json.dumps(self.body),
            "isBase64Encoded": False,
        }


def request_from_proxy_event(event: dict[str, Any]) -> InboundRequest:
    """Read an API Gateway REST proxy event: path id, headers, raw body bytes.

    The body is taken exactly as delivered (base64-decoded when ``isBase64Encoded``);
    it is not parsed here.
    """
    params = event.get("pathParameters") or {}
    webhook_id = params.get("webhook_id") if isinstance(params, dict) else None
    if not webhook_id:
        match = _PATH.search(str(event.get("path") or ""))
        webhook_id = match.group(1) if match else ""
    headers = proxy.headers_of(event)
    body = proxy.body_of(event)
    context = event.get("requestContext") or {}
    identity = context.get("identity") or {}
    return InboundRequest(
        webhook_id=str(webhook_id),
        headers=headers,
        body=body,
        source_ip=identity.get("sourceIp") if isinstance(identity, dict) else None,
        request_id=context.get("requestId"),
    )


def _error(http_status: int, status: str, code: str, message: str, **fields: Any) -> Reply:
    return Reply(http_status, {"error": {"code": code, "message": message}}, status, reason=message, **fields)


def receive(request: InboundRequest, now: float | None = None) -> Reply:
    """Handle one inbound request and record it (see the module docstring)."""
    now = clock.now() if now is None else now
    webhook: Webhook | None = None
    try:
        webhook = repository.get(request.webhook_id) if _WEBHOOK_ID.fullmatch(request.webhook_id) else None
        reply = _decide(request, webhook, now)
    except Exception:  # noqa: BLE001 - answer and record even an unexpected failure
        logger.exception("webhook request failed", extra={"webhook_id": request.webhook_id[:64]})
        reply = _error(500, records.REJECTED, "internal_error", "internal error; the request was not processed")
    _record(request, webhook, reply, now)
    return reply


def _decide(request: InboundRequest, webhook: Webhook | None, now: float) -> Reply:
    if webhook is None or not webhook.is_active:
        return _error(404, records.REJECTED, "not_found", "unknown or inactive webhook")
    if len(request.body) > MAX_BODY_BYTES:
        return _error(413, records.REJECTED, "payload_too_large", f"body is {len(request.body)} bytes; the limit is {MAX_BODY_BYTES} (256 KiB)")

    provider = webhook.provider
    check = providers.verify(provider, request.headers, request.body, records.valid_secrets(webhook, now), now)
    if not check.valid:
        return _error(401, records.INVALID_SIGNATURE, "invalid_signature", check.reason or "invalid signature", scheme=check.scheme)
    if provider in providers.ALERT_PROVIDERS:
        return _decide_alerts(request, webhook, now, {"signature_valid": True, "scheme": check.scheme})
    delivery = _delivery(provider, request, check)
    signed: dict[str, Any] = {"signature_valid": True, "scheme": check.scheme, "delivery": delivery}
    agent_id = webhook.agent_id
    idempotency_key = f"webhook:{webhook.webhook_id}:{delivery}"

    earlier = _earlier_delivery(agent_id, idempotency_key, now)
    if earlier is not None:
        return _duplicate(*earlier, **signed)

    retry_after = records.take_rate_slot(webhook.webhook_id, int(webhook.rate_limit_per_hour), now)
    if retry_after is not None:
        return _error(
            429,
            records.RATE_LIMITED,
            "rate_limited",
            f"over this webhook's limit of {webhook.rate_limit_per_hour} requests per hour",
            headers={"Retry-After": str(retry_after)},
            **signed,
        )

    try:
        event_type, new_event = _parse(request.body, webhook, request, delivery)
    except IngestMessageInvalidError as error:
        return _error(400, records.REJECTED, "bad_request", error.message, **signed)
    except providers.BodyError as error:
        return _error(400, records.REJECTED, "bad_request", str(error), **signed)
    allowed = webhook.allowed_event_types or ()
    if allowed and event_type not in allowed:
        return _error(
            403, records.REJECTED, "forbidden", f"event type {event_type} is not allowed by this webhook", event_type=event_type, **signed
        )

    try:
        result = store.append(agent_id, [new_event], idempotency_key=idempotency_key)
    except EventAgentNotFoundError:
        return _error(404, records.REJECTED, "not_found", "unknown or inactive webhook (its agent was deleted)", **signed)
    event = result.events[0]
    if not result.created:
        return _duplicate(event.id, event.seq, **signed)
    return Reply(
        202, {"event_id": event.id, "seq": event.seq}, records.ACCEPTED,
        event_type=event_type, event_id=event.id, seq=event.seq, created=True, event_count=1, **signed,
    )


def _decide_alerts(request: InboundRequest, webhook: Webhook, now: float, signed: dict[str, Any]) -> Reply:
    """An alert notification: each alert an event of its own (module docstring)."""
    try:
        items = _alert_events(request, webhook)
    except IngestMessageInvalidError as error:
        return _error(400, records.REJECTED, "bad_request", error.message, **signed)
    except alerts.AlertBodyError as error:
        return _error(400, records.REJECTED, "bad_request", str(error), **signed)
    allowed = webhook.allowed_event_types or ()
    kept = [item for item in items if not allowed or item[0].event_type in allowed]
    refused = list(dict.fromkeys(event.event_type for event, _ in items if allowed and event.event_type not in allowed))
    if not kept:
        return _error(403, records.REJECTED, "forbidden", f"event type(s) {', '.join(refused)} not allowed by this webhook",
                      event_type=refused[0], **signed)
    earlier = _every_earlier(webhook.agent_id, kept, now)
    if earlier is not None:
        return _alerts_reply(earlier, refused, **signed)
    retry_after = records.take_rate_slot(webhook.webhook_id, int(webhook.rate_limit_per_hour), now)
    if retry_after is not None:
        return _error(429, records.RATE_LIMITED, "rate_limited",
                      f"over this webhook's limit of {webhook.rate_limit_per_hour} requests per hour",
                      headers={"Retry-After": str(retry_after)}, **signed)
    try:
        results = [
            result
            for start in range(0, len(kept), store.MAX_KEYED_PER_APPEND)
            for result in store.append_each(webhook.agent_id, kept[start : start + store.MAX_KEYED_PER_APPEND])
        ]
    except EventAgentNotFoundError:
        return _error(404, records.REJECTED, "not_found", "unknown or inactive webhook (its agent was deleted)", **signed)
    appended = [(r.events[0].id, r.events[0].seq, r.events[0].event_type, r.created) for r in results]
    return _alerts_reply(appended, refused, **signed)


def _every_earlier(agent_id: str, items: list[tuple[NewEvent, str]], now: float) -> list[tuple[str, int, str, bool]] | None:
    """The events of every alert when each was accepted before, else None (stops at the
    first new one: read before the rate limit, so a sender's repeats are free)."""
    found: list[tuple[str, int, str, bool]] = []
    for event, key in items:
        earlier = _earlier_delivery(agent_id, key, now)
        if earlier is None:
            return None
        found.append((earlier[0], earlier[1], event.event_type, False))
    return found


def _alert_events(request: InboundRequest, webhook: Webhook) -> list[tuple[NewEvent, str]]:
    """The notification's alerts as events, each with its idempotency key."""
    found: list[tuple[NewEvent, str]] = []
    for alert in alerts.parse(checks.loads(request.body), webhook.metadata):
        checks.check_storable(alert.payload)
        metadata = {"webhook_id": webhook.webhook_id, "provider": webhook.provider, "source_ip": request.source_ip, "delivery": alert.key}
        event = NewEvent(
            event_type=checks.event_type(alert.event_type), payload=alert.payload, priority=5, source=EVENT_SOURCE,
            metadata={k: v for k, v in metadata.items() if v is not None},
        )
        found.append((event, f"webhook:{webhook.webhook_id}:{alert.key}"))
    return found


def _alerts_reply(events: list[tuple[str, int, str, bool]], refused: list[str], **signed: Any) -> Reply:
    """202 when any alert became a new event, else 200 ``duplicate``; ``events`` lists
    each allowed alert's event in the order of the alerts, ``not_allowed`` the types left out."""
    listed = [{"event_id": i, "seq": s, "event_type": t, "duplicate": not created} for i, s, t, created in events]
    created = sum(1 for *_, new in events if new)
    first = next((item for item in listed if not item["duplicate"]), listed[0])
    body: dict[str, Any] = {"event_id": first["event_id"], "seq": first["seq"], "events": listed}
    if refused:
        body["not_allowed"] = refused
    common = {"event_type": first["event_type"], "event_id": first["event_id"], "seq": first["seq"], **signed}
    if not created:
        return Reply(200, {**body, "duplicate": True}, records.DUPLICATE, reason="every alert already accepted", **common)
    return Reply(202, body, records.ACCEPTED, created=True, event_count=created, **common)


def _duplicate(event_id: str, seq: int, **signed: Any) -> Reply:
    return Reply(
        200, {"event_id": event_id, "seq": seq, "duplicate": True}, records.DUPLICATE,
        reason="delivery already accepted", event_id=event_id, seq=seq, **signed,
    )


def _earlier_delivery(agent_id: str, idempotency_key: str, now: float) -> tuple[str, int] | None:
    """The event of an earlier acceptance of this delivery, if any (read before the
    rate limit so that a sender's retries do not use up its quota)."""
    record = ddb.get("idempotency", {"key": store.idempotency_record_key(agent_id, idempotency_key)})
    if not record or float(record.get("expires_at", 0)) < now or not record.get("event_ids"):
        return None
    return record["event_ids"][0], int(record["seqs"][0])


def _delivery(provider: str, request: InboundRequest, check: verify.Verification) -> str | None:
    """The delivery id for replay detection; Stripe's is the event id in the (verified)
    body, since a resent event carries a new signature."""
    if provider != providers.STRIPE:
        return check.delivery
    try:
        data = checks.loads(request.body)
    except IngestMessageInvalidError:
        return check.delivery
    return providers.delivery_id(provider, request.headers, data, check)


def _parse(body: bytes, webhook: Webhook, request: InboundRequest, delivery: str | None) -> tuple[str, NewEvent]:
    provider = webhook.provider
    priority: int | None
    if provider == providers.WAKEFUL:
        event_type, event_payload, priority = _wakeful_body(body)
    else:
        raw = providers.github_body(request.headers, body) if provider == providers.GITHUB else body
        parsed = providers.parse(provider, request.headers, checks.loads(raw))
        event_type, event_payload, priority = checks.event_type(parsed.event_type), parsed.payload, parsed.priority
    checks.check_storable(event_payload)
    metadata = {
        "webhook_id": webhook.webhook_id,
        "provider": provider if provider != providers.WAKEFUL else None,
        "source_ip": request.source_ip,
        "delivery": delivery,
    }
    return event_type, NewEvent(
        event_type=event_type,
        payload=event_payload,
        priority=priority or 5,
        source=EVENT_SOURCE,
        metadata={k: v for k, v in metadata.items() if v is not None},
    )


def _wakeful_body(body: bytes) -> tuple[str, dict[str, Any], int]:
    data = checks.loads(body)
    if not isinstance(data, dict):
        raise IngestMessageInvalidError('the body must be a JSON object {"event_type"?, "priority"?, "payload"}')
    checks.only_keys(data, BODY_FIELDS, "the body")
    event_type = checks.event_type(DEFAULT_EVENT_TYPE if data.get("event_type") is None else data["event_type"])
    event_payload = checks.obj(data.get("payload"), "payload", required=True)
    return event_type, event_payload, checks.priority(data.get("priority"))  # type: ignore[return-value]


def _record(request: InboundRequest, webhook: Webhook | None, reply: Reply, now: float) -> None:
    row = {
        "status": reply.status,
        "http_status": reply.http_status,
        "rejection_reason": reply.reason if reply.status != records.ACCEPTED else None,
        "event_type": reply.event_type,
        "event_id": reply.event_id,
        "seq": reply.seq,
        "signature_valid": reply.signature_valid,
        "scheme": reply.scheme,
        "delivery_id": reply.delivery,
        "source_ip": request.source_ip,
        "gateway_request_id": request.request_id,
        "body_bytes": len(request.body),
        "agent_id": webhook.agent_id if webhook else None,
        "event_count": reply.event_count,
    }
    try:
        if webhook is None:  # an id that is no webhook: counted, never a row under that id
            records.count_request(records.UNKNOWN_WEBHOOK, row, now)
        elif reply.status == records.ACCEPTED or records.take_row_slot(webhook.webhook_id, now):
            records.record_request(webhook.webhook_id, row, now)
        else:
            records.count_request(webhook.webhook_id, row, now)
    except Exception:  # noqa: BLE001 - the answer stands even if its record cannot be written
        logger.exception("could not record a webhook request", extra={"webhook_id": request.webhook_id[:64], "status": reply.status})
