"""One attempt of a hook delivery, as the deliver-hook state machine's task makes it.

:func:`attempt` is one attempt: one signed POST (docs/api.md "Hooks"), one
``hook_executions`` row, and the answer the state machine loops on: ``RETRY`` with the
next wait, or a final outcome. Waiting between retries is not kept in-process: on Lambda
that work would die with the invocation, hence Step Functions. An inline first attempt
(:mod:`wakeful.hooks.inline`) uses the same parts (:func:`post`, :func:`judge`,
:func:`record_attempt`). :func:`start_execution` starts the state machine.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from typing import Any

from wakeful import aws, clock, ids, net, outbound, retention, secrets, signing
from wakeful.backoff import parse_retry_after
from wakeful.config import get_settings
from wakeful.hooks import delivery_repository, repository, service
from wakeful.hooks.delivery_repository import CANCELLED, FAILED, RETRYING
from wakeful.hooks.exceptions import HookStateMachineMissingError
from wakeful.hooks.models import MAX_RESPONSE_BODY_BYTES, DeliverInput, DeliverResult
from wakeful.hooks.payloads import (
    DISABLED,
    RETENTION_DAYS,
    RETRY,
    ROW_FAILED,
    ROW_RETRYING,
    ROW_SUCCESS,
    ROW_TIMEOUT,
    SUCCESS,
    next_delay,
    split_delay,
)
from wakeful.hooks.records import Hook, HookDelivery, HookExecution

logger = logging.getLogger(__name__)


def start_execution(name: str, execution_input: DeliverInput) -> None:
    """StartExecution, idempotent by name: the same name again is the same delivery."""
    arn = get_settings().hook_state_machine_arn
    if not arn:
        raise HookStateMachineMissingError("WAKEFUL_HOOK_STATE_MACHINE_ARN is not set: hooks cannot be delivered")
    sfn = aws.client("stepfunctions")
    try:
        sfn.start_execution(stateMachineArn=arn, name=name, input=json.dumps(execution_input, sort_keys=True))
    except sfn.exceptions.ExecutionAlreadyExists:
        pass


class Answer:
    """What one POST got (a plain class: a dataclass's generated methods cost import time)."""

    __slots__ = ("status_code", "body", "error", "timed_out", "retry_after", "elapsed_ms")

    def __init__(self) -> None:
        self.status_code: int | None = None
        self.body: str | None = None
        self.error: str | None = None
        self.timed_out = False
        self.retry_after: float | None = None
        self.elapsed_ms = 0

    @property
    def ok(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def _result(outcome: str, status: str | None = None, status_code: int | None = None, delay: float = 0.0) -> DeliverResult:
    wait_seconds, carry_ms = split_delay(delay)
    return {"outcome": outcome, "status": status, "status_code": status_code, "wait_seconds": wait_seconds, "carry_ms": carry_ms}


def attempt(event: DeliverInput) -> DeliverResult:
    """Make one attempt of a delivery and record it; tell the state machine what next."""
    settings = get_settings()
    delivery_id = event["delivery_id"]
    carry_ms = min(max(int(event.get("carry_ms") or 0), 0), 999)
    if carry_ms:
        # Sleep before reading the hook, so a hook deleted or disabled during the wait
        # is seen: only an attempt already past this read can still reach the endpoint.
        time.sleep(carry_ms / 1000)
    delivery = delivery_repository.get(delivery_id)
    hook = repository.get(event["agent_id"], event["hook_id"])
    hook = _sendable(delivery, hook) if delivery is not None else None
    if delivery is None or hook is None:
        return _result(CANCELLED)
    answer = post(hook, delivery, int(event["timeout_ms"]), dev_mode=settings.dev_mode)
    now = clock.now()
    outcome, error, delay = judge(hook, event, answer, now)
    row_status = row_status_of(answer, outcome)
    if error is None and not answer.ok:
        error = f"HTTP {answer.status_code}"
    record_attempt(delivery, event, row_status, answer.status_code, answer.body, error, answer.elapsed_ms, now, delay, outcome=outcome)
    final = {SUCCESS: SUCCESS, RETRY: RETRYING}.get(outcome, FAILED)
    finish_delivery(delivery_id, final, error=None if answer.ok else error, status_code=answer.status_code, attempted=True)
    return _result(outcome, row_status, answer.status_code, delay)


def _sendable(delivery: HookDelivery, hook: Hook | None) -> Hook | None:
    """The hook, if it still takes this delivery; otherwise None, and the delivery is
    cancelled with the reason. A test delivery goes to an inactive hook too."""
    if hook is None:
        finish_delivery(delivery.delivery_id, CANCELLED, error="the hook was deleted")
        return None
    if not hook.is_active and delivery.kind == "event":
        reason = hook.disabled_reason or "is_active is false"
        finish_delivery(delivery.delivery_id, CANCELLED, error=f"the hook is inactive ({reason})")
        return None
    return hook


def judge(hook: Hook, event: DeliverInput, answer: Answer, now: float) -> tuple[str, str | None, float]:
    """What an answer means: (outcome, error, delay before the next attempt). Keeps the
    hook's failure streak, and disables the hook on 410 Gone or a streak too long."""
    if answer.ok:
        service.note_success(hook)
        return SUCCESS, answer.error, 0.0
    if answer.status_code == 410:
        # 410 Gone: the receiver asks us to stop (Standard Webhooks, Svix).
        service.disable(hook.agent_id, hook.hook_id, "the endpoint answered 410 Gone")
        return DISABLED, answer.error or "the endpoint answered 410 Gone; the hook is disabled", 0.0
    attempt_no = int(event["attempt"])
    outcome = RETRY if attempt_no < int(event["max_retries"]) else FAILED
    since = service.note_failure(hook, now)
    limit = get_settings().hook_disable_after_seconds
    if limit and now - since >= limit:
        reason = (
            f"every delivery failed since {clock.iso(since)} (more than {limit} s); "
            f"last error: {answer.error or f'HTTP {answer.status_code}'}"
        )
        service.disable(hook.agent_id, hook.hook_id, reason)
        outcome = DISABLED
    delay = 0.0
    if outcome == RETRY:
        delay = next_delay(float(event["backoff_base_seconds"]), attempt_no + 1, retry_after=answer.retry_after)
    return outcome, answer.error, delay


def row_status_of(answer: Answer, outcome: str) -> str:
    if answer.ok:
        return ROW_SUCCESS
    if answer.timed_out:
        return ROW_TIMEOUT
    return ROW_RETRYING if outcome == RETRY else ROW_FAILED


def post(hook: Hook, delivery: HookDelivery, timeout_ms: int, *, dev_mode: bool) -> Answer:
    """One signed POST of the stored body, within ``timeout_ms`` for the whole exchange
    (the answer's first :data:`MAX_RESPONSE_BODY_BYTES` are kept, the rest is not
    read). Never raises for the endpoint's faults."""
    answer = Answer()
    started = time.perf_counter()
    url = hook.endpoint_url
    try:
        # Again at delivery: DNS may have changed since registration.
        target = net.Policy.current(dev_mode=dev_mode).check(url)
    except net.UnsafeUrlError as error:
        answer.error = f"refused to call the endpoint: {error.message}"
        return answer
    body = delivery.body.encode()
    secret = secrets.unseal(hook.secret, context=service.secret_context(hook))
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Wakeful-Hooks/1",
        **signing.headers(secret, delivery.delivery_id, int(time.time()), body),
        "X-Wakeful-Hook-Type": delivery.hook_type,
        "X-Wakeful-Agent-Id": delivery.agent_id,
        "X-Wakeful-Hook-Id": delivery.hook_id,
        "X-Wakeful-Delivery-Id": delivery.delivery_id,
    }
    auth = secrets.unseal(hook.auth_header, context=service.auth_context(hook)) if hook.auth_header else None
    if auth:
        headers["Authorization"] = auth
    remaining = timeout_ms / 1000 - (time.perf_counter() - started)
    try:
        response = outbound.request(
            "POST", target, headers=headers, body=body, timeout=max(remaining, 0.001), max_body_bytes=MAX_RESPONSE_BODY_BYTES, truncate=True
        )
    except outbound.OutboundTimeout as error:
        answer.timed_out = True
        answer.error = (
            f"the answer's body did not arrive within timeout_ms ({timeout_ms} ms)"
            if error.phase == "body"
            else f"no answer within timeout_ms ({timeout_ms} ms)"
        )
    except outbound.OutboundError as error:
        answer.error = _redact(f"{error.kind}: {error}", auth, secret)[:2000]
    else:
        answer.status_code = response.status
        answer.retry_after = parse_retry_after(response.headers.get("Retry-After"), clock.now())
        # An endpoint may repeat the Authorization header it got: it is never kept.
        answer.body = _redact(response.body.decode("utf-8", errors="ignore"), auth, secret)
    answer.elapsed_ms = int((time.perf_counter() - started) * 1000)
    return answer


def _redact(text: str, *values: str | None) -> str:
    """``text`` without any of the secret ``values`` (an error or an answer must never
    echo one): :func:`wakeful.outbound.redact`."""
    return outbound.redact(text, values)


def record_attempt(
    delivery: HookDelivery,
    event: Mapping[str, Any],
    status: str,
    status_code: int | None,
    body: str | None,
    error: str | None,
    elapsed_ms: int | None,
    now: float,
    next_delay_seconds: float = 0.0,
    *,
    execution_id: str | None = None,
    outcome: str | None = None,
) -> bool:
    """Write one attempt row. With a derived ``execution_id`` (an inline first attempt),
    only if no row has it yet: False when one had (the other writer's stands)."""
    row = HookExecution(
        hook_id=delivery.hook_id,
        execution_id=execution_id or ids.new_id("hx", now),
        delivery_id=delivery.delivery_id,
        agent_id=delivery.agent_id,
        owner=delivery.owner,
        hook_type=delivery.hook_type,
        retry_count=int(event.get("attempt") or 0),
        replay=int(event.get("replay") or 0),
        status=status,
        status_code=status_code,
        response_body=body,
        error_message=error[:4000] if error else None,
        execution_time_ms=elapsed_ms,
        heartbeat_id=delivery.heartbeat_id,
        action_id=delivery.action_id,
        executed_at=now,
        # When this attempt is retried: the backoff it scheduled (jitter and Retry-After included).
        # When this attempt is retried: the backoff it scheduled (jitter and Retry-After
        # included). A timed-out attempt that is retried says it too.
        next_retry_in_ms=int(next_delay_seconds * 1000) if status == ROW_RETRYING or outcome == RETRY else None,
        expires_at=retention.expiry(now, default_days=RETENTION_DAYS),
        outcome=outcome,
    )
    return delivery_repository.record_execution(row, only_new=execution_id is not None)


def finish_delivery(
    delivery_id: str,
    status: str,
    *,
    error: str | None = None,
    status_code: int | None = None,
    attempted: bool = False,
) -> None:
    delivery_repository.set_status(delivery_id, status, clock.now(), error=error, status_code=status_code, attempted=attempted)


def record_crash(event: dict[str, Any]) -> None:
    """The state machine's Catch: the deliver function kept failing. Record why."""
    error = event.get("error") or {}
    detail = error.get("Cause") or ""
    try:
        detail = json.loads(detail).get("errorMessage", detail)
    except (ValueError, AttributeError):
        pass
    message = f"the deliver function failed: {error.get('Error', 'unknown error')}: {detail}"[:4000]
    delivery = delivery_repository.get(event["delivery_id"])
    if delivery is None:
        return
    record_attempt(delivery, event, ROW_FAILED, None, None, message, None, clock.now())
    finish_delivery(event["delivery_id"], FAILED, error=message)


def count(outcome: str) -> None:
    """The deliver function's metrics, for an attempt made elsewhere (flushed by the
    firing handler's ``log_metrics``); metrics never fail a delivery."""
    from wakeful.hooks import manifest

    name = {
        SUCCESS: manifest.HOOK_DELIVERIES_SUCCEEDED,
        RETRY: manifest.HOOK_ATTEMPTS_RETRIED,
        FAILED: manifest.HOOK_DELIVERIES_FAILED,
        DISABLED: manifest.HOOK_DELIVERIES_FAILED,
    }.get(outcome)
    if name is None:
        return
    try:
        from aws_lambda_powertools import Metrics
        from aws_lambda_powertools.metrics import MetricUnit

        from wakeful import constants

        metrics = Metrics(namespace=constants.METRICS_NAMESPACE, service=constants.SERVICE_NAME)
        metrics.add_metric(name=name, unit=MetricUnit.Count, value=1)
        if outcome == DISABLED:
            metrics.add_metric(name=manifest.HOOKS_DISABLED, unit=MetricUnit.Count, value=1)
    except Exception:  # noqa: BLE001
        logger.debug("metric not recorded", exc_info=True)
