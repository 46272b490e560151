"""Recovery from a crash anywhere, the limits: nothing is stuck forever, every failure leaves a
row that says why, poison messages land in a DLQ after N receives."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.integration.spine_helpers import heartbeats
from wakeful import aws, constants
from wakeful.config import get_settings


class _AlwaysDie:
    """Kills every orchestrator write for one agent: its worker can never finish."""

    def __init__(self, agent_id: str) -> None:
        self.agent_id = agent_id

    def __call__(self, params: Any = None, **_: Any) -> None:
        if params and self.agent_id in json.dumps(params.get("Key"), default=str):
            if "#st = :executing" in params.get("UpdateExpression", ""):
                raise RuntimeError("worker died")


def test_a_heartbeat_whose_workers_keep_dying_fails_with_the_reason_and_the_next_is_scheduled(stack, api, instant_redelivery):
    agent = api.create_agent()
    killer = _AlwaysDie(agent["id"])
    client = aws.client("dynamodb")
    client.meta.events.register("before-parameter-build.dynamodb.UpdateItem", killer, unique_id="always-die")
    try:
        stack.tick()
        stack.drain()
        lease = get_settings().heartbeat_lease_seconds
        for n in range(1, get_settings().max_heartbeat_attempts + 1):
            stack.tick(time.time() + n * (lease + 10))
            stack.drain()
    finally:
        client.meta.events.unregister("before-parameter-build.dynamodb.UpdateItem", unique_id="always-die")

    history = heartbeats(api, agent["id"])
    assert [h["status"] for h in history] == ["PENDING", "FAILED"]
    failed = history[1]
    assert "3 attempts" in failed["error_message"]
    assert failed["completed_at"]
    # The window was not advanced: the next heartbeat processes it.
    assert api.get(f"/agents/{agent['id']}").json()["processed_seq"] == 0
    api.post(f"/agents/{agent['id']}/heartbeats")
    stack.tick()
    stack.drain()
    statuses = [h["status"] for h in heartbeats(api, agent["id"])]
    assert statuses[:2] == ["PENDING", "COMPLETED"] and statuses[-1] == "FAILED"


def test_a_poison_message_lands_in_the_dlq_after_the_receive_limit(stack, instant_redelivery):
    sqs = aws.client("sqs")
    queue = stack.queue_urls["heartbeat"]
    dlq = stack.queue_urls["heartbeat_dlq"]
    sqs.send_message(QueueUrl=queue, MessageBody="{this is not json")
    stack.drain()
    found = sqs.receive_message(QueueUrl=dlq, MaxNumberOfMessages=10, AttributeNames=["All"]).get("Messages", [])
    poison = [m for m in found if m["Body"] == "{this is not json"]
    assert len(poison) == 1
    assert int(poison[0]["Attributes"]["ApproximateReceiveCount"]) >= constants.QUEUE_MAX_RECEIVES
    sqs.delete_message(QueueUrl=dlq, ReceiptHandle=poison[0]["ReceiptHandle"])
