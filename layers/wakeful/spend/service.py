"""The spend guard: prices every model call, admits it under the agent's and its
owner's budgets, settles its cost once in the ledger, and pauses a scope whose limit is
reached (see docs/spend.md)."""

from __future__ import annotations

import logging
from typing import Any, NamedTuple

from wakeful import clock, ids
from wakeful.spend import metrics, notices
from wakeful.config import get_settings
from wakeful.spend import records as r
from wakeful.spend import repository
from wakeful.spend.metrics import (
    BUDGET_PAUSES,
    BUDGET_RESUMES,
    COALESCED_EVENTS,
    PROBE_SKIPS,
    QUIET_HEARTBEATS,
    SPEND_REFUSED_CALLS,
    TRIAGE_OK,
)

logger = logging.getLogger(__name__)
#: Calls are kept 7 days; the by-model counters 400.
CALL_KEEP = 7 * 86400
BY_MODEL_KEEP = 400 * 86400
BUDGET_EXCEEDED = "budget exceeded"
#: A saving's kind (the spend view's ``saved``) -> its metric.
SAVED_METRICS = {"quiet_heartbeats": QUIET_HEARTBEATS, "probe_skips": PROBE_SKIPS, "triage_ok": TRIAGE_OK, "coalesced_events": COALESCED_EVENTS}


class Scope(NamedTuple):
    """An agent's or an owner's budget and what bounds it."""

    key: str
    budget: r.Budget | None


class Ticket(NamedTuple):
    agent: str
    owner: str
    call_key: str
    provider: str
    model: str
    purpose: str
    dry: bool


def _agent(agent_id: str) -> Any:
    from wakeful.agents import repository as agents

    return agents.get(agent_id)


def scopes(agent_id: str, owner: str, agent_budget: Any) -> list[Scope]:
    """The agent's and its owner's scopes, with their budgets."""
    owner_budget = repository.get(r.owner_scope(owner), repository.BUDGET) if owner else None
    found = [Scope(r.agent_scope(agent_id), r.Budget.of(agent_budget))]
    if owner:
        found.append(Scope(r.owner_scope(owner), r.Budget.of(owner_budget)))
    return found


def state(scope_keys: list[str], now: float) -> dict[tuple[str, str], dict[str, Any]]:
    """Pauses, counters and extensions of the scopes for the periods ``now`` is in (one BatchGet)."""
    p = r.periods(now)
    keys = [(s, repository.PAUSE) for s in scope_keys]
    keys += [(s, r.usage_key(period, p[period])) for s in scope_keys for period in ("hour", "day", "month")]
    keys += [(s, f"x#{limit}#{p[r.PERIOD_OF[limit]]}") for s in scope_keys for limit in r.LIMITS]
    return repository.many(keys)


def spent_micro(items: dict[tuple[str, str], dict[str, Any]], scope: str, period: str, now: float) -> int:
    value = r.periods(now)[period]
    return int((items.get((scope, r.usage_key(period, value))) or {}).get("usd_micro") or 0)


def effective_micro(items: dict[tuple[str, str], dict[str, Any]], scope: str, limit: str, usd: float, now: float) -> int:
    """A limit in micro-dollars, plus what was extended for its current period."""
    period = r.periods(now)[r.PERIOD_OF[limit]]
    extended = int((items.get((scope, f"x#{limit}#{period}")) or {}).get("usd_micro") or 0)
    return int(round(usd * r.MICRO)) + extended


def active_pause(items: dict[tuple[str, str], dict[str, Any]], scope: str, now: float) -> dict[str, Any] | None:
    pause = items.get((scope, repository.PAUSE))
    return pause if pause and float(pause.get("until") or 0) > now else None


def over(items: dict[tuple[str, str], dict[str, Any]], scope: Scope, now: float) -> list[str]:
    """The limits of a scope its spend has reached (limit + extensions)."""
    if scope.budget is None:
        return []
    return [
        limit
        for limit, usd in scope.budget.limits().items()
        if usd is not None and spent_micro(items, scope.key, r.PERIOD_OF[limit], now) >= effective_micro(items, scope.key, limit, usd, now)
    ]


def reached_of(items: dict[tuple[str, str], dict[str, Any]], scope: Scope, limit: str, now: float) -> notices.Reached:
    """What an alert or a pause of ``limit`` tells: the limit with its extensions, the
    spend, and the ``extend:`` button's amount."""
    assert scope.budget is not None
    usd = scope.budget.limits()[limit] or 0.0
    spent = spent_micro(items, scope.key, r.PERIOD_OF[limit], now)
    effective = effective_micro(items, scope.key, limit, usd, now)
    return notices.Reached(
        scope.key, limit, r.periods(now)[r.PERIOD_OF[limit]], r.usd(effective), r.usd(spent), notices.extend_amount(usd, spent, effective)
    )


def pause(scope: Scope, limits: list[str], now: float, items: dict[tuple[str, str], dict[str, Any]] | None = None) -> bool:
    """Pause a scope until the latest end of the periods of ``limits`` (idempotent:
    True only for the writer that paused it, which tells it: ``BUDGET_PAUSED`` and a
    message)."""
    until = max(r.period_end(r.PERIOD_OF[limit], now) for limit in limits)
    limit = max(limits, key=lambda name: r.period_end(r.PERIOD_OF[name], now))
    period = r.periods(now)[r.PERIOD_OF[limit]]
    record = {"pause_id": ids.new_id("pause", now), "limit": limit, "period": period, "until": until, "since": now, "reason": BUDGET_EXCEEDED}
    paused = repository.put_pause(scope.key, record, now)
    if paused:
        metrics.add(BUDGET_PAUSES)
        logger.warning("spend scope paused", extra={"scope": scope.key, "limit": limit, "until": until})
        notices.paused(reached_of(items if items is not None else state([scope.key], now), scope, limit, now), record, now)
    return paused


def _announce(scope: Scope, pause: dict[str, Any], items: dict[tuple[str, str], dict[str, Any]], now: float) -> None:
    """Tell a pause its writer did not get to tell (keyed: told once)."""
    if pause.get("announced") or scope.budget is None or scope.budget.limits().get(str(pause.get("limit"))) is None:
        return
    notices.paused(reached_of(items, scope, str(pause["limit"]), now), pause, now)


def _refused(reason: str) -> Exception:
    """The refusal of a call (counted), to raise."""
    from wakeful.llm.exceptions import LLMSpendRefusedError

    metrics.add(SPEND_REFUSED_CALLS)
    return LLMSpendRefusedError(reason)


def admit(agent_id: str, owner: str, purpose: str, ref: str, dry: bool, provider: str, model: str, size: tuple[int, int] = (0, 0)) -> Ticket:
    """Admit a model call, or refuse it (raises) before it is made; records it as open,
    with its estimate from ``size`` (the request's characters, the answer's token cap)."""
    from wakeful.llm import pricing

    now = clock.now()
    agent = _agent(agent_id)
    owner = owner or (agent.owner if agent else "")
    found = scopes(agent_id, owner, agent.budget if agent else None)
    items = state([s.key for s in found], now)
    for scope in found:
        if held := active_pause(items, scope.key, now):
            _announce(scope, held, items, now)
            raise _refused(BUDGET_EXCEEDED)
        reached = over(items, scope, now)
        if reached and scope.budget is not None and scope.budget.on_exceed == "pause":
            pause(scope, reached, now, items)
            raise _refused(BUDGET_EXCEEDED)
    budgeted = any(s.budget is not None and s.budget.any_limit() for s in found)
    price = pricing.price(model, provider)
    if budgeted and price is None:
        raise _refused(f"no price for {provider}/{model}")
    call_key = f"call#{ids.new_id('call', now)}"
    own = r.agent_scope(agent_id)
    repository.open_call(
        own,
        call_key,
        {
            "purpose": purpose, "ref": ref, "provider": provider, "model": model, "dry": dry, "owner": owner,
            "started_at": now, "expires_at": int(now) + CALL_KEEP, "est_usd_micro": r.estimate_micro(price, *size),
        },
        due_shard=r.shard_of(own, get_settings().due_shards),
        due_at=now + r.SETTLE_DEADLINE,
    )  # fmt: skip
    return Ticket(agent_id, owner, call_key, provider, model, purpose, dry)


def settle(ticket: Ticket, usage: Any) -> None:
    """Count an answered call's cost once (agent and owner, hour/day/month, and per model),
    then pause a scope whose limit the call reached."""
    from wakeful.llm import pricing

    now = clock.now()
    model = usage.model or ticket.model
    provider = usage.provider or ticket.provider
    cost = pricing.cost_usd(model, usage.input_tokens, usage.output_tokens, usage.cache_read_input_tokens, usage.cache_creation_input_tokens, provider=provider)
    counts = {
        "usd_micro": int(round(cost * r.MICRO)),
        "calls": 1,
        "input_tokens": usage.input_tokens,
        "output_tokens": usage.output_tokens,
        "cache_read_tokens": usage.cache_read_input_tokens,
        "cache_write_tokens": usage.cache_creation_input_tokens,
    }
    if repository.settle(r.agent_scope(ticket.agent), ticket.call_key, counts, _adds(ticket, provider, model, now), now):
        evaluate(ticket.agent, ticket.owner, now)


def _adds(ticket: Ticket, provider: str, model: str, now: float) -> list[tuple[str, str, int]]:
    """The counters a call's cost goes to: agent and owner, hour, day and month of
    ``now``, and the agent's per-model counter."""
    p = r.periods(now)
    scope_keys = [r.agent_scope(ticket.agent)] + ([r.owner_scope(ticket.owner)] if ticket.owner else [])
    adds = [(s, r.usage_key(period, p[period]), int(now) + r.KEEP[period]) for s in scope_keys for period in ("hour", "day", "month")]
    adds.append((r.agent_scope(ticket.agent), f"bm#{p['month']}#{ticket.purpose}#{provider}#{model}", int(now) + BY_MODEL_KEEP))
    return adds


def sweep(scope: str, call_key: str, now: float) -> bool:
    """Charge an open call whose settle never came (its function died between the call
    and its settle) at its estimate, once: the same conditional transaction as a
    settle, so whichever comes first counts it and the other changes nothing. Counted
    in the periods the call was made in. False when it was closed already."""
    call = repository.get(scope, call_key)
    if call is None or call.get("status") != "open":
        return False
    agent_id = scope.removeprefix("a#")
    ticket = Ticket(agent_id, str(call.get("owner") or ""), call_key, str(call.get("provider") or ""), str(call.get("model") or ""), str(call.get("purpose") or "run"), bool(call.get("dry")))
    counts = {"usd_micro": int(call.get("est_usd_micro") or 0), "calls": 1}
    made = float(call.get("started_at") or now)
    swept = repository.settle(scope, call_key, counts, _adds(ticket, ticket.provider, ticket.model, made), now, status="swept")
    if swept:
        logger.warning("model call never settled; charged its estimate", extra={"scope": scope, "call": call_key, "usd_micro": counts["usd_micro"]})
        evaluate(agent_id, ticket.owner, now)
    return swept


def abandon(ticket: Ticket) -> None:
    repository.abandon(r.agent_scope(ticket.agent), ticket.call_key)


def evaluate(agent_id: str, owner: str, now: float) -> None:
    """After a call's cost landed: alert each limit of the agent's scopes at ``alert_at``
    (and, with ``alert``, at the limit), and pause a scope whose limit (with ``pause``)
    is reached."""
    agent = _agent(agent_id)
    found = scopes(agent_id, owner, agent.budget if agent else None)
    items = state([s.key for s in found], now)
    for scope in found:
        if scope.budget is None:
            continue
        _alerts(items, scope, now)
        reached = over(items, scope, now)
        if reached and scope.budget.on_exceed == "pause" and not active_pause(items, scope.key, now):
            pause(scope, reached, now, items)


def _alerts(items: dict[tuple[str, str], dict[str, Any]], scope: Scope, now: float) -> None:
    """The alerts a scope's spend calls for, each told once per period (its marker)."""
    budget = scope.budget
    assert budget is not None
    for limit, usd in budget.limits().items():
        if usd is None:
            continue
        spent = spent_micro(items, scope.key, r.PERIOD_OF[limit], now)
        effective = effective_micro(items, scope.key, limit, usd, now)
        levels = ["alert"] if spent > 0 and spent >= budget.alert_at * effective else []
        if budget.on_exceed == "alert" and spent >= effective:
            levels.append("limit")
        for level in levels:
            notices.alert(reached_of(items, scope, limit, now), level, budget, now)


def paused_until(agent_id: str, owner: str, now: float) -> float | None:
    """When the agent's (or its owner's) pause ends, or None when it may spend."""
    keys = [r.agent_scope(agent_id)] + ([r.owner_scope(owner)] if owner else [])
    items = repository.many((k, repository.PAUSE) for k in keys)
    untils = [float(p["until"]) for k in keys if (p := active_pause(items, k, now))]
    return max(untils) if untils else None


def put_budget(owner: str, budget: dict[str, Any]) -> None:
    """Set the owner's budget; a change that leaves no limit reached resumes it."""
    now = clock.now()
    repository.put_budget(r.owner_scope(owner), budget, now)
    budget_changed(Scope(r.owner_scope(owner), r.Budget.of(budget)), now)


def agent_budget_changed(agent: Any) -> None:
    """An agent's ``budget`` changed (``PATCH /agents/{id}``)."""
    budget_changed(Scope(r.agent_scope(agent.agent_id), r.Budget.of(agent.budget)), clock.now())


def budget_changed(scope: Scope, now: float) -> None:
    """A scope's budget changed: a pause no limit holds any more ends (reason
    ``budget_changed``); a limit now reached (with ``pause``) pauses it."""
    items = state([scope.key], now)
    held = active_pause(items, scope.key, now)
    reached = over(items, scope, now)
    pausing = bool(reached) and scope.budget is not None and scope.budget.on_exceed == "pause"
    if held and not pausing:
        resume(scope.key, str(held["pause_id"]), "budget_changed")
    elif not held and pausing:
        pause(scope, reached, now, items)


def scope_of(key: str) -> Scope:
    """A scope with its budget, from its key (an agent's is on the agent)."""
    if r.scope_kind(key) == "owner":
        return Scope(key, r.Budget.of(repository.get(key, repository.BUDGET)))
    agent = _agent(key[2:])
    return Scope(key, r.Budget.of(agent.budget if agent else None))


def resume(scope: str, pause_id: str, reason: str, *, extend_usd: float | None = None, by: str | None = None) -> bool:
    """End a pause: every way one ends comes here (its period's end, the API, an
    ``extend:`` press, a budget change). The delete is conditioned on the pause's id, so
    one caller wins, and only that one fires ``BUDGET_RESUMED``. False: it had ended."""
    if not repository.delete_pause(scope, pause_id):
        return False
    metrics.add(BUDGET_RESUMES)
    logger.info("spend scope resumed", extra={"scope": scope, "reason": reason, "extend_usd": extend_usd})
    notices.resumed(scope, pause_id, reason, extend_usd, by)
    if r.scope_kind(scope) == "agent":
        release_waiting(scope[2:])
    else:
        _release_owner(scope[2:])
    return True


def resume_agent(agent: Any, extend_usd: float) -> None:
    """``POST /agents/{id}/spend/resume``: raise the limit that paused the agent by
    ``extend_usd`` for its period, then resume it (reason ``api``).

    Raises:
        NotPausedError: the agent is not paused.
        OwnerPausedError: its owner's budget pauses it (only the owner's resume helps).
        StillOverLimitError: the extension is not enough (nothing changes).
    """
    from wakeful.spend.exceptions import NotPausedError, OwnerPausedError, StillOverLimitError

    now = clock.now()
    found = scopes(agent.agent_id, agent.owner, agent.budget)
    own = found[0]
    items = state([scope.key for scope in found], now)
    held = active_pause(items, own.key, now)
    if held is None:
        if len(found) > 1 and active_pause(items, found[1].key, now):
            raise OwnerPausedError("the owner's budget pauses this agent: raise the owner's budget (PUT /budget)")
        raise NotPausedError("the agent is not paused")
    limit = str(held["limit"])
    budget = own.budget
    usd = budget.limits().get(limit) if budget else None
    if usd is not None:
        needed = spent_micro(items, own.key, r.PERIOD_OF[limit], now) - effective_micro(items, own.key, limit, usd, now)
        extend = int(round(extend_usd * r.MICRO))
        if extend <= needed:
            raise StillOverLimitError(f"extend_usd must be more than ${needed / r.MICRO:.2f} to bring {limit} under its limit")
        period = r.periods(now)[r.PERIOD_OF[limit]]
        repository.add(own.key, r.extension_key(limit, period), {"usd_micro": extend}, int(r.period_end(r.PERIOD_OF[limit], now)) + r.KEEP["day"])
    resume(own.key, str(held["pause_id"]), "api", extend_usd=extend_usd)


def period_ended(key: str, now: float) -> str:
    """The scan found a pause whose ``until`` passed: it ends (reason ``period_end``),
    unless a limit still holds it (a month's limit after a day's): then it goes on to
    that period's end, and nothing is told."""
    scope = scope_of(key)
    items = state([key], now)
    held = items.get((key, repository.PAUSE))
    if held is None or float(held.get("until") or 0) > now:
        return "not_due"
    reached = over(items, scope, now)
    if reached and scope.budget is not None and scope.budget.on_exceed == "pause":
        limit = max(reached, key=lambda name: r.period_end(r.PERIOD_OF[name], now))
        until = r.period_end(r.PERIOD_OF[limit], now)
        changes = {"limit": limit, "period": r.periods(now)[r.PERIOD_OF[limit]], "until": until}
        return "still_paused" if repository.move_pause(key, str(held["pause_id"]), changes) else "taken"
    return "resumed" if resume(key, str(held["pause_id"]), "period_end") else "taken"


def extended(key: str, now: float, *, extend_usd: float, by: str) -> bool:
    """A limit of a scope was raised (an ``extend:`` press): its pause ends (reason
    ``button``) when no limit holds it any more. True when it resumed."""
    scope = scope_of(key)
    items = state([key], now)
    held = active_pause(items, key, now)
    if held is None:
        return False
    reached = over(items, scope, now)
    if reached and scope.budget is not None and scope.budget.on_exceed == "pause":
        return False
    return resume(key, str(held["pause_id"]), "button", extend_usd=extend_usd, by=by)


def release_waiting(agent_id: str) -> None:
    """What waited for the agent's pause to end goes now: its heartbeat (window kept)
    and its thread runs (see :mod:`wakeful.heartbeats.admission`)."""
    from wakeful.heartbeats import admission

    admission.release(agent_id)


def _release_owner(owner: str) -> None:
    """The owner's pause ended early: release the waiting work of each agent the owner
    has that is not paused on its own."""
    from wakeful.agents import repository as agents

    now = clock.now()
    for agent in agents.of_owner(owner):
        if active_pause(repository.many([(r.agent_scope(agent.agent_id), repository.PAUSE)]), r.agent_scope(agent.agent_id), now) is None:
            release_waiting(agent.agent_id)


def add_saving(owner: str, agent_id: str, kind: str, n: int, now: float) -> None:
    """Count what an agent did not spend this month (agent and owner)."""
    month = r.periods(now)["month"]
    if kind in SAVED_METRICS:
        metrics.add(SAVED_METRICS[kind], n)
    for scope in [r.agent_scope(agent_id)] + ([r.owner_scope(owner)] if owner else []):
        repository.add(scope, f"sv#{month}", {kind: n}, int(now) + r.KEEP["month"])
