"""One attempt of a channel delivery (the channel_deliver function's work).

A job names a delivery. The attempt takes it (:func:`delivery_repository.claim`: one
attempt at a time, counted), formats it for the channel's platform, and posts the parts
not yet posted, recording each as it goes, so a retry after a failed second part never
posts the first again. Then:

- every part posted → ``delivered``; the platform's message ids are linked to the
  thread, so a reply to one continues that thread;
- a 429, a 5xx, a timeout or a broken connection → another attempt after ``base ×
  2^(n−1)`` seconds (±20 %; ``WAKEFUL_HOOK_BACKOFF_BASE_SECONDS``, as hooks) or the
  platform's ``Retry-After`` if longer, through the queue (SQS delays of up to 15
  minutes; a longer wait is taken in several), until
  :data:`~wakeful.channels.models.MAX_ATTEMPTS`;
- anything else (a bad token, an unknown channel, ``{"ok": false}``) → ``failed``,
  with the reason.

Nothing here raises for the platform's faults: a job that ran is done (its message is
deleted); only a failure of Wakeful's own (DynamoDB, SQS) lets SQS deliver it again, and
the claim then finds where it stood.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from wakeful import clock
from wakeful.backoff import retry_delay
from wakeful.channels import delivery_repository, link_repository, models, platforms, repository
from wakeful.channels.platforms.base import Outcome, redact
from wakeful.channels.records import Channel, ChannelDelivery, ChannelLink, secrets_of
from wakeful.config import get_settings
from wakeful.channels.queue import send_channel_delivery

logger = logging.getLogger(__name__)

DELIVERED = "delivered"
RETRY = "retry"
FAILED = "failed"
SKIPPED = "skipped"
WAITING = "waiting"

#: How long an attempt holds its delivery (every part's deadline, and more).
LEASE_SECONDS = 120
#: SQS's longest delay.
MAX_QUEUE_DELAY = 900


def attempt(job: dict[str, Any]) -> str:
    """Make the next attempt of the delivery a job names; returns what happened."""
    delivery = delivery_repository.get(str(job.get("delivery_id") or ""))
    if delivery is None or delivery.status != models.PENDING:
        return SKIPPED
    now = clock.now()
    if delivery.not_before and delivery.not_before > now + 0.5:
        # Not yet (a Retry-After longer than SQS delays): wait on in the queue.
        send_channel_delivery(delivery.delivery_id, delivery.agent_id, delay_seconds=_delay_seconds(delivery.not_before - now))
        return WAITING
    if delivery.not_before and delivery.not_before > now:
        time.sleep(delivery.not_before - now)  # the rounding of SQS's whole-second delays
        now = clock.now()
    claimed = delivery_repository.claim(delivery.delivery_id, delivery.attempts, now, now + LEASE_SECONDS)
    if claimed is None:
        return SKIPPED  # another attempt has it, or had it
    channel = repository.get(claimed.channel_id)
    if channel is None:
        delivery_repository.finish(claimed.delivery_id, models.FAILED, now, error="the channel was deleted")
        return FAILED
    return _send(channel, claimed)


def _send(channel: Channel, delivery: ChannelDelivery) -> str:
    platform = platforms.of(channel.kind)
    try:
        parts = platform.parts(channel, delivery)
    except Exception as problem:  # noqa: BLE001 - a message that cannot be formatted fails, with why
        logger.exception("channel message could not be formatted", extra={"delivery_id": delivery.delivery_id})
        delivery_repository.finish(delivery.delivery_id, models.FAILED, clock.now(), error=f"the message could not be formatted: {type(problem).__name__}")
        return FAILED
    outcome = Outcome(True)
    sent = delivery.parts_sent
    for index in range(delivery.parts_sent, len(parts)):
        outcome = platform.post(channel, delivery, parts[index], index)
        if not outcome.ok:
            break
        sent = index + 1
        delivery_repository.part_sent(delivery.delivery_id, sent, outcome.message_id, clock.now())
        _link(channel, delivery, outcome)
    now = clock.now()
    if outcome.ok:
        delivery_repository.finish(delivery.delivery_id, models.DELIVERED, now, status_code=outcome.status_code)
        logger.info("channel delivery delivered", extra={"delivery_id": delivery.delivery_id, "kind": channel.kind, "attempts": delivery.attempts})
        return DELIVERED
    # A platform may repeat what it was sent (a token, in an error or a description):
    # no secret of the channel reaches the delivery log, the logs or anyone reading them.
    error = redact(outcome.error or "failed", tuple(secrets_of(channel).values()))
    if outcome.retry and delivery.attempts < models.MAX_ATTEMPTS:
        delay = retry_delay(get_settings().hook_backoff_base_seconds, delivery.attempts, retry_after=outcome.retry_after)
        delivery_repository.retry_later(delivery.delivery_id, now, error=error, status_code=outcome.status_code, not_before=now + delay)
        send_channel_delivery(delivery.delivery_id, delivery.agent_id, delay_seconds=_delay_seconds(delay))
        logger.info("channel delivery will be retried", extra={"delivery_id": delivery.delivery_id, "attempts": delivery.attempts, "delay": round(delay, 3)})
        return RETRY
    if outcome.retry:
        error = f"{error} (gave up after {delivery.attempts} attempts)"
    delivery_repository.finish(delivery.delivery_id, models.FAILED, now, error=error, status_code=outcome.status_code)
    logger.warning("channel delivery failed", extra={"delivery_id": delivery.delivery_id, "kind": channel.kind, "error": error[:200]})
    return FAILED


def _delay_seconds(seconds: float) -> int:
    """A delay in whole seconds for SQS (the attempt waits out the fraction itself)."""
    return max(0, min(MAX_QUEUE_DELAY, int(seconds)))


def _link(channel: Channel, delivery: ChannelDelivery, outcome: Outcome) -> None:
    """A posted message of a thread: a reply to it (Telegram) or in its Slack thread
    continues that thread."""
    if not delivery.thread_id or not outcome.message_id:
        return
    platform = platforms.of(channel.kind)
    message_id = platform.reply_ref(delivery, outcome)
    if not message_id:
        return
    conversation = outcome.conversation or delivery.conversation or str(platform.conversation(channel))
    now = clock.now()
    link_repository.put(
        ChannelLink(
            channel_id=channel.channel_id,
            link_key=models.message_link(conversation, str(message_id)),
            agent_id=delivery.agent_id,
            thread_id=delivery.thread_id,
            created_at=now,
            expires_at=int(now + models.LINK_DAYS * 86400),
        )
    )

