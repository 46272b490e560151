"""The slots the schedules own, which the assembly fills. :data:`RESULTS`: who else
hears a schedule run's result, the result listeners.

A run's result is finished in one place (:func:`wakeful.schedules.runs.finish`), whether
its thread ended, failed, or never started (the run timed out, its agent was deleted).
It fires the ``SCHEDULE_RESULT`` / ``SCHEDULE_FAILED`` hooks, and then tells the result
listeners: a capability above the schedules that delivers results elsewhere registers a
:class:`ResultListener` instead of being called by name (the channels do: a finding or
a failure goes to the schedule's ``notify`` channels). The entry points hand them in
through :func:`wakeful.assembly.install`, as they do the threads' run-end listeners.

A listener is told of results that notify (``success``, ``error``; never
``heartbeat_ok`` or ``skipped``), possibly more than once (a repeated finish): it does
what it does once, keyed by the result's id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from wakeful.listening import Slot
from wakeful.structs import Struct

if TYPE_CHECKING:
    from wakeful.agents.records import Agent


class ResultListener(Struct):
    """A capability's part in a schedule run's result."""

    name: str
    #: Whether it will tell someone of a result of this status (the result's
    #: ``notified``): ``(agent, result row, status)``.
    notifies: Callable[[Agent, Mapping[str, Any], str], bool]
    #: Called with a finished result that notifies: ``(agent, result row)``.
    result_finished: Callable[[Agent, Mapping[str, Any]], None]


#: The installed result listeners (the entry points fill it, through
#: :func:`wakeful.assembly.install`).
RESULTS: Slot[ResultListener] = Slot("schedule result listeners")


class Skip(Struct):
    """A gate's answer that a run must not call the model: the result is ``skipped``."""

    #: A short machine-readable reason (``budget``, ``probe_unchanged``): the result's ``reason``.
    reason: str
    #: What the result says, for a person (its ``result_content``).
    content: str


class Gate(Struct):
    """A capability's say in whether a claimed run starts: consulted in installation
    order, before the run's thread starts; the first :class:`Skip` wins."""

    name: str
    #: ``(agent, schedule, result row, now)`` -> a :class:`Skip`, or None to let it run.
    check: Callable[[Agent, Mapping[str, Any], Mapping[str, Any], float], Skip | None]


#: The installed run gates (the spend guard's pause before the probes: a paused agent
#: spends nothing, not even a probe's request).
GATES: Slot[Gate] = Slot("schedule run gates")
