"""What a hook delivery sends and when: the HookPayload (:func:`build_payload`, stored
byte for byte by :func:`encode`), the delivery id, the backoff between attempts, the
state machine's input, and the names of an attempt's outcomes and rows. No I/O."""

from __future__ import annotations

import json
import random
import uuid
from typing import TYPE_CHECKING, Any

from wakeful import backoff, clock, ids
from wakeful.config import get_settings
from wakeful.hooks.delivery_repository import CANCELLED, FAILED
from wakeful.hooks.models import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, DeliverInput

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.hooks.records import Hook

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
_NAMESPACE = uuid.UUID("0b6f7f8e-3c4a-4f57-9a1e-5d0c2b7e9f41")


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


def encode(payload: dict[str, Any]) -> str:
    """The body a delivery sends, as stored: compact JSON, its ``data`` replaced by a
    note when the whole would not fit in a DynamoDB item."""
    body = json.dumps(payload, separators=(",", ":"), default=str)
    if len(body.encode()) > MAX_STORED_BODY_BYTES:
        size = len(body.encode())
        payload = {**payload, "data": {"truncated": True, "original_bytes": size}}
        body = json.dumps(payload, separators=(",", ":"), default=str)
    return body


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


def execution_input(hook: Hook, delivery_id: str, replay_no: int, attempt_no: int = 0) -> DeliverInput:
    """The deliver-hook state machine's input for a delivery (its first attempt)."""
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
