"""Metric names, declared once: the handlers emit them and the CDK dashboard and
alarms chart them (a test checks the two agree)."""

from __future__ import annotations

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
# -- snipin / llm metrics (issue 3) --
LLM_CALLS = "LlmCalls"
LLM_INPUT_TOKENS = "LlmInputTokens"
LLM_OUTPUT_TOKENS = "LlmOutputTokens"
LLM_CACHE_READ_TOKENS = "LlmCacheReadTokens"
LLM_COST_MICRO_USD = "LlmCostMicroUsd"
LLM_BUDGET_EXCEEDED = "LlmBudgetExceeded"

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
    # -- snipin / llm metrics (issue 3) --
    LLM_CALLS: "Count",
    LLM_INPUT_TOKENS: "Count",
    LLM_OUTPUT_TOKENS: "Count",
    LLM_CACHE_READ_TOKENS: "Count",
    LLM_COST_MICRO_USD: "Count",
    LLM_BUDGET_EXCEEDED: "Count",
}
