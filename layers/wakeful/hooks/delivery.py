"""Delivering hooks: the first attempt where the hook fires, retries in Step Functions.

:func:`start_deliveries` (called by :func:`wakeful.hooks.firing.fire`) stores each
delivery — its payload, byte for byte, so every retry and a replay send the same body —
under an id derived from the firing's ``delivery_key`` when there is one, so a re-fired
lifecycle point finds its delivery instead of making a second (a firing is delivered
once). Then, when the firing invocation has the time (:func:`inline_fits`), it makes the
first attempt itself: most deliveries succeed at once and never start a state machine.
The delivery is stored under a lease (the sparse ``inline-lease`` index) before the POST,
so a firing function that dies mid-attempt leaves it to the scan
(:func:`take_over`). An attempt that fails hands the delivery to the deliver-hook state
machine at attempt 1, after the backoff (docs/hooks.md). Otherwise (no time, a
``timeout_ms`` above ``WAKEFUL_HOOK_INLINE_MAX_MS``, a test delivery, a replay) the
state machine makes every attempt, the execution named by the delivery id.

:func:`attempt` is one attempt, made by the state machine's task: one signed POST
(docs/api.md "Hooks"), one ``hook_executions`` row, and the answer the state machine
loops on: ``RETRY`` with the next wait, or a final outcome. Waiting between retries is
not kept in-process: on Lambda that work would die with the invocation, hence Step
Functions.
"""

from __future__ import annotations

import json
import logging
import random
import time
import uuid
import zlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from wakeful.backoff import parse_retry_after
from wakeful import aws, backoff, clock, ids, invocation, net, outbound, retention, secrets, signing
from wakeful.config import get_settings
from wakeful.hooks import delivery_repository, repository, service
from wakeful.hooks.delivery_repository import CANCELLED, FAILED, PENDING, RETRYING
from wakeful.hooks.exceptions import HookStateMachineMissingError
from wakeful.hooks.models import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT_MS,
    MAX_RESPONSE_BODY_BYTES,
    DeliverInput,
    DeliverResult,
)
from wakeful.hooks.records import Hook, HookDelivery, HookExecution

if TYPE_CHECKING:
    from wakeful.agents.records import Agent

logger = logging.getLogger(__name__)

# Outcomes of an attempt (the state machine's Choice reads them), besides FAILED and
# CANCELLED, which are also statuses of a delivery (delivery_repository).
SUCCESS = "SUCCESS"
RETRY = "RETRY"
DISABLED = "DISABLED"

# Statuses of an attempt row (".../executions" in docs/api.md).
ROW_SUCCESS = "SUCCESS"
ROW_FAILED = "FAILED"
ROW_TIMEOUT = "TIMEOUT"
ROW_RETRYING = "RETRYING"

# Statuses of a delivery that a replay may start again.
REPLAYABLE = (FAILED, CANCELLED)

JITTER = 0.2  # ±20 %
MAX_WAIT_SECONDS = 24 * 3600  # a Retry-After beyond this is capped
RETENTION_DAYS = 30  # deliveries and attempt rows expire (TTL), unless WAKEFUL_RETENTION_DAYS says otherwise
MAX_STORED_BODY_BYTES = 256 * 1024  # a DynamoDB item holds 400 KB
#: An inline first attempt needs its whole timeout_ms plus this much of the firing
#: invocation's time left (to record it, hand it over, and finish its own work).
INLINE_RESERVE_SECONDS = 10.0
#: How long after an inline first attempt could have ended (timeout_ms after it began)
#: the scan takes the delivery over if the attempt was not recorded.
INLINE_LEASE_GRACE_SECONDS = 60.0
_NAMESPACE = uuid.UUID("0b6f7f8e-3c4a-4f57-9a1e-5d0c2b7e9f41")


# -- pure parts ------------------------------------------------------------------------
def delivery_id_for(hook_id: str, delivery_key: str | None) -> str:
    """The delivery id: deterministic from (hook, delivery key) so that firing the same
    lifecycle point again never delivers twice; time-ordered and random otherwise."""
    if delivery_key:
        return "hd_" + uuid.uuid5(_NAMESPACE, f"{hook_id}:{delivery_key}").hex
    return ids.new_id("hd")


def next_delay(base: float, retry: int, *, retry_after: float | None = None, rng: random.Random | None = None) -> float:
    """Seconds to wait before retry ``retry`` (1 for the first retry).

    ``base × 2^(retry−1)`` with ±20 % jitter (docs/api.md), never less than the
    endpoint's ``Retry-After``, at most a day.
    """
    uniform = rng.uniform if rng is not None else backoff.uniform  # OS entropy: see wakeful.backoff
    delay = base * 2 ** (retry - 1) * uniform(1 - JITTER, 1 + JITTER)
    if retry_after is not None:
        delay = max(delay, retry_after)
    return min(max(delay, 0.0), MAX_WAIT_SECONDS)


def split_delay(delay: float) -> tuple[int, int]:
    """A delay as (whole seconds for the Wait state, milliseconds the next attempt
    sleeps): Step Functions waits whole seconds only, and rounding would erase the
    jitter of short delays."""
    millis = int(round(delay * 1000))
    return millis // 1000, millis % 1000


def build_payload(
    agent: Agent,
    hook_type: str,
    data: dict[str, Any],
    *,
    heartbeat_id: str | None,
    action_id: str | None,
    context: dict[str, Any] | None,
    now: float,
) -> dict[str, Any]:
    """The HookPayload every delivery sends (docs/api.md "Hooks")."""
    payload: dict[str, Any] = {
        "hook_type": hook_type,
        "agent": {"id": agent.agent_id, "name": agent.name, "alias": agent.alias},
        "timestamp": clock.iso(now),
    }
    if heartbeat_id:
        payload["heartbeat_id"] = heartbeat_id
    if action_id:
        payload["action_id"] = action_id
    payload["data"] = data
    payload["context"] = context or {}
    return payload


def _encode(payload: dict[str, Any]) -> str:
    body = json.dumps(payload, separators=(",", ":"), default=str)
    if len(body.encode()) > MAX_STORED_BODY_BYTES:
        size = len(body.encode())
        payload = {**payload, "data": {"truncated": True, "original_bytes": size}}
        body = json.dumps(payload, separators=(",", ":"), default=str)
    return body


# -- starting deliveries ---------------------------------------------------------------
def start_deliveries(
    agent: Agent,
    hook_type: str,
    data: dict[str, Any],
    *,
    heartbeat_id: str | None = None,
    action_id: str | None = None,
    context: dict[str, Any] | None = None,
    delivery_key: str | None = None,
) -> list[str]:
    """Start one delivery per active hook of ``agent`` for ``hook_type``.

    Returns the delivery ids. One hook failing to start does not stop the others;
    a start that fails leaves the delivery FAILED with the reason (replayable).
    """
    started: list[str] = []
    now = clock.now()
    payload = build_payload(agent, hook_type, data, heartbeat_id=heartbeat_id, action_id=action_id, context=context, now=now)
    for hook in service.active_hooks(agent.agent_id, hook_type):
        delivery_id = delivery_id_for(hook.hook_id, delivery_key)
        try:
            _create_and_start(hook, delivery_id, payload, kind="event", heartbeat_id=heartbeat_id, action_id=action_id)
            started.append(delivery_id)
        except Exception:  # noqa: BLE001 - one hook must not keep the others from firing
            logger.exception("hook delivery could not start", extra={"hook_id": hook.hook_id, "delivery_id": delivery_id})
    return started


def start_test(owner: str, agent_id: str, hook_id: str) -> str:
    """``POST .../test``: deliver a test payload to the hook now; returns its delivery id.
    Sent even when the hook is inactive, so an endpoint can be checked before re-enabling."""
    from wakeful.agents import service as agents  # the API's path only

    hook = service.get(owner, agent_id, hook_id)
    agent = agents.get(owner, agent_id)
    now = clock.now()
    payload = build_payload(
        agent,
        hook.hook_type,
        {"test": True, "message": "A test delivery from Wakeful: your endpoint is reachable if you answer 2xx."},
        heartbeat_id=None,
        action_id=None,
        context={"triggered_by": "TEST"},
        now=now,
    )
    delivery_id = delivery_id_for(hook_id, None)
    _create_and_start(hook, delivery_id, payload, kind="test")
    return delivery_id


def replay(owner: str, agent_id: str, hook_id: str, delivery_id: str) -> HookDelivery:
    """Send a finally failed (or cancelled) delivery again: the same body and
    ``webhook-id``, a new execution with the hook's current retry settings."""
    service.get_delivery(owner, agent_id, hook_id, delivery_id)
    hook = service.get(owner, agent_id, hook_id)
    row = delivery_repository.reopen_for_replay(delivery_id, clock.now())
    replay_no = row.replays
    try:
        _start_execution(f"{delivery_id}-replay-{replay_no}", _input(hook, delivery_id, replay_no))
    except Exception as error:
        _finish_delivery(delivery_id, FAILED, error=f"the replay could not start: {error}")
        raise
    return row


def retry_settings(hook: Hook | None) -> tuple[int, int]:
    """The hook's ``(max_retries, timeout_ms)``: its ``retry_config`` (checked when it
    was written), the defaults where it says nothing."""
    config = (hook.retry_config if hook is not None else None) or {}
    max_retries = config.get("max_retries")
    timeout_ms = config.get("timeout_ms")
    return (
        DEFAULT_MAX_RETRIES if max_retries is None else int(max_retries),
        DEFAULT_TIMEOUT_MS if timeout_ms is None else int(timeout_ms),
    )


def _input(hook: Hook, delivery_id: str, replay_no: int, attempt_no: int = 0) -> DeliverInput:
    max_retries, timeout_ms = retry_settings(hook)
    return {
        "delivery_id": delivery_id,
        "hook_id": hook.hook_id,
        "agent_id": hook.agent_id,
        "attempt": attempt_no,
        "max_retries": max_retries,
        "timeout_ms": timeout_ms,
        "backoff_base_seconds": get_settings().hook_backoff_base_seconds,
        "carry_ms": 0,
        "replay": replay_no,
    }


def inline_fits(timeout_ms: int) -> bool:
    """Whether the firing function makes a delivery's first attempt itself: inside an
    invocation that allows it (:func:`wakeful.hooks.firing.deferred` says not) and has
    the whole ``timeout_ms`` plus :data:`INLINE_RESERVE_SECONDS` left, for a hook whose
    ``timeout_ms`` is at most ``WAKEFUL_HOOK_INLINE_MAX_MS``."""
    from wakeful.hooks import firing

    limit = get_settings().hook_inline_max_ms
    if not limit or timeout_ms > limit or firing.is_deferred():
        return False
    remaining = invocation.remaining_seconds()
    return remaining is not None and remaining >= timeout_ms / 1000 + INLINE_RESERVE_SECONDS


def inline_execution_id(delivery: HookDelivery) -> str:
    """The attempt row id of a delivery's inline first attempt: derived, not random, so
    that the firing function and the scan taking over write one row, not two."""
    return "hx_" + ids.derived_ulid(delivery.created_at or 0.0, f"{delivery.delivery_id}:inline")


def _create_and_start(
    hook: Hook,
    delivery_id: str,
    payload: dict[str, Any],
    *,
    kind: str,
    heartbeat_id: str | None = None,
    action_id: str | None = None,
) -> None:
    now = clock.now()
    _, timeout_ms = retry_settings(hook)
    inline = kind == "event" and inline_fits(timeout_ms)
    lease_until = now + timeout_ms / 1000 + INLINE_LEASE_GRACE_SECONDS if inline else None
    row = HookDelivery(
        delivery_id=delivery_id,
        hook_id=hook.hook_id,
        agent_id=hook.agent_id,
        owner=hook.owner,
        hook_type=payload["hook_type"],
        kind=kind,
        body=_encode(payload),
        status=PENDING,
        attempts=0,
        replays=0,
        heartbeat_id=heartbeat_id,
        action_id=action_id,
        created_at=now,
        updated_at=now,
        expires_at=retention.expiry(now, default_days=RETENTION_DAYS),
        lease_shard=_lease_shard(delivery_id) if inline else None,
        lease_until=lease_until,
    )
    if not delivery_repository.create(row):
        existing = delivery_repository.get(delivery_id)
        if existing is None or existing.status != PENDING or existing.lease_until is not None:
            # Fired before: under way, finished, or its first attempt is being made by
            # the firing that stored it (or, if that one died, by the scan's take-over).
            return
        inline = False  # stored, but its execution may never have started: start it
    if inline:
        _attempt_inline(hook, row)
        return
    try:
        _start_execution(delivery_id, _input(hook, delivery_id, 0))
    except Exception as error:
        _finish_delivery(delivery_id, FAILED, error=f"the delivery could not start: {error}")
        raise


def _start_execution(name: str, execution_input: DeliverInput) -> None:
    """StartExecution, idempotent by name: the same name again is the same delivery."""
    arn = get_settings().hook_state_machine_arn
    if not arn:
        raise HookStateMachineMissingError("WAKEFUL_HOOK_STATE_MACHINE_ARN is not set: hooks cannot be delivered")
    sfn = aws.client("stepfunctions")
    try:
        sfn.start_execution(stateMachineArn=arn, name=name, input=json.dumps(execution_input, sort_keys=True))
    except sfn.exceptions.ExecutionAlreadyExists:
        pass


def _lease_shard(delivery_id: str) -> int:
    return zlib.crc32(delivery_id.encode()) % get_settings().due_shards


# -- the first attempt, made by the firing function ------------------------------------
def _attempt_inline(hook: Hook, delivery: HookDelivery) -> None:
    """The first attempt of a delivery, here and now: exactly what the state machine's
    first attempt would do (the same POST, headers and row), then either the end of the
    delivery or its hand-over to Step Functions at attempt 1."""
    event = _input(hook, delivery.delivery_id, 0)
    started = clock.now()
    answer = _post(hook, delivery, int(event["timeout_ms"]), dev_mode=get_settings().dev_mode)
    now = clock.now()
    outcome, error, delay = _judge(hook, event, answer, now)
    row_status = _row_status(answer, outcome)
    if error is None and not answer.ok:
        error = f"HTTP {answer.status_code}"
    recorded = _record_attempt(
        delivery, event, row_status, answer.status_code, answer.body, error, answer.elapsed_ms, now, delay,
        execution_id=inline_execution_id(delivery), outcome=outcome,
    )  # fmt: skip
    _count(outcome)
    if not recorded:
        # Too slow: the scan took this delivery over (its lease ran out) and recorded
        # this attempt as unknown; it finishes the delivery.
        logger.warning("inline hook attempt recorded late; the scan took it over", extra={"delivery_id": delivery.delivery_id})
        return
    _settle_inline(delivery, event, outcome, error=None if answer.ok else error, status_code=answer.status_code, delay=delay, attempted_at=started)


def _row_status(answer: _Answer, outcome: str) -> str:
    if answer.ok:
        return ROW_SUCCESS
    if answer.timed_out:
        return ROW_TIMEOUT
    return ROW_RETRYING if outcome == RETRY else ROW_FAILED


def _settle_inline(
    delivery: HookDelivery,
    event: DeliverInput,
    outcome: str,
    *,
    error: str | None,
    status_code: int | None,
    delay: float,
    attempted_at: float,
) -> None:
    """Finish a delivery after its recorded inline first attempt, or hand it over to
    Step Functions at attempt 1. Idempotent: the firing function and the scan may both
    run it. The hand-over keeps the lease until the execution has started, so a crash
    in between leaves the delivery to the scan again."""
    lease = delivery.lease_until
    assert lease is not None
    now = clock.now()
    if outcome != RETRY:
        final = SUCCESS if outcome == SUCCESS else FAILED
        delivery_repository.settle_inline(delivery.delivery_id, final, now, lease_until=lease, error=error, status_code=status_code)
        return
    delivery_repository.settle_inline(
        delivery.delivery_id, RETRYING, now, lease_until=lease, error=error, status_code=status_code, keep_lease=True
    )
    # Retry 1 waits its backoff from the first attempt's start; time already gone (a
    # take-over by the scan comes a minute or more later) is not waited again.
    wait_seconds, carry_ms = split_delay(max(0.0, delay - (now - attempted_at)))
    handover = {**event, "attempt": 1, "wait_seconds": wait_seconds, "carry_ms": carry_ms}
    _start_execution(delivery.delivery_id, cast("DeliverInput", handover))
    delivery_repository.release_lease(delivery.delivery_id, lease)


def take_over(delivery_id: str, now: float) -> bool:
    """The scan's part: a delivery whose inline first attempt was not recorded before
    its lease ran out (the firing function died, or is far too slow). Records that
    attempt as one whose answer is unknown — it may have reached the endpoint — unless
    the firing function recorded it after all, and then finishes the delivery or hands
    it to Step Functions exactly as the firing function would have. A redelivery that
    follows carries the same ``webhook-id``. True when this call acted."""
    delivery = delivery_repository.get(delivery_id)
    if delivery is None or delivery.lease_until is None or delivery.lease_until > now:
        return False
    hook = repository.get(delivery.agent_id, delivery.hook_id)
    max_retries, timeout_ms = retry_settings(hook)
    event: DeliverInput = {
        "delivery_id": delivery_id,
        "hook_id": delivery.hook_id,
        "agent_id": delivery.agent_id,
        "attempt": 0,
        "max_retries": max_retries if hook is not None else 0,
        "timeout_ms": timeout_ms,
        "backoff_base_seconds": get_settings().hook_backoff_base_seconds,
        "carry_ms": 0,
        "replay": 0,
    }
    execution_id = inline_execution_id(delivery)
    outcome = RETRY if event["max_retries"] > 0 else FAILED
    delay = next_delay(float(event["backoff_base_seconds"]), 1) if outcome == RETRY else 0.0
    error: str | None = (
        "the firing function stopped before it recorded this attempt's answer; the request may have reached "
        "the endpoint" + ("" if hook is not None else "; the hook was deleted")
    )
    attempted_at = delivery.created_at or now
    status_code: int | None = None
    if not _record_attempt(
        delivery, event, ROW_RETRYING if outcome == RETRY else ROW_FAILED, None, None, error, None, now, delay,
        execution_id=execution_id, outcome=outcome,
    ):  # fmt: skip
        # The firing function recorded the attempt after all: finish from its row.
        recorded = delivery_repository.get_execution(delivery.hook_id, execution_id)
        if recorded is None:
            return False
        outcome = recorded.outcome or (SUCCESS if recorded.status == ROW_SUCCESS else FAILED)
        delay = (recorded.next_retry_in_ms or 0) / 1000
        error = None if outcome == SUCCESS else recorded.error_message
        status_code = recorded.status_code
        attempted_at = (recorded.executed_at or now) - (recorded.execution_time_ms or 0) / 1000
    logger.warning("hook delivery taken over after its inline attempt's lease ran out", extra={"delivery_id": delivery_id, "outcome": outcome})
    _settle_inline(delivery, event, outcome, error=error, status_code=status_code, delay=delay, attempted_at=attempted_at)
    return True


def _count(outcome: str) -> None:
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


# -- one attempt (the state machine's task) --------------------------------------------
class _Answer:
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
    answer = _post(hook, delivery, int(event["timeout_ms"]), dev_mode=settings.dev_mode)
    now = clock.now()
    outcome, error, delay = _judge(hook, event, answer, now)
    row_status = _row_status(answer, outcome)
    if error is None and not answer.ok:
        error = f"HTTP {answer.status_code}"
    _record_attempt(delivery, event, row_status, answer.status_code, answer.body, error, answer.elapsed_ms, now, delay, outcome=outcome)
    final = {SUCCESS: SUCCESS, RETRY: RETRYING}.get(outcome, FAILED)
    _finish_delivery(delivery_id, final, error=None if answer.ok else error, status_code=answer.status_code, attempted=True)
    return _result(outcome, row_status, answer.status_code, delay)


def _sendable(delivery: HookDelivery, hook: Hook | None) -> Hook | None:
    """The hook, if it still takes this delivery; otherwise None, and the delivery is
    cancelled with the reason. A test delivery goes to an inactive hook too."""
    if hook is None:
        _finish_delivery(delivery.delivery_id, CANCELLED, error="the hook was deleted")
        return None
    if not hook.is_active and delivery.kind == "event":
        reason = hook.disabled_reason or "is_active is false"
        _finish_delivery(delivery.delivery_id, CANCELLED, error=f"the hook is inactive ({reason})")
        return None
    return hook


def _judge(hook: Hook, event: DeliverInput, answer: _Answer, now: float) -> tuple[str, str | None, float]:
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


def _post(hook: Hook, delivery: HookDelivery, timeout_ms: int, *, dev_mode: bool) -> _Answer:
    """One signed POST of the stored body, within ``timeout_ms`` for the whole exchange
    (the answer's first :data:`MAX_RESPONSE_BODY_BYTES` are kept, the rest is not
    read). Never raises for the endpoint's faults."""
    answer = _Answer()
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


def _record_attempt(
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


def _finish_delivery(
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
    _record_attempt(delivery, event, ROW_FAILED, None, None, message, None, clock.now())
    _finish_delivery(event["delivery_id"], FAILED, error=message)
