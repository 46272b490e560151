"""Metric names, declared once: the handlers emit them and the CDK dashboard and
alarms chart them (a test checks the two agree)."""

from __future__ import annotations

import functools
import os
from typing import Any

from wakeful import invocation

HEARTBEATS_CLAIMED = "HeartbeatsClaimed"
HEARTBEATS_REQUEUED = "HeartbeatsRequeued"
HEARTBEATS_COMPLETED = "HeartbeatsCompleted"
HEARTBEATS_FAILED = "HeartbeatsFailed"
SCAN_ITEMS_READ = "ScanItemsRead"
ACTIONS_COMPLETED = "ActionsCompleted"
ACTIONS_FAILED = "ActionsFailed"
EVENTS_INGESTED = "EventsIngested"
# -- hooks metrics --
HOOK_DELIVERIES_SUCCEEDED = "HookDeliveriesSucceeded"
HOOK_DELIVERIES_FAILED = "HookDeliveriesFailed"
HOOK_ATTEMPTS_RETRIED = "HookAttemptsRetried"
HOOKS_DISABLED = "HooksDisabled"
# -- webhooks metrics --
# Inbound webhook requests by outcome (the ``status`` of their webhook_requests row);
# events appended by webhooks and by the SQS ingest queue count as EVENTS_INGESTED.
WEBHOOK_REQUESTS_ACCEPTED = "WebhookRequestsAccepted"
WEBHOOK_REQUESTS_DUPLICATE = "WebhookRequestsDuplicate"
WEBHOOK_REQUESTS_REJECTED = "WebhookRequestsRejected"
WEBHOOK_REQUESTS_INVALID_SIGNATURE = "WebhookRequestsInvalidSignature"
WEBHOOK_REQUESTS_RATE_LIMITED = "WebhookRequestsRateLimited"
INGEST_MESSAGES_INVALID = "IngestMessagesInvalid"
# -- snipin / llm metrics --
LLM_CALLS = "LlmCalls"
LLM_INPUT_TOKENS = "LlmInputTokens"
LLM_OUTPUT_TOKENS = "LlmOutputTokens"
LLM_CACHE_READ_TOKENS = "LlmCacheReadTokens"
LLM_COST_MICRO_USD = "LlmCostMicroUsd"
LLM_BUDGET_EXCEEDED = "LlmBudgetExceeded"
# -- threads metrics --
THREADS_STARTED = "ThreadsStarted"
THREADS_WOKEN = "ThreadsWoken"
THREADS_SLEPT = "ThreadsSlept"
THREADS_COMPLETED = "ThreadsCompleted"
THREADS_FAILED = "ThreadsFailed"
THREADS_EXPIRED = "ThreadsExpired"
THREAD_STEPS = "ThreadSteps"
THREAD_STEPS_RESENT = "ThreadStepsResent"
THREAD_EVENTS_ROUTED = "ThreadEventsRouted"
# -- schedules metrics --
SCHEDULE_RUNS_CLAIMED = "ScheduleRunsClaimed"
SCHEDULE_RUNS_SKIPPED = "ScheduleRunsSkipped"
SCHEDULE_RUNS_STARTED = "ScheduleRunsStarted"
# -- channels metrics --
# Messages to Slack, Discord, Telegram and SES by outcome (a failure rate alarm pairs
# the first two), retried attempts, and inbound platform requests by outcome.
CHANNEL_DELIVERIES_SUCCEEDED = "ChannelDeliveriesSucceeded"
CHANNEL_DELIVERIES_FAILED = "ChannelDeliveriesFailed"
CHANNEL_ATTEMPTS_RETRIED = "ChannelAttemptsRetried"
CHANNEL_REQUESTS_ACCEPTED = "ChannelRequestsAccepted"
CHANNEL_REQUESTS_REJECTED = "ChannelRequestsRejected"

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
    # -- hooks metrics --
    HOOK_DELIVERIES_SUCCEEDED: "Count",
    HOOK_DELIVERIES_FAILED: "Count",
    HOOK_ATTEMPTS_RETRIED: "Count",
    HOOKS_DISABLED: "Count",
    # -- webhooks metrics --
    WEBHOOK_REQUESTS_ACCEPTED: "Count",
    WEBHOOK_REQUESTS_DUPLICATE: "Count",
    WEBHOOK_REQUESTS_REJECTED: "Count",
    WEBHOOK_REQUESTS_INVALID_SIGNATURE: "Count",
    WEBHOOK_REQUESTS_RATE_LIMITED: "Count",
    INGEST_MESSAGES_INVALID: "Count",
    # -- snipin / llm metrics --
    LLM_CALLS: "Count",
    LLM_INPUT_TOKENS: "Count",
    LLM_OUTPUT_TOKENS: "Count",
    LLM_CACHE_READ_TOKENS: "Count",
    LLM_COST_MICRO_USD: "Count",
    LLM_BUDGET_EXCEEDED: "Count",
    # -- threads metrics --
    THREADS_STARTED: "Count",
    THREADS_WOKEN: "Count",
    THREADS_SLEPT: "Count",
    THREADS_COMPLETED: "Count",
    THREADS_FAILED: "Count",
    THREADS_EXPIRED: "Count",
    THREAD_STEPS: "Count",
    THREAD_STEPS_RESENT: "Count",
    THREAD_EVENTS_ROUTED: "Count",
    # -- schedules metrics --
    SCHEDULE_RUNS_CLAIMED: "Count",
    SCHEDULE_RUNS_SKIPPED: "Count",
    SCHEDULE_RUNS_STARTED: "Count",
    # -- channels metrics --
    CHANNEL_DELIVERIES_SUCCEEDED: "Count",
    CHANNEL_DELIVERIES_FAILED: "Count",
    CHANNEL_ATTEMPTS_RETRIED: "Count",
    CHANNEL_REQUESTS_ACCEPTED: "Count",
    CHANNEL_REQUESTS_REJECTED: "Count",
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
        # The time left to this invocation, for work that must fit in it (a hook's
        # first attempt in the firing function: docs/hooks.md).
        with invocation.budget(invocation.remaining_ms_of(context)):
            return traced(event, context)

    return wrapper


def log_context(logger: Any, correlation_id_path: str | None = None) -> Any:
    """Per-invocation log keys, for a handler already wrapped in Powertools'
    ``inject_lambda_context(clear_state=True)`` (which resets the logger's shared keys
    at each invocation, so nothing of the last one survives on Lambda).

    The invocation's keys (function name, request id, cold start, correlation id) are
    also set thread-locally, and removed when the invocation ends. Every function of
    ``wakeful dev`` runs in one process, on threads, sharing one "wakeful" logger:
    thread-local keys are what keeps one handler's ``function_name`` (or a record's
    ``agent_id``) off another's lines. Per-record keys go through
    ``logger.thread_safe_append_keys`` for the same reason.
    """

    def decorate(handler: Any) -> Any:
        cold = True

        @functools.wraps(handler)
        def wrapper(event: Any, context: Any) -> Any:
            nonlocal cold
            keys: dict[str, Any] = {
                "cold_start": cold,
                "function_name": getattr(context, "function_name", None),
                "function_memory_size": getattr(context, "memory_limit_in_mb", None),
                "function_arn": getattr(context, "invoked_function_arn", None),
                "function_request_id": getattr(context, "aws_request_id", None),
            }
            cold = False
            if correlation_id_path:
                from aws_lambda_powertools.utilities import jmespath_utils

                try:
                    keys["correlation_id"] = jmespath_utils.query(envelope=correlation_id_path, data=event)
                except Exception:  # noqa: BLE001 - a log key must never fail an invocation
                    keys["correlation_id"] = None
            logger.thread_safe_clear_keys()
            logger.thread_safe_append_keys(**keys)
            try:
                return handler(event, context)
            finally:
                logger.thread_safe_clear_keys()

        return wrapper

    return decorate
