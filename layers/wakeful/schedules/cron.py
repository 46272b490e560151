"""Cron in a schedule's IANA time zone, active hours, and which due time runs.

Times are epoch seconds inside; the cron expression is read in the schedule's zone by
``cronsim``, which keeps Debian cron's daylight-saving rules for 5-field expressions:

- a job at a fixed local time (minute and hour fields not starting with ``*``) runs
  once on a DST day: a time that does not exist (spring forward) runs at the first
  valid minute after it, and a time that exists twice (fall back) runs at its first
  occurrence only;
- a job whose minute or hour field is ``*``-based (``*/15 * * * *``, ``0 * * * *``) runs
  on every real minute or hour it matches, so its runs stay evenly spaced in real time.

``active_hours`` is a daily window in the same zone (start inclusive, end exclusive;
an end before the start wraps past midnight). Due times outside it are never due:
:func:`next_run` skips them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from cronsim import CronSim, CronSimError

from wakeful.schedules.exceptions import ScheduleInvalidError

UTC = timezone.utc
_HHMM = re.compile(r"^([01][0-9]|2[0-3]):([0-5][0-9])$|^24:00$")
#: How far ahead a next run is looked for before a schedule is called one that never runs.
_SEARCH_STEPS = 1000
#: How many past occurrences a catch-up looks back through for one inside active hours.
_CATCH_UP_STEPS = 2000


@dataclass(frozen=True)
class ActiveHours:
    """A daily window in local time, minutes from midnight; ``end`` may be 1440."""

    start: int
    end: int

    def contains(self, local: datetime) -> bool:
        """Whether a local wall-clock time is inside the window."""
        minute = local.hour * 60 + local.minute
        if self.start < self.end:
            return self.start <= minute < self.end
        return minute >= self.start or minute < self.end  # wraps past midnight


def zone(name: str) -> ZoneInfo:
    """The IANA zone ``name``. Raises ScheduleInvalidError when unknown."""
    if not name or name.startswith(("/", ".")) or ".." in name:
        raise ScheduleInvalidError(f"timezone {name!r} is not an IANA time zone name (e.g. 'Europe/Berlin')")
    try:
        return _zone(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ScheduleInvalidError(f"timezone {name!r} is not an IANA time zone name (e.g. 'Europe/Berlin')") from error


@lru_cache(maxsize=256)
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def check_expression(expression: str) -> str:
    """A 5-field cron expression, normalised to single spaces. Raises
    ScheduleInvalidError when it is not one."""
    fields = expression.split()
    if len(fields) != 5:
        raise ScheduleInvalidError(
            f"cron_expression {expression!r} must have 5 fields (minute hour day-of-month month day-of-week), "
            f"got {len(fields)}"
        )
    normalised = " ".join(fields)
    try:
        CronSim(normalised, datetime(2026, 1, 1, tzinfo=UTC))
    except CronSimError as error:
        raise ScheduleInvalidError(f"cron_expression {expression!r} is not valid: {error}") from error
    return normalised


def parse_hhmm(text: str, field: str) -> int:
    """``"HH:MM"`` -> minutes from midnight (``"24:00"`` allowed as an end)."""
    match = _HHMM.fullmatch(text or "")  # fullmatch: "$" alone lets "08:00\n" through
    if not match:
        raise ScheduleInvalidError(f"active_hours.{field} {text!r} must be HH:MM (00:00 to 23:59)")
    if text == "24:00":
        if field != "end":
            raise ScheduleInvalidError("active_hours.start cannot be 24:00")
        return 1440
    return int(match.group(1)) * 60 + int(match.group(2))


def active_hours(raw: dict[str, str] | None) -> ActiveHours | None:
    """Parse ``{"start": "HH:MM", "end": "HH:MM"}`` (None: every hour is active)."""
    if not raw:
        return None
    start, end = parse_hhmm(raw.get("start", ""), "start"), parse_hhmm(raw.get("end", ""), "end")
    if start == end % 1440:
        raise ScheduleInvalidError("active_hours start and end must differ (omit active_hours to run at any hour)")
    return ActiveHours(start, end)


def _occurrences(expression: str, tz: ZoneInfo, after: float, *, reverse: bool = False) -> CronSim:
    start = datetime.fromtimestamp(after, tz=UTC).astimezone(tz)
    return CronSim(expression, start, reverse=reverse)


def next_run(expression: str, tz_name: str, after: float, hours: ActiveHours | None = None) -> float | None:
    """The first due time strictly after ``after`` that lies inside ``hours``; None
    when there is none within a long search (a schedule that never runs)."""
    tz = zone(tz_name)
    cursor = after
    for _ in range(_SEARCH_STEPS):
        try:
            candidate = _first_after(_occurrences(expression, tz, cursor), cursor)
        except StopIteration:
            return None
        if hours is None or hours.contains(candidate):
            return candidate.timestamp()
        # Jump to just before the next window opens instead of walking every minute.
        cursor = max(_window_opens_after(candidate, hours, tz) - 1, candidate.timestamp())
    return None


def _first_after(occurrences: CronSim, after: float) -> datetime:
    # Fixed-time jobs iterate on wall-clock time; from inside a repeated (fall-back)
    # hour the next wall-clock match can be its first, earlier occurrence.
    candidate = next(occurrences)
    while candidate.timestamp() <= after:
        candidate = next(occurrences)
    return candidate


def _window_opens_after(moment: datetime, hours: ActiveHours, tz: ZoneInfo) -> float:
    """The first time after ``moment`` at which the active window opens (local start)."""
    local = moment.astimezone(tz)
    start = time(hours.start // 60, hours.start % 60)
    for days in range(0, 3):
        day = (local + timedelta(days=days)).date()
        opens = datetime.combine(day, start, tzinfo=tz)
        if opens.timestamp() > moment.timestamp():
            return opens.timestamp()
    return moment.timestamp() + 86400


def latest_due(expression: str, tz_name: str, next_run_at: float, now: float, hours: ActiveHours | None = None) -> float:
    """The most recent due time in ``[next_run_at, now]`` inside ``hours``.

    After downtime several due times may have passed; only this one runs (one catch-up).
    ``next_run_at`` itself is inside ``hours``, so the answer is at least that.
    """
    if now <= next_run_at:
        return next_run_at
    tz = zone(tz_name)
    occurrences = _occurrences(expression, tz, now + 1, reverse=True)
    for _ in range(_CATCH_UP_STEPS):
        try:
            candidate = next(occurrences)
        except StopIteration:
            break
        if candidate.timestamp() <= next_run_at:
            break
        if hours is None or hours.contains(candidate):
            return candidate.timestamp()
    return next_run_at


def in_hours(moment: float, tz_name: str, hours: ActiveHours | None) -> bool:
    """Whether ``moment`` is inside the active window in zone ``tz_name``."""
    if hours is None:
        return True
    return hours.contains(datetime.fromtimestamp(moment, tz=UTC).astimezone(zone(tz_name)))
