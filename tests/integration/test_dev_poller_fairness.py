"""`wakeful dev` runs different agents' actions side by side: one tenant's slow tool
does not hold back another's (the action queue is FIFO, one message group per agent,
and SQS hands a group to one receiver at a time, so each agent's order still holds)."""

from __future__ import annotations

import json
import threading
import uuid
from typing import Any

from wakeful import aws
from wakeful_dev.sqs_poller import QueuePoller


def _fifo_queue() -> str:
    sqs = aws.client("sqs")
    return sqs.create_queue(
        QueueName=f"fairness-{uuid.uuid4().hex[:8]}.fifo",
        Attributes={"FifoQueue": "true", "ContentBasedDeduplication": "true", "VisibilityTimeout": "30"},
    )["QueueUrl"]


def _send(url: str, group: str, name: str) -> None:
    aws.client("sqs").send_message(QueueUrl=url, MessageBody=json.dumps({"name": name}), MessageGroupId=group)


def _run(concurrency: int, patience: float) -> dict[str, Any]:
    """Agent A's action blocks until agent B's has run (or ``patience`` seconds pass)."""
    url = _fifo_queue()
    _send(url, "agent-a", "slow")
    _send(url, "agent-b", "fast")
    fast_done = threading.Event()
    all_done = threading.Event()
    seen: dict[str, Any] = {}

    def invoke(event: dict[str, Any]) -> dict[str, Any]:
        for record in event["Records"]:
            name = json.loads(record["body"])["name"]
            if name == "slow":
                seen["slow_saw_fast_done"] = fast_done.wait(timeout=patience)
            else:
                fast_done.set()
            seen[name] = True
        if "slow" in seen and "fast" in seen:
            all_done.set()
        return {"batchItemFailures": []}

    poller = QueuePoller(url, invoke, batch_size=1, concurrency=concurrency)
    poller.start()
    try:
        assert all_done.wait(timeout=60)
    finally:
        poller.stop()
        aws.client("sqs").delete_queue(QueueUrl=url)
    return seen


def test_another_agents_action_runs_while_one_agents_tool_is_slow(stack):
    assert _run(concurrency=2, patience=60)["slow_saw_fast_done"] is True  # generous: a busy machine


def test_a_single_poller_would_hold_the_other_agent_back(stack):
    """The control: with one poller the fast action waits behind the slow one."""
    seen = _run(concurrency=1, patience=3)  # one poller can never run the fast one meanwhile
    if "slow_saw_fast_done" in seen:  # the slow message was received first
        assert seen["slow_saw_fast_done"] is False


def test_the_dev_stack_runs_the_action_queue_with_several_pollers(stack):
    poller = stack.pollers["action"]
    assert poller.concurrency > 1 and poller.batch_size == 1
