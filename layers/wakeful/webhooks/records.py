"""Webhook items, request rows and rate-limit counters (the webhooks and
webhook_requests tables; docs/data-model.md).

A webhook item holds its secret sealed with KMS (``secret_sealed``) and, for 24 h after
a rotation, the previous one (``previous_secret_sealed`` until
``previous_secret_expires_at``). The webhook_requests partition of a webhook holds one
row per inbound request (``request_id`` = ``whr_<ulid>``, time-ordered) and one counter
per clock hour (``request_id`` = ``rate#<YYYYMMDDHH>``), incremented by a conditional
``ADD`` so that the limit is exact under any concurrency (counting rows with a
query, which races and grows with traffic).

Requests that are not accepted are bounded too (anyone who knows a webhook's URL can
send them): the first :data:`REFUSED_ROWS_PER_MINUTE` of a minute get rows (their
counter ``rows#<YYYYMMDDHHMM>``, the same conditional ``ADD``), the rest of that minute
are counted in one item per status (``whr_<ulid of the minute's last millisecond>``, its
``count`` an ``ADD``), which the request list shows after the minute's rows. Requests to
an id that is no webhook are counted the same way under the id ``-``.

:class:`Webhook` and :class:`WebhookRequest` are the typed records of those items (light
immutable records, :class:`wakeful.structs.Struct`: the webhook_ingest function never
imports pydantic), each with
``from_item`` (attributes an older version did not write take their defaults),
``to_item`` (None fields left out) and ``public()`` (the API view).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, Self

from wakeful import clock, ids, retention, secrets
from wakeful.items import item_of, opt_float, value_or
from wakeful.structs import Struct

ACCEPTED = "ACCEPTED"
REJECTED = "REJECTED"
RATE_LIMITED = "RATE_LIMITED"
INVALID_SIGNATURE = "INVALID_SIGNATURE"
DUPLICATE = "DUPLICATE"
STATUSES = (ACCEPTED, REJECTED, RATE_LIMITED, INVALID_SIGNATURE, DUPLICATE)

REQUEST_PREFIX = "whr_"
RATE_PREFIX = "rate#"
ROWS_PREFIX = "rows#"
#: Requests of one minute that were not accepted and get rows of their own, per webhook.
REFUSED_ROWS_PER_MINUTE = 20
#: Where requests to an id that is no webhook are counted (for the operator; no API lists it).
UNKNOWN_WEBHOOK = "-"
REQUEST_RETENTION_DAYS = 30  # unless WAKEFUL_RETENTION_DAYS says otherwise
ROTATION_OVERLAP_SECONDS = 24 * 3600
_SECRET_CACHE_SIZE = 512

_secret_cache: "OrderedDict[tuple[str, str], str]" = OrderedDict()


def secret_context(webhook_id: str) -> dict[str, str]:
    """The KMS encryption context binding a webhook's secret to its record."""
    return {"webhook": webhook_id}


def url(base_url: str, webhook_id: str) -> str:
    """The URL senders post to: it carries the webhook id only, never the secret."""
    return f"{base_url.rstrip('/')}/webhooks/{webhook_id}"



class Webhook(Struct):
    """An inbound webhook of an agent. ``secret_sealed`` (and, during a rotation's
    overlap, ``previous_secret_sealed``) are sealed with KMS and never leave through
    :meth:`public`."""

    webhook_id: str
    agent_id: str
    owner: str
    secret_sealed: str
    provider: str = "wakeful"
    is_active: bool = True
    allowed_event_types: tuple[str, ...] | None = None  # None or empty: every type
    rate_limit_per_hour: int = 100
    metadata: dict[str, Any] | None = None
    previous_secret_sealed: str | None = None
    previous_secret_expires_at: float | None = None
    secret_rotated_at: float | None = None
    created_at: float | None = None
    updated_at: float | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a ``webhooks`` item."""
        allowed = item.get("allowed_event_types")
        metadata = item.get("metadata")
        return cls(
            webhook_id=item["webhook_id"],
            agent_id=item["agent_id"],
            owner=item["owner"],
            secret_sealed=item["secret_sealed"],
            provider=item.get("provider") or "wakeful",
            is_active=value_or(item, "is_active", True),
            allowed_event_types=None if allowed is None else tuple(allowed),
            rate_limit_per_hour=value_or(item, "rate_limit_per_hour", 100),
            metadata=None if metadata is None else dict(metadata),
            previous_secret_sealed=item.get("previous_secret_sealed"),
            previous_secret_expires_at=opt_float(item.get("previous_secret_expires_at")),
            secret_rotated_at=opt_float(item.get("secret_rotated_at")),
            created_at=opt_float(item.get("created_at")),
            updated_at=opt_float(item.get("updated_at")),
        )

    def to_item(self) -> dict[str, Any]:
        """The ``webhooks`` item."""
        return item_of(self)

    def public(self, base_url: str) -> dict[str, Any]:
        """The API view (never a secret); ``url`` is where senders post, under ``base_url``."""
        return {
            "id": self.webhook_id,
            "agent_id": self.agent_id,
            "url": url(base_url, self.webhook_id),
            "provider": self.provider,
            "is_active": self.is_active,
            "allowed_event_types": None if self.allowed_event_types is None else list(self.allowed_event_types),
            "rate_limit_per_hour": self.rate_limit_per_hour,
            "metadata": self.metadata,
            "secret_rotated_at": clock.iso(self.secret_rotated_at),
            "previous_secret_expires_at": clock.iso(self.previous_secret_expires_at),
            "created_at": clock.iso(self.created_at),
            "updated_at": clock.iso(self.updated_at),
        }


class WebhookRequest(Struct):
    """One inbound request and what became of it (``status``: one of :data:`STATUSES`)."""

    webhook_id: str  # as sent, for an unknown id too
    request_id: str
    status: str
    http_status: int | None = None
    rejection_reason: str | None = None
    event_type: str | None = None
    event_id: str | None = None
    seq: int | None = None
    signature_valid: bool = False
    scheme: str | None = None
    delivery_id: str | None = None
    source_ip: str | None = None
    gateway_request_id: str | None = None
    body_bytes: int | None = None
    agent_id: str | None = None
    received_at: float | None = None
    expires_at: int | None = None
    #: A counted item (the requests of one minute and status past the minute's rows):
    #: how many, and when the last came. None for a request's own row.
    count: int | None = None
    last_received_at: float | None = None
    #: How many events an accepted request appended (an alert notification: one per new alert).
    event_count: int | None = None

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> Self:
        """Build from a ``webhook_requests`` row or counted item (not an hourly counter)."""
        return cls(
            webhook_id=item["webhook_id"],
            request_id=item["request_id"],
            status=item["status"],
            http_status=item.get("http_status"),
            rejection_reason=item.get("rejection_reason"),
            event_type=item.get("event_type"),
            event_id=item.get("event_id"),
            seq=item.get("seq"),
            signature_valid=item.get("signature_valid", False),
            scheme=item.get("scheme"),
            delivery_id=item.get("delivery_id"),
            source_ip=item.get("source_ip"),
            gateway_request_id=item.get("gateway_request_id"),
            body_bytes=item.get("body_bytes"),
            agent_id=item.get("agent_id"),
            received_at=opt_float(item.get("received_at")),
            expires_at=item.get("expires_at"),
            count=item.get("count"),
            last_received_at=opt_float(item.get("last_received_at")),
            event_count=item.get("event_count"),
        )

    def to_item(self) -> dict[str, Any]:
        """The ``webhook_requests`` row."""
        return item_of(self)

    def public(self) -> dict[str, Any]:
        """The API view."""
        return {
            "id": self.request_id,
            "webhook_id": self.webhook_id,
            "status": self.status,
            "http_status": self.http_status,
            "rejection_reason": self.rejection_reason,
            "event_type": self.event_type,
            "event_id": self.event_id,
            "seq": self.seq,
            "signature_valid": self.signature_valid,
            "scheme": self.scheme,
            "delivery_id": self.delivery_id,
            "source_ip": self.source_ip,
            "body_bytes": self.body_bytes,
            "received_at": clock.iso(self.received_at),
            "count": int(self.count or 1),
            "last_received_at": clock.iso(self.last_received_at or self.received_at),
            "event_count": None if self.event_count is None else int(self.event_count),
        }


def valid_secrets(webhook: Webhook, now: float) -> list[str]:
    """The secrets a request may be signed with: the current one, and the previous one
    until its overlap ends. Unsealed secrets are cached per sealed value, so a warm
    function calls KMS once per secret, not once per request."""
    sealed = [webhook.secret_sealed]
    previous = webhook.previous_secret_sealed
    if previous and (webhook.previous_secret_expires_at or 0.0) > now:
        sealed.append(previous)
    return [_unseal(webhook.webhook_id, value) for value in sealed]


def _unseal(webhook_id: str, sealed: str) -> str:
    key = (webhook_id, sealed)
    cached = _secret_cache.get(key)
    if cached is not None:
        _secret_cache.move_to_end(key)
        return cached
    plain = secrets.unseal(sealed, context=secret_context(webhook_id))
    _secret_cache[key] = plain
    while len(_secret_cache) > _SECRET_CACHE_SIZE:
        _secret_cache.popitem(last=False)
    return plain


def hour_bucket(now: float) -> tuple[str, int]:
    """The counter key of the clock hour containing ``now`` and the seconds left in it."""
    hour = int(now // 3600)
    return RATE_PREFIX + time.strftime("%Y%m%d%H", time.gmtime(hour * 3600)), max(1, (hour + 1) * 3600 - int(now))


def take_rate_slot(webhook_id: str, limit: int, now: float) -> int | None:
    """Count one request against this hour's limit. Returns None when it fits, else the
    seconds until the next hour (for ``Retry-After``).

    One conditional ``ADD`` on the hour's counter: DynamoDB applies concurrent updates of
    one item one at a time, so exactly ``limit`` requests succeed per hour.
    """
    from wakeful.webhooks import repository  # it imports the records above

    bucket, retry_after = hour_bucket(now)
    if repository.count_request(webhook_id, bucket, limit, int(now) + 2 * 24 * 3600):
        return None
    return retry_after


def record_request(webhook_id: str, row: Mapping[str, Any], now: float) -> str:
    """Store one inbound request's outcome (``row``: the fields of a
    :class:`WebhookRequest` but its key and times); returns its id."""
    from wakeful.webhooks import repository  # it imports the records above

    request_id = ids.new_id(REQUEST_PREFIX.rstrip("_"), now)
    request = WebhookRequest.from_item(
        {
            **row,
            "webhook_id": webhook_id,
            "request_id": request_id,
            "received_at": now,
            "expires_at": retention.expiry(now, default_days=REQUEST_RETENTION_DAYS),
        }
    )
    repository.put_request(request)
    return request_id


def _minute(now: float) -> str:
    return time.strftime("%Y%m%d%H%M", time.gmtime(now))


def take_row_slot(webhook_id: str, now: float) -> bool:
    """Whether a request that was not accepted may have a row of its own: one of the
    first :data:`REFUSED_ROWS_PER_MINUTE` of its minute (one conditional ``ADD``)."""
    from wakeful.webhooks import repository  # it imports the records above

    return repository.count_request(webhook_id, ROWS_PREFIX + _minute(now), REFUSED_ROWS_PER_MINUTE, int(now) + 2 * 24 * 3600)


def count_request(webhook_id: str, row: Mapping[str, Any], now: float) -> str:
    """Count one request (``row``: its fields, as :func:`record_request` takes them) in
    the item of its minute and status; returns the item's id (a ``whr_`` id of the
    minute's last millisecond: the list shows it after the minute's rows)."""
    from wakeful.webhooks import repository  # it imports the records above

    last_millisecond = now - now % 60 + 59.999
    request_id = REQUEST_PREFIX + ids.derived_ulid(last_millisecond, f"counted|{row.get('status')}")
    fields = {k: row.get(k) for k in ("status", "http_status", "rejection_reason", "signature_valid", "scheme", "source_ip", "body_bytes", "agent_id")}
    repository.add_to_count(webhook_id, request_id, fields, now, retention.expiry(now, default_days=REQUEST_RETENTION_DAYS))
    return request_id
