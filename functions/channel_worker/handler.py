"""SQS FIFO channel inbox -> a verified platform request's work: a thread message or an
approval decision (one message group per channel: a conversation in order).

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Metrics

from wakeful import assembly
from wakeful.constants import METRICS_NAMESPACE, SERVICE_NAME
from wakeful.observability import capture_lambda_handler

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)


def record_handler(record: Any) -> str:
    from wakeful.channels import inbox

    job = json.loads(record.body)
    logger.append_keys(channel_id=job.get("channel_id"), request_id=job.get("request_id"))
    return inbox.handle(job)


@logger.inject_lambda_context
@capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    from wakeful import sqs_batch  # partial batch failures, in order (FIFO), without Powertools' batch import

    return sqs_batch.process(event, record_handler, fifo=True)
