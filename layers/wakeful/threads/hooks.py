"""Firing a thread's hooks.

Every hook of a thread goes through :func:`fire_hook`. A schedule run's hooks are the
schedules capability's to send (a heartbeat run that finds nothing notifies nobody, and
what it does send never carries the ``HEARTBEAT_OK`` token; see
:mod:`wakeful.schedules.runs`); every other thread's fire at once.
"""

from __future__ import annotations

from typing import Any

from wakeful.hooks.firing import fire


def fire_hook(agent: dict[str, Any], thread: dict[str, Any], hook_type: str, data: dict[str, Any], **options: Any) -> None:
    """Fire ``hook_type`` for ``thread`` (the arguments of :func:`wakeful.hooks.firing.fire`)."""
    if thread.get("source") == "scheduled":
        from wakeful.schedules import runs

        runs.fire_thread_hook(agent, thread, hook_type, data, **options)
        return
    fire(agent, hook_type, data, **options)
