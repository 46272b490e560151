"""The channels' queues: the inbox (FIFO, one group per channel: verified platform
requests for the channel worker) and the outbox (messages out; a retry waits with
``DelaySeconds``)."""

from __future__ import annotations

from typing import Any

from wakeful import queues


def send_channel_work(channel_id: str, agent_id: str, work: dict[str, Any], dedup: str) -> None:
    """Queue a verified platform request's work for the channel worker (one message
    group per channel: a conversation's messages in the order they came). ``dedup``
    (the platform's event id) makes a resend within 5 minutes a no-op."""
    body = {**work, "channel_id": channel_id, "agent_id": agent_id}
    queues.send_fifo("channel_inbox", body, group=channel_id, dedup=f"{channel_id}:{dedup}")


def send_channel_delivery(delivery_id: str, agent_id: str, *, delay_seconds: int = 0) -> None:
    """Queue a channel delivery's next attempt, after ``delay_seconds`` (at most 900,
    SQS's longest delay)."""
    queues.send_delayed("channel_outbox", {"delivery_id": delivery_id, "agent_id": agent_id}, delay_seconds=delay_seconds)
