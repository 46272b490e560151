"""Sending work to the SQS queues, ten messages a call."""

from __future__ import annotations

import json
from typing import Any, Iterable

from wakeful import aws
from wakeful.config import get_settings


def _send(queue: str, entries: list[dict[str, Any]]) -> None:
    url = get_settings().queue(queue)
    if not url:
        raise RuntimeError(f"queue {queue!r} is not configured")
    sqs = aws.client("sqs")
    for start in range(0, len(entries), 10):
        batch = entries[start : start + 10]
        response = sqs.send_message_batch(QueueUrl=url, Entries=batch)
        failed = response.get("Failed") or []
        if failed:
            # Let the caller's message be retried; every consumer is idempotent.
            raise RuntimeError(f"SendMessageBatch to {queue} failed for {len(failed)} entries: {failed[0]}")


def send_heartbeats(messages: Iterable[dict[str, Any]]) -> int:
    """Queue heartbeat work: ``{agent_id, heartbeat_id, attempt?}`` each."""
    entries = [{"Id": str(i), "MessageBody": json.dumps(m, separators=(",", ":"))} for i, m in enumerate(messages)]
    if entries:
        _send("heartbeat", entries)
    return len(entries)


def send_actions(agent_id: str, action_ids: list[str], dispatch: str) -> int:
    """Queue actions on the FIFO action queue, in order, one message group per agent.

    ``dispatch`` distinguishes a deliberate re-dispatch from a duplicate send, for
    FIFO de-duplication.
    """
    entries = [
        {
            "Id": str(i),
            "MessageBody": json.dumps({"action_id": a, "agent_id": agent_id}, separators=(",", ":")),
            "MessageGroupId": agent_id,
            "MessageDeduplicationId": f"{a}-{dispatch}",
        }
        for i, a in enumerate(action_ids)
    ]
    if entries:
        _send("action", entries)
    return len(entries)


def send_schedule_runs(messages: Iterable[dict[str, Any]]) -> int:
    """Queue claimed schedule runs: ``{agent_id, schedule_id, result_id}`` each."""
    entries = [{"Id": str(i), "MessageBody": json.dumps(m, separators=(",", ":"))} for i, m in enumerate(messages)]
    if entries:
        _send("schedule", entries)
    return len(entries)
