"""The schedule queue: claimed schedule runs for the schedule runner."""

from __future__ import annotations

from typing import Any, Iterable

from wakeful import queues


def send_schedule_runs(messages: Iterable[dict[str, Any]]) -> int:
    """Queue claimed schedule runs: ``{agent_id, schedule_id, result_id}`` each."""
    return queues.send_batch("schedule", messages)
