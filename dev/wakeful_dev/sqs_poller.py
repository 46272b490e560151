"""Polling SQS and calling a handler with Lambda-shaped batches, as an event source
mapping would: up to 10 records, ``batchItemFailures`` honoured (failed messages stay
on the queue and come back after their visibility timeout; after the queue's
maxReceiveCount they move to its DLQ)."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable

from wakeful import aws

logger = logging.getLogger(__name__)


def lambda_records(queue_arn: str, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """SQS messages -> the ``Records`` of a Lambda SQS event."""
    records = []
    for message in messages:
        attributes = message.get("Attributes", {})
        records.append(
            {
                "messageId": message["MessageId"],
                "receiptHandle": message["ReceiptHandle"],
                "body": message["Body"],
                "attributes": attributes,
                "messageAttributes": {
                    name: {
                        "stringValue": value.get("StringValue"),
                        "dataType": value.get("DataType", "String"),
                        "stringListValues": [],
                        "binaryListValues": [],
                    }
                    for name, value in (message.get("MessageAttributes") or {}).items()
                },
                "md5OfBody": message.get("MD5OfBody", ""),
                "eventSource": "aws:sqs",
                "eventSourceARN": queue_arn,
                "awsRegion": "us-east-1",
            }
        )
    return records


class QueuePoller:
    """Feeds one queue to one handler."""

    def __init__(
        self, queue_url: str, invoke: Callable[[dict[str, Any]], Any], *, batch_size: int = 10, concurrency: int = 1
    ) -> None:
        self.queue_url = queue_url
        self.invoke = invoke
        self.batch_size = batch_size
        #: Concurrent invocations, as Lambda scales an event source mapping out. On a
        #: FIFO queue SQS hands a message group to one receiver at a time, so order
        #: within a group holds while different groups (agents) run side by side.
        self.concurrency = concurrency
        self._arn: str | None = None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    @property
    def queue_arn(self) -> str:
        if self._arn is None:
            attrs = aws.client("sqs").get_queue_attributes(QueueUrl=self.queue_url, AttributeNames=["QueueArn"])
            self._arn = attrs["Attributes"]["QueueArn"]
        return self._arn

    def poll_once(self, wait_seconds: int = 0) -> int:
        """Receive one batch and hand it to the handler. Returns messages received."""
        sqs = aws.client("sqs")
        response = sqs.receive_message(
            QueueUrl=self.queue_url,
            MaxNumberOfMessages=self.batch_size,
            WaitTimeSeconds=wait_seconds,
            AttributeNames=["All"],
            MessageAttributeNames=["All"],
        )
        messages = response.get("Messages", [])
        if not messages:
            return 0
        failed: set[str] = set()
        try:
            result = self.invoke({"Records": lambda_records(self.queue_arn, messages)})
            for failure in (result or {}).get("batchItemFailures", []) if isinstance(result, dict) else []:
                failed.add(failure["itemIdentifier"])
        except Exception as error:  # noqa: BLE001 - a failed invocation fails the whole batch, as on Lambda
            # (Powertools raises when every record of a batch failed; each was logged.)
            logger.warning("invocation failed; the batch will be redelivered", extra={"queue": self.queue_url, "error": str(error)[:200]})
            failed = {m["MessageId"] for m in messages}
        done = [m for m in messages if m["MessageId"] not in failed]
        for start in range(0, len(done), 10):
            sqs.delete_message_batch(
                QueueUrl=self.queue_url,
                Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(done[start : start + 10])],
            )
        return len(messages)

    def start(self) -> None:
        """Poll in ``concurrency`` background threads until :meth:`stop`."""
        name = self.queue_url.rsplit("/", 1)[-1]
        for index in range(self.concurrency):
            thread = threading.Thread(target=self._loop, name=f"poller-{name}-{index}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                if self.poll_once(wait_seconds=1) == 0:
                    self._stop.wait(0.05)
            except Exception:  # noqa: BLE001 - keep polling; the emulator may be restarting
                logger.exception("poll failed")
                self._stop.wait(0.5)

    def signal_stop(self) -> None:
        """Ask every polling thread to stop after what it is doing (no wait)."""
        self._stop.set()

    def join(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds in all for the polling threads to end (they are
        daemon threads: one still busy does not keep the process alive)."""
        deadline = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))

    def stop(self) -> None:
        self.signal_stop()
        self.join(5.0)
