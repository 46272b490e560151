"""EventBridge schedule -> claim due heartbeats and fan them out.

The scheduled event carries ``time`` (the scan's "now") and, when the deployment scans
its shards in parallel groups, ``shards`` (this invocation's group; all when absent).

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import assembly
from wakeful.heartbeats.manifest import HEARTBEATS_CLAIMED, HEARTBEATS_FAILED, HEARTBEATS_REQUEUED, SCAN_ITEMS_READ
from wakeful.schedules.manifest import SCHEDULE_RUNS_CLAIMED, SCHEDULE_RUNS_SKIPPED
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
    from wakeful import clock
    from wakeful.heartbeats.scan import scan

    # The scheduled event's time is "now"; it is also how tests move the clock forward.
    now = clock.parse_iso(event["time"]) if event.get("time") else clock.now()
    result = scan(now, event.get("shards"))
    metrics.add_metric(name=HEARTBEATS_CLAIMED, unit=MetricUnit.Count, value=result.claimed)
    metrics.add_metric(name=HEARTBEATS_REQUEUED, unit=MetricUnit.Count, value=result.requeued)
    metrics.add_metric(name=HEARTBEATS_FAILED, unit=MetricUnit.Count, value=result.failed)
    metrics.add_metric(name=SCAN_ITEMS_READ, unit=MetricUnit.Count, value=result.items_read)
    schedules = result.schedules
    metrics.add_metric(name=SCHEDULE_RUNS_CLAIMED, unit=MetricUnit.Count, value=schedules.claimed)
    metrics.add_metric(name=SCHEDULE_RUNS_SKIPPED, unit=MetricUnit.Count, value=schedules.skipped)
    logger.info("scan finished", claimed=result.claimed, quiet=result.quiet, requeued=result.requeued, failed=result.failed, schedules_claimed=schedules.claimed)
    return {
        "shards": list(result.shards),
        "claimed": result.claimed,
        "quiet": result.quiet,
        "requeued": result.requeued,
        "failed": result.failed,
        "items_read": result.items_read,
        "hooks_taken_over": result.hooks_taken_over,
        "schedules": {
            "claimed": schedules.claimed,
            "skipped": schedules.skipped,
            "advanced": schedules.advanced,
            "resent": schedules.resent,
            "failed": schedules.failed,
            "items_read": schedules.items_read,
        },
        "due": result.due,
    }
