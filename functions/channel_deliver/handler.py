"""SQS channel outbox -> one attempt of a message to Slack, Discord, Telegram or SES
(partial batch failures; a retry waits in the queue).

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import assembly
from wakeful.channels.manifest import CHANNEL_ATTEMPTS_RETRIED, CHANNEL_DELIVERIES_FAILED, CHANNEL_DELIVERIES_SUCCEEDED
from wakeful.constants import METRICS_NAMESPACE, SERVICE_NAME
from wakeful.observability import capture_lambda_handler

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)

#: attempt outcome -> the metric it counts toward
_OUTCOME_METRICS = {
    "delivered": CHANNEL_DELIVERIES_SUCCEEDED,
    "failed": CHANNEL_DELIVERIES_FAILED,
    "retry": CHANNEL_ATTEMPTS_RETRIED,
}


def record_handler(record: Any) -> str:
    from wakeful.channels import delivery

    job = json.loads(record.body)
    logger.append_keys(delivery_id=job.get("delivery_id"))
    outcome = delivery.attempt(job)
    metric = _OUTCOME_METRICS.get(outcome)
    if metric:
        metrics.add_metric(name=metric, unit=MetricUnit.Count, value=1)
    return outcome


@logger.inject_lambda_context
@capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    from wakeful import sqs_batch  # partial batch failures without Powertools' batch import

    return sqs_batch.process(event, record_handler)
