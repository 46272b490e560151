"""`wakeful dev`'s queue pollers invoke handlers in a worker pool, as Lambda runs
concurrent invocations of a function fed by SQS: different FIFO message groups and
different agents run side by side; one group's messages run one at a time, in order,
also across a failure; one agent gets at most its share of the pool; a message in
the pool's hands is not handed out again when the queue's visibility timeout ends.

Real SQS (moto, through the local stack's emulator), real threads."""

from __future__ import annotations

import json
import threading
import time
import uuid
from typing import Any, Callable, Iterator

import pytest

from wakeful import aws
from wakeful_dev.sqs_poller import Held, QueuePoller, WorkerPool

PATIENCE = 60.0  # generous: a busy machine


def _queue(fifo: bool, visibility: int = 30) -> str:
    attributes = {"VisibilityTimeout": str(visibility)}
    if fifo:
        attributes.update({"FifoQueue": "true", "ContentBasedDeduplication": "true"})
    name = f"pool-{uuid.uuid4().hex[:8]}{'.fifo' if fifo else ''}"
    return aws.client("sqs").create_queue(QueueName=name, Attributes=attributes)["QueueUrl"]


def _send(url: str, name: str, *, group: str | None = None, agent: str | None = None) -> None:
    body: dict[str, Any] = {"name": name, **({"agent_id": agent} if agent else {})}
    extra = {"MessageGroupId": group} if group else {}
    aws.client("sqs").send_message(QueueUrl=url, MessageBody=json.dumps(body), **extra)


def _names(event: dict[str, Any]) -> list[str]:
    return [json.loads(record["body"])["name"] for record in event["Records"]]


def _left(url: str) -> int:
    attributes = aws.client("sqs").get_queue_attributes(
        QueueUrl=url, AttributeNames=["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"]
    )["Attributes"]
    return int(attributes["ApproximateNumberOfMessages"]) + int(attributes["ApproximateNumberOfMessagesNotVisible"])


def _until(condition: Callable[[], Any], timeout: float = PATIENCE) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "not reached in time"
        time.sleep(0.05)


@pytest.fixture()
def polling(stack) -> Iterator[Callable[..., QueuePoller]]:
    """Start pollers (stopped, and their queues deleted, at the end)."""
    started: list[QueuePoller] = []

    def start(url: str, invoke: Callable[[dict[str, Any]], Any], **options: Any) -> QueuePoller:
        poller = QueuePoller(url, invoke, **options)
        poller.start()
        started.append(poller)
        return poller

    yield start
    for poller in started:
        poller.stop()
        if poller.pool is not None:
            poller.pool.stop()
        aws.client("sqs").delete_queue(QueueUrl=poller.queue_url)


class Tracker:
    """What ran, what overlapped, per key (a group or an agent)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: dict[str, int] = {}
        self.most: dict[str, int] = {}
        self.order: list[str] = []

    def enter(self, key: str, name: str) -> None:
        with self.lock:
            self.running[key] = self.running.get(key, 0) + 1
            self.most[key] = max(self.most.get(key, 0), self.running[key])
            self.order.append(name)

    def leave(self, key: str) -> None:
        with self.lock:
            self.running[key] -= 1


def test_one_groups_messages_run_one_at_a_time_in_order_while_other_groups_run(polling) -> None:
    url = _queue(fifo=True)
    for n in range(5):
        _send(url, f"g{n}", group="g")
    _send(url, "h0", group="h")
    other_group_ran = threading.Event()
    tracker = Tracker()
    waited: dict[str, bool] = {}

    def invoke(event: dict[str, Any]) -> dict[str, Any]:
        for record in event["Records"]:
            name = json.loads(record["body"])["name"]
            group = record["attributes"]["MessageGroupId"]
            tracker.enter(group, name)
            try:
                if name == "g0":  # the group's first message runs until the other group's has
                    waited[name] = other_group_ran.wait(PATIENCE)
                elif group == "h":
                    other_group_ran.set()
                else:
                    time.sleep(0.05)  # room for an overlap, if anything allowed one
            finally:
                tracker.leave(group)
        return {"batchItemFailures": []}

    polling(url, invoke, batch_size=1, concurrency=4)
    _until(lambda: len(tracker.order) == 6 and _left(url) == 0)
    assert waited == {"g0": True}
    assert [name for name in tracker.order if name.startswith("g")] == [f"g{n}" for n in range(5)]
    assert tracker.most == {"g": 1, "h": 1}


def test_a_failed_message_holds_its_groups_later_messages_until_its_retry_succeeds(polling) -> None:
    url = _queue(fifo=True, visibility=1)
    for n in range(3):
        _send(url, f"m{n}", group="g")
    attempts: list[str] = []
    finished: list[str] = []

    def invoke(event: dict[str, Any]) -> dict[str, Any]:
        name = _names(event)[0]
        attempts.append(name)
        if attempts.count("m0") == 1 and name == "m0":
            return {"batchItemFailures": [{"itemIdentifier": event["Records"][0]["messageId"]}]}
        finished.append(name)
        return {"batchItemFailures": []}

    polling(url, invoke, batch_size=1, concurrency=4)
    _until(lambda: len(finished) == 3 and _left(url) == 0)
    assert finished == ["m0", "m1", "m2"]
    assert attempts[:2] == ["m0", "m0"]  # nothing of the group ran between the failure and its retry


def test_a_late_extension_does_not_hide_again_what_the_pool_gave_back(stack) -> None:
    """The visibility keeper looks at what the pool holds, then extends it: a release in
    between (a failed message, its group's later ones) must stay released. Hidden again,
    those messages would be out of flight for SQS, and their FIFO group handed out from
    whichever of them turned visible first, the failed message's retry not first."""
    url = _queue(fifo=True, visibility=30)
    for n in range(3):
        _send(url, f"m{n}", group="g")
    sqs = aws.client("sqs")
    poller = QueuePoller(url, lambda event: {"batchItemFailures": []})
    received = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10, AttributeNames=["All"])["Messages"]
    long_ago = time.monotonic() - 60  # their visibility timeout would have ended: released, they are visible at once
    held = [Held(message, long_ago, long_ago + 30) for message in received]
    try:
        poller.release(held, held[:1])
        poller.extend(held)  # the keeper's look was older than the release

        again = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", [])
        assert [json.loads(m["Body"])["name"] for m in again] == ["m0", "m1", "m2"]
    finally:
        sqs.delete_queue(QueueUrl=url)


def test_one_agent_runs_at_most_its_share_of_the_pool_and_another_agent_still_runs(polling) -> None:
    url = _queue(fifo=False)
    for n in range(4):
        _send(url, f"a{n}", agent="agent-a")
    tracker = Tracker()
    other_agent_ran = threading.Event()

    def invoke(event: dict[str, Any]) -> dict[str, Any]:
        agent = json.loads(event["Records"][0]["body"])["agent_id"]
        tracker.enter(agent, _names(event)[0])
        try:
            if agent == "agent-b":
                other_agent_ran.set()
            else:
                # Hold on until two of this agent's run at once and the other agent has run:
                # a third of this agent's would start meanwhile if the bound let it.
                _until(lambda: tracker.most.get("agent-a", 0) >= 2 and other_agent_ran.is_set())
        finally:
            tracker.leave(agent)
        return {"batchItemFailures": []}

    polling(url, invoke, batch_size=1, concurrency=8, pool=WorkerPool(8, per_agent=2))
    _until(lambda: tracker.running.get("agent-a") == 2)
    _send(url, "b0", agent="agent-b")
    _until(lambda: len(tracker.order) == 5 and _left(url) == 0)
    assert tracker.most == {"agent-a": 2, "agent-b": 1}


def test_one_agents_backlog_over_its_bound_does_not_keep_another_agents_message_in_the_queue(polling) -> None:
    """Many threads of one agent, each step waiting for the agent's one slot, and
    behind them another agent's thread: its step runs while they wait."""
    url = _queue(fifo=True)
    for n in range(12):
        _send(url, f"a{n}", group=f"thread-a{n}", agent="agent-a")
    _send(url, "b0", group="thread-b0", agent="agent-b")
    other_agent_ran = threading.Event()
    seen: dict[str, bool] = {}

    def invoke(event: dict[str, Any]) -> dict[str, Any]:
        name = _names(event)[0]
        if name == "b0":
            other_agent_ran.set()
        elif name == "a0":
            seen["a0_saw_b0"] = other_agent_ran.wait(PATIENCE)
        return {"batchItemFailures": []}

    polling(url, invoke, batch_size=1, concurrency=2, pool=WorkerPool(2, per_agent=1))
    _until(lambda: "a0_saw_b0" in seen and _left(url) == 0)
    assert seen == {"a0_saw_b0": True}


def test_a_batch_of_a_standard_queue_is_split_by_agent(polling) -> None:
    """The heartbeat queue's case: one agent's slow heartbeat does not hold back another
    agent's that came in the same batch."""
    url = _queue(fifo=False)
    _send(url, "slow", agent="agent-a")
    _send(url, "fast", agent="agent-b")
    fast_done = threading.Event()
    seen: dict[str, Any] = {}

    def invoke(event: dict[str, Any]) -> dict[str, Any]:
        names = _names(event)
        seen.setdefault("batches", []).append(names)
        if "slow" in names:
            seen["slow_saw_fast_done"] = fast_done.wait(PATIENCE)
        if "fast" in names:
            fast_done.set()
        return {"batchItemFailures": []}

    polling(url, invoke, batch_size=10, concurrency=4)
    _until(lambda: "slow_saw_fast_done" in seen and _left(url) == 0)
    assert seen["slow_saw_fast_done"] is True
    assert sorted(seen["batches"]) == [["fast"], ["slow"]]


def test_a_message_in_the_pools_hands_stays_invisible_past_the_visibility_timeout(polling) -> None:
    url = _queue(fifo=True, visibility=1)
    _send(url, "long", group="g")
    started, release = threading.Event(), threading.Event()
    invocations: list[str] = []

    def invoke(event: dict[str, Any]) -> dict[str, Any]:
        invocations.extend(_names(event))
        started.set()
        release.wait(PATIENCE)
        return {"batchItemFailures": []}

    polling(url, invoke, batch_size=1, concurrency=2)
    assert started.wait(PATIENCE)
    # Another consumer looks for three visibility timeouts: the message never shows.
    sqs = aws.client("sqs")
    looked_until = time.monotonic() + 3
    while time.monotonic() < looked_until:
        assert sqs.receive_message(QueueUrl=url, WaitTimeSeconds=0).get("Messages", []) == []
        time.sleep(0.2)
    release.set()
    _until(lambda: _left(url) == 0)
    assert invocations == ["long"]
