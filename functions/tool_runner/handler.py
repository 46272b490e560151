"""SQS FIFO action queue -> run each action's tool, in order (partial batch failures).

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import assembly
from wakeful.actions.manifest import ACTIONS_COMPLETED, ACTIONS_FAILED
from wakeful.constants import METRICS_NAMESPACE, SERVICE_NAME
from wakeful.observability import capture_lambda_handler, log_context

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)


def record_handler(record: Any) -> str:
    from wakeful.actions import runner

    message = json.loads(record.body)
    # Thread-local and removed after the record (see the orchestrator's handler).
    logger.thread_safe_append_keys(agent_id=message.get("agent_id"), action_id=message["action_id"])
    try:
        outcome = runner.run(message["action_id"])
        if outcome == "completed":
            metrics.add_metric(name=ACTIONS_COMPLETED, unit=MetricUnit.Count, value=1)
        elif outcome == "failed":
            metrics.add_metric(name=ACTIONS_FAILED, unit=MetricUnit.Count, value=1)
        logger.info("action processed", outcome=outcome)
        return outcome
    finally:
        logger.thread_safe_remove_keys(["agent_id", "action_id"])


@logger.inject_lambda_context(clear_state=True)
@log_context(logger)
@capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> PartialItemFailureResponse:
    from aws_lambda_powertools.utilities.batch import SqsFifoPartialProcessor, process_partial_response

    return process_partial_response(
        event=event, record_handler=record_handler, processor=SqsFifoPartialProcessor(), context=context
    )
