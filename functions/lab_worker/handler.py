"""SQS lab queue -> a replay of many runs, replayed off the request (partial batch failures).

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger

from wakeful import assembly
from wakeful.constants import SERVICE_NAME
from wakeful.observability import capture_lambda_handler

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger(service=SERVICE_NAME)


def record_handler(record: Any) -> str:
    from wakeful.lab import worker

    message = json.loads(record.body)
    logger.append_keys(agent_id=message.get("agent_id"), replay_id=message.get("replay_id"))
    outcome = worker.handle(message)
    logger.info("replay handled", outcome=outcome)
    return outcome


@logger.inject_lambda_context
@capture_lambda_handler
def handler(event: dict, context: LambdaContext) -> dict:
    from wakeful import sqs_batch  # partial batch failures without Powertools' batch import

    return sqs_batch.process(event, record_handler)
