"""Metrics and tracing for the handlers: :data:`METRICS`, every metric the code emits
(the CDK dashboard and alarms chart them; a test checks the two agree), the tracer and
the per-invocation log keys."""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from typing import Any

from wakeful import capabilities, invocation

#: Every metric the code emits (name -> unit): each capability declares its metrics'
#: names and units in its ``manifest.py`` (the modules and handlers emitting one import
#: its name from there); this gathers those of the installed capabilities.
METRICS: Mapping[str, str] = capabilities.Derived(capabilities.metrics)


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
