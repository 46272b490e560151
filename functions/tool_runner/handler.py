"""SQS FIFO action queue -> run each action's tool, in order (partial batch failures)."""

from __future__ import annotations

import json

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.batch import SqsFifoPartialProcessor, process_partial_response
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord

from wakeful import observability
from wakeful.actions import runner

logger = Logger(service="wakeful")
tracer = Tracer(service="wakeful")
metrics = Metrics(namespace="Wakeful", service="wakeful")
processor = SqsFifoPartialProcessor()


def record_handler(record: SQSRecord) -> str:
    message = json.loads(record.body)
    logger.append_keys(agent_id=message.get("agent_id"), action_id=message["action_id"])
    outcome = runner.run(message["action_id"])
    if outcome == "completed":
        metrics.add_metric(name=observability.ACTIONS_COMPLETED, unit=MetricUnit.Count, value=1)
    elif outcome == "failed":
        metrics.add_metric(name=observability.ACTIONS_FAILED, unit=MetricUnit.Count, value=1)
    logger.info("action processed", outcome=outcome)
    return outcome


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: object) -> dict:
    return process_partial_response(event=event, record_handler=record_handler, processor=processor, context=context)
