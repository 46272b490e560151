"""SQS work queues, each with a DLQ, built from :mod:`wakeful.constants`.

The work queues are the logical queues that have a consumer function
(``wakeful.constants.QUEUE_FUNCTIONS``, the same map ``wakeful dev`` polls with);
``<queue>_dlq`` entries of ``QUEUE_ENV`` name their DLQs. FIFO queues
(``FIFO_QUEUES``) use high-throughput FIFO: deduplication and throughput per message
group, one group per agent. A message moves to the DLQ after ``QUEUE_MAX_RECEIVES``
receives; the visibility timeout is six times the consumer's timeout (AWS's guidance
for Lambda event sources), so a slow but healthy batch is never delivered twice.
"""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.names import camel
from wakeful import constants

#: Lambda's guidance: queue visibility >= 6 x the function timeout (+ batching window).
VISIBILITY_FACTOR = 6


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
            dlq = sqs.Queue(
                self,
                f"{camel(logical)}Dlq",
                retention_period=Duration.days(14),
                enforce_ssl=True,
                encryption=sqs.QueueEncryption.SQS_MANAGED,
                **({"fifo": True} if fifo else {}),
            )
            visibility = VISIBILITY_FACTOR * consumer_timeouts[consumer]
            queue = sqs.Queue(
                self,
                f"{camel(logical)}Queue",
                visibility_timeout=Duration.seconds(visibility),
                retention_period=Duration.days(4),
                enforce_ssl=True,
                encryption=sqs.QueueEncryption.SQS_MANAGED,
                dead_letter_queue=sqs.DeadLetterQueue(max_receive_count=constants.QUEUE_MAX_RECEIVES, queue=dlq),
                **fifo_props,
            )
            self.queues[logical] = queue
            self.dlqs[logical] = dlq
            self.visibility_seconds[logical] = visibility
            if f"{logical}_dlq" in constants.QUEUE_ENV:
                self.queues[f"{logical}_dlq"] = dlq
        missing = set(constants.QUEUE_ENV) - set(self.queues)
        if missing:
            raise ValueError(f"QUEUE_ENV names queues the stack does not build: {sorted(missing)}")
