"""Storing hook deliveries and starting them.

:func:`start_deliveries` (called by :func:`wakeful.hooks.firing.fire`) stores each
delivery — its payload, byte for byte, so every retry and a replay send the same body —
under an id derived from the firing's ``delivery_key`` when there is one, so a re-fired
lifecycle point finds its delivery instead of making a second (a firing is delivered
once). Then the first attempt is made here when the invocation has the time
(:mod:`wakeful.hooks.inline`); otherwise (no time, a ``timeout_ms`` above
``WAKEFUL_HOOK_INLINE_MAX_MS``, a test delivery, a replay) the state machine makes every
attempt (:mod:`wakeful.hooks.attempt`), the execution named by the delivery id.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from wakeful import clock, retention
from wakeful.hooks import delivery_repository, service
from wakeful.hooks.attempt import finish_delivery, start_execution
from wakeful.hooks.delivery_repository import FAILED, PENDING
from wakeful.hooks.inline import INLINE_LEASE_GRACE_SECONDS, attempt_inline, inline_fits, lease_shard
from wakeful.hooks.payloads import RETENTION_DAYS, build_payload, delivery_id_for, encode, execution_input, retry_settings
from wakeful.hooks.records import Hook, HookDelivery

if TYPE_CHECKING:
    from wakeful.agents.records import Agent

logger = logging.getLogger(__name__)


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
        start_execution(f"{delivery_id}-replay-{replay_no}", execution_input(hook, delivery_id, replay_no))
    except Exception as error:
        finish_delivery(delivery_id, FAILED, error=f"the replay could not start: {error}")
        raise
    return row


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
        body=encode(payload),
        status=PENDING,
        attempts=0,
        replays=0,
        heartbeat_id=heartbeat_id,
        action_id=action_id,
        created_at=now,
        updated_at=now,
        expires_at=retention.expiry(now, default_days=RETENTION_DAYS),
        lease_shard=lease_shard(delivery_id) if inline else None,
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
        attempt_inline(hook, row)
        return
    try:
        start_execution(delivery_id, execution_input(hook, delivery_id, 0))
    except Exception as error:
        finish_delivery(delivery_id, FAILED, error=f"the delivery could not start: {error}")
        raise
