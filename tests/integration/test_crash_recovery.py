"""Exactly-once effects and recovery from a crash anywhere: a worker killed between any two writes of a
heartbeat, then redelivery, leaves every event processed exactly once per
subscription and no heartbeat stuck.

A botocore ``before-call`` hook (the SDK's own extension point, not a patch of our
code) raises at the Nth write of the run: DynamoDB Put/Update/Delete/TransactWrite and
SQS sends. The crashed handler's message is redelivered by SQS after its visibility
timeout, and a scan later than the lease re-queues a heartbeat whose worker died.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.integration.spine_helpers import (
    all_actions,
    deliveries_per_pair,
    emit,
    events,
    heartbeats,
    register_tool,
    subscribe,
)
from wakeful import aws
from wakeful.config import get_settings

pytestmark = pytest.mark.long(seconds=40)

WRITES = {"PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "BatchWriteItem", "SendMessage", "SendMessageBatch"}


class Crash(Exception):
    """The injected death of a worker."""


class FaultInjector:
    """Raises before the ``crash_at``-th write, once."""

    def __init__(self, crash_at: int) -> None:
        self.crash_at = crash_at
        self.writes = 0
        self.crashed_on: str | None = None

    def __call__(self, model: Any = None, **_: Any) -> None:
        if model is None or model.name not in WRITES:
            return
        self.writes += 1
        if self.writes == self.crash_at:
            self.crashed_on = model.name
            raise Crash(f"injected crash before write #{self.crash_at} ({model.name})")

    def __enter__(self) -> "FaultInjector":
        for service in ("dynamodb", "sqs"):
            aws.client(service).meta.events.register("before-call", self, unique_id=f"fault-{service}")
        return self

    def __exit__(self, *exc: object) -> None:
        for service in ("dynamodb", "sqs"):
            aws.client(service).meta.events.unregister("before-call", unique_id=f"fault-{service}")


def _scenario(stack: Any, api: Any, tools: dict[str, str], crash_at: int) -> tuple[FaultInjector, dict[str, Any]]:
    agent = api.create_agent()
    subs = {
        "reader": subscribe(api, tools["reader"], "HEARTBEAT", agent["id"]),
        "writer": subscribe(api, tools["writer"], "FEED_SUMMARIZED", agent["id"]),
    }
    with FaultInjector(crash_at) as injector:
        try:
            stack.tick()
        except Crash:
            pass
        stack.drain()
    # Recovery: a scan after the lease has run out re-queues what a dead worker held.
    stack.tick(time.time() + get_settings().heartbeat_lease_seconds + 10)
    stack.drain()
    return injector, {"agent": agent, "subs": subs}


def _check_exactly_once(api: Any, tool_server: Any, agent: dict[str, Any], subs: dict[str, Any], label: str) -> None:
    history = heartbeats(api, agent["id"])
    statuses = [h["status"] for h in history]
    assert statuses[0] == "PENDING" and statuses.count("PENDING") == 1, f"{label}: {statuses}"
    assert not {"QUEUED", "EXECUTING"} & set(statuses), f"{label}: stuck {statuses}"
    assert "COMPLETED" in statuses, f"{label}: {statuses}"

    log = events(api, agent["id"])
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1)), f"{label}: seq gaps"
    beats = [e for e in log if e["event_type"] == "HEARTBEAT"]
    summaries = [e for e in log if e["event_type"] == "FEED_SUMMARIZED"]
    assert len(beats) == len([s for s in statuses if s != "PENDING"]), f"{label}: {len(beats)} HEARTBEAT events"
    assert len(summaries) == len(beats), f"{label}: {len(summaries)} FEED_SUMMARIZED for {len(beats)} heartbeats"

    pairs = deliveries_per_pair(agent["id"])
    assert max(pairs.values()) == 1, f"{label}: duplicate actions {pairs}"
    for event in beats:
        assert pairs[(event["seq"], subs["reader"]["id"])] == 1, f"{label}: HEARTBEAT {event['seq']} missed"
    for event in summaries:
        assert pairs[(event["seq"], subs["writer"]["id"])] == 1, f"{label}: writer missed seq {event['seq']}"
    actions = all_actions(agent["id"])
    assert all(a["status"] == "COMPLETED" for a in actions), f"{label}: {[a['status'] for a in actions]}"
    for name in ("reader", "writer"):
        mine = {a["action_id"] for a in actions if a["subscription_id"] == subs[name]["id"]}
        assert mine <= tool_server.effects[name], f"{label}: {name} never ran an action"


def test_a_worker_killed_before_any_write_recovers_with_every_event_processed_once(
    stack, api, tool_server, instant_redelivery
):
    tools = {name: register_tool(api, tool_server, name) for name in ("reader", "writer")}
    tool_server.behaviours["reader"] = emit("FEED_SUMMARIZED")

    crash_at = 1
    covered = []
    while True:
        injector, scenario = _scenario(stack, api, tools, crash_at)
        if injector.crashed_on is None:
            break  # the run had fewer writes than crash_at: every write was covered
        label = f"crash before write #{crash_at} ({injector.crashed_on})"
        covered.append(injector.crashed_on)
        _check_exactly_once(api, tool_server, scenario["agent"], scenario["subs"], label)
        crash_at += 1
    print(f"covered {crash_at - 1} crash points: {covered}")
    assert crash_at > 12, f"only {crash_at - 1} writes seen: the scenario is not exercising the heartbeat"
    assert {"TransactWriteItems", "UpdateItem", "PutItem", "SendMessageBatch"} <= set(covered)
