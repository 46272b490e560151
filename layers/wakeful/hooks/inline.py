"""A delivery's first attempt, made by the function that fired the hook.

When the firing invocation has the time (:func:`inline_fits`), it makes the first
attempt itself: most deliveries succeed at once and never start a state machine. The
delivery is stored under a lease (the sparse ``inline-lease`` index) before the POST,
so a firing function that dies mid-attempt leaves it to the scan (:func:`take_over`).
An attempt that fails hands the delivery to the deliver-hook state machine at attempt
1, after the backoff (docs/hooks.md).
"""

from __future__ import annotations

import logging
import zlib
from typing import cast

from wakeful import clock, ids, invocation
from wakeful.config import get_settings
from wakeful.hooks import delivery_repository, repository
from wakeful.hooks.attempt import count, judge, post, record_attempt, row_status_of, start_execution
from wakeful.hooks.deferral import is_deferred
from wakeful.hooks.delivery_repository import FAILED, RETRYING
from wakeful.hooks.models import DeliverInput
from wakeful.hooks.payloads import (
    RETRY,
    ROW_FAILED,
    ROW_RETRYING,
    ROW_SUCCESS,
    SUCCESS,
    execution_input,
    next_delay,
    retry_settings,
    split_delay,
)
from wakeful.hooks.records import Hook, HookDelivery

logger = logging.getLogger(__name__)

#: An inline first attempt needs its whole timeout_ms plus this much of the firing
#: invocation's time left (to record it, hand it over, and finish its own work).
INLINE_RESERVE_SECONDS = 10.0
#: How long after an inline first attempt could have ended (timeout_ms after it began)
#: the scan takes the delivery over if the attempt was not recorded.
INLINE_LEASE_GRACE_SECONDS = 60.0


def inline_fits(timeout_ms: int) -> bool:
    """Whether the firing function makes a delivery's first attempt itself: inside an
    invocation that allows it (:func:`wakeful.hooks.deferral.deferred` says not) and has
    the whole ``timeout_ms`` plus :data:`INLINE_RESERVE_SECONDS` left, for a hook whose
    ``timeout_ms`` is at most ``WAKEFUL_HOOK_INLINE_MAX_MS``."""
    limit = get_settings().hook_inline_max_ms
    if not limit or timeout_ms > limit or is_deferred():
        return False
    remaining = invocation.remaining_seconds()
    return remaining is not None and remaining >= timeout_ms / 1000 + INLINE_RESERVE_SECONDS


def inline_execution_id(delivery: HookDelivery) -> str:
    """The attempt row id of a delivery's inline first attempt: derived, not random, so
    that the firing function and the scan taking over write one row, not two."""
    return "hx_" + ids.derived_ulid(delivery.created_at or 0.0, f"{delivery.delivery_id}:inline")


def lease_shard(delivery_id: str) -> int:
    return zlib.crc32(delivery_id.encode()) % get_settings().due_shards


def attempt_inline(hook: Hook, delivery: HookDelivery) -> None:
    """The first attempt of a delivery, here and now: exactly what the state machine's
    first attempt would do (the same POST, headers and row), then either the end of the
    delivery or its hand-over to Step Functions at attempt 1."""
    event = execution_input(hook, delivery.delivery_id, 0)
    started = clock.now()
    answer = post(hook, delivery, int(event["timeout_ms"]), dev_mode=get_settings().dev_mode)
    now = clock.now()
    outcome, error, delay = judge(hook, event, answer, now)
    row_status = row_status_of(answer, outcome)
    if error is None and not answer.ok:
        error = f"HTTP {answer.status_code}"
    recorded = record_attempt(
        delivery, event, row_status, answer.status_code, answer.body, error, answer.elapsed_ms, now, delay,
        execution_id=inline_execution_id(delivery), outcome=outcome,
    )  # fmt: skip
    count(outcome)
    if not recorded:
        # Too slow: the scan took this delivery over (its lease ran out) and recorded
        # this attempt as unknown; it finishes the delivery.
        logger.warning("inline hook attempt recorded late; the scan took it over", extra={"delivery_id": delivery.delivery_id})
        return
    settle(delivery, event, outcome, error=None if answer.ok else error, status_code=answer.status_code, delay=delay, attempted_at=started)


def settle(
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
    start_execution(delivery.delivery_id, cast("DeliverInput", handover))
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
    if not record_attempt(
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
    settle(delivery, event, outcome, error=error, status_code=status_code, delay=delay, attempted_at=attempted_at)
    return True
