"""Interceptor shapes: limits and the public views (the API's bodies and the agent's
``tool_policy`` are in :mod:`wakeful.interceptors.inputs`)."""

from __future__ import annotations

from typing import Any, Literal, Protocol

from wakeful.clock import iso



class Thread(Protocol):
    """What the interception point reads of a thread (a
    :class:`wakeful.threads.records.Thread` is one): the endpoint is sent its id and
    status. A protocol: the interceptors sit below the threads and never import them."""

    @property
    def thread_id(self) -> str: ...

    @property
    def status(self) -> str: ...


EVENT_TYPES: tuple[EventType, ...] = ("message", "tool_call")
DEFAULT_TIMEOUT_MS = 3000
MIN_TIMEOUT_MS = 100
MAX_TIMEOUT_MS = 10000
TOOL_NAME_MAX = 100
POLICY_MAX_NAMES = 200

EventType = Literal["message", "tool_call"]
OnFailure = Literal["allow", "deny"]


def public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of an interceptor (never its secret)."""
    return {
        "id": item["interceptor_id"],
        "agent_id": item["agent_id"],
        "endpoint_url": item["endpoint_url"],
        "events": item.get("events") or list(EVENT_TYPES),
        "timeout_ms": item.get("timeout_ms", DEFAULT_TIMEOUT_MS),
        "on_failure": item.get("on_failure", "deny"),
        "is_active": item.get("is_active", True),
        "created_at": iso(item.get("created_at")),
        "updated_at": iso(item.get("updated_at")),
    }


def public_call(row: dict[str, Any]) -> dict[str, Any]:
    """The API view of one call of an interceptor (``.../calls``)."""
    view: dict[str, Any] = {
        "id": row["call_id"],
        "event_id": row["event_id"],
        "event_type": row["event_type"],
        "thread_id": row.get("thread_id"),
        "decision": row["decision"],
        "latency_ms": row.get("latency_ms"),
        "status_code": row.get("status_code"),
        "called_at": iso(row.get("called_at")),
    }
    if row.get("error"):
        view["error"] = row["error"]
        view["on_failure"] = row.get("on_failure")
    return view
