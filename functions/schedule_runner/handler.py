"""SQS schedule queue -> start each claimed schedule run's thread (partial batch failures).

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import assembly
from wakeful.schedules.manifest import SCHEDULE_RUNS_STARTED
from wakeful.constants import METRICS_NAMESPACE, SERVICE_NAME
from wakeful.observability import capture_lambda_handler

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)


def record_handler(record: Any) -> str:
    from wakeful.schedules import runner

    message = json.loads(record.body)
    logger.append_keys(schedule_id=message["schedule_id"], result_id=message["result_id"])
    outcome = runner.start(message)
    if outcome == "started":
        metrics.add_metric(name=SCHEDULE_RUNS_STARTED, unit=MetricUnit.Count, value=1)
    logger.info("schedule run handled", outcome=outcome)
    return outcome


@logger.inject_lambda_context
@capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    from wakeful import sqs_batch  # partial batch failures without Powertools' batch import

    return sqs_batch.process(event, record_handler)
