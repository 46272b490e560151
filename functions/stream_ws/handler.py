"""API Gateway WebSocket API -> connect, subscribe, unsubscribe, disconnect.

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools import Logger

from wakeful import assembly
from wakeful.constants import SERVICE_NAME
from wakeful.observability import capture_lambda_handler

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

logger = Logger(service=SERVICE_NAME)


@logger.inject_lambda_context
@capture_lambda_handler
def handler(event: dict, context: object) -> dict[str, Any]:
    from wakeful.stream import websocket

    request = event["requestContext"]
    connection_id, route = request["connectionId"], request["routeKey"]
    logger.append_keys(connection_id=connection_id, route=route)
    if route == "$connect":
        return websocket.connect(connection_id, event.get("headers") or {})
    if route == "$disconnect":
        websocket.disconnect(connection_id)
        return {"statusCode": 200}
    websocket.message(connection_id, event.get("body"))
    return {"statusCode": 200}
