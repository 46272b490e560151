"""Heartbeat API input."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class HeartbeatRequest(BaseModel):
    """``POST /agents/{id}/heartbeats`` body: optional, and empty. The heartbeat is due
    now; a field this route does not know (such as a time) is refused, never ignored."""

    model_config = ConfigDict(extra="forbid")
