"""SQS work queues, each with a DLQ, built from :mod:`wakeful.constants`.

The work queues are the logical queues that have a consumer function
(``wakeful.constants.QUEUE_FUNCTIONS``, the same map ``wakeful dev`` polls with);
``<queue>_dlq`` entries of ``QUEUE_ENV`` name their DLQs. FIFO queues
(``FIFO_QUEUES``) use high-throughput FIFO: deduplication and throughput per message
group, one group per agent. A message moves to the DLQ after ``QUEUE_MAX_RECEIVES``
receives; the visibility timeout is six times the consumer's timeout (AWS's guidance
for Lambda event sources), so a slow but healthy batch is never delivered twice.

Every queue of the stack, DLQs included, is made by :func:`queue`: encrypted at rest with
SQS-managed keys, stated in the template (``SqsManagedSseEnabled``) rather than left to
SQS's default, and TLS-only. Each states its ``MaximumMessageSize`` too: 1 MiB
(:data:`wakeful.limits.SQS_MESSAGE_BYTES`), the size the senders check against.
"""

from __future__ import annotations

from typing import Any

from aws_cdk import Duration
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.names import camel
from wakeful import constants, limits

#: Lambda's guidance: queue visibility >= 6 x the function timeout (+ batching window).
VISIBILITY_FACTOR = 6


def queue(scope: Construct, construct_id: str, **props: Any) -> sqs.Queue:
    """A queue encrypted at rest with SQS-managed keys (SSE-SQS) that refuses plain HTTP.

    SSE-SQS rather than a KMS key: no sender or consumer needs a KMS grant (the Lambda
    pollers, the scheduler's and the functions' roles, trusted senders of the ingest queue
    in other accounts, which the AWS-managed ``aws/sqs`` key cannot serve), and a
    customer-managed key would add a key policy to keep in step with every one of them
    (docs/operations.md, "The IaC scanner").
    """
    return sqs.Queue(
        scope,
        construct_id,
        enforce_ssl=True,
        encryption=sqs.QueueEncryption.SQS_MANAGED,
        max_message_size_bytes=limits.SQS_MESSAGE_BYTES,
        **props,
    )


def work_queues() -> dict[str, str]:
    """Logical work queue -> the function consuming it."""
    return {q: f for q, f in constants.QUEUE_FUNCTIONS.items() if q in constants.QUEUE_ENV}


class Queues(Construct):
    """The work queues and their DLQs; ``queues`` holds every ``QUEUE_ENV`` name."""

    def __init__(self, scope: Construct, construct_id: str, *, consumer_timeouts: dict[str, int]) -> None:
        super().__init__(scope, construct_id)
        self.queues: dict[str, sqs.Queue] = {}
        self.dlqs: dict[str, sqs.Queue] = {}
        self.visibility_seconds: dict[str, int] = {}
        for logical, consumer in work_queues().items():
            fifo = logical in constants.FIFO_QUEUES
            fifo_props = (
                {
                    "fifo": True,
                    "deduplication_scope": sqs.DeduplicationScope.MESSAGE_GROUP,
                    "fifo_throughput_limit": sqs.FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
                }
                if fifo
                else {}
            )
            dlq = queue(self, f"{camel(logical)}Dlq", retention_period=Duration.days(14), **({"fifo": True} if fifo else {}))
            visibility = VISIBILITY_FACTOR * consumer_timeouts[consumer]
            work = queue(
                self,
                f"{camel(logical)}Queue",
                visibility_timeout=Duration.seconds(visibility),
                retention_period=Duration.days(4),
                dead_letter_queue=sqs.DeadLetterQueue(max_receive_count=constants.QUEUE_MAX_RECEIVES, queue=dlq),
                **fifo_props,
            )
            self.queues[logical] = work
            self.dlqs[logical] = dlq
            self.visibility_seconds[logical] = visibility
            if f"{logical}_dlq" in constants.QUEUE_ENV:
                self.queues[f"{logical}_dlq"] = dlq
        missing = set(constants.QUEUE_ENV) - set(self.queues)
        if missing:
            raise ValueError(f"QUEUE_ENV names queues the stack does not build: {sorted(missing)}")
