"""Stored stream events against the local stack's DynamoDB: gap-free ids across steps,
redelivered steps deduplicated by (step_id, n), deltas coalesced into few items."""

from __future__ import annotations

import threading
import uuid
from typing import Any

from wakeful import ddb
from wakeful.stream import repository
from wakeful.stream.emitter import StreamContext, emitter
from wakeful.stream.sinks import StepState


def ctx(thread_id: str, step: str, run: str = "run_1") -> StreamContext:
    return StreamContext(owner="owner-store", agent_id="agt_store", thread_id=thread_id, run_id=run, step_id=f"{thread_id}:{step}")


def new_thread() -> str:
    return f"thr_{uuid.uuid4().hex[:16]}"


def stored(thread_id: str) -> list[Any]:
    return repository.read_after("agt_store", thread_id, 0, 10_000)[0]


def items(thread_id: str) -> list[dict[str, Any]]:
    return list(
        ddb.query(
            "stream_events",
            KeyConditionExpression="stream_key = :k",
            ExpressionAttributeValues={":k": f"agt_store#{thread_id}"},
        )
    )


def run_step(thread_id: str, step: str, deltas: list[str], *, end: bool = False) -> None:
    e = emitter(ctx(thread_id, step))
    if step == "s1":
        e.start()
    for delta in deltas:
        e.text(delta)
    if end:
        e.completed()
    e.flush()


def test_ids_are_gap_free_from_one_across_steps(stack):
    thread_id = new_thread()
    run_step(thread_id, "s1", ["a", "b"])
    run_step(thread_id, "s2", ["c"])
    run_step(thread_id, "s3", ["d", "e"], end=True)
    events = stored(thread_id)
    assert [e.id for e in events] == list(range(1, 8))
    assert [e.type for e in events] == ["start", "text", "text", "text", "text", "text", "completed"]
    assert repository.head("agt_store", thread_id) == repository.Head(7, "completed")


def test_a_redelivered_step_stores_nothing_twice_and_the_next_step_continues_the_ids(stack):
    thread_id = new_thread()
    run_step(thread_id, "s1", ["a", "b"])
    run_step(thread_id, "s1", ["A", "B"])  # the same step again (SQS redelivery)
    run_step(thread_id, "s2", ["c"], end=True)
    events = stored(thread_id)
    assert [e.id for e in events] == [1, 2, 3, 4, 5]
    assert "".join(e.content or "" for e in events) == "abc"


def test_a_step_redelivered_after_a_partial_write_writes_only_the_rest(stack):
    thread_id = new_thread()
    first = emitter(ctx(thread_id, "s1"))
    first.start()
    first.text("one ")
    first.tool_call("tc_1", "lookup", {"q": 1})  # written at once: start, "one ", the call
    # ... the worker dies here, before the result and the end of the step.
    again = emitter(ctx(thread_id, "s1"))
    again.start()
    again.text("one ")
    again.tool_call("tc_1", "lookup", {"q": 1})
    again.tool_result("tc_1", "lookup", "found")
    again.completed()
    again.flush()
    events = stored(thread_id)
    assert [(e.id, e.type) for e in events] == [(1, "start"), (2, "text"), (3, "tool_call"), (4, "tool_result"), (5, "completed")]


def test_two_deliveries_of_one_step_racing_store_each_event_once(stack):
    thread_id = new_thread()
    barrier = threading.Barrier(2)

    def deliver() -> None:
        e = emitter(ctx(thread_id, "s1"))
        e.text("0,")  # both read the step's position (and buffer) before either writes
        barrier.wait(10)
        for n in range(1, 30):
            e.text(f"{n},")
        e.completed()
        e.flush()

    workers = [threading.Thread(target=deliver) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    events = stored(thread_id)
    assert [e.id for e in events] == list(range(1, 32))
    assert "".join(e.content or "" for e in events) == "".join(f"{n}," for n in range(30))
    assert repository.head("agt_store", thread_id).last_id == 31


def test_deltas_are_coalesced_into_one_item_per_flush_not_one_per_token(stack):
    thread_id = new_thread()
    e = emitter(ctx(thread_id, "s1"))
    for n in range(500):
        e.text(f"token{n} ")
    e.flush()
    chunks = [i for i in items(thread_id) if i["id"] > 0]
    assert len(chunks) <= 3  # at most one per flush interval while streaming, not 500
    assert sum(c["count"] for c in chunks) == 500
    assert len(stored(thread_id)) == 500


def test_every_stored_item_expires(stack):
    thread_id = new_thread()
    run_step(thread_id, "s1", ["x"], end=True)
    assert all(isinstance(i.get("expires_at"), int) for i in items(thread_id))


def test_reading_after_an_id_inside_a_chunk_starts_right_after_it(stack):
    thread_id = new_thread()
    run_step(thread_id, "s1", [f"{n}" for n in range(20)], end=True)
    events, more = repository.read_after("agt_store", thread_id, 7, 5)
    assert [e.id for e in events] == [8, 9, 10, 11, 12] and more
    events, more = repository.read_after("agt_store", thread_id, 20, 5)
    assert [e.id for e in events] == [21, 22] and not more


def test_a_step_state_starts_after_the_head(stack):
    thread_id = new_thread()
    run_step(thread_id, "s1", ["a"], end=True)
    assert StepState(repository.position("agt_store", thread_id, f"{thread_id}:s2")).base == 4
