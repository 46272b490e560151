"""API Gateway POST /channels/{channel_id}/{slack/events|slack/interactions|discord|telegram}
-> verify the platform's signature over the raw body, record the request, answer at
once and queue the work (docs/channels.md).

No API key: the platform signs. Kept small: it imports neither the management API nor
anthropic; its domain modules load at the first invocation (docs/operations.md, "Cold
starts"), a platform's signature library (slack_sdk, PyNaCl) at its first request.
Bodies, secrets, tokens and signatures are never logged.
"""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import assembly
from wakeful.channels.manifest import CHANNEL_REQUESTS_ACCEPTED, CHANNEL_REQUESTS_REJECTED
from wakeful.constants import METRICS_NAMESPACE, SERVICE_NAME
from wakeful.observability import capture_lambda_handler, log_context

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_REST, clear_state=True)
@log_context(logger, correlation_id_path=correlation_paths.API_GATEWAY_REST)
@capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: object) -> dict:
    from wakeful.channels import inbound

    request = inbound.request_from_proxy_event(event)
    reading, request_id = inbound.receive(request)
    accepted = reading.status in ("accepted", "duplicate", "ignored")
    metric = CHANNEL_REQUESTS_ACCEPTED if accepted else CHANNEL_REQUESTS_REJECTED
    metrics.add_metric(name=metric, unit=MetricUnit.Count, value=1)
    logger.info(
        "channel request",
        channel_id=request.channel_id[:64],
        route=request.route,
        request_id=request_id,
        status=reading.status,
        http_status=reading.http_status,
        reason=reading.reason,
        event_type=reading.event_type,
    )
    return inbound.proxy_response(reading)
