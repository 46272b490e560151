"""The slots the model calls own, which the assembly fills: :data:`GATE`, the gates
every model call passes (see :mod:`wakeful.llm.callgate`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from wakeful.listening import Slot

if TYPE_CHECKING:
    from wakeful.llm.callgate import CallContext
    from wakeful.llm.models import Endpoint, Usage


class Gate(NamedTuple):
    """A capability's say in every model call."""

    name: str
    #: ``(ctx, endpoint)`` -> a ticket for :attr:`settle` / :attr:`abandon`; raises an
    #: :class:`~wakeful.llm.exceptions.LLMError` to refuse the call before it is made.
    admit: Callable[[CallContext, Endpoint], Any]
    #: ``(ticket, usage)``: the call answered; count its cost once.
    settle: Callable[[Any, Usage], None]
    #: ``(ticket)``: the provider failed; providers do not bill it.
    abandon: Callable[[Any], None]


#: The installed gates (at most one is expected: the spend guard).
GATE: Slot[Gate] = Slot("model call gates")
