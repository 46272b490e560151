"""Cron in IANA zones: DST days, active hours, catch-up after downtime."""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from wakeful.schedules import cron
from wakeful.schedules.exceptions import ScheduleInvalidError

BERLIN = "Europe/Berlin"
NEW_YORK = "America/New_York"


def at(tz: str, *parts: int, fold: int = 0) -> float:
    return datetime(*parts, tzinfo=ZoneInfo(tz), fold=fold).timestamp()


def utc(*parts: int) -> float:
    return datetime(*parts, tzinfo=timezone.utc).timestamp()


def local(ts: float, tz: str) -> str:
    return datetime.fromtimestamp(ts, tz=ZoneInfo(tz)).strftime("%Y-%m-%d %H:%M %z")


def runs(expression: str, tz: str, start: float, end: float, hours: cron.ActiveHours | None = None) -> list[str]:
    found, t = [], start
    while True:
        t = cron.next_run(expression, tz, t, hours)
        if t is None or t >= end:
            return found
        found.append(local(t, tz))


def test_weekdays_at_eight_in_berlin_are_eight_local_in_winter_and_summer():
    assert cron.next_run("0 8 * * 1-5", BERLIN, utc(2026, 1, 9, 12)) == utc(2026, 1, 12, 7)  # Friday noon -> Monday, CET
    assert cron.next_run("0 8 * * 1-5", BERLIN, utc(2026, 7, 10, 12)) == utc(2026, 7, 13, 6)  # CEST


def test_the_same_expression_in_new_york_is_five_or_six_hours_later_than_berlin():
    berlin = cron.next_run("0 8 * * *", BERLIN, utc(2026, 1, 1))
    new_york = cron.next_run("0 8 * * *", NEW_YORK, utc(2026, 1, 1))
    assert new_york - berlin == 6 * 3600


@pytest.mark.parametrize(
    ("tz", "day", "expected"),
    [
        (BERLIN, (2026, 3, 29), "2026-03-29 03:00 +0200"),  # 02:30 does not exist
        (NEW_YORK, (2026, 3, 8), "2026-03-08 03:00 -0400"),
    ],
)
def test_a_nonexistent_local_time_runs_once_at_the_next_valid_minute(tz, day, expected):
    found = runs("30 2 * * *", tz, at(tz, *day, 0, 0) - 1, at(tz, *day, 23, 0))
    assert found == [expected]


@pytest.mark.parametrize(("tz", "day"), [(BERLIN, (2026, 10, 25)), (NEW_YORK, (2026, 11, 1))])
def test_an_ambiguous_local_time_runs_once_at_its_first_occurrence(tz, day):
    found = runs("30 1 * * *", tz, at(tz, *day, 0, 0) - 1, at(tz, *day, 23, 0)) + runs(
        "30 2 * * *", tz, at(tz, *day, 0, 0) - 1, at(tz, *day, 23, 0)
    )
    expected_first = {BERLIN: ["2026-10-25 01:30 +0200", "2026-10-25 02:30 +0200"], NEW_YORK: ["2026-11-01 01:30 -0400", "2026-11-01 02:30 -0500"]}
    assert found == expected_first[tz]


@pytest.mark.parametrize("tz", [BERLIN, NEW_YORK])
def test_daily_job_runs_once_on_every_day_around_both_transitions(tz):
    for month, day in ((3, 1), (10, 20)):
        found = runs("15 2 * * *", tz, at(tz, 2026, month, day), at(tz, 2026, month, day) + 30 * 86400)
        days = [line[:10] for line in found]
        assert len(days) == len(set(days)) == 30


def test_a_next_run_asked_for_from_inside_the_repeated_hour_does_not_go_back_to_its_first_pass():
    second_pass = at(BERLIN, 2026, 10, 25, 2, 40, fold=1)  # after 02:30 CEST has passed
    assert local(cron.next_run("30 2 * * *", BERLIN, second_pass), BERLIN) == "2026-10-26 02:30 +0100"


def test_an_hourly_job_runs_every_real_hour_across_daylight_saving_changes():
    spring = runs("0 * * * *", BERLIN, at(BERLIN, 2026, 3, 29, 0, 0) - 1, at(BERLIN, 2026, 3, 30, 0, 0) - 1)
    autumn = runs("0 * * * *", BERLIN, at(BERLIN, 2026, 10, 25, 0, 0) - 1, at(BERLIN, 2026, 10, 26, 0, 0) - 1)
    assert len(spring) == 23 and len(autumn) == 25  # the day's real hours: none skipped, none twice


def test_active_hours_keep_due_times_inside_the_window():
    hours = cron.active_hours({"start": "09:00", "end": "17:00"})
    found = runs("0 * * * *", BERLIN, at(BERLIN, 2026, 5, 4, 0, 0), at(BERLIN, 2026, 5, 5, 0, 0), hours)
    assert [line[11:16] for line in found] == [f"{h:02d}:00" for h in range(9, 17)]


def test_active_hours_may_wrap_past_midnight():
    hours = cron.active_hours({"start": "22:00", "end": "02:00"})
    found = runs("0 * * * *", BERLIN, at(BERLIN, 2026, 5, 4, 12, 0), at(BERLIN, 2026, 5, 5, 12, 0), hours)
    assert [line[11:16] for line in found] == ["22:00", "23:00", "00:00", "01:00"]


def test_a_schedule_that_never_comes_due_inside_its_active_hours_has_no_next_run():
    hours = cron.active_hours({"start": "09:00", "end": "17:00"})
    assert cron.next_run("0 3 * * *", BERLIN, utc(2026, 1, 1), hours) is None


def test_after_a_day_of_downtime_only_the_latest_missed_due_time_runs():
    hourly_from = at(BERLIN, 2026, 6, 1, 10, 0)
    back_at = at(BERLIN, 2026, 6, 2, 10, 20)  # 24 due times missed
    assert local(cron.latest_due("0 * * * *", BERLIN, hourly_from, back_at), BERLIN) == "2026-06-02 10:00 +0200"
    assert local(cron.next_run("0 * * * *", BERLIN, back_at), BERLIN) == "2026-06-02 11:00 +0200"


def test_the_catch_up_due_time_is_the_latest_one_inside_active_hours():
    hours = cron.active_hours({"start": "08:00", "end": "12:00"})
    first = at(BERLIN, 2026, 6, 1, 8, 0)
    back_at = at(BERLIN, 2026, 6, 2, 20, 0)
    assert local(cron.latest_due("0 * * * *", BERLIN, first, back_at, hours), BERLIN) == "2026-06-02 11:00 +0200"


def test_a_claim_on_time_runs_its_own_due_time():
    due = at(BERLIN, 2026, 6, 1, 8, 0)
    assert cron.latest_due("0 8 * * *", BERLIN, due, due + 30) == due


@pytest.mark.parametrize("expression", ["0 8 * *", "0 0 8 * * *", "61 8 * * *", "0 8 * * MON-XYZ", "@daily", "0 8 30 2 *"])
def test_a_cron_expression_that_is_not_five_valid_fields_is_refused(expression):
    with pytest.raises(ScheduleInvalidError):
        cron.check_expression(expression)


@pytest.mark.parametrize("name", ["Mars/Olympus", "../etc/passwd", "", "Europe/"])
def test_an_unknown_time_zone_is_refused(name):
    with pytest.raises(ScheduleInvalidError):
        cron.zone(name)


@pytest.mark.parametrize("window", [{"start": "8:00", "end": "18:00"}, {"start": "08:00", "end": "25:00"}, {"start": "10:00", "end": "10:00"}, {"start": "08:60", "end": "09:00"}])
def test_active_hours_that_are_not_hh_mm_or_empty_are_refused(window):
    with pytest.raises(ScheduleInvalidError):
        cron.active_hours(window)
