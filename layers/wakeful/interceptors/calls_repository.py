"""The interceptor calls repository: the one module that writes ``interceptor_calls``.

One row per call of an interceptor endpoint, keyed (interceptor, time-ordered call id)
so that a page of calls, newest first, is one Query. Rows expire after
:data:`RETENTION_SECONDS` (DynamoDB TTL).
"""

from __future__ import annotations

from typing import Any

from wakeful import clock, ddb, ids

RETENTION_SECONDS = 30 * 24 * 3600
MAX_ERROR_CHARS = 2000


def record(
    item: dict[str, Any],
    event: dict[str, Any],
    *,
    decision: str,
    latency_ms: float,
    status_code: int | None = None,
    error: str | None = None,
) -> dict[str, Any]:
    """Record one call of interceptor ``item`` for ``event``; returns the row."""
    now = clock.now()
    row = {
        "interceptor_id": item["interceptor_id"],
        "call_id": ids.new_id("icall", now),
        "agent_id": item["agent_id"],
        "owner": item["owner"],
        "thread_id": event.get("thread_id"),
        "event_id": str(event.get("id")),
        "event_type": event.get("type"),
        "decision": decision,
        "latency_ms": latency_ms,
        "status_code": status_code,
        "error": error[:MAX_ERROR_CHARS] if error else None,
        "on_failure": item.get("on_failure", "deny") if error else None,
        "called_at": now,
        "expires_at": int(now + RETENTION_SECONDS),
    }
    ddb.client().put_item(TableName=ddb.table("interceptor_calls"), Item=ddb.serialize(row))
    return row


def page(interceptor_id: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """One page of an interceptor's calls, newest first."""
    return ddb.page("interceptor_calls", key="interceptor_id", value=interceptor_id, limit=limit, cursor=cursor)
