"""The bottom slots: admission answers with the first installed wait, savings reach every
installed counter and refuse an unknown kind."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from wakeful import slots


@pytest.fixture(autouse=True)
def empty_slots() -> Iterator[None]:
    before = (slots.ADMISSION.installed(), slots.SAVINGS.installed())
    yield
    slots.ADMISSION.install(*before[0])
    slots.SAVINGS.install(*before[1])


def test_an_agent_may_start_when_no_admitter_is_installed_and_waits_on_the_first_that_says_wait() -> None:
    slots.ADMISSION.install()
    assert slots.may_start("o", "a", 1.0) is None
    slots.ADMISSION.install(
        slots.Admitter("open", lambda owner, agent_id, now: None),
        slots.Admitter("paused", lambda owner, agent_id, now: slots.Wait(now + 60, "budget exceeded") if agent_id == "a" else None),
        slots.Admitter("never", lambda owner, agent_id, now: slots.Wait(None, "second")),
    )
    assert slots.may_start("o", "a", 1.0) == slots.Wait(61.0, "budget exceeded")
    assert slots.may_start("o", "b", 1.0) == slots.Wait(None, "second")


def test_a_saving_reaches_every_counter_and_an_unknown_kind_is_refused() -> None:
    seen: list[tuple[Any, ...]] = []
    slots.SAVINGS.install(slots.SavingsCounter("one", lambda *a: seen.append(("one", *a))), slots.SavingsCounter("two", lambda *a: seen.append(("two", *a))))
    slots.count_saving("o", "a", slots.PROBE_SKIPS, 1, 5.0)
    assert seen == [("one", "o", "a", "probe_skips", 1, 5.0), ("two", "o", "a", "probe_skips", 1, 5.0)]
    with pytest.raises(ValueError, match="unknown saving"):
        slots.count_saving("o", "a", "nothing", 1, 5.0)
