"""The heartbeat queue: heartbeats claimed by the scan (or handed on by an orchestrator)
for the orchestrator to run."""

from __future__ import annotations

from typing import Any, Iterable

from wakeful import queues


def send_heartbeats(messages: Iterable[dict[str, Any]]) -> int:
    """Queue heartbeat work: ``{agent_id, heartbeat_id, attempt?}`` each."""
    return queues.send_batch("heartbeat", messages)
