"""The model calls' metrics (EMF, flushed by the handler's ``log_metrics``)."""

from __future__ import annotations

import logging

logger = logging.getLogger(__name__)


def add(name: str, value: int) -> None:
    """Add ``value`` to the metric the llm manifest names ``name`` (never raises)."""
    if value <= 0:
        return
    try:
        from aws_lambda_powertools import Metrics
        from aws_lambda_powertools.metrics import MetricUnit

        from wakeful import constants
        from wakeful.llm import manifest

        Metrics(namespace=constants.METRICS_NAMESPACE, service=constants.SERVICE_NAME).add_metric(
            name=getattr(manifest, name), unit=MetricUnit.Count, value=value
        )
    except Exception:  # noqa: BLE001 - metrics never fail a call
        logger.debug("metric not recorded", exc_info=True)
