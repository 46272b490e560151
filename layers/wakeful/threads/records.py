"""Thread statuses, defaults, ids and the public views of threads, messages and routes.

A thread item (table ``threads``, key ``agent_id`` + ``thread_id``) holds the thread's
state between runs; its messages are items of their own (``thread_messages``, key
``thread_id`` + ``seq``), so a long history never outgrows an item.
"""

from __future__ import annotations

import hashlib
import uuid
import zlib
from typing import Any

from wakeful import clock, ids
from wakeful.config import get_settings

ACTIVE = "active"
SLEEPING = "sleeping"
WAITING_APPROVAL = "waiting_approval"
COMPLETE = "complete"
FAILED = "failed"
EXPIRED = "expired"
STATUSES = (ACTIVE, SLEEPING, WAITING_APPROVAL, COMPLETE, FAILED, EXPIRED)
ENDED = (COMPLETE, FAILED, EXPIRED)

SOURCES = ("user", "event", "webhook", "scheduled")
CHANNELS = ("heartbeat", "scheduled")

# Due-index kinds: a sleeping thread's timer, an expiry, a running step's lease.
DUE_WAKE = "wake"
DUE_EXPIRE = "expire"
DUE_LEASE = "lease"

DEFAULT_MAX_WAKES = 50
DEFAULT_EXPIRY_SECONDS = 604800
DEFAULT_MAX_LLM_CALLS = 20
DEFAULT_TRIGGER_COOLDOWN = 300
#: A run that takes more steps than this fails (an interceptor answering forever).
MAX_STEPS_PER_RUN = 400
#: Messages the model sees at most; older ones stay in the API, not in the prompt.
MAX_PROMPT_MESSAGES = 80

_THREAD_NAMESPACE = uuid.UUID("0b9a3d1e-54c4-4b8e-8f67-3f3c1b8a9d20")


def shard_of(thread_id: str) -> int:
    """The due-index shard of a thread."""
    return zlib.crc32(thread_id.encode()) % get_settings().due_shards


def new_thread_id(at: float | None = None) -> str:
    """A new time-ordered thread id."""
    return ids.new_id("thr", at)


def derived_thread_id(at: float, *parts: str) -> str:
    """A thread id that is the same every time it is derived from ``parts`` (a router
    redelivery starts the same thread, not a second one) and still time-ordered."""
    millis = int(at * 1000)
    tail = int.from_bytes(hashlib.sha256(":".join(parts).encode()).digest()[:10], "big")
    value = (millis << 80) | tail
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    chars = []
    for _ in range(26):
        chars.append(alphabet[value & 31])
        value >>= 5
    return "thr_" + "".join(reversed(chars))


def action_id(thread_id: str, tool_call_id: str) -> str:
    """The action of one thread tool call (stable: its idempotency key)."""
    return "act_" + uuid.uuid5(_THREAD_NAMESPACE, f"{thread_id}:{tool_call_id}").hex


def public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a thread item."""
    return {
        "id": item["thread_id"],
        "agent_id": item["agent_id"],
        "status": item["status"],
        "source": item["source"],
        "source_id": item.get("source_id"),
        "channel": item.get("channel"),
        "wake_at": clock.iso(item.get("wake_at")),
        "wake_reason": item.get("wake_reason"),
        "wake_on_events": item.get("wake_on_events") or [],
        "wakes": int(item.get("wakes", 0)),
        "context": item.get("context") or {},
        "summary": item.get("summary"),
        "error_message": item.get("error_message"),
        "attributes": item.get("attributes") or {},
        "run_id": item.get("run_id"),
        "created_at": clock.iso(item.get("created_at")),
        "updated_at": clock.iso(item.get("updated_at")),
    }


def public_message(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a thread message item."""
    view: dict[str, Any] = {
        "seq": item["seq"],
        "role": item["role"],
        "created_by": item["created_by"],
        "content": item.get("content") or "",
        "created_at": clock.iso(item.get("created_at")),
    }
    if item.get("tool_calls"):
        view["tool_calls"] = item["tool_calls"]
    if item.get("tool_call_id"):
        view["tool_call_id"] = item["tool_call_id"]
        view["tool_name"] = item.get("tool_name")
        view["is_error"] = bool(item.get("is_error"))
    if item.get("event"):
        view["event"] = item["event"]
    return view


def public_route(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a route decision."""
    return {
        "seq": item["seq"],
        "event_id": item["event_id"],
        "event_type": item.get("event_type"),
        "decision": item["decision"],
        "thread_ids": item.get("thread_ids") or [],
        "decided_at": clock.iso(item.get("decided_at")),
    }
