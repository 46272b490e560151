"""SQS ingest queue -> each message appended once to its agent's log; messages that can
never be valid go to the ingest DLQ at once (partial batch failures for the rest).

Kept small: no management API, no anthropic, and no Powertools BatchProcessor (its
import alone costs a third of ``import boto3``; :mod:`wakeful.ingest.sqs` builds the
partial batch response itself). Domain modules load at the first invocation
(docs/operations.md, "Cold starts"; bench/webhooks_bench.py prints both costs).
"""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import assembly
from wakeful.ingest.manifest import EVENTS_INGESTED, INGEST_MESSAGES_INVALID
from wakeful.constants import METRICS_NAMESPACE, SERVICE_NAME
from wakeful.observability import capture_lambda_handler, log_context

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)


@logger.inject_lambda_context(clear_state=True)
@log_context(logger)
@capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: object) -> dict:
    from wakeful.ingest import sqs

    result = sqs.process_batch(event.get("Records", []))
    metrics.add_metric(name=EVENTS_INGESTED, unit=MetricUnit.Count, value=len(result.appended))
    metrics.add_metric(name=INGEST_MESSAGES_INVALID, unit=MetricUnit.Count, value=len(result.dead_lettered))
    logger.info(
        "ingest batch processed",
        appended=len(result.appended),
        duplicates=len(result.duplicates),
        dead_lettered=len(result.dead_lettered),
        failed=len(result.failed),
    )
    return result.response()
