"""The end of a scheduled thread run, reported by the thread runtime."""

from __future__ import annotations

from typing import Any


def on_thread_run_finished(thread: dict[str, Any], outcome: dict[str, Any]) -> None:
    """Called by the thread runtime when a run of a ``scheduled`` thread ends.

    Args:
        thread: the thread item (``source == "scheduled"``, ``source_id`` the schedule id,
            ``schedule_result_id`` the result this run fills).
        outcome: ``{"status": "complete" | "sleeping" | "failed" | ..., "final_text":
            the model's last text (or the ``complete_task`` summary), "error": message
            or None}``.
    """
