"""Heartbeat items: statuses, the sparse index attributes and the public view.

A heartbeat is PENDING until the scan claims it (QUEUED), EXECUTING while the
orchestrator works through its window, and COMPLETED or FAILED at the end. Two sparse,
sharded indexes hold only the work that needs attention: ``pending-due`` (PENDING
heartbeats of active agents, by ``due_at``) and ``lease-expiry`` (claimed heartbeats, by
``lease_expires_at``), so the scan's cost grows with the work that is due
(DESIGN.md invariant 3).
"""

from __future__ import annotations

import zlib
from typing import Any

from wakeful import clock
from wakeful.config import get_settings

PENDING = "PENDING"
QUEUED = "QUEUED"
EXECUTING = "EXECUTING"
COMPLETED = "COMPLETED"
FAILED = "FAILED"
CLAIMED = (QUEUED, EXECUTING)


def shard_of(agent_id: str) -> int:
    """The due-index shard of an agent (stable for a given shard count)."""
    return zlib.crc32(agent_id.encode()) % get_settings().due_shards


def pending_item(agent: dict[str, Any], heartbeat_id: str, scheduled_at: float, *, now: float) -> dict[str, Any]:
    """A new PENDING heartbeat; in the due index only if the agent is active."""
    item: dict[str, Any] = {
        "agent_id": agent["agent_id"],
        "heartbeat_id": heartbeat_id,
        "owner": agent["owner"],
        "status": PENDING,
        "scheduled_at": scheduled_at,
        "created_at": now,
        "events_processed": 0,
        "actions_triggered": 0,
        "attempt": 0,
    }
    if agent.get("is_active", True):
        item.update(due_attributes(agent["agent_id"], scheduled_at))
    return item


def quiet_counts(item: dict[str, Any] | None, agent: dict[str, Any]) -> dict[str, Any]:
    """The agent's quiet heartbeats so far: the count is kept on the pending heartbeat
    (wakeful.heartbeats.quiet) and carried to the next one and to the agent when a
    heartbeat runs, so the larger of the two is the total."""
    item = item or {}
    count = max(int(item.get("quiet_heartbeats", 0)), int(agent.get("quiet_heartbeats", 0)))
    last = item.get("last_quiet_heartbeat_at") or agent.get("last_quiet_heartbeat_at")
    return {"quiet_heartbeats": count, "last_quiet_heartbeat_at": last}


def due_attributes(agent_id: str, due_at: float) -> dict[str, Any]:
    """Attributes that put a heartbeat into the ``pending-due`` index."""
    return {"due_shard": shard_of(agent_id), "due_at": due_at}


def public(item: dict[str, Any]) -> dict[str, Any]:
    """The API view of a heartbeat item."""
    return {
        "id": item["heartbeat_id"],
        "agent_id": item["agent_id"],
        "status": item["status"],
        "scheduled_at": clock.iso(item.get("scheduled_at")),
        "started_at": clock.iso(item.get("started_at")),
        "completed_at": clock.iso(item.get("completed_at")),
        "events_processed": item.get("events_processed", 0),
        "actions_triggered": item.get("actions_triggered", 0),
        "error_message": item.get("error_message"),
        "attempt": item.get("attempt", 0),
        "window": {
            "after_seq": item.get("window_start_seq"),
            "up_to_seq": item.get("cursor_seq"),
        },
        "rounds": item.get("round", 0),
        # Quiet heartbeats (nothing to do, counted and rescheduled instead of run) this
        # pending heartbeat stood for before it ran; cumulative for the agent.
        "quiet_heartbeats": item.get("quiet_heartbeats", 0),
        "last_quiet_heartbeat_at": clock.iso(item.get("last_quiet_heartbeat_at")),
    }
