"""Errors about heartbeats."""

from __future__ import annotations

from wakeful.exceptions import NotFoundError


class HeartbeatNotFoundError(NotFoundError):
    """No such heartbeat for this agent."""
