"""SQS ingestion coalesced per agent: a batch's messages for one agent are appended in
one transaction (one counter move), each still once under its own key; invalid ones
still go to the DLQ with a reason, and partial failures are still per message.

The real ingest handler is invoked with Lambda-shaped SQS events; transactions are
counted with botocore's ``before-call`` event on the shared DynamoDB client.
"""

from __future__ import annotations

import json
import threading
import uuid
from typing import Any

import pytest

from tests.e2e.test_ingest_sqs import drain_dlq
from tests.integration.spine_helpers import events
from tests.support.hook_receiver import quiet_agent
from wakeful import aws
from wakeful_dev import lambdas

pytestmark = pytest.mark.e2e


def record(body: dict[str, Any] | str, message_id: str | None = None) -> dict[str, Any]:
    return {
        "messageId": message_id or str(uuid.uuid4()),
        "receiptHandle": "r",
        "body": body if isinstance(body, str) else json.dumps(body),
        "attributes": {"ApproximateReceiveCount": "1"},
        "messageAttributes": {},
        "eventSource": "aws:sqs",
    }


class Transactions:
    """Counts TransactWriteItems calls made by this thread."""

    def __init__(self) -> None:
        self.count = 0
        self.thread = threading.current_thread()

    def __call__(self, **_: Any) -> None:
        if threading.current_thread() is self.thread:
            self.count += 1

    def __enter__(self) -> "Transactions":
        aws.client("dynamodb").meta.events.register("before-call.dynamodb.TransactWriteItems", self, unique_id="count-transactions")
        return self

    def __exit__(self, *exc: object) -> None:
        aws.client("dynamodb").meta.events.unregister("before-call.dynamodb.TransactWriteItems", unique_id="count-transactions")


def ingest(records: list[dict[str, Any]]) -> dict[str, Any]:
    return lambdas.invoke("ingest", {"Records": records})


def test_ten_messages_for_one_agent_are_one_transaction_with_gap_free_seqs_in_batch_order(stack, api):
    agent = quiet_agent(api)
    batch = [record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"i": i}}) for i in range(10)]

    with Transactions() as transactions:
        assert ingest(batch) == {"batchItemFailures": []}

    assert transactions.count == 1
    logged = events(api, agent["id"])
    assert [e["seq"] for e in logged] == list(range(1, 11))
    assert [e["payload"]["i"] for e in logged] == list(range(10))  # the batch's order
    assert api.get(f"/agents/{agent['id']}").json()["last_seq"] == 10


def test_a_batch_for_two_agents_is_one_transaction_per_agent(stack, api):
    first, second = quiet_agent(api), quiet_agent(api)
    batch = [record({"agent_id": (first, second)[i % 2]["id"], "event_type": "TICK", "payload": {"i": i}}) for i in range(8)]

    with Transactions() as transactions:
        assert ingest(batch) == {"batchItemFailures": []}

    assert transactions.count == 2
    assert [e["payload"]["i"] for e in events(api, first["id"])] == [0, 2, 4, 6]
    assert [e["payload"]["i"] for e in events(api, second["id"])] == [1, 3, 5, 7]


def test_a_redelivered_batch_appends_nothing_and_a_partly_new_one_appends_only_the_new(stack, api):
    agent = quiet_agent(api)
    batch = [record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"i": i}}) for i in range(5)]
    keyed = [record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"k": i}, "idempotency_key": f"k-{i}"}) for i in range(3)]
    assert ingest(batch + keyed) == {"batchItemFailures": []}
    before = events(api, agent["id"])

    assert ingest(batch + keyed) == {"batchItemFailures": []}  # SQS redelivered it all
    assert events(api, agent["id"]) == before

    # The same keys under new message ids, mixed with new messages: only the new append.
    again = [record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"k": i}, "idempotency_key": f"k-{i}"}) for i in range(3)]
    fresh = [record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"new": i}}) for i in range(2)]
    with Transactions() as transactions:
        assert ingest([again[0], fresh[0], again[1], fresh[1], again[2]]) == {"batchItemFailures": []}
    logged = events(api, agent["id"])
    assert [e["seq"] for e in logged] == list(range(1, 11))
    assert [e["payload"] for e in logged[8:]] == [{"new": 0}, {"new": 1}]
    assert transactions.count == 2  # refused for the repeats, then the new ones together


def test_one_key_twice_in_a_batch_is_one_event_and_the_first_body_stands(stack, api):
    agent = quiet_agent(api)
    batch = [
        record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"v": 1}, "idempotency_key": "same"}),
        record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"v": 2}}),
        record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"v": 3}, "idempotency_key": "same"}),
    ]
    assert ingest(batch) == {"batchItemFailures": []}
    assert [e["payload"] for e in events(api, agent["id"])] == [{"v": 1}, {"v": 2}]

    # A key reused later for another body: the first event stands, nothing is retried.
    reused = record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"v": 9}, "idempotency_key": "same"})
    assert ingest([reused]) == {"batchItemFailures": []}
    assert [e["payload"] for e in events(api, agent["id"])] == [{"v": 1}, {"v": 2}]


def test_an_invalid_message_goes_to_the_dlq_with_a_reason_and_the_others_are_appended_together(stack, api):
    agent = quiet_agent(api)
    drain_dlq(stack)
    bad = record({"agent_id": agent["id"], "event_type": "not valid", "payload": {}})
    unknown = record({"agent_id": f"agt_missing_{uuid.uuid4().hex[:6]}", "event_type": "TICK", "payload": {}})
    good = [record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"i": i}}) for i in range(4)]

    with Transactions() as transactions:
        assert ingest([good[0], bad, good[1], unknown, good[2], good[3]]) == {"batchItemFailures": []}

    assert transactions.count == 1
    assert [e["payload"]["i"] for e in events(api, agent["id"])] == [0, 1, 2, 3]
    dead = {m["MessageAttributes"]["source_message_id"]["StringValue"]: m for m in drain_dlq(stack)}
    assert set(dead) == {bad["messageId"], unknown["messageId"]}
    assert dead[bad["messageId"]]["MessageAttributes"]["reason_code"]["StringValue"] == "bad_event_type"
    assert dead[unknown["messageId"]]["MessageAttributes"]["reason"]["StringValue"].startswith("unknown_agent: ")


def test_coalesced_batches_racing_for_one_agent_append_every_message_once_without_gaps(stack, api):
    agent = quiet_agent(api)
    batches = [[record({"agent_id": agent["id"], "event_type": "TICK", "payload": {"b": b, "i": i}}) for i in range(10)] for b in range(3)]
    answers: list[dict[str, Any]] = []
    threads = [threading.Thread(target=lambda batch=batch: answers.append(ingest(batch))) for batch in batches]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    # A redelivery of one of them while the others land.
    assert ingest(batches[1]) == {"batchItemFailures": []}

    assert answers == [{"batchItemFailures": []}] * 3
    logged = events(api, agent["id"])
    assert [e["seq"] for e in logged] == list(range(1, 31))
    assert sorted((e["payload"]["b"], e["payload"]["i"]) for e in logged) == [(b, i) for b in range(3) for i in range(10)]
    for b in range(3):  # each batch's messages in their order
        assert [e["payload"]["i"] for e in logged if e["payload"]["b"] == b] == list(range(10))
