"""EventBridge schedule -> claim due heartbeats and fan them out."""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import clock, observability
from wakeful.heartbeats.scan import scan

logger = Logger(service="wakeful")
tracer = Tracer(service="wakeful")
metrics = Metrics(namespace="Wakeful", service="wakeful")


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: object) -> dict:
    # The scheduled event's time is "now"; it is also how tests move the clock forward.
    now = clock.parse_iso(event["time"]) if event.get("time") else clock.now()
    result = scan(now)
    metrics.add_metric(name=observability.HEARTBEATS_CLAIMED, unit=MetricUnit.Count, value=result.claimed)
    metrics.add_metric(name=observability.HEARTBEATS_REQUEUED, unit=MetricUnit.Count, value=result.requeued)
    metrics.add_metric(name=observability.HEARTBEATS_FAILED, unit=MetricUnit.Count, value=result.failed)
    metrics.add_metric(name=observability.SCAN_ITEMS_READ, unit=MetricUnit.Count, value=result.items_read)
    logger.info("scan finished", claimed=result.claimed, requeued=result.requeued, failed=result.failed)
    return {"claimed": result.claimed, "requeued": result.requeued, "failed": result.failed, "items_read": result.items_read}
