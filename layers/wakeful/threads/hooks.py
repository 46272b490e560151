"""Firing a thread's hooks.

Every hook of a thread goes through :func:`fire_hook`. The hooks of a thread whose
run-end listener holds them (:attr:`wakeful.threads.slots.RunEndListener.fire_hook`)
are that listener's to send: a schedule run's, whose heartbeat run that finds nothing
notifies nobody, and whose hooks never carry the ``HEARTBEAT_OK`` token (see
:mod:`wakeful.schedules.runs`); every other thread's fire at once.
"""

from __future__ import annotations

from typing import Any

from wakeful.agents.records import Agent
from wakeful.hooks.events import HookEvent
from wakeful.hooks.firing import fire
from wakeful.threads import slots
from wakeful.threads.records import Thread


def fire_hook(agent: Agent, thread: Thread, event: HookEvent, **options: Any) -> None:
    """Fire ``event`` for ``thread`` (the arguments of :func:`wakeful.hooks.firing.fire`)."""
    holder = slots.hook_holder(thread)
    if holder is not None and holder.fire_hook is not None:
        holder.fire_hook(agent, thread, event, options)
        return
    fire(agent, event, **options)
