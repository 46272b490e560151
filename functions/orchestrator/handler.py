"""SQS heartbeat queue -> advance each heartbeat (partial batch failures)."""

from __future__ import annotations

import json

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord

from wakeful import observability
from wakeful.heartbeats import orchestrator

logger = Logger(service="wakeful")
tracer = Tracer(service="wakeful")
metrics = Metrics(namespace="Wakeful", service="wakeful")
processor = BatchProcessor(event_type=EventType.SQS)


def record_handler(record: SQSRecord) -> str:
    message = json.loads(record.body)
    logger.append_keys(agent_id=message["agent_id"], heartbeat_id=message["heartbeat_id"])
    outcome = orchestrator.process(message["agent_id"], message["heartbeat_id"], message.get("attempt"))
    if outcome.startswith("completed"):
        metrics.add_metric(name=observability.HEARTBEATS_COMPLETED, unit=MetricUnit.Count, value=1)
    logger.info("heartbeat advanced", outcome=outcome)
    return outcome


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: object) -> dict:
    return process_partial_response(event=event, record_handler=record_handler, processor=processor, context=context)
