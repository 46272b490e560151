"""SQS batches are split by bytes as well as by count: SendMessageBatch takes 10 messages
and 1 MiB in all, each message at most 1 MiB. The watcher (:mod:`tests.support.aws_limits`)
measures each batch as SQS does (bodies and attributes, in bytes)."""

from __future__ import annotations

import json
from typing import Iterator

import pytest

from tests.support import aws_limits
from wakeful import queues
from wakeful.ingest.queue import send_ingest


@pytest.fixture()
def watcher() -> Iterator[aws_limits.Watcher]:
    yield from aws_limits.watching()


def test_a_broadcast_of_a_105_kb_payload_to_12_agents_goes_in_batches_under_1_mib_and_reaches_each_agent_once(stack, api, watcher):
    agents = [api.create_agent()["id"] for _ in range(12)]
    payload = {"text": "x" * 105_000}

    response = api.post("/events/broadcast", json={"event_type": "notice", "payload": payload, "agent_ids": agents})
    stack.drain()

    assert response.status_code == 202, response.text
    assert len(watcher.batches) >= 2 and watcher.over == []
    for agent_id in agents:
        events = api.get(f"/agents/{agent_id}/events").json()["items"]
        assert [(e["event_type"], e["payload"]) for e in events] == [("notice", payload)]


def test_a_queue_message_over_1_mib_is_refused_before_anything_is_sent(stack, watcher):
    small = {"agent_id": "agt_none", "event_type": "x", "payload": {}}
    huge = {"agent_id": "agt_none", "event_type": "x", "payload": {"text": "x" * (1024 * 1024)}}

    with pytest.raises(queues.QueueMessageTooLargeError) as refused:
        send_ingest([small, huge])

    assert refused.value.status == 413 and "1 MiB" in refused.value.message
    assert watcher.batches == []
    assert len(json.dumps(huge)) > 1024 * 1024
