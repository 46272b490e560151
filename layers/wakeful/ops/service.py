"""Seed 000's monitoring queries ("Monitoring & Health Checks"), per owner, by Query on
sparse indexes — never a Scan:

- stuck heartbeats: ``heartbeats.active-by-owner`` holds only heartbeats a worker has
  started and not finished (EXECUTING, or QUEUED again after their lease expired), by
  ``started_at``; the stuck ones are those started before the cutoff;
- failed heartbeats: ``heartbeats.failed-by-owner`` holds only FAILED heartbeats, by
  ``completed_at``;
- tool statistics: ``actions.by-owner``, by ``created_at``, aggregated per tool (the
  GROUP BY of a relational design), reading only ``tool``, ``status`` and ``execution_time_ms``.
"""

from __future__ import annotations

import re
from typing import Any

from wakeful import clock
from wakeful.actions import repository as actions
from wakeful.heartbeats import repository as heartbeats
from wakeful.ops.exceptions import OpsSinceInvalidError

DEFAULT_WINDOW_SECONDS = 24 * 3600
#: Epoch seconds as people write them: ASCII digits, maybe a fraction (``float()`` alone
#: would also take other scripts' digits, ``1_000``, ``1e9`` and ``nan``).
_EPOCH = re.compile(r"[0-9]{1,12}(?:\.[0-9]{1,9})?")
MAX_STATS_ACTIONS = 100_000
MAX_SINCE_SECONDS = 253402300799  # 9999-12-31T23:59:59Z  # beyond this, stats are computed on the newest actions only


def parse_since(since: str | None, now: float) -> float:
    """``since`` as epoch seconds: ISO 8601 or epoch seconds; default one day ago."""
    if since is None or not since.strip():
        return now - DEFAULT_WINDOW_SECONDS
    text = since.strip()
    problem = f"since {text[:40]!r} is not an ISO 8601 time (e.g. 2026-02-05T10:30:00Z) or epoch seconds"
    if _EPOCH.fullmatch(text):
        value = float(text)
    else:
        try:
            value = clock.parse_iso(text)
        except (ValueError, OverflowError) as error:
            raise OpsSinceInvalidError(problem) from error
    # Beyond year 9999 (or NaN, inf) is no time at all, and DynamoDB refuses 1e308.
    if not 0 <= value <= MAX_SINCE_SECONDS:
        raise OpsSinceInvalidError(f"{problem} between 1970 and 9999")
    return value


def stuck_heartbeats(
    owner: str, older_than_seconds: int, limit: int, cursor: str | None, now: float | None = None
) -> tuple[list[dict[str, Any]], str | None]:
    """The owner's heartbeats started more than ``older_than_seconds`` ago and not
    finished, most recently started first."""
    now = clock.now() if now is None else now
    items, next_cursor = heartbeats.stuck_page(owner, started_before=now - older_than_seconds, limit=limit, cursor=cursor)
    views = []
    for item in items:
        view = item.public()
        view["stuck_seconds"] = int(now - (item.started_at or 0.0))  # the index holds started ones only
        view["lease_expires_at"] = clock.iso(item.lease_expires_at)
        views.append(view)
    return views, next_cursor


def failed_heartbeats(
    owner: str, since: float, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """The owner's heartbeats that FAILED since ``since``, newest first."""
    items, next_cursor = heartbeats.failed_page(owner, since=since, limit=limit, cursor=cursor)
    return [item.public() for item in items], next_cursor


def tool_stats(owner: str, since: float) -> tuple[list[dict[str, Any]], bool]:
    """Per tool: actions created since ``since``, how many COMPLETED and FAILED, and the
    mean execution time of those that ran. Returns (items by total, truncated)."""
    totals: dict[str, dict[str, Any]] = {}
    count = 0
    for item in actions.outcomes_since(owner, since, limit=MAX_STATS_ACTIONS):
        count += 1
        entry = totals.setdefault(item.tool, {"tool": item.tool, "total": 0, "successful": 0, "failed": 0, "_ms": 0.0, "_timed": 0})
        entry["total"] += 1
        if item.status == "COMPLETED":
            entry["successful"] += 1
        elif item.status == "FAILED":
            entry["failed"] += 1
        if item.execution_time_ms is not None:
            entry["_ms"] += item.execution_time_ms
            entry["_timed"] += 1
    items = []
    for entry in sorted(totals.values(), key=lambda e: (-e["total"], e["tool"])):
        timed, total_ms = entry.pop("_timed"), entry.pop("_ms")
        entry["pending"] = entry["total"] - entry["successful"] - entry["failed"]
        entry["success_rate"] = round(entry["successful"] / entry["total"], 4)
        entry["avg_execution_ms"] = round(total_ms / timed, 1) if timed else None
        items.append(entry)
    return items, count >= MAX_STATS_ACTIONS
