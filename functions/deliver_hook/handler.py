"""Step Functions "deliver-hook" task -> one signed POST attempt of a hook delivery.

The state machine (``layers/wakeful/hooks/deliver_hook.asl.json``) calls this once per
attempt and loops on its answer; ``action: "record_failure"`` is its Catch path, which
records why a delivery died when this function itself kept failing.

Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

from wakeful import assembly
from wakeful.hooks.manifest import HOOKS_DISABLED, HOOK_ATTEMPTS_RETRIED, HOOK_DELIVERIES_FAILED, HOOK_DELIVERIES_SUCCEEDED
from wakeful.constants import METRICS_NAMESPACE, SERVICE_NAME
from wakeful.observability import capture_lambda_handler, log_context

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers")

if TYPE_CHECKING:
    from wakeful.hooks.models import DeliverInput

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)

#: attempt outcome -> the metric it counts toward
_OUTCOME_METRICS = {
    "SUCCESS": HOOK_DELIVERIES_SUCCEEDED,
    "FAILED": HOOK_DELIVERIES_FAILED,
    "DISABLED": HOOK_DELIVERIES_FAILED,
    "RETRY": HOOK_ATTEMPTS_RETRIED,
}


@logger.inject_lambda_context(correlation_id_path="delivery_id", clear_state=True)
@log_context(logger, correlation_id_path="delivery_id")
@capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: object) -> dict:
    # Thread-local keys: in ``wakeful dev`` every function shares this process (and
    # the "wakeful" logger), and a delivery's keys must not stick to other handlers' logs.
    logger.thread_safe_append_keys(hook_id=event.get("hook_id"), delivery_id=event.get("delivery_id"), attempt=event.get("attempt"))
    try:
        return _handle(event)
    finally:
        logger.thread_safe_clear_keys()


def _handle(event: dict) -> dict:
    from wakeful.hooks import attempt, delivery_repository, payloads

    if event.get("action") == "record_failure":
        attempt.record_crash(event)
        metrics.add_metric(name=HOOK_DELIVERIES_FAILED, unit=MetricUnit.Count, value=1)
        return {"outcome": delivery_repository.FAILED}
    result = attempt.attempt(cast("DeliverInput", event))  # the state machine passes its input
    metric = _OUTCOME_METRICS.get(result["outcome"])
    if metric:
        metrics.add_metric(name=metric, unit=MetricUnit.Count, value=1)
    if result["outcome"] == payloads.DISABLED:
        metrics.add_metric(name=HOOKS_DISABLED, unit=MetricUnit.Count, value=1)
    logger.info("hook delivery attempt", outcome=result["outcome"], status_code=result.get("status_code"))
    return dict(result)
