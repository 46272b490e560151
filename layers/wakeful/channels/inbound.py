"""One inbound platform request, start to finish (the channel_inbound function).

No API key: the platform's own signature says who sent it. In order, each answer as
docs/channels.md states it:

1. the channel exists and is of this platform, else 404;
2. the body is at most 512 KiB, else 413;
3. the signature is valid over the raw body bytes (the platform's ``verify``, in its
   module under :mod:`wakeful.channels.platforms`), else 401 — nothing of the body is
   read before this point;
4. the request is read (the platform's ``read``): a body that is not what the
   platform sends is a 400; a URL check or a PING is answered here;
5. a platform event already taken (the same ``event_id``, ``update_id`` or interaction
   id, a Slack mention that also came as a message) is answered as before and changes
   nothing;
6. the work (a thread message, an approval decision) goes to the channel inbox queue
   and the platform gets its answer at once: Slack wants one within 3 s, Discord a
   first answer, and the model may take much longer. The channel worker does the rest.

Every request, whatever its answer, is recorded in ``channel_requests`` with the reason
it was not accepted: a request whose signature was valid in a row of its own; one
refused before that (a bad, missing or stale signature, a body over 512 KiB, a route of
another platform, an unknown channel) is counted, in one item per channel, minute and
reason (:func:`_count`), since anyone who knows a channel's URL can send those: they
cannot grow the table faster than the reasons there are. A rejected request changes
nothing. Bodies, secrets, tokens and signatures are never logged.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from typing import Any

from wakeful import clock, ids, proxy, retention
from wakeful.channels import models, platforms, repository, request_repository
from wakeful.channels.platforms.base import BadBody, Reading
from wakeful.channels.records import Channel, ChannelRequest
from wakeful.channels.queue import send_channel_work

logger = logging.getLogger(__name__)

MAX_BODY_BYTES = 512 * 1024
#: Requests refused before their signature was valid are counted per window and reason.
COUNT_WINDOW_SECONDS = 60
#: Where requests to an unknown channel id are counted (nobody can list them; they are
#: kept for the operator, bounded like the others).
UNKNOWN_CHANNEL = "-"
_NUMBERS = re.compile(r"[0-9]+")
#: How long a platform event id is remembered (Slack retries for an hour or so).
SEEN_SECONDS = 3 * 86400
_CHANNEL_ID = re.compile(r"chn_[0-9A-HJKMNP-TV-Z]{26}")


def _path() -> re.Pattern[str]:
    """A platform's route: ``/channels/<id>/<route>`` (the routes are the registry's)."""
    return re.compile(r"/channels/([^/]+)/(" + "|".join(re.escape(route) for route in platforms.routes()) + r")/?$")


@dataclass(frozen=True)
class InboundRequest:
    """What the function needs from an API Gateway proxy event."""

    channel_id: str
    route: str  # a route of a platform's (wakeful.channels.platforms.routes), or "" for an unknown path
    headers: dict[str, str]  # lower-case names
    body: bytes
    source_ip: str | None = None


def request_from_proxy_event(event: dict[str, Any]) -> InboundRequest:
    """Read an API Gateway REST proxy event: the channel id and route from the path,
    headers, and the raw body bytes exactly as delivered (not parsed here)."""
    match = _path().search(str(event.get("path") or ""))
    headers = proxy.headers_of(event)
    body = proxy.body_of(event)
    identity = (event.get("requestContext") or {}).get("identity") or {}
    return InboundRequest(
        channel_id=match.group(1) if match else "",
        route=match.group(2) if match else "",
        headers=headers,
        body=body,
        source_ip=identity.get("sourceIp") if isinstance(identity, dict) else None,
    )


def proxy_response(reading: Reading) -> dict[str, Any]:
    """The API Gateway proxy response of a reading (an empty body for Slack's buttons)."""
    headers = {"X-Content-Type-Options": "nosniff", **reading.headers}
    if reading.body is None:
        return {"statusCode": reading.http_status, "headers": headers, "body": "", "isBase64Encoded": False}
    return {
        "statusCode": reading.http_status,
        "headers": {"Content-Type": "application/json", **headers},
        "body": json.dumps(reading.body),
        "isBase64Encoded": False,
    }


def _error(http_status: int, status: str, code: str, message: str) -> Reading:
    return Reading(http_status, {"error": {"code": code, "message": message}}, status, reason=message)


def receive(request: InboundRequest, now: float | None = None) -> tuple[Reading, str]:
    """Handle one inbound request and record it; returns the reading and the request
    row's id (see the module docstring). The row is written before the work is queued,
    so the worker finds it to say what it did."""
    now = clock.now() if now is None else now
    request_id = ids.new_id("chr", now)
    signed, taken = False, list[str]()
    channel: Channel | None = None
    try:
        channel = repository.get(request.channel_id) if _CHANNEL_ID.fullmatch(request.channel_id) else None
        reading, signed = _decide(request, channel, now)
        if channel is not None and reading.work is not None:
            taken = _take(channel, reading, now)
    except Exception:  # noqa: BLE001 - answer and record even an unexpected failure
        logger.exception("channel request failed", extra={"channel_id": request.channel_id[:64], "route": request.route})
        reading = _error(500, models.REJECTED, "internal_error", "internal error; the request was not processed")
    request_id = _record(request, reading, request_id, signed, now, channel)
    if channel is not None and reading.work is not None:
        try:
            _queue(channel, reading, request_id, now)
        except Exception:  # noqa: BLE001 - the platform retries a 5xx: it may be taken then
            logger.exception("channel work could not be queued", extra={"channel_id": channel.channel_id})
            for key in taken:
                request_repository.unsee(channel.channel_id, key)
            reading = _error(500, models.REJECTED, "internal_error", "internal error; the request was not processed")
            _record(request, reading, request_id, signed, now, channel)
    return reading, request_id


def _decide(request: InboundRequest, channel: Channel | None, now: float) -> tuple[Reading, bool]:
    """The reading, and whether the signature was valid."""
    kind = platforms.routes().get(request.route)
    if channel is None or kind is None or channel.kind != kind:
        return _error(404, models.NOT_FOUND, "not_found", "unknown channel, or not a channel of this platform"), False
    if len(request.body) > MAX_BODY_BYTES:
        return _error(413, models.REJECTED, "payload_too_large", f"the body is {len(request.body)} bytes; the limit is {MAX_BODY_BYTES}"), False
    platform = platforms.of(kind)
    check = platform.verify(channel, request.route, request.headers, request.body, now)
    if not check.valid:
        return _error(401, models.UNAUTHORIZED, "invalid_signature", check.reason or "invalid signature"), False
    try:
        return platform.read(channel, request.route, request.body), True
    except BadBody as error:
        return _error(400, models.REJECTED, "bad_request", str(error)), True


def _take(channel: Channel, reading: Reading, now: float) -> list[str]:
    """Take the reading's platform event ids; if one was taken before, the reading is a
    duplicate (answered as before, no work). Returns the ids taken."""
    expires = int(now + SEEN_SECONDS)
    taken: list[str] = []
    for key in reading.keys:
        if not request_repository.see(channel.channel_id, key, expires):
            for earlier in taken:
                request_repository.unsee(channel.channel_id, earlier)
            reading.status, reading.reason, reading.work = models.DUPLICATE, f"already taken ({key.split(':', 1)[0]} seen before): nothing changed", None
            return []
        taken.append(key)
    return taken


def _queue(channel: Channel, reading: Reading, request_id: str, now: float) -> None:
    work = platforms.of(channel.kind).seal(channel, {**(reading.work or {}), "request_id": request_id, "received_at": now})
    send_channel_work(channel.channel_id, channel.agent_id, work, dedup=reading.keys[0] if reading.keys else request_id)


def _record(request: InboundRequest, reading: Reading, request_id: str, signed: bool, now: float, channel: Channel | None) -> str:
    """Record the request: its own row once its signature was valid, else counted.
    Returns the id it is recorded under."""
    if not signed:
        return _count(request, reading, channel, now)
    row = ChannelRequest(
        channel_id=request.channel_id.encode("utf-8", "replace").decode("utf-8")[:128] or "-",
        request_id=request_id,
        route=request.route or "-",
        status=reading.status,
        http_status=reading.http_status,
        reason=reading.reason if reading.status != models.ACCEPTED or reading.reason else None,
        event_type=reading.event_type,
        event_id=reading.event_id,
        user=reading.user,
        signature_valid=signed,
        source_ip=request.source_ip,
        body_bytes=len(request.body),
        received_at=now,
        expires_at=retention.expiry(now, default_days=models.RETENTION_DAYS),
    )
    try:
        request_repository.record(row)
    except Exception:  # noqa: BLE001 - the answer stands even if its record cannot be written
        logger.exception("could not record a channel request", extra={"channel_id": row.channel_id[:64], "status": reading.status})
    return request_id


def _count(request: InboundRequest, reading: Reading, channel: Channel | None, now: float) -> str:
    """Count a request refused before its signature was valid in the item of its
    channel (:data:`UNKNOWN_CHANNEL` for an id that is no channel), minute and reason
    (its numbers aside: "412 s old" and "413 s old" are one reason). Returns its id: a
    ``chr_`` id of the minute's start, so the list shows it among the rows."""
    window = now - now % COUNT_WINDOW_SECONDS
    reason = reading.reason or reading.status
    kind = f"{reading.status}|{request.route}|{_NUMBERS.sub('#', reason)}"
    counted_id = f"{request_repository.REQUEST_PREFIX}{ids.derived_ulid(window, kind)}"
    fields = {
        "route": request.route or "-",
        "status": reading.status,
        "http_status": reading.http_status,
        "reason": reason[:500],
        "signature_valid": False,
        "source_ip": request.source_ip,
        "body_bytes": len(request.body),
    }
    channel_id = channel.channel_id if channel is not None else UNKNOWN_CHANNEL
    try:
        request_repository.count(channel_id, counted_id, fields, now, retention.expiry(now, default_days=models.RETENTION_DAYS))
    except Exception:  # noqa: BLE001 - the answer stands even if its count cannot be written
        logger.exception("could not count a channel request", extra={"channel_id": channel_id[:64], "status": reading.status})
    return counted_id
