"""SQS ingestion end to end: messages sent with boto3 to the ingest queue of the local
stack, fed to the real ingest handler by the stack's poller (Lambda-shaped batches of up
to 10, partial batch failures honoured), DLQ in moto's SQS.

Agents are paused so no heartbeat writes to their logs: every event here came from the
queue.
"""

from __future__ import annotations

import json
import uuid
from collections import Counter
from typing import Any

import pytest

from tests.integration.spine_helpers import events
from tests.support.hook_receiver import quiet_agent

from wakeful import aws
from wakeful_dev import lambdas
from wakeful_dev.sqs_poller import QueuePoller

pytestmark = pytest.mark.e2e


def send(stack: Any, bodies: list[str]) -> None:
    sqs = aws.client("sqs")
    for start in range(0, len(bodies), 10):
        entries = [{"Id": str(i), "MessageBody": b} for i, b in enumerate(bodies[start : start + 10])]
        result = sqs.send_message_batch(QueueUrl=stack.queue_urls["ingest"], Entries=entries)
        assert not result.get("Failed"), result


def drain_dlq(stack: Any) -> list[dict[str, Any]]:
    """Every message now in the ingest DLQ (received and deleted)."""
    sqs = aws.client("sqs")
    found: list[dict[str, Any]] = []
    while True:
        batch = sqs.receive_message(
            QueueUrl=stack.queue_urls["ingest_dlq"], MaxNumberOfMessages=10, MessageAttributeNames=["All"], WaitTimeSeconds=0
        ).get("Messages", [])
        if not batch:
            return found
        found.extend(batch)
        sqs.delete_message_batch(
            QueueUrl=stack.queue_urls["ingest_dlq"],
            Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(batch)],
        )


def queue_depth(stack: Any, queue: str) -> int:
    attrs = aws.client("sqs").get_queue_attributes(
        QueueUrl=stack.queue_urls[queue], AttributeNames=["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"]
    )["Attributes"]
    return int(attrs["ApproximateNumberOfMessages"]) + int(attrs["ApproximateNumberOfMessagesNotVisible"])


def test_a_hundred_messages_with_duplicates_and_invalid_ones(stack: Any, api: Any) -> None:
    run = uuid.uuid4().hex[:8]
    agents = [quiet_agent(api), quiet_agent(api)]
    drain_dlq(stack)
    valid: list[tuple[str, str]] = []  # (agent id, marker) expected once each
    bodies: list[str] = []
    for i in range(60):
        agent_id = agents[i % 2]["id"]
        marker = f"{run}-{i}"
        message: dict[str, Any] = {"agent_id": agent_id, "event_type": "METRIC_ALERT", "payload": {"marker": marker}}
        if i % 3 == 0:
            message["idempotency_key"] = f"key-{marker}"
        if i % 5 == 0:
            message.update(priority=2, source="collector", metadata={"host": f"h{i}"})
        valid.append((agent_id, marker))
        bodies.append(json.dumps(message))
    # 20 duplicates: the same idempotency key again, whatever the rest of the body says.
    keyed = [json.loads(b) for b in bodies if "idempotency_key" in json.loads(b)]
    for original in keyed:
        bodies.append(json.dumps({**original, "payload": {"marker": original["payload"]["marker"], "resent": True}}))
    assert len(bodies) == 80
    invalid = {
        "bad_json": [f'{{"agent_id": "{agents[0]["id"]}", "marker": "{run}", ' for _ in range(4)],
        "unknown_agent": [
            json.dumps({"agent_id": f"agt_missing_{run}_{i}", "event_type": "X", "payload": {"marker": run}}) for i in range(4)
        ],
        "bad_event_type": [
            json.dumps({"agent_id": agents[0]["id"], "event_type": t, "payload": {"marker": run}})
            for t in ("_lower", "1ABC", "", "A-B")
        ],
        "invalid_shape": [
            json.dumps({"agent_id": agents[1]["id"], "event_type": "X", "payload": [run]}),
            json.dumps({"agent_id": agents[1]["id"], "event_type": "X"}),
            json.dumps({"agent_id": agents[1]["id"], "event_type": "X", "payload": {}, "priority": 99}),
            json.dumps([run]),
        ],
        "not_storable": [
            json.dumps({"agent_id": agents[1]["id"], "event_type": "X", "payload": {"n": 10**50, "m": run}}),
            json.dumps({"agent_id": agents[1]["id"], "event_type": "X", "payload": {"": run}}),
            json.dumps({"agent_id": agents[1]["id"], "event_type": "X", "payload": {"n": 1e-200, "m": run}}),
            '{"agent_id": "%s", "event_type": "X", "payload": {"s": "\\udc00", "m": "%s"}}' % (agents[1]["id"], run),
        ],
    }
    for group in invalid.values():
        bodies.extend(group)
    assert len(bodies) == 100

    send(stack, bodies)
    stack.drain()

    appended = [(agent["id"], e["payload"]["marker"]) for agent in agents for e in events(api, agent["id"])]
    assert Counter(appended) == Counter(valid)  # every valid one once, nothing else
    for agent in agents:
        logged = events(api, agent["id"])
        assert [e["seq"] for e in logged] == list(range(1, len(logged) + 1))
        assert all(e["source"] in ("sqs", "collector") and "resent" not in e["payload"] for e in logged)
    dead = drain_dlq(stack)
    assert len(dead) == 20
    codes = Counter(m["MessageAttributes"]["reason_code"]["StringValue"] for m in dead)
    assert codes == {code: 4 for code in invalid}
    for message in dead:
        reason = message["MessageAttributes"]["reason"]["StringValue"]
        assert reason.startswith(message["MessageAttributes"]["reason_code"]["StringValue"] + ": ") and len(reason) > 20
        assert message["MessageAttributes"]["source_message_id"]["StringValue"]
    assert sorted(m["Body"] for m in dead) == sorted(b for group in invalid.values() for b in group)
    assert queue_depth(stack, "ingest") == 0  # nothing left to retry


def test_a_batch_of_ten_costs_one_invocation(stack: Any, api: Any) -> None:
    agent = quiet_agent(api)
    send(stack, [json.dumps({"agent_id": agent["id"], "event_type": "TICK", "payload": {"i": i}}) for i in range(10)])
    invocations: list[int] = []

    def invoke(event: dict[str, Any]) -> Any:
        invocations.append(len(event["Records"]))
        return lambdas.invoke("ingest", event)

    poller = QueuePoller(stack.queue_urls["ingest"], invoke)
    received = 0
    while received < 10:
        got = poller.poll_once(0)
        assert got, "the ingest queue ran dry early"
        received += got
    assert invocations == [10]
    assert sorted(e["payload"]["i"] for e in events(api, agent["id"])) == list(range(10))


def test_a_redelivered_message_is_appended_once(stack: Any, api: Any) -> None:
    agent = quiet_agent(api)
    record = {
        "messageId": str(uuid.uuid4()),
        "receiptHandle": "r",
        "body": json.dumps({"agent_id": agent["id"], "event_type": "TICK", "payload": {"n": 1}}),
        "attributes": {},
        "messageAttributes": {},
        "eventSource": "aws:sqs",
    }
    first = lambdas.invoke("ingest", {"Records": [record]})
    again = lambdas.invoke("ingest", {"Records": [record, record]})
    assert first == again == {"batchItemFailures": []}
    assert len(events(api, agent["id"])) == 1


def test_a_failure_that_may_pass_later_is_reported_for_retry_not_dead_lettered(stack: Any, api: Any) -> None:
    """A transient error (here: DynamoDB refusing every write of one message while the
    fault lasts) fails only that record: the batch's coalesced append for the agent
    falls back to one append per message."""
    from botocore.exceptions import ClientError

    agent = quiet_agent(api)
    good = {"messageId": "m-good", "body": json.dumps({"agent_id": agent["id"], "event_type": "TICK", "payload": {}})}
    flaky = {"messageId": "m-flaky", "body": json.dumps({"agent_id": agent["id"], "event_type": "TICK", "payload": {"f": 1}})}
    client = aws.client("dynamodb")

    def refuse(model: Any = None, params: Any = None, **_: Any) -> None:
        # The SDK's own extension point, standing in for DynamoDB throttling.
        body = (params or {}).get("body") or b""
        if model is not None and model.name == "TransactWriteItems" and b'"f"' in body:
            raise ClientError({"Error": {"Code": "ProvisionedThroughputExceededException", "Message": "slow down"}}, "TransactWriteItems")

    client.meta.events.register("before-call.dynamodb.TransactWriteItems", refuse, unique_id="ingest-refuse")
    try:
        result = lambdas.invoke("ingest", {"Records": [good, flaky]})
    finally:
        client.meta.events.unregister("before-call.dynamodb.TransactWriteItems", unique_id="ingest-refuse")
    assert result == {"batchItemFailures": [{"itemIdentifier": "m-flaky"}]}
    assert lambdas.invoke("ingest", {"Records": [flaky]}) == {"batchItemFailures": []}
    assert len(events(api, agent["id"])) == 2
