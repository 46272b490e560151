"""An agent's thread limits, with the threads' defaults for those it leaves unset (the
limits are the threads' agent fields, :mod:`wakeful.threads.agent_fields`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wakeful.threads.records import DEFAULT_EXPIRY_SECONDS, DEFAULT_MAX_LLM_CALLS, DEFAULT_MAX_WAKES

if TYPE_CHECKING:
    from wakeful.agents.records import Agent


def of(agent: Agent) -> dict[str, int]:
    """The agent's thread limits: its own, else the threads' defaults."""
    return {
        "max_wakes_per_thread": agent.max_wakes_per_thread or DEFAULT_MAX_WAKES,
        "thread_expiry_seconds": agent.thread_expiry_seconds or DEFAULT_EXPIRY_SECONDS,
        "max_llm_calls_per_run": agent.max_llm_calls_per_run or DEFAULT_MAX_LLM_CALLS,
    }
