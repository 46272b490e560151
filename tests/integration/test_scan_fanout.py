"""The scan fanned out: one invocation per group of shards each tick, in parallel
(``wakeful dev`` ticks the groups as the deployed schedules do). Every due heartbeat
lives in one shard and is claimed by a conditional write, so parallel group scans, and
overlapping ticks, act on each exactly once."""

from __future__ import annotations

import threading
import time
from collections import Counter
from typing import Any

import pytest

from tests.integration.spine_helpers import heartbeats
from wakeful import aws
from wakeful.config import get_settings
from wakeful.heartbeats import records
from wakeful.heartbeats.scan import checked_shards, shard_groups
from wakeful_dev.runtime import scheduled_event

pytestmark = pytest.mark.long(seconds=30)


class QueuedHeartbeats:
    """Counts the heartbeat ids the scans send to the heartbeat queue (botocore's
    after-call event on the shared SQS client)."""

    def __init__(self) -> None:
        self.sent: Counter[str] = Counter()
        self.lock = threading.Lock()

    def __call__(self, params: dict[str, Any] | None = None, model: Any = None, **_: Any) -> None:
        if model is None or model.name != "SendMessageBatch" or not params:
            return
        import json

        with self.lock:
            for entry in params.get("Entries", []):
                body = json.loads(entry["MessageBody"])
                if "heartbeat_id" in body:
                    self.sent[body["heartbeat_id"]] += 1

    def __enter__(self) -> "QueuedHeartbeats":
        aws.client("sqs").meta.events.register("before-parameter-build.sqs.SendMessageBatch", self, unique_id="count-queued")
        return self

    def __exit__(self, *exc: object) -> None:
        aws.client("sqs").meta.events.unregister("before-parameter-build.sqs.SendMessageBatch", unique_id="count-queued")


def make_agents(api: Any, count: int, *, with_work: bool, **fields: Any) -> list[dict[str, Any]]:
    """Agents whose first heartbeat is due now; ``with_work``: an event waits in the log."""
    made = []
    for n in range(count):
        agent = api.create_agent(**fields)
        if with_work:
            assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "WORK", "payload": {"n": n}}).status_code == 202
        made.append(agent)
    return made


def test_the_groups_deal_every_shard_to_exactly_one_scan():
    for shards in (1, 2, 7, 16, 256):
        for groups in (1, 2, 3, 16, 300):
            dealt = shard_groups(shards, groups)
            assert sorted(s for group in dealt for s in group) == list(range(shards))
            assert len(dealt) == min(groups, shards) and all(dealt)


def test_a_scan_refuses_a_shard_the_deployment_does_not_have(stack):
    count = get_settings().due_shards
    assert checked_shards(None) == tuple(range(count))
    for bad in ([count], [-1], ["0"], [True], [1.5]):
        with pytest.raises(ValueError):
            checked_shards(bad)


def test_a_group_scan_claims_only_the_heartbeats_of_its_own_shards(stack, api):
    assert get_settings().due_shards >= 2
    agents = make_agents(api, 12, with_work=True)
    shard_zero = {a["id"] for a in agents if records.shard_of(a["id"]) == 0}
    assert shard_zero and shard_zero != {a["id"] for a in agents}  # both shards hold some

    with QueuedHeartbeats() as queued:
        result = stack.invoke("heartbeat_scan", scheduled_event(time.time(), [0]))
    assert result["shards"] == [0]
    mine = {hb: n for hb, n in queued.sent.items() if any(hb == h["id"] for a in agents for h in heartbeats(api, a["id"]))}
    claimed_agents = {a["id"] for a in agents if heartbeats(api, a["id"])[0]["status"] != "PENDING"}
    assert claimed_agents == shard_zero
    assert sorted(mine.values()) == [1] * len(shard_zero)
    stack.drain()


def test_overlapping_fanned_out_ticks_act_on_every_due_heartbeat_exactly_once(stack, api):
    groups = stack.scan_groups()
    assert len(groups) >= 2, "wakeful dev scans one group per shard by default"
    # Idle agents: their first heartbeat runs (it learns they have nothing to do); the
    # next, due a minute later, is quiet (counted and moved by the scan, not run).
    idle = make_agents(api, 10, with_work=False, heartbeat_interval_seconds=60)
    stack.tick()
    stack.drain()
    busy = make_agents(api, 10, with_work=True)  # an event waits: claimed and run
    now = time.time() + 90
    results: list[dict[str, Any]] = []
    errors: list[BaseException] = []

    def tick() -> None:
        try:
            results.append(stack.tick(now))
        except BaseException as error:  # noqa: BLE001 - re-raised below
            errors.append(error)

    with QueuedHeartbeats() as queued:
        # Three ticks at once: each runs one scan per group, so every shard is scanned
        # by three invocations in parallel.
        ticks = [threading.Thread(target=tick) for _ in range(3)]
        for thread in ticks:
            thread.start()
        for thread in ticks:
            thread.join(120)
    assert not errors
    assert all(r["shards"] == list(range(get_settings().due_shards)) for r in results)
    stack.drain()

    for agent in busy:
        done, pending = heartbeats(api, agent["id"])[1], heartbeats(api, agent["id"])[0]
        assert done["status"] == "COMPLETED" and done["events_processed"] == 2  # our event + its HEARTBEAT
        assert pending["status"] == "PENDING" and len(heartbeats(api, agent["id"])) == 2
        assert queued.sent[done["id"]] == 1  # queued once, by one of the parallel scans
    for agent in idle:
        pending, first = heartbeats(api, agent["id"])
        assert first["status"] == "COMPLETED"
        assert pending["status"] == "PENDING" and pending["quiet_heartbeats"] == 1  # counted once, not once per scan
        assert queued.sent[pending["id"]] == 0
