"""``/ops/*``: the monitoring queries, per owner (docs/api.md "Operations")."""

from __future__ import annotations

from typing import Annotated

from wakeful import clock, pagination
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, ok
from wakeful.ops import service
from wakeful.pagination import MAX_LIMIT

router = Router()
TAGS = ["operations"]
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]
Cursor = Annotated[str | None, Query(description="The `next` value of the previous page")]
Since = Annotated[str | None, Query(description="ISO 8601 time or epoch seconds (default: one day ago)")]


@router.get(
    "/ops/heartbeats/stuck",
    summary="Heartbeats started and not finished after older_than_seconds",
    tags=TAGS,
    responses=ok("StuckHeartbeatPage"),
)
def stuck_heartbeats(
    older_than_seconds: Annotated[int, Query(ge=0, le=30 * 24 * 3600)] = 300, limit: Limit = 50, cursor: Cursor = None
):
    items, next_cursor = service.stuck_heartbeats(owner(router), older_than_seconds, limit, cursor)
    return respond(200, page(items, next_cursor))


@router.get(
    "/ops/heartbeats/failed",
    summary="Heartbeats that failed since a time (default: the last day)",
    tags=TAGS,
    responses=ok("HeartbeatPage"),
)
def failed_heartbeats(since: Since = None, limit: Limit = 50, cursor: Cursor = None):
    start = service.parse_since(since, clock.now())
    items, next_cursor = service.failed_heartbeats(owner(router), start, limit, cursor)
    return respond(200, page(items, next_cursor))


@router.get(
    "/ops/tools/stats",
    summary="Per tool: actions, successes, failures and mean execution time since a time",
    tags=TAGS,
    responses=ok("ToolStatsPage"),
)
def tool_stats(since: Since = None, cursor: Cursor = None):
    pagination.refuse_any(cursor)  # one page, no cursor of its own
    start = service.parse_since(since, clock.now())
    items, truncated = service.tool_stats(owner(router), start)
    return respond(200, {**page(items, None), "since": clock.iso(start), "truncated": truncated})
