"""SQS batches with partial failures, for the queue-fed handlers.

What Powertools' ``BatchProcessor`` and ``SqsFifoPartialProcessor`` do for these
handlers, without their import (about a sixth of ``import boto3`` on a cold start,
docs/operations.md "Cold starts"): each record goes to the record handler; a record
whose handler raises is reported in ``batchItemFailures`` and retried by SQS, the others
are deleted. On a FIFO queue the records after a failed one are not processed and are
reported too, so that a message group keeps its order.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

logger = logging.getLogger(__name__)


class SqsRecord:
    """One record of a Lambda SQS event (the attributes the handlers read)."""

    __slots__ = ("raw",)

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw

    @property
    def message_id(self) -> str:
        return str(self.raw["messageId"])

    @property
    def body(self) -> str:
        return str(self.raw.get("body") or "")

    @property
    def attributes(self) -> dict[str, Any]:
        return dict(self.raw.get("attributes") or {})


def process(event: dict[str, Any], record_handler: Callable[[SqsRecord], Any], *, fifo: bool = False) -> dict[str, Any]:
    """Run ``record_handler`` on each record of ``event``; the partial batch response
    (``{"batchItemFailures": [{"itemIdentifier": message id}, ...]}``)."""
    failures: list[str] = []
    for raw in event.get("Records") or []:
        record = SqsRecord(raw)
        if fifo and failures:
            failures.append(record.message_id)  # after a failure in a FIFO batch: not processed
            continue
        try:
            record_handler(record)
        except Exception:  # noqa: BLE001 - the record is retried by SQS (then its DLQ)
            logger.exception("record failed; SQS will retry it", extra={"message_id": record.message_id})
            failures.append(record.message_id)
    return {"batchItemFailures": [{"itemIdentifier": message_id} for message_id in failures]}
