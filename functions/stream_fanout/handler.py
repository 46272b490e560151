"""Stream table changes (DynamoDB Streams) -> WebSocket connections.

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

from aws_lambda_powertools import Logger

from wakeful import assembly
from wakeful.constants import SERVICE_NAME
from wakeful.observability import capture_lambda_handler

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

logger = Logger(service=SERVICE_NAME)


@logger.inject_lambda_context
@capture_lambda_handler
def handler(event: dict, context: object) -> dict:
    from wakeful.stream import fanout

    result = fanout.handle(event.get("Records") or [])
    logger.info("stream fan-out", chunks=result.chunks, posted=result.posted, gone=len(result.gone), revoked=len(result.revoked))
    return {"chunks": result.chunks, "posted": result.posted, "gone": len(result.gone), "revoked": len(result.revoked)}
