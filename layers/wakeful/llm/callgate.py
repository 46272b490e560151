"""The one place every model call starts: each endpoint a call tries is admitted before it
is asked (the agent's daily token budget, then the installed gate), then its usage is
settled with the gate (or the attempt abandoned when the provider failed).

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

__all__ = ["GATE", "PURPOSES", "CallContext", "Gate", "abandon", "admit", "check_token_budget", "settle"]

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
    #: The agent's daily token budget (``daily_token_budget``, all providers); None: none.
    daily_token_budget: int | None = None
    #: The request's size in characters and its answer's cap in tokens: what the call
    #: can cost at most (the spend guard's estimate of a call never settled).
    input_chars: int = 0
    max_output_tokens: int = 0


def check_token_budget(ctx: CallContext) -> None:
    """Refuse a call of an agent whose daily token budget is spent.

    Raises:
        LLMBudgetExceededError: the agent used its budget today (UTC).
    """
    if ctx.daily_token_budget is None:
        return
    from wakeful.llm import ledger, metrics
    from wakeful.llm.exceptions import LLMBudgetExceededError

    used = ledger.usage_today(ctx.agent_id)["tokens"]
    if used >= ctx.daily_token_budget:
        metrics.add("LLM_BUDGET_EXCEEDED", 1)
        raise LLMBudgetExceededError(
            f"daily LLM token budget exhausted for agent {ctx.agent_id}: {used} of {ctx.daily_token_budget} tokens used today "
            "(UTC); it resets at 00:00 UTC (PATCH /agents/{id}/llm daily_token_budget to change it)"
        )


def admit(ctx: CallContext | None, endpoint: Endpoint) -> list[tuple[Gate, Any]]:
    """Every installed gate's ticket for this call (a gate that refuses raises), once the
    agent's daily token budget admits it."""
    if ctx is None or not ctx.agent_id:
        return []
    check_token_budget(ctx)
    return [(gate, gate.admit(ctx, endpoint)) for gate in GATE.installed()]


def settle(tickets: list[tuple[Gate, Any]], usage: Usage) -> None:
    for gate, ticket in tickets:
        gate.settle(ticket, usage)


def abandon(tickets: list[tuple[Gate, Any]]) -> None:
    for gate, ticket in tickets:
        gate.abandon(ticket)
