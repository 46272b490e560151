"""The spend guard's metrics (EMF, flushed by the handler's ``log_metrics``): pauses,
resumes, refused calls, and each saving counted (their names: the spend manifest)."""

from __future__ import annotations

import logging

logger = logging.getLogger(__name__)

# The names, as the manifest declares them (a manifest imports nothing of its
# capability's code; a unit test holds the two lists equal).
BUDGET_PAUSES = "BudgetPauses"
BUDGET_RESUMES = "BudgetResumes"
SPEND_REFUSED_CALLS = "SpendRefusedCalls"
QUIET_HEARTBEATS = "QuietHeartbeats"
PROBE_SKIPS = "ProbeSkips"
TRIAGE_OK = "TriageOk"
COALESCED_EVENTS = "CoalescedEvents"
NAMES = (BUDGET_PAUSES, BUDGET_RESUMES, SPEND_REFUSED_CALLS, QUIET_HEARTBEATS, PROBE_SKIPS, TRIAGE_OK, COALESCED_EVENTS)


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
    except Exception:  # noqa: BLE001 - metrics never fail the caller
        logger.debug("metric not recorded", exc_info=True)
