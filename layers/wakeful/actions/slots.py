"""The slots the actions own, which the assembly fills. :data:`PARKED`: who else hears
of a heartbeat's action parked for approval, the park listeners. :data:`PROGRESS`: who
hears an action start and finish (the heartbeats: an action's start keeps its heartbeat
alive, the last one's finish lets it go on).

When the interception point parks an action (:mod:`wakeful.actions.interception`), the
runner fires the ``APPROVAL_REQUESTED`` hook and then tells the park listeners: a
capability above the actions that asks people elsewhere registers a
:class:`ParkListener` instead of being called by name (the channels do: the request
goes to the agent's ``notify`` channels with Approve and Deny buttons). The entry points
hand them in through :func:`wakeful.assembly.install`, as they do the threads' run-end
listeners.

A listener may be told twice (a redelivered park): it does what it does once, keyed by
the action's id.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from wakeful.listening import Slot
from wakeful.structs import Struct

if TYPE_CHECKING:
    from wakeful.actions.records import Action

logger = logging.getLogger(__name__)


class ParkListener(Struct):
    """A capability's part in an action parked for approval."""

    name: str
    #: ``(action, arguments)``: the action as parked, the arguments shown to a person.
    parked: Callable[[Action, Mapping[str, Any]], None]


#: The installed park listeners (the entry points fill it, through
#: :func:`wakeful.assembly.install`).
PARKED: Slot[ParkListener] = Slot("action park listeners")


def parked(action: Action, arguments: Mapping[str, Any]) -> None:
    """Tell every listener; one's failure is logged and does not keep the others (the
    action stays parked, and the API and the console still decide it)."""
    for listener in PARKED.installed():
        try:
            listener.parked(action, arguments)
        except Exception:  # noqa: BLE001 - a channel's failure must not unpark the action
            logger.exception("action park listener failed", extra={"listener": listener.name, "action_id": action.action_id})


class ProgressListener(Struct):
    """The part of the capability whose work an action is (the heartbeats')."""

    name: str
    #: ``(action)``: the action starts.
    started: Callable[[Action], None]
    #: ``(action)``: the action ended, or was parked or given up: what waited on it may
    #: go on. Told again on a redelivery: it does what it does once.
    finished: Callable[[Action], None]


#: The installed progress listeners. Unlike the park listeners, an error here is the
#: runner's: the message is redelivered, so nothing waits forever on a lost finish.
PROGRESS: Slot[ProgressListener] = Slot("action progress listeners")


def started(action: Action) -> None:
    """Tell the progress listeners that ``action`` starts."""
    for listener in PROGRESS.installed():
        listener.started(action)


def finished(action: Action) -> None:
    """Tell the progress listeners that ``action`` is done with."""
    for listener in PROGRESS.installed():
        listener.finished(action)
