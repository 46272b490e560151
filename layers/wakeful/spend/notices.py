"""What the spend guard tells people: the ``BUDGET_ALERT``, ``BUDGET_PAUSED`` and
``BUDGET_RESUMED`` hooks, and the messages to the ``notify`` targets with an ``extend:``
button.

An agent's budget tells that agent's hooks and targets; the owner's budget tells every
agent of the owner that has a hook of the type, and each agent's targets (a target two
agents share gets one message). Every hook delivery and every message is keyed by what
it tells (``budget-alert:<scope>:<limit>:<period>:<level>``, ``budget-paused:<pause>``,
``budget-resumed:<pause>``), so telling it again (a crash before the alert's marker, a
pause announced twice) delivers and posts nothing more. Telling never fails the caller
(a model call's settle, the scan, a route): a failure is logged and, for a pause, told
again by the next call the pause refuses.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from typing import TYPE_CHECKING, Any, NamedTuple

from wakeful.spend import records as r
from wakeful.spend import repository

if TYPE_CHECKING:
    from wakeful.agents.records import Agent

logger = logging.getLogger(__name__)

#: What a message calls each limit.
LABEL = {"max_usd_per_hour": "hourly", "daily_usd": "daily", "monthly_usd": "monthly"}
EXTEND = "extend"


class Reached(NamedTuple):
    """A limit of a scope at a threshold: what an alert or a pause tells."""

    scope: str
    limit: str
    period: str
    limit_usd: float
    spent_usd: float
    extend_usd: float


def extend_amount(configured_usd: float, spent_micro: int, effective_micro: int) -> float:
    """An ``extend:`` button's amount: half the configured limit, plus what the spend is
    already over it (so that a press leaves room), rounded up to the cent."""
    over = max(0, spent_micro - effective_micro) / r.MICRO
    return max(0.01, math.ceil((over + configured_usd / 2) * 100 - 1e-9) / 100)


def _agents(scope: str) -> list[Agent]:
    from wakeful.agents import repository as agents

    if r.scope_kind(scope) == "agent":
        agent = agents.get(scope[2:])
        return [agent] if agent is not None else []
    return list(agents.of_owner(scope[2:]))


def _fire(agents: list[Agent], event: Any, key: str) -> None:
    from wakeful.hooks import firing

    for agent in agents:
        firing.fire(agent, event, delivery_key=key)


def _button(scope: str, owner: str, key: str, reached: Reached, now: float) -> dict[str, str]:
    """The ``extend:`` button of a message, its record kept first (under the owner: a
    press is looked up in the presser's channel's owner's scope). The ref derives from
    the message's key: the same message, the same button."""
    ref = hashlib.sha256(f"{scope}:{key}".encode()).hexdigest()[:24]
    record = {
        "target": scope,
        "limit": reached.limit,
        "period": reached.period,
        "amount_usd": reached.extend_usd,
        "created_at": now,
        "expires_at": int(r.period_end(r.PERIOD_OF[reached.limit], now)) + r.KEEP["day"],
    }
    repository.put_once(r.owner_scope(owner), r.button_key(ref), record)
    label = f"Extend the {LABEL[reached.limit]} limit by ${reached.extend_usd:.2f}"
    return {"label": label, "value": f"{EXTEND}:{ref}", "style": "primary"}


def _send(agents: list[Agent], scope: str, key: str, message: dict[str, Any], reached: Reached, now: float) -> None:
    from wakeful.channels import models, outbox

    with_targets = [agent for agent in agents if agent.notify]
    if not with_targets:
        return
    owner = with_targets[0].owner
    message = {**message, "actions": [_button(scope, owner, key, reached, now)]}
    for agent in with_targets:
        outbox.send(owner, agent.agent_id, list(agent.notify or ()), kind=models.BUDGET, key=key, message=message)


def _who(agents: list[Agent], scope: str) -> str:
    if r.scope_kind(scope) == "owner":
        return "Your agents together"
    return agents[0].name if agents else "The agent"


def _when(epoch: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(epoch))


def alert(reached: Reached, level: str, budget: r.Budget, now: float) -> None:
    """``BUDGET_ALERT`` and its message, once per scope, limit, period and level: the
    marker is put after both went out (both keyed: a crash before it repeats nothing)."""
    from wakeful.hooks.events import BudgetAlert

    marker = r.alert_key(reached.limit, reached.period, level)
    if repository.get(reached.scope, marker) is not None:
        return
    key = f"budget-alert:{reached.scope}:{reached.limit}:{reached.period}:{level}"
    try:
        agents = _agents(reached.scope)
        event = BudgetAlert(
            scope=r.scope_kind(reached.scope), limit=reached.limit, period=reached.period, level=level, alert_at=budget.alert_at,
            limit_usd=reached.limit_usd, spent_usd=reached.spent_usd, on_exceed=budget.on_exceed, extend_usd=reached.extend_usd,
        )  # fmt: skip
        _fire(agents, event, key)
        label = LABEL[reached.limit]
        if level == "limit":
            title = f"{_who(agents, reached.scope)}: the {label} budget is reached"
            then = "It goes on (on_exceed: alert)."
        else:
            title = f"{_who(agents, reached.scope)}: {round(budget.alert_at * 100)}% of the {label} budget"
            then = "It will be paused at the limit." if budget.on_exceed == "pause" else "It will only be alerted at the limit."
        text = f"${reached.spent_usd:.2f} spent of the {label} limit of ${reached.limit_usd:.2f} ({reached.period}, UTC). {then}"
        _send(agents, reached.scope, key, {"title": title, "text": text}, reached, now)
    except Exception:  # noqa: BLE001 - telling never fails the call that crossed the line
        logger.exception("budget alert not told", extra={"scope": reached.scope, "limit": reached.limit})
        return
    repository.put_once(reached.scope, marker, {"fired_at": now, "expires_at": int(r.period_end(r.PERIOD_OF[reached.limit], now)) + r.KEEP["day"]})
    logger.info("budget alert", extra={"scope": reached.scope, "limit": reached.limit, "level": level})


def paused(reached: Reached, pause: dict[str, Any], now: float) -> None:
    """``BUDGET_PAUSED`` and its message, keyed by the pause; then the pause is marked told."""
    from wakeful.hooks.events import BudgetPaused

    key = f"budget-paused:{pause['pause_id']}"
    try:
        agents = _agents(reached.scope)
        until = float(pause["until"])
        event = BudgetPaused(
            scope=r.scope_kind(reached.scope), limit=reached.limit, period=reached.period, limit_usd=reached.limit_usd,
            spent_usd=reached.spent_usd, paused_until=until, extend_usd=reached.extend_usd,
        )  # fmt: skip
        _fire(agents, event, key)
        label = LABEL[reached.limit]
        title = f"{_who(agents, reached.scope)}: paused, the {label} budget is reached"
        text = (
            f"${reached.spent_usd:.2f} spent of the {label} limit of ${reached.limit_usd:.2f} ({reached.period}, UTC). "
            f"No model call starts until {_when(until)}, or until the limit is raised."
        )
        _send(agents, reached.scope, key, {"title": title, "text": text}, reached, now)
    except Exception:  # noqa: BLE001 - the next refused call tells it again
        logger.exception("budget pause not told", extra={"scope": reached.scope})
        return
    repository.mark_announced(reached.scope, str(pause["pause_id"]))


def resumed(scope: str, pause_id: str, reason: str, extend_usd: float | None, by: str | None) -> None:
    """``BUDGET_RESUMED``, keyed by the pause that ended."""
    from wakeful.hooks.events import BudgetResumed

    try:
        event = BudgetResumed(scope=r.scope_kind(scope), reason=reason, extend_usd=extend_usd, by=by)
        _fire(_agents(scope), event, f"budget-resumed:{pause_id}")
    except Exception:  # noqa: BLE001 - the pause ended all the same
        logger.exception("budget resume not told", extra={"scope": scope})
