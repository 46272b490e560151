"""Firing a thread's hooks.

Every hook of a thread goes through :func:`fire_hook`. A schedule run's hooks are the
schedules capability's to send (a heartbeat run that finds nothing notifies nobody, and
what it does send never carries the ``HEARTBEAT_OK`` token; see
:mod:`wakeful.schedules.runs`); every other thread's fire at once.
"""

from __future__ import annotations

from typing import Any

from wakeful.agents.records import Agent
from wakeful.hooks.events import HookEvent
from wakeful.hooks.firing import fire
from wakeful.threads.records import Thread


def fire_hook(agent: Agent, thread: Thread, event: HookEvent, **options: Any) -> None:
    """Fire ``event`` for ``thread`` (the arguments of :func:`wakeful.hooks.firing.fire`)."""
    if thread.source == "scheduled":
        from wakeful.schedules import runs

        runs.fire_thread_hook(agent, thread, event, **options)
        return
    fire(agent, event, **options)
