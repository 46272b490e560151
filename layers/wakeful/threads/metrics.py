"""Thread lifecycle metrics (EMF, flushed by the handler's ``log_metrics``)."""

from __future__ import annotations

import logging

from wakeful.threads.manifest import (
    THREAD_EVENTS_ROUTED,
    THREAD_STEPS,
    THREAD_STEPS_RESENT,
    THREADS_COMPLETED,
    THREADS_EXPIRED,
    THREADS_FAILED,
    THREADS_SLEPT,
    THREADS_STARTED,
    THREADS_WOKEN,
)

logger = logging.getLogger(__name__)

__all__ = [
    "THREAD_EVENTS_ROUTED",
    "THREAD_STEPS",
    "THREAD_STEPS_RESENT",
    "THREADS_COMPLETED",
    "THREADS_EXPIRED",
    "THREADS_FAILED",
    "THREADS_SLEPT",
    "THREADS_STARTED",
    "THREADS_WOKEN",
    "add",
]


def add(name: str, value: int = 1) -> None:
    """Count ``value`` of a metric; metrics never fail the caller."""
    if value <= 0:
        return
    try:
        from aws_lambda_powertools import Metrics
        from aws_lambda_powertools.metrics import MetricUnit

        from wakeful import constants

        Metrics(namespace=constants.METRICS_NAMESPACE, service=constants.SERVICE_NAME).add_metric(
            name=name, unit=MetricUnit.Count, value=value
        )
    except Exception:  # noqa: BLE001
        logger.debug("metric not recorded", exc_info=True)
