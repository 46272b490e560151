"""The slots the actions own, which the assembly fills. :data:`PARKED`: who else hears
of a heartbeat's action parked for approval, the park listeners.

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
from typing import TYPE_CHECKING, Any, NamedTuple

from wakeful.listening import Slot

if TYPE_CHECKING:
    from wakeful.actions.records import Action

logger = logging.getLogger(__name__)


class ParkListener(NamedTuple):
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
