"""The spend guard's records: budgets, periods (UTC) and their ledger keys.

Money is counted in micro-dollars (integers), so that atomic adds never round."""

from __future__ import annotations

import calendar
import time
from typing import Any, Mapping, NamedTuple

LIMITS = ("max_usd_per_hour", "daily_usd", "monthly_usd")
#: Limit -> the period it bounds.
PERIOD_OF = {"max_usd_per_hour": "hour", "daily_usd": "day", "monthly_usd": "month"}
DEFAULT_ALERT_AT = 0.8
MICRO = 1_000_000
#: How long each period's counters are kept (seconds).
KEEP = {"hour": 3 * 86400, "day": 40 * 86400, "month": 400 * 86400}


class Budget(NamedTuple):
    """Limits in dollars (None: no limit)."""

    daily_usd: float | None = None
    monthly_usd: float | None = None
    max_usd_per_hour: float | None = None
    alert_at: float = DEFAULT_ALERT_AT
    on_exceed: str = "pause"

    @classmethod
    def of(cls, raw: Mapping[str, Any] | None) -> Budget | None:
        """A budget from its stored form; None when none is set."""
        if not raw:
            return None
        limit = {k: None if raw.get(k) is None else float(raw[k]) for k in ("daily_usd", "monthly_usd", "max_usd_per_hour")}
        return cls(
            daily_usd=limit["daily_usd"],
            monthly_usd=limit["monthly_usd"],
            max_usd_per_hour=limit["max_usd_per_hour"],
            alert_at=float(raw["alert_at"]) if raw.get("alert_at") is not None else DEFAULT_ALERT_AT,
            on_exceed=str(raw.get("on_exceed") or "pause"),
        )

    def limits(self) -> dict[str, float | None]:
        return {"daily_usd": self.daily_usd, "monthly_usd": self.monthly_usd, "max_usd_per_hour": self.max_usd_per_hour}

    def any_limit(self) -> bool:
        return any(v is not None for v in self.limits().values())


def periods(now: float) -> dict[str, str]:
    """The UTC hour, day and month ``now`` is in (``2025-06-01T13``, ``2025-06-01``, ``2025-06``)."""
    t = time.gmtime(now)
    return {"hour": time.strftime("%Y-%m-%dT%H", t), "day": time.strftime("%Y-%m-%d", t), "month": time.strftime("%Y-%m", t)}


def period_end(period: str, now: float) -> float:
    """When the UTC period ``now`` is in ends (epoch seconds)."""
    t = time.gmtime(now)
    if period == "hour":
        return float(int(now) - int(now) % 3600 + 3600)
    if period == "day":
        return float(int(now) - int(now) % 86400 + 86400)
    year, month = (t.tm_year + 1, 1) if t.tm_mon == 12 else (t.tm_year, t.tm_mon + 1)
    return float(calendar.timegm((year, month, 1, 0, 0, 0)))


def usage_key(period: str, value: str) -> str:
    return f"u#{period[0]}#{value}"


def agent_scope(agent_id: str) -> str:
    return f"a#{agent_id}"


def owner_scope(owner: str) -> str:
    return f"o#{owner}"


def usd(micro: Any) -> float:
    return round(int(micro or 0) / MICRO, 6)


def scope_kind(scope: str) -> str:
    """``agent`` or ``owner``: whose budget a scope key is."""
    return "owner" if scope.startswith("o#") else "agent"


def alert_key(limit: str, period: str, level: str) -> str:
    """The put-once marker of a budget's alert (``alert`` at ``alert_at``, ``limit`` at 100 %)."""
    return f"al#{limit}#{period}#{level}"


def extension_key(limit: str, period: str) -> str:
    """What a limit was raised by for one period."""
    return f"x#{limit}#{period}"


def button_key(ref: str) -> str:
    """An ``extend:`` button's record, under the owner's scope."""
    return f"xb#{ref}"
