"""SQS heartbeat queue -> advance each heartbeat (partial batch failures).

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import assembly
from wakeful.heartbeats.manifest import HEARTBEATS_COMPLETED
from wakeful.constants import METRICS_NAMESPACE, SERVICE_NAME
from wakeful.observability import capture_lambda_handler, log_context

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)


def record_handler(record: Any) -> str:
    from wakeful.heartbeats import orchestrator

    message = json.loads(record.body)
    # Thread-local and removed after the record: the next record (or function) must
    # not log under this one's ids.
    logger.thread_safe_append_keys(agent_id=message["agent_id"], heartbeat_id=message["heartbeat_id"])
    try:
        outcome = orchestrator.process(message["agent_id"], message["heartbeat_id"], message.get("attempt"))
        if outcome.startswith("completed"):
            metrics.add_metric(name=HEARTBEATS_COMPLETED, unit=MetricUnit.Count, value=1)
        logger.info("heartbeat advanced", outcome=outcome)
        return outcome
    finally:
        logger.thread_safe_remove_keys(["agent_id", "heartbeat_id"])


@logger.inject_lambda_context(clear_state=True)
@log_context(logger)
@capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    from wakeful import sqs_batch  # partial batch failures without Powertools' batch import

    return sqs_batch.process(event, record_handler)
