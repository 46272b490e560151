"""SQS ingest queue -> each message appended once to its agent's log; messages that can
never be valid go to the ingest DLQ at once (partial batch failures for the rest).

The partial batch response is built by :mod:`wakeful.ingest.sqs` rather than
Powertools' BatchProcessor, whose import alone costs a third of ``import boto3``:
this function's cold start is kept small (issue 4).
"""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import observability
from wakeful.ingest import sqs

logger = Logger(service="wakeful")
tracer = Tracer(service="wakeful")
metrics = Metrics(namespace="Wakeful", service="wakeful")


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: object) -> dict:
    result = sqs.process_batch(event.get("Records", []))
    metrics.add_metric(name=observability.EVENTS_INGESTED, unit=MetricUnit.Count, value=len(result.appended))
    metrics.add_metric(name=observability.INGEST_MESSAGES_INVALID, unit=MetricUnit.Count, value=len(result.dead_lettered))
    logger.info(
        "ingest batch processed",
        appended=len(result.appended),
        duplicates=len(result.duplicates),
        dead_lettered=len(result.dead_lettered),
        failed=len(result.failed),
    )
    return result.response()
