"""New ids sort in the order they were made: by time, and within one millisecond by the
order one process made them (list routes show "newest first" by sorting on the id)."""

from __future__ import annotations

import threading

from wakeful import ids


def test_ids_made_in_the_same_millisecond_sort_in_the_order_they_were_made() -> None:
    made = [ids.new_id("evt", 1_700_000_000.0005) for _ in range(2000)]

    assert made == sorted(made) and len(set(made)) == len(made)


def test_ids_of_a_later_millisecond_sort_after_and_an_earlier_one_before() -> None:
    now = ids.ulid(1_700_000_001.0)

    assert ids.ulid(1_700_000_001.002) > now > ids.ulid(1_700_000_000.998)


def test_ids_made_by_threads_at_once_are_all_different() -> None:
    made: list[str] = []

    def make() -> None:
        made.extend(ids.ulid(1_700_000_002.0) for _ in range(500))

    workers = [threading.Thread(target=make) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()

    assert len(set(made)) == 2000
