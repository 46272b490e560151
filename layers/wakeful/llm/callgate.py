"""The one place every model call starts: each endpoint a call tries is admitted by the
installed gate before it is asked, then its usage is settled with the gate (or the
attempt abandoned when the provider failed).

:data:`~wakeful.llm.slots.GATE` is a slot the assembly fills (the spend guard prices, admits and settles
each call in its ledger); with nothing installed every call is admitted and nothing is
settled. A caller says what the call is for in a :class:`CallContext`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wakeful.llm.slots import GATE, Gate

if TYPE_CHECKING:
    from wakeful.llm.models import Endpoint, Usage

__all__ = ["GATE", "PURPOSES", "CallContext", "Gate", "abandon", "admit", "settle"]

#: What a model call is for (the spend ledger keeps its cost per purpose).
PURPOSES = ("run", "tool", "triage", "consolidation", "replay", "dry_run")


@dataclass(frozen=True)
class CallContext:
    """Who makes a model call, and why."""

    agent_id: str
    owner: str = ""
    #: One of :data:`PURPOSES`.
    purpose: str = "run"
    #: The run (or ``action_id:step``, or ``replay_id:run``) it belongs to.
    ref: str = ""
    #: A dry run's call: priced and counted like any other, flagged as such.
    dry: bool = False


def admit(ctx: CallContext | None, endpoint: Endpoint) -> list[tuple[Gate, Any]]:
    """Every installed gate's ticket for this call (a gate that refuses raises)."""
    if ctx is None or not ctx.agent_id:
        return []
    return [(gate, gate.admit(ctx, endpoint)) for gate in GATE.installed()]


def settle(tickets: list[tuple[Gate, Any]], usage: Usage) -> None:
    for gate, ticket in tickets:
        gate.settle(ticket, usage)


def abandon(tickets: list[tuple[Gate, Any]]) -> None:
    for gate, ticket in tickets:
        gate.abandon(ticket)
