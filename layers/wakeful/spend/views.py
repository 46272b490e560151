"""What the spend API shows: an agent's spend against its limits, the owner's total and
each agent's, the owner's budget."""

from __future__ import annotations

from typing import Any

from wakeful.slots import SAVING_KINDS
from wakeful.spend import records as r
from wakeful.spend import repository
from wakeful.spend import service as s


def _status(items: dict[tuple[str, str], dict[str, Any]], scopes: list[s.Scope], own: s.Scope, now: float) -> str:
    if any(s.active_pause(items, scope.key, now) for scope in scopes):
        return "paused"
    budget = own.budget
    if budget is not None:
        for limit, usd in budget.limits().items():
            if usd is not None and s.spent_micro(items, own.key, r.PERIOD_OF[limit], now) >= budget.alert_at * s.effective_micro(items, own.key, limit, usd, now):
                return "alerted"
    return "ok"


def _amounts(items: dict[tuple[str, str], dict[str, Any]], scope: str, now: float) -> dict[str, float]:
    return {
        "today_usd": r.usd(s.spent_micro(items, scope, "day", now)),
        "month_usd": r.usd(s.spent_micro(items, scope, "month", now)),
        "last_hour_usd": r.usd(s.spent_micro(items, scope, "hour", now)),
    }


def _limits(budget: r.Budget | None) -> dict[str, float | None]:
    return budget.limits() if budget else {"daily_usd": None, "monthly_usd": None, "max_usd_per_hour": None}


def _pause_fields(items: dict[tuple[str, str], dict[str, Any]], scopes: list[s.Scope], now: float) -> dict[str, Any]:
    pauses = [p for scope in scopes if (p := s.active_pause(items, scope.key, now))]
    if not pauses:
        return {}
    latest = max(pauses, key=lambda p: float(p["until"]))
    return {"paused_reason": f"{latest.get('reason')} ({latest.get('limit')}, {latest.get('period')})", "paused_until": float(latest["until"])}


def by_model(agent_id: str, now: float) -> list[dict[str, Any]]:
    month = r.periods(now)["month"]
    out = []
    for item in repository.with_prefix(r.agent_scope(agent_id), f"bm#{month}#"):
        _bm, _month, purpose, provider, model = str(item["record_key"]).split("#", 4)
        out.append({
            "provider": provider,
            "model": model,
            "purpose": purpose,
            "replay": purpose in ("replay", "dry_run"),
            "calls": int(item.get("calls") or 0),
            "input_tokens": int(item.get("input_tokens") or 0),
            "output_tokens": int(item.get("output_tokens") or 0),
            "cache_read_tokens": int(item.get("cache_read_tokens") or 0),
            "cache_write_tokens": int(item.get("cache_write_tokens") or 0),
            "usd": r.usd(item.get("usd_micro")),
        })
    return out


def saved(scope: str, now: float) -> dict[str, int]:
    item = repository.get(scope, f"sv#{r.periods(now)['month']}") or {}
    return {kind: int(item.get(kind) or 0) for kind in SAVING_KINDS}


def agent_saved(agent: Any, now: float) -> dict[str, int]:
    """What the agent did not spend this month: its savings counters, and its quiet
    heartbeats as the heartbeats count them (:func:`wakeful.heartbeats.quiet.month_saved`)."""
    from wakeful.agents import service as agents
    from wakeful.heartbeats import quiet

    found = saved(r.agent_scope(agent.agent_id), now)
    found["quiet_heartbeats"] += quiet.month_saved(agents.with_schedule([agent])[0], now)
    return found


def owner_saved(owner: str, now: float) -> dict[str, int]:
    """What the owner's agents did not spend this month: the owner's savings counters,
    and every agent's quiet heartbeats (read here: one Query for the owner's agents and
    a BatchGetItem per 100 of their pending heartbeats; a quiet heartbeat writes nothing
    for its saving)."""
    from wakeful.agents import repository as agents_repository
    from wakeful.agents import service as agents
    from wakeful.heartbeats import quiet

    found = saved(r.owner_scope(owner), now)
    found["quiet_heartbeats"] += sum(quiet.month_saved(a, now) for a in agents.with_schedule(list(agents_repository.of_owner(owner))))
    return found


def agent_spend(agent: Any, now: float) -> dict[str, Any]:
    """``GET /agents/{id}/spend``."""
    scopes = s.scopes(agent.agent_id, agent.owner, agent.budget)
    items = s.state([scope.key for scope in scopes], now)
    own = scopes[0]
    return {
        "status": _status(items, scopes, own, now),
        **_amounts(items, own.key, now),
        "limits": _limits(own.budget),
        **_pause_fields(items, scopes, now),
        "by_model": by_model(agent.agent_id, now),
        "saved": agent_saved(agent, now),
        "period": r.periods(now),
    }


def owner_spend(owner: str, agents: list[Any], next_cursor: str | None, now: float) -> dict[str, Any]:
    """``GET /spend``: the owner's total, and each agent's (one page)."""
    scope = s.Scope(r.owner_scope(owner), r.Budget.of(repository.get(r.owner_scope(owner), repository.BUDGET)))
    agent_scopes = [s.Scope(r.agent_scope(a.agent_id), r.Budget.of(a.budget)) for a in agents]
    items = s.state([scope.key, *(a.key for a in agent_scopes)], now)
    rows = [
        {
            "agent_id": agent.agent_id,
            "name": agent.name,
            "status": _status(items, [own, scope], own, now),
            **_amounts(items, own.key, now),
            "limits": _limits(own.budget),
        }
        for agent, own in zip(agents, agent_scopes, strict=True)
    ]
    return {
        "status": _status(items, [scope], scope, now),
        **_amounts(items, scope.key, now),
        "limits": _limits(scope.budget),
        **_pause_fields(items, [scope], now),
        "saved": owner_saved(owner, now),
        "agents": rows,
        "next": next_cursor,
    }


def budget(owner: str) -> dict[str, Any]:
    """``GET /budget``: the owner's budget (every field null when unset)."""
    stored = repository.get(r.owner_scope(owner), repository.BUDGET)
    found = r.Budget.of(stored)
    if found is None:
        return {"daily_usd": None, "monthly_usd": None, "max_usd_per_hour": None, "alert_at": None, "on_exceed": None}
    return {**found.limits(), "alert_at": found.alert_at, "on_exceed": found.on_exceed}
