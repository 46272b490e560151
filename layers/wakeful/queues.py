"""Sending work to the SQS queues, in batches SendMessageBatch takes.

Generic: each capability's ``queue.py`` says what its queues carry (the heartbeats',
the actions', the threads' ...) and sends through :func:`send_batch`,
:func:`send_fifo`, :func:`send_fifo_batch` and :func:`send_delayed`.

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


def _body(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def send_batch(queue: str, messages: Iterable[dict[str, Any]]) -> int:
    """Queue JSON ``messages`` on a standard queue, in order; returns how many."""
    entries = [{"Id": str(i), "MessageBody": _body(m)} for i, m in enumerate(messages)]
    if entries:
        _send(queue, entries)
    return len(entries)


def dedup_id(text: str) -> str:
    """A FIFO deduplication id (at most 128 characters) for ``text``."""
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()


def send_fifo(queue: str, message: dict[str, Any], *, group: str, dedup: str) -> None:
    """Queue one JSON message on a FIFO queue, in message group ``group``; the same
    ``dedup`` text sent again within 5 minutes is deduplicated by SQS."""
    entry = {"Id": "0", "MessageBody": _body(message), "MessageGroupId": group, "MessageDeduplicationId": dedup_id(dedup)}
    _send(queue, [entry])


def send_fifo_batch(queue: str, messages: Iterable[tuple[dict[str, Any], str]], *, group: str) -> int:
    """Queue ``(message, dedup id)`` pairs on a FIFO queue, in order, in one message
    group (the ids are used as they are: at most 128 characters); returns how many."""
    entries = [
        {"Id": str(i), "MessageBody": _body(m), "MessageGroupId": group, "MessageDeduplicationId": dedup}
        for i, (m, dedup) in enumerate(messages)
    ]
    if entries:
        _send(queue, entries)
    return len(entries)


def send_delayed(queue: str, message: dict[str, Any], *, delay_seconds: int = 0) -> None:
    """Queue one JSON message on a standard queue, visible after ``delay_seconds`` (at
    most 900, SQS's longest delay)."""
    entry: dict[str, Any] = {"Id": "0", "MessageBody": _body(message)}
    if delay_seconds > 0:
        entry["DelaySeconds"] = min(int(delay_seconds), 900)
    _send(queue, [entry])
