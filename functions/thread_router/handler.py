"""SQS FIFO route queue -> route an agent's new events to its threads (one group per agent).

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Metrics

from wakeful import assembly
from wakeful.constants import METRICS_NAMESPACE, SERVICE_NAME
from wakeful.observability import capture_lambda_handler

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)


def record_handler(record: Any) -> dict:
    from wakeful.threads import router

    message = json.loads(record.body)
    logger.append_keys(agent_id=message["agent_id"])
    result = router.route(message["agent_id"], message.get("thread_id"))
    logger.info("events routed", extra=result)
    return result


@logger.inject_lambda_context
@capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    from wakeful import sqs_batch  # partial batch failures, in order (FIFO), without Powertools' batch import

    return sqs_batch.process(event, record_handler, fifo=True)
