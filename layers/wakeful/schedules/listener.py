"""The schedules capability's run-end listener, which the entry points install.

A scheduled thread's run ends in the thread runtime, which does not know schedules: the
listener registered here for the ``scheduled`` source records the run as its schedule's
result and takes the thread's hooks (held until a heartbeat run's answer is known); see
:mod:`wakeful.schedules.runs`. :func:`wakeful.assembly.install` hands :data:`LISTENER`
to :mod:`wakeful.threads.listeners`. This module is light (every handler imports it
through the assembly): :mod:`wakeful.schedules.runs` loads when a scheduled thread first
fires a hook or ends a run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wakeful.threads.listeners import RunEnd, RunEndListener

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.hooks.events import HookEvent
    from wakeful.threads.records import Thread

#: The ``source`` of the threads schedule runs start.
SOURCE = "scheduled"


def _run_ended(end: RunEnd) -> None:
    from wakeful.schedules import runs

    runs.on_run_end(end)


def _fire_hook(agent: Agent, thread: Thread, event: HookEvent, options: Mapping[str, Any]) -> None:
    from wakeful.schedules import runs

    runs.fire_thread_hook(agent, thread, event, **options)


LISTENER = RunEndListener(name="schedules", run_ended=_run_ended, sources=frozenset({SOURCE}), fire_hook=_fire_hook)
