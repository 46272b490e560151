"""Triage: a cheaper model asked first on heartbeat schedule runs.

An agent's LLM settings may name a triage model (``llm.triage: {provider, model,
base_url?}``). The threads' turn policy (:data:`wakeful.threads.slots.TURN_POLICY`) asks
:func:`before_turn` before the first model turn of every run; it has a say only in runs of
a ``heartbeat`` schedule's thread whose agent has a triage model:

1. The triage model is asked the same turn (system prompt, tools, history), as a call
   of purpose ``triage`` (priced, counted in the ledger under its own provider and model,
   refused while the agent is paused). The agent's own key goes with it only when the
   triage model is on the agent's own endpoint (same provider and base URL).
2. Its answer is text only and ``HEARTBEAT_OK``: that answer is the run's (kept as the
   model's message, ``model_role: "triage"``), the run ends ``heartbeat_ok`` and the
   agent's model is never asked; one ``triage_ok`` saving is counted.
3. Anything else (a finding, a tool call, a failure of the triage model): the answer is
   dropped (its tool calls are never run), the run is marked escalated, and the turn is
   asked again of the agent's model; the run's result says ``escalated: true``.

A daily token budget or a spend refusal is not escalated: the agent's model would be
refused too, so the run fails with that error.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from wakeful import clock, slots
from wakeful.threads.slots import TurnVerdict

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.threads.records import Thread

logger = logging.getLogger(__name__)

#: The ``model_role`` of a message the triage model answered.
ROLE = "triage"


def before_turn(agent: Agent, thread: Thread, request: Any) -> TurnVerdict | None:
    """Ask the triage model a heartbeat run's first turn (see the module docstring)."""
    from wakeful.llm import ledger

    if thread.source != "scheduled" or thread.prompt_mode != "heartbeat":
        return None
    settings = ledger.agent_settings(agent.agent_id)
    triage = settings.get("triage")
    if not triage:
        return None
    return _ask(agent, thread, request, settings, dict(triage))


def _ask(agent: Agent, thread: Thread, request: Any, settings: dict[str, Any], triage: dict[str, Any]) -> TurnVerdict:
    from wakeful.llm import conversation
    from wakeful.llm.exceptions import LLMBudgetExceededError, LLMError
    from wakeful.schedules import answers

    try:
        turn = conversation.converse(request, purpose="triage", ref=thread.run_id or "", settings=triage_settings(settings, triage))
    except LLMBudgetExceededError:
        raise  # the agent's model would be refused too: the run fails with it
    except LLMError as error:
        return _escalated(triage, f"the triage model failed: {str(error)[:300]}")
    if turn.tool_calls:
        return _escalated(triage, "the triage model called a tool")
    if not answers.is_heartbeat_ok(turn.text):
        return _escalated(triage, "the triage model reported a finding")
    _count_saving(agent, thread)
    return TurnVerdict(answer=turn, extra={"model_role": ROLE})


def triage_settings(settings: dict[str, Any], triage: dict[str, Any]) -> dict[str, Any]:
    """The LLM settings of a triage call: the triage endpoint, no fallback, no thinking,
    the agent's daily token budget, and the agent's own key only on its own endpoint."""
    from wakeful.llm import providers
    from wakeful.llm.settings import get_settings

    own_provider = str(settings.get("provider") or get_settings().provider)
    own_url = settings.get("base_url") if providers.takes_base_url(own_provider) else None
    url = triage.get("base_url") if providers.takes_base_url(str(triage["provider"])) else None
    chosen: dict[str, Any] = {"provider": triage["provider"], "model": triage["model"], "base_url": url or None}
    if settings.get("daily_token_budget") is not None:
        chosen["daily_token_budget"] = settings["daily_token_budget"]
    if triage["provider"] == own_provider and (url or None) == (own_url or None) and settings.get("api_key_sealed"):
        chosen["api_key_sealed"] = settings["api_key_sealed"]
    return chosen


def _escalated(triage: dict[str, Any], reason: str) -> TurnVerdict:
    """The turn goes to the agent's model; the note says why, for the run's result."""
    view = {"provider": triage["provider"], "model": triage["model"], "verdict": "escalated", "reason": reason}
    return TurnVerdict(note={"escalated": True, "triage": view})


def _count_saving(agent: Agent, thread: Thread) -> None:
    try:
        slots.count_saving(thread.owner or agent.owner, agent.agent_id, slots.TRIAGE_OK, 1, clock.now())
    except Exception:  # noqa: BLE001 - counting a saving never fails the run
        logger.exception("counting a triage saving failed", extra={"agent_id": agent.agent_id})
