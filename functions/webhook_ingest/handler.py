"""API Gateway POST /webhooks/{webhook_id} -> verify the signature over the raw body,
rate-limit, append the event (docs/webhooks.md).

Kept small on purpose: it imports neither the management API (wakeful.api, the
resolver) nor anthropic, and its domain modules load at the first invocation
(docs/operations.md, "Cold starts"; bench/webhooks_bench.py prints both costs).
Bodies, secrets and signatures are never logged.
"""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import assembly
from wakeful.ingest.manifest import EVENTS_INGESTED
from wakeful.webhooks.manifest import WEBHOOK_REQUESTS_ACCEPTED, WEBHOOK_REQUESTS_DUPLICATE, WEBHOOK_REQUESTS_INVALID_SIGNATURE, WEBHOOK_REQUESTS_RATE_LIMITED, WEBHOOK_REQUESTS_REJECTED
from wakeful.constants import METRICS_NAMESPACE, SERVICE_NAME
from wakeful.observability import capture_lambda_handler, log_context

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)

STATUS_METRICS = {
    "ACCEPTED": WEBHOOK_REQUESTS_ACCEPTED,
    "DUPLICATE": WEBHOOK_REQUESTS_DUPLICATE,
    "REJECTED": WEBHOOK_REQUESTS_REJECTED,
    "INVALID_SIGNATURE": WEBHOOK_REQUESTS_INVALID_SIGNATURE,
    "RATE_LIMITED": WEBHOOK_REQUESTS_RATE_LIMITED,
}


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_REST, clear_state=True)
@log_context(logger, correlation_id_path=correlation_paths.API_GATEWAY_REST)
@capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: object) -> dict:
    from wakeful.webhooks import receive

    request = receive.request_from_proxy_event(event)
    reply = receive.receive(request)
    metrics.add_metric(name=STATUS_METRICS[reply.status], unit=MetricUnit.Count, value=1)
    if reply.created:
        metrics.add_metric(name=EVENTS_INGESTED, unit=MetricUnit.Count, value=reply.event_count or 1)
    logger.info(
        "webhook request",
        webhook_id=request.webhook_id[:64],
        status=reply.status,
        http_status=reply.http_status,
        reason=reply.reason,
        scheme=reply.scheme,
    )
    return reply.proxy_response()
