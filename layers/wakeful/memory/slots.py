"""The slots memory owns, which the assembly fills. :data:`PROVIDERS`: what a
consolidation run is told besides the memories and the activity: extensions'
context providers (SnipIn's reactions to its snips, its own interactions, its topics).

A :class:`ContextProvider` returns, for an agent and the span the consolidation reads, a
heading, the guidance for the model and the data (or None: nothing for this agent). The
entry points fill :data:`PROVIDERS` from the manifests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from wakeful.listening import Slot
from wakeful.structs import Struct

if TYPE_CHECKING:
    from wakeful.agents.records import Agent


class Span(Struct):
    """What a consolidation reads: the log after ``after_seq`` up to ``up_to_seq``, and
    the time from ``start`` until ``until`` (epoch seconds)."""

    after_seq: int
    up_to_seq: int
    start: float
    until: float


class ContextProvider(Struct):
    """A capability's part in what a consolidation run reads."""

    name: str
    #: ``(agent, span)`` -> ``(heading, guidance, data)`` or None.
    provide: Callable[[Agent, Span], tuple[str, str, Any] | None]


PROVIDERS: Slot[ContextProvider] = Slot("consolidation context providers")
