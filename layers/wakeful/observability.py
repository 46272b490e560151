"""Metric names, declared once: the handlers emit them and the CDK dashboard and
alarms chart them (a test checks the two agree)."""

from __future__ import annotations

import functools
import os
from typing import Any

HEARTBEATS_CLAIMED = "HeartbeatsClaimed"
HEARTBEATS_REQUEUED = "HeartbeatsRequeued"
HEARTBEATS_COMPLETED = "HeartbeatsCompleted"
HEARTBEATS_FAILED = "HeartbeatsFailed"
SCAN_ITEMS_READ = "ScanItemsRead"
ACTIONS_COMPLETED = "ActionsCompleted"
ACTIONS_FAILED = "ActionsFailed"
EVENTS_INGESTED = "EventsIngested"
# -- hooks metrics (issue 5) --
HOOK_DELIVERIES_SUCCEEDED = "HookDeliveriesSucceeded"
HOOK_DELIVERIES_FAILED = "HookDeliveriesFailed"
HOOK_ATTEMPTS_RETRIED = "HookAttemptsRetried"
HOOKS_DISABLED = "HooksDisabled"
# -- webhooks metrics (issue 4) --
# Inbound webhook requests by outcome (the ``status`` of their webhook_requests row);
# events appended by webhooks and by the SQS ingest queue count as EVENTS_INGESTED.
WEBHOOK_REQUESTS_ACCEPTED = "WebhookRequestsAccepted"
WEBHOOK_REQUESTS_DUPLICATE = "WebhookRequestsDuplicate"
WEBHOOK_REQUESTS_REJECTED = "WebhookRequestsRejected"
WEBHOOK_REQUESTS_INVALID_SIGNATURE = "WebhookRequestsInvalidSignature"
WEBHOOK_REQUESTS_RATE_LIMITED = "WebhookRequestsRateLimited"
INGEST_MESSAGES_INVALID = "IngestMessagesInvalid"
# -- snipin / llm metrics (issue 3) --
LLM_CALLS = "LlmCalls"
LLM_INPUT_TOKENS = "LlmInputTokens"
LLM_OUTPUT_TOKENS = "LlmOutputTokens"
LLM_CACHE_READ_TOKENS = "LlmCacheReadTokens"
LLM_COST_MICRO_USD = "LlmCostMicroUsd"
LLM_BUDGET_EXCEEDED = "LlmBudgetExceeded"
# -- threads metrics (issue 11) --
THREADS_STARTED = "ThreadsStarted"
THREADS_WOKEN = "ThreadsWoken"
THREADS_SLEPT = "ThreadsSlept"
THREADS_COMPLETED = "ThreadsCompleted"
THREADS_FAILED = "ThreadsFailed"
THREADS_EXPIRED = "ThreadsExpired"
THREAD_STEPS = "ThreadSteps"
THREAD_STEPS_RESENT = "ThreadStepsResent"
THREAD_EVENTS_ROUTED = "ThreadEventsRouted"

#: Every metric the code emits (name -> unit).
METRICS = {
    HEARTBEATS_CLAIMED: "Count",
    HEARTBEATS_REQUEUED: "Count",
    HEARTBEATS_COMPLETED: "Count",
    HEARTBEATS_FAILED: "Count",
    SCAN_ITEMS_READ: "Count",
    ACTIONS_COMPLETED: "Count",
    ACTIONS_FAILED: "Count",
    EVENTS_INGESTED: "Count",
    # -- hooks metrics (issue 5) --
    HOOK_DELIVERIES_SUCCEEDED: "Count",
    HOOK_DELIVERIES_FAILED: "Count",
    HOOK_ATTEMPTS_RETRIED: "Count",
    HOOKS_DISABLED: "Count",
    # -- webhooks metrics (issue 4) --
    WEBHOOK_REQUESTS_ACCEPTED: "Count",
    WEBHOOK_REQUESTS_DUPLICATE: "Count",
    WEBHOOK_REQUESTS_REJECTED: "Count",
    WEBHOOK_REQUESTS_INVALID_SIGNATURE: "Count",
    WEBHOOK_REQUESTS_RATE_LIMITED: "Count",
    INGEST_MESSAGES_INVALID: "Count",
    # -- snipin / llm metrics (issue 3) --
    LLM_CALLS: "Count",
    LLM_INPUT_TOKENS: "Count",
    LLM_OUTPUT_TOKENS: "Count",
    LLM_CACHE_READ_TOKENS: "Count",
    LLM_COST_MICRO_USD: "Count",
    LLM_BUDGET_EXCEEDED: "Count",
    # -- threads metrics (issue 11) --
    THREADS_STARTED: "Count",
    THREADS_WOKEN: "Count",
    THREADS_SLEPT: "Count",
    THREADS_COMPLETED: "Count",
    THREADS_FAILED: "Count",
    THREADS_EXPIRED: "Count",
    THREAD_STEPS: "Count",
    THREAD_STEPS_RESENT: "Count",
    THREAD_EVENTS_ROUTED: "Count",
}


def capture_lambda_handler(handler: Any) -> Any:
    """Powertools Tracer around a Lambda handler, built at the first invocation and only
    when tracing is on (on Lambda, unless POWERTOOLS_TRACE_DISABLED). Building a Tracer
    imports the X-Ray SDK, ~300 ms that would otherwise land on every module import."""
    traced: Any = None

    @functools.wraps(handler)
    def wrapper(event: Any, context: Any) -> Any:
        nonlocal traced
        if traced is None:
            enabled = os.environ.get("AWS_LAMBDA_FUNCTION_NAME") and os.environ.get(
                "POWERTOOLS_TRACE_DISABLED", ""
            ).lower() not in ("1", "true")
            if enabled:
                from aws_lambda_powertools import Tracer

                # capture_response=False: responses carry secrets shown once (webhook,
                # hook and tool creation, rotation) and must not land in X-Ray metadata.
                traced = Tracer(service="wakeful").capture_lambda_handler(handler, capture_response=False)
            else:
                traced = handler
        return traced(event, context)

    return wrapper
