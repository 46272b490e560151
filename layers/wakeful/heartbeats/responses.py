"""Response models of the heartbeats' routes."""

from __future__ import annotations

from pydantic import Field

from wakeful.actions.responses import Action
from wakeful.apikit.responses import Page, View


class HeartbeatAccepted(View):
    """A heartbeat made due now."""

    heartbeat_id: str


class HeartbeatWindow(View):
    """The events a heartbeat processes: seq in (after_seq, up_to_seq]."""

    after_seq: int | None
    up_to_seq: int | None


class Heartbeat(View):
    """A heartbeat."""

    id: str
    agent_id: str
    status: str = Field(description="PENDING, QUEUED, EXECUTING, COMPLETED or FAILED")
    scheduled_at: str | None
    started_at: str | None
    completed_at: str | None
    events_processed: int
    events_skipped: int = Field(0, description="Events of its window older than the agent's event_lookback_seconds: counted, not processed")
    actions_triggered: int
    error_message: str | None
    attempt: int
    window: HeartbeatWindow
    rounds: int
    quiet_heartbeats: int = Field(0, description="Quiet heartbeats of the agent so far (counted, not run)")
    last_quiet_heartbeat_at: str | None = None


class HeartbeatDetail(Heartbeat):
    """A heartbeat and its actions."""

    actions: list[Action] = Field(description="Its actions in dispatch order, as many as one answer holds")
    actions_truncated: bool = Field(
        False, description="True when more actions than one answer holds: GET /agents/{id}/actions?heartbeat_id= lists them all"
    )


class HeartbeatPage(Page):
    """A page of heartbeats, newest first."""

    items: list[Heartbeat]


class StuckHeartbeat(Heartbeat):
    """A heartbeat started and not finished."""

    stuck_seconds: int
    lease_expires_at: str | None


class StuckHeartbeatPage(Page):
    """Stuck heartbeats, most recently started first."""

    items: list[StuckHeartbeat]
