"""API Gateway POST /webhooks/{webhook_id} -> verify the signature over the raw body,
rate-limit, append the event (CONTRACT.md "Webhooks (inbound)").

Kept small on purpose: it imports neither the management API (wakeful.api, the
resolver) nor anthropic. Bodies, secrets and signatures are never logged.
"""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import observability
from wakeful.webhooks import receive, records

logger = Logger(service="wakeful")
tracer = Tracer(service="wakeful")
metrics = Metrics(namespace="Wakeful", service="wakeful")

STATUS_METRICS = {
    records.ACCEPTED: observability.WEBHOOK_REQUESTS_ACCEPTED,
    records.DUPLICATE: observability.WEBHOOK_REQUESTS_DUPLICATE,
    records.REJECTED: observability.WEBHOOK_REQUESTS_REJECTED,
    records.INVALID_SIGNATURE: observability.WEBHOOK_REQUESTS_INVALID_SIGNATURE,
    records.RATE_LIMITED: observability.WEBHOOK_REQUESTS_RATE_LIMITED,
}


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_REST)
@tracer.capture_lambda_handler(capture_response=False)
@metrics.log_metrics
def handler(event: dict, context: object) -> dict:
    request = receive.request_from_proxy_event(event)
    reply = receive.receive(request)
    metrics.add_metric(name=STATUS_METRICS[reply.status], unit=MetricUnit.Count, value=1)
    if reply.created:
        metrics.add_metric(name=observability.EVENTS_INGESTED, unit=MetricUnit.Count, value=1)
    logger.info(
        "webhook request",
        webhook_id=request.webhook_id[:64],
        status=reply.status,
        http_status=reply.http_status,
        reason=reply.reason,
        scheme=reply.scheme,
    )
    return reply.proxy_response()
