"""API Gateway (REST) -> the management API."""

from __future__ import annotations

from aws_lambda_powertools import Logger, Tracer
from aws_lambda_powertools.logging import correlation_paths

from wakeful.api.app import app

logger = Logger(service="wakeful")
tracer = Tracer(service="wakeful")


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_REST)
@tracer.capture_lambda_handler
def handler(event: dict, context: object) -> dict:
    return app.resolve(event, context)
