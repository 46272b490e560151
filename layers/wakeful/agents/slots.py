"""The slots the agents own, which the assembly fills. :data:`BUDGET_CHANGED`: who hears
that an agent's ``budget`` changed (the spend guard: a raised or removed limit may end
a pause at once)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from wakeful.listening import Slot

if TYPE_CHECKING:
    from wakeful.agents.records import Agent


class BudgetListener(NamedTuple):
    """A capability's part in a budget change."""

    name: str
    #: Called with the agent as changed (after the write).
    changed: Callable[[Agent], None]


#: The installed budget listeners.
BUDGET_CHANGED: Slot[BudgetListener] = Slot("budget listeners")
