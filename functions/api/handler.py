"""API Gateway (REST) -> the management API.

Domain modules load at the first invocation, not at import: see docs/operations.md
("Cold starts") for why, and bench/import_cost.py for the numbers.
"""

from __future__ import annotations

from aws_lambda_powertools import Logger
from aws_lambda_powertools.logging import correlation_paths

from wakeful import assembly
from wakeful.constants import SERVICE_NAME
from wakeful.observability import capture_lambda_handler, log_context

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

logger = Logger(service=SERVICE_NAME)


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_REST, clear_state=True)
@log_context(logger, correlation_id_path=correlation_paths.API_GATEWAY_REST)
@capture_lambda_handler
def handler(event: dict, context: object) -> dict:
    from wakeful.api.app import resolve  # loads only the routes this path needs
    from wakeful.hooks.deferral import deferred

    # The caller waits: hooks a request fires are attempted by Step Functions, not here.
    with deferred():
        return resolve(event, context)
