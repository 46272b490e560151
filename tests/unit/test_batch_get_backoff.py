"""BatchGetItem's unprocessed keys (a throttled table) are retried after a growing,
jittered wait, not at once in a tight loop."""

from __future__ import annotations

import os
from typing import Iterator

import pytest
from botocore.stub import Stubber

from wakeful import ddb
from wakeful.config import get_settings
from wakeful.backoff import Backoff


@pytest.fixture()
def stubbed(monkeypatch) -> Iterator[Stubber]:
    """A DynamoDB client of its own that plays back scripted answers (the shared one
    may be serving a local stack in this process)."""
    import botocore.session

    client = botocore.session.get_session().create_client(
        "dynamodb", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
    )
    monkeypatch.setattr(ddb, "client", lambda: client)
    # A process outside `wakeful dev` is given its tables by name (none is guessed).
    monkeypatch.setenv("WAKEFUL_TABLE_EVENTS", os.environ.get("WAKEFUL_TABLE_EVENTS") or "wakeful-events")
    get_settings.cache_clear()
    with Stubber(client) as stubber:
        yield stubber
    monkeypatch.undo()
    get_settings.cache_clear()


def test_unprocessed_keys_are_retried_after_a_growing_jittered_wait(stubbed, monkeypatch):
    name = ddb.table("events")
    key = {"agent_id": {"S": "agt_1"}, "seq": {"N": "1"}}
    item = {**key, "event_id": {"S": "evt_1"}}
    unprocessed = {name: {"Keys": [key], "ConsistentRead": True}}
    for _ in range(3):
        stubbed.add_response("batch_get_item", {"Responses": {name: []}, "UnprocessedKeys": unprocessed})
    stubbed.add_response("batch_get_item", {"Responses": {name: [item]}, "UnprocessedKeys": {}})
    waits: list[float] = []
    monkeypatch.setattr(ddb.BATCH_BACKOFF, "sleep", waits.append)
    delays = iter([0.04, 0.09, 0.18])
    monkeypatch.setattr(ddb.BATCH_BACKOFF, "delay", lambda round_: next(delays))

    found = ddb.batch_get("events", [{"agent_id": "agt_1", "seq": 1}])

    assert found == [{"agent_id": "agt_1", "seq": 1, "event_id": "evt_1"}]
    assert waits == [0.04, 0.09, 0.18]
    stubbed.assert_no_pending_responses()


def test_the_backoff_grows_exponentially_up_to_its_cap_with_full_jitter():
    backoff = Backoff(base=0.05, cap=1.0)
    for round_, ceiling in [(1, 0.05), (2, 0.1), (3, 0.2), (6, 1.0), (12, 1.0)]:
        samples = [backoff.delay(round_) for _ in range(200)]
        assert all(0 <= s <= ceiling for s in samples)
        assert max(samples) > ceiling / 2  # jittered over the whole range, not fixed


def test_keys_still_unprocessed_after_the_last_round_fail_loudly(stubbed, monkeypatch):
    name = ddb.table("events")
    key = {"agent_id": {"S": "agt_1"}, "seq": {"N": "1"}}
    monkeypatch.setattr(ddb, "BATCH_BACKOFF", Backoff(max_rounds=2, sleep=lambda s: None))
    for _ in range(2):
        stubbed.add_response("batch_get_item", {"Responses": {name: []}, "UnprocessedKeys": {name: {"Keys": [key]}}})
    with pytest.raises(RuntimeError, match="unprocessed"):
        ddb.batch_get("events", [{"agent_id": "agt_1", "seq": 1}])
