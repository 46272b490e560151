"""The ``llm`` table: per-agent LLM settings, daily usage counters (the token budget)
and answers memoized per action.

Items (partition ``agent_id``, sort ``record_key``):
- ``settings``: ``provider``, ``model``, ``base_url``, ``api_key_sealed`` (the agent's
  own key, sealed: :mod:`wakeful.secrets`), ``fallback``, ``tool_models`` (tool name ->
  model), ``daily_token_budget``, ``thinking_budget_tokens`` (extended thinking in
  threads' conversations).
- ``usage#<YYYY-MM-DD>`` (UTC): ``tokens``, ``input_tokens``, ``output_tokens``,
  ``cache_read_input_tokens``, ``cache_creation_input_tokens``, ``cost_micro_usd``,
  ``calls``, over every provider (what the daily budget counts); expires after 35 days.
- ``usage#<YYYY-MM-DD>#<provider>#<model>``: the same counters for one provider and
  model, plus ``failed_calls`` (attempts that failed, e.g. before a fallback answered).
- ``answer#<action_id>#<step>``: the validated answer a step of an action got, so that
  running the action again (a redelivery, a retry after a crash) acts on the same
  decision without asking again, with its ``usage`` and the ``question`` it answers
  (:mod:`wakeful.llm.questions`: what a heartbeat round's replay asks again); expires
  after 7 days.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from wakeful import clock
from wakeful.llm import ledger_repository as repository
from wakeful.llm.models import Usage

USAGE_TTL_SECONDS = 35 * 24 * 3600
ANSWER_TTL_SECONDS = 7 * 24 * 3600
SETTINGS_KEY = repository.SETTINGS_KEY


def day(ts: float | None = None) -> str:
    """The UTC day of ``ts`` (default now) as ``YYYY-MM-DD``."""
    return datetime.fromtimestamp(clock.now() if ts is None else ts, tz=timezone.utc).strftime("%Y-%m-%d")


def agent_settings(agent_id: str) -> dict[str, Any]:
    """The agent's LLM settings (empty when never set)."""
    return repository.get(agent_id, SETTINGS_KEY) or {}


def put_settings(agent_id: str, changes: dict[str, Any]) -> dict[str, Any]:
    """Set some of ``model``, ``tool_models``, ``daily_token_budget``,
    ``thinking_budget_tokens`` (None removes one)."""
    return repository.put_settings(agent_id, changes, clock.now())


def usage_today(agent_id: str, ts: float | None = None) -> dict[str, Any]:
    """The agent's usage counters for the UTC day of ``ts`` (zeros when none)."""
    item = repository.get(agent_id, f"usage#{day(ts)}") or {}
    return {
        "day": day(ts),
        "tokens": int(item.get("tokens", 0)),
        "input_tokens": int(item.get("input_tokens", 0)),
        "output_tokens": int(item.get("output_tokens", 0)),
        "cache_read_input_tokens": int(item.get("cache_read_input_tokens", 0)),
        "cache_creation_input_tokens": int(item.get("cache_creation_input_tokens", 0)),
        "cost_usd": int(item.get("cost_micro_usd", 0)) / 1_000_000,
        "calls": int(item.get("calls", 0)),
    }


def _model_key(day_: str, provider: str, model: str) -> str:
    return f"usage#{day_}#{provider or 'unknown'}#{model or 'unknown'}"


def usage_by_model(agent_id: str, ts: float | None = None) -> list[dict[str, Any]]:
    """The agent's usage for the UTC day of ``ts`` per provider and model."""
    prefix = f"usage#{day(ts)}#"
    out = []
    for item in repository.with_prefix(agent_id, prefix):
        provider, _, model = str(item["record_key"])[len(prefix) :].partition("#")
        out.append(
            {
                "provider": provider,
                "model": model,
                "calls": int(item.get("calls", 0)),
                "failed_calls": int(item.get("failed_calls", 0)),
                "tokens": int(item.get("tokens", 0)),
                "input_tokens": int(item.get("input_tokens", 0)),
                "output_tokens": int(item.get("output_tokens", 0)),
                "cache_read_input_tokens": int(item.get("cache_read_input_tokens", 0)),
                "cache_creation_input_tokens": int(item.get("cache_creation_input_tokens", 0)),
                "cost_usd": int(item.get("cost_micro_usd", 0)) / 1_000_000,
            }
        )
    return out


def add_failure(agent_id: str, provider: str, model: str) -> None:
    """Count one failed attempt on ``provider``/``model`` (no tokens, no budget)."""
    now = clock.now()
    repository.add_counts(agent_id, _model_key(day(now), provider, model), {"failed_calls": 1}, int(now + USAGE_TTL_SECONDS))


def add_usage(agent_id: str, usage: Usage) -> None:
    """Count one call against the agent's day and its provider and model (atomic ADDs)."""
    now = clock.now()
    counts = {
        "tokens": usage.total_tokens,
        "input_tokens": usage.input_tokens,
        "output_tokens": usage.output_tokens,
        "cache_read_input_tokens": usage.cache_read_input_tokens,
        "cache_creation_input_tokens": usage.cache_creation_input_tokens,
        "cost_micro_usd": int(round(usage.cost_usd * 1_000_000)),
        "calls": 1,
    }
    repository.add_usage(agent_id, f"usage#{day(now)}", counts, int(now + USAGE_TTL_SECONDS))
    repository.add_counts(agent_id, _model_key(day(now), usage.provider, usage.model), counts, int(now + USAGE_TTL_SECONDS))


def memos_of(agent_id: str, action_id: str) -> list[dict[str, Any]]:
    """Every answer kept for an action's steps (with its question and usage), in the order asked."""
    return sorted(repository.with_prefix(agent_id, f"answer#{action_id}#"), key=lambda item: float(item.get("created_at") or 0))


def _answer_key(action_id: str, step: str) -> str:
    return f"answer#{action_id}#{step}"


def memo_get(agent_id: str, action_id: str, step: str) -> dict[str, Any] | None:
    """The answer an earlier run of this action's step got, if any."""
    item = repository.get(agent_id, _answer_key(action_id, step))
    return item.get("answer") if item else None


def memo_put(agent_id: str, action_id: str, step: str, answer: dict[str, Any], usage: Usage, question: str | None = None) -> dict[str, Any]:
    """Keep an answer for this action's step (with the ``question`` it answers, as
    :func:`wakeful.llm.questions.kept` writes it, when given); if a concurrent run kept one first, that one wins and is returned, so every
    run acts on the same decision."""
    now = clock.now()
    kept = repository.put_once(
        {
            "agent_id": agent_id,
            "record_key": _answer_key(action_id, step),
            "answer": answer,
            "usage": usage.as_dict(),
            "question": question,
            "created_at": now,
            "expires_at": int(now + ANSWER_TTL_SECONDS),
        }
    )
    if kept:
        return answer
    return memo_get(agent_id, action_id, step) or answer
