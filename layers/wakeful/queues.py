"""Sending work to the SQS queues, in batches SendMessageBatch takes.

A batch holds at most 10 messages and 1 MiB in all (:data:`wakeful.limits.SQS_BATCH_BYTES`,
the sum of its messages' sizes); each message is at most 1 MiB
(:data:`wakeful.limits.SQS_MESSAGE_BYTES`, the ``MaximumMessageSize`` every queue of the
stack states). Messages are sent in order, in as many batches as those limits need; a
message over the limit is refused before anything is sent (a batch SQS refuses would be
refused again on every retry).
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Iterator

from wakeful import aws
from wakeful.config import get_settings
from wakeful.exceptions import PayloadTooLargeError
from wakeful.limits import SQS_BATCH_BYTES, SQS_BATCH_ENTRIES, SQS_MESSAGE_BYTES


class QueueMessageTooLargeError(PayloadTooLargeError):
    """A message over what an SQS message holds (1 MiB): nothing was sent."""


def message_bytes(entry: dict[str, Any]) -> int:
    """A batch entry's size as SQS counts it: the body's UTF-8 bytes and each message
    attribute's name, type and value."""
    size = len(entry["MessageBody"].encode("utf-8", "surrogatepass"))
    for name, attribute in (entry.get("MessageAttributes") or {}).items():
        value = attribute.get("StringValue")
        size += len(name.encode()) + len(attribute["DataType"].encode())
        size += len(value.encode("utf-8", "surrogatepass")) if value is not None else len(attribute.get("BinaryValue") or b"")
    return size


def batches(entries: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """The entries, in order, in batches of at most :data:`SQS_BATCH_ENTRIES` messages
    and :data:`SQS_BATCH_BYTES` in all.

    Raises:
        QueueMessageTooLargeError: a message over :data:`SQS_MESSAGE_BYTES`, before any
            batch is given.
    """
    sizes = [message_bytes(entry) for entry in entries]
    for size in sizes:
        if size > SQS_MESSAGE_BYTES:
            raise QueueMessageTooLargeError(f"a queue message of {size} bytes is over SQS's limit of {SQS_MESSAGE_BYTES} (1 MiB); nothing was sent")
    batch: list[dict[str, Any]] = []
    used = 0
    for entry, size in zip(entries, sizes, strict=True):
        if batch and (len(batch) >= SQS_BATCH_ENTRIES or used + size > SQS_BATCH_BYTES):
            yield batch
            batch, used = [], 0
        batch.append(entry)
        used += size
    if batch:
        yield batch


def _send(queue: str, entries: list[dict[str, Any]]) -> None:
    url = get_settings().queue(queue)  # NotConfiguredError: this function was not given it
    sqs = aws.client("sqs")
    for batch in list(batches(entries)):  # every message checked before the first send
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


def send_ingest(messages: Iterable[dict[str, Any]]) -> int:
    """Queue events for the ingest queue (``{agent_id, event_type, payload, ...,
    idempotency_key}`` each; see :mod:`wakeful.ingest.sqs`)."""
    entries = [{"Id": str(i), "MessageBody": json.dumps(m, separators=(",", ":"))} for i, m in enumerate(messages)]
    if entries:
        _send("ingest", entries)
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


def _dedup(text: str) -> str:
    """A FIFO deduplication id (at most 128 characters) for ``text``."""
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()


def send_thread_step(agent_id: str, thread_id: str, step_key: str) -> None:
    """Queue one step of a thread run (one message group per thread: one step at a
    time). Sending the same step again within 5 minutes is deduplicated by SQS."""
    body = {"agent_id": agent_id, "thread_id": thread_id, "step_key": step_key}
    _send(
        "thread",
        [
            {
                "Id": "0",
                "MessageBody": json.dumps(body, separators=(",", ":")),
                "MessageGroupId": thread_id,
                "MessageDeduplicationId": _dedup(f"{thread_id}:{step_key}"),
            }
        ],
    )


def send_route(agent_id: str, reason: str, *, thread_id: str | None = None) -> bool:
    """Ask the router to route the agent's log up to now (one group per agent).
    ``reason`` (e.g. ``seq:42``) deduplicates repeats; ``thread_id`` asks it to match
    that thread's new waits against events it already routed.

    Raises:
        NotConfiguredError: this function was not given the route queue.
    """
    body: dict[str, Any] = {"agent_id": agent_id}
    if thread_id:
        body["thread_id"] = thread_id
    _send(
        "route",
        [
            {
                "Id": "0",
                "MessageBody": json.dumps(body, separators=(",", ":")),
                "MessageGroupId": agent_id,
                "MessageDeduplicationId": _dedup(f"{agent_id}:{reason}"),
            }
        ],
    )
    return True


def send_schedule_runs(messages: Iterable[dict[str, Any]]) -> int:
    """Queue claimed schedule runs: ``{agent_id, schedule_id, result_id}`` each."""
    entries = [{"Id": str(i), "MessageBody": json.dumps(m, separators=(",", ":"))} for i, m in enumerate(messages)]
    if entries:
        _send("schedule", entries)
    return len(entries)


def send_channel_work(channel_id: str, agent_id: str, work: dict[str, Any], dedup: str) -> None:
    """Queue a verified platform request's work for the channel worker (one message
    group per channel: a conversation's messages in the order they came). ``dedup``
    (the platform's event id) makes a resend within 5 minutes a no-op."""
    body = {**work, "channel_id": channel_id, "agent_id": agent_id}
    _send(
        "channel_inbox",
        [
            {
                "Id": "0",
                "MessageBody": json.dumps(body, separators=(",", ":")),
                "MessageGroupId": channel_id,
                "MessageDeduplicationId": _dedup(f"{channel_id}:{dedup}"),
            }
        ],
    )


def send_channel_delivery(delivery_id: str, agent_id: str, *, delay_seconds: int = 0) -> None:
    """Queue a channel delivery's next attempt, after ``delay_seconds`` (at most 900,
    SQS's longest delay)."""
    body = {"delivery_id": delivery_id, "agent_id": agent_id}
    entry: dict[str, Any] = {"Id": "0", "MessageBody": json.dumps(body, separators=(",", ":"))}
    if delay_seconds > 0:
        entry["DelaySeconds"] = min(int(delay_seconds), 900)
    _send("channel_outbox", [entry])
