"""Heartbeat API input: the request body of ``POST /agents/{id}/heartbeats``."""

from __future__ import annotations

from wakeful.inputs import Body


class HeartbeatRequest(Body):
    """``POST /agents/{id}/heartbeats`` body: optional, and empty. The heartbeat is due
    now; a field this route does not know (such as a time) is refused, never ignored."""
