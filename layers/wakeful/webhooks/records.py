"""Webhook items, request rows and rate-limit counters (the webhooks and
webhook_requests tables; docs/data-model.md).

A webhook item holds its secret sealed with KMS (``secret_sealed``) and, for 24 h after
a rotation, the previous one (``previous_secret_sealed`` until
``previous_secret_expires_at``). The webhook_requests partition of a webhook holds one
row per inbound request (``request_id`` = ``whr_<ulid>``, time-ordered) and one counter
per clock hour (``request_id`` = ``rate#<YYYYMMDDHH>``), incremented by a conditional
``ADD`` so that the limit is exact under any concurrency (seed 000 counted rows with a
query, which races and grows with traffic).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any

from wakeful import clock, ids, retention, secrets
from wakeful.webhooks import repository

ACCEPTED = "ACCEPTED"
REJECTED = "REJECTED"
RATE_LIMITED = "RATE_LIMITED"
INVALID_SIGNATURE = "INVALID_SIGNATURE"
DUPLICATE = "DUPLICATE"
STATUSES = (ACCEPTED, REJECTED, RATE_LIMITED, INVALID_SIGNATURE, DUPLICATE)

REQUEST_PREFIX = "whr_"
RATE_PREFIX = "rate#"
REQUEST_RETENTION_DAYS = 30  # unless WAKEFUL_RETENTION_DAYS says otherwise
ROTATION_OVERLAP_SECONDS = 24 * 3600
_SECRET_CACHE_SIZE = 512

_secret_cache: "OrderedDict[tuple[str, str], str]" = OrderedDict()


def secret_context(webhook_id: str) -> dict[str, str]:
    """The KMS encryption context binding a webhook's secret to its record."""
    return {"webhook": webhook_id}


def valid_secrets(webhook: dict[str, Any], now: float) -> list[str]:
    """The secrets a request may be signed with: the current one, and the previous one
    until its overlap ends. Unsealed secrets are cached per sealed value, so a warm
    function calls KMS once per secret, not once per request."""
    sealed = [webhook["secret_sealed"]]
    previous = webhook.get("previous_secret_sealed")
    if previous and float(webhook.get("previous_secret_expires_at") or 0) > now:
        sealed.append(previous)
    return [_unseal(webhook["webhook_id"], value) for value in sealed]


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
    bucket, retry_after = hour_bucket(now)
    if repository.count_request(webhook_id, bucket, limit, int(now) + 2 * 24 * 3600):
        return None
    return retry_after


def record_request(webhook_id: str, row: dict[str, Any], now: float) -> str:
    """Store one inbound request's outcome; returns its id."""
    request_id = ids.new_id(REQUEST_PREFIX.rstrip("_"), now)
    item = {
        **row,
        "webhook_id": webhook_id,
        "request_id": request_id,
        "received_at": now,
        "expires_at": retention.expiry(now, default_days=REQUEST_RETENTION_DAYS),
    }
    repository.put_request(item)
    return request_id


def public_request(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a webhook_requests row."""
    return {
        "id": item["request_id"],
        "webhook_id": item["webhook_id"],
        "status": item["status"],
        "http_status": item.get("http_status"),
        "rejection_reason": item.get("rejection_reason"),
        "event_type": item.get("event_type"),
        "event_id": item.get("event_id"),
        "seq": item.get("seq"),
        "signature_valid": item.get("signature_valid", False),
        "scheme": item.get("scheme"),
        "delivery_id": item.get("delivery_id"),
        "source_ip": item.get("source_ip"),
        "body_bytes": item.get("body_bytes"),
        "received_at": clock.iso(item.get("received_at")),
    }
