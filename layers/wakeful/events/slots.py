"""The slots the events own, which the assembly fills.

- :data:`URGENT`: who acts when events at or above an agent's ``wake_on_priority``
  are appended (the heartbeats: a heartbeat due now). Told after the append is
  committed; an error there is logged and never fails the append (the events wait for
  the next heartbeat, as they would without the setting).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wakeful.listening import Slot
from wakeful.structs import Struct

if TYPE_CHECKING:
    from wakeful.agents.records import Agent


class UrgentListener(Struct):
    """A capability's part when urgent events arrive."""

    name: str
    #: Called with the agent as read by the append.
    woken: Callable[[Agent], None]


#: The installed urgent-event listeners.
URGENT: Slot[UrgentListener] = Slot("urgent event listeners")
