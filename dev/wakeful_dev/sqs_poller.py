"""Polling SQS and calling a handler with Lambda-shaped batches, as an event source
mapping would: up to ``batch_size`` records an invocation, ``batchItemFailures``
honoured (failed messages stay on the queue and come back after their visibility
timeout; after the queue's maxReceiveCount they move to its DLQ).

As Lambda does, many invocations run at once: a :class:`QueuePoller` receives and a
:class:`WorkerPool` runs what it received, so one agent's slow message (a thread step
waiting for an interceptor, a tool taking its whole timeout) never holds back another
agent's. The pool bounds the invocations overall, per agent, and per queue; a FIFO
queue's message group runs one invocation at a time, in order (as SQS hands a group to
one consumer at a time), while different groups run side by side. Messages are deleted,
or left to come back, one by one, each after its own invocation.

Messages held by the pool (waiting for a worker, or being processed) are kept invisible
(ChangeMessageVisibility) until their invocation ends, as a deployed queue's visibility
timeout (a multiple of its function's timeout) outlasts every invocation: a step slower
than the local stack's short timeout is not handed out a second time while it runs.
A message given back (:meth:`QueuePoller.release`) is never extended again, however late
the keeper's look at the pool: a FIFO group must stay whole until its failed message
comes back first.
"""

from __future__ import annotations

import json
import logging
import math
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

from wakeful import aws

logger = logging.getLogger(__name__)

#: A receive waits this long for messages (SQS long polling), so an idle poller costs a
#: request a second and a stop waits at most this long for a receive to return.
RECEIVE_WAIT_SECONDS = 1


def lambda_records(queue_arn: str, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """SQS messages -> the ``Records`` of a Lambda SQS event."""
    records = []
    for message in messages:
        attributes = message.get("Attributes", {})
        records.append(
            {
                "messageId": message["MessageId"],
                "receiptHandle": message["ReceiptHandle"],
                "body": message["Body"],
                "attributes": attributes,
                "messageAttributes": {
                    name: {
                        "stringValue": value.get("StringValue"),
                        "dataType": value.get("DataType", "String"),
                        "stringListValues": [],
                        "binaryListValues": [],
                    }
                    for name, value in (message.get("MessageAttributes") or {}).items()
                },
                "md5OfBody": message.get("MD5OfBody", ""),
                "eventSource": "aws:sqs",
                "eventSourceARN": queue_arn,
                "awsRegion": "us-east-1",
            }
        )
    return records


def message_group(message: dict[str, Any]) -> str | None:
    """A FIFO message's group (None on a standard queue)."""
    return (message.get("Attributes") or {}).get("MessageGroupId")


def message_agent(message: dict[str, Any]) -> str | None:
    """The agent a message is for: the ``agent_id`` of its body (every Wakeful queue's
    messages carry one), else its FIFO message group, else None (no per-agent bound)."""
    try:
        body = json.loads(message.get("Body") or "")
    except ValueError:
        body = None
    agent = body.get("agent_id") if isinstance(body, dict) else None
    return agent if isinstance(agent, str) and agent else message_group(message)


@dataclass
class Held:
    """A received message in the pool's hands, and until when SQS keeps it invisible."""

    message: dict[str, Any]
    received_at: float  # time.monotonic()
    visible_at: float
    #: Given back to the queue (:meth:`QueuePoller.release`): never extended again.
    released: bool = False


@dataclass
class Invocation:
    """Messages for one handler invocation: one FIFO group's, in order, or one agent's."""

    poller: "QueuePoller"
    held: list[Held]
    group: str | None
    agent: str | None

    @property
    def lane(self) -> tuple[str, str] | None:
        """What orders invocations: the queue and its message group (FIFO only)."""
        return (self.poller.queue_url, self.group) if self.group is not None else None


class WorkerPool:
    """Runs invocations on at most ``size`` threads: at most ``per_agent`` of one agent
    at once, at most each poller's ``concurrency`` of its queue, one at a time per FIFO
    message group and in the order they were received. Idle threads wait on a
    condition (no polling); threads start as work needs them."""

    def __init__(self, size: int, per_agent: int | None = None, *, name: str = "dev-worker") -> None:
        self.size = max(1, size)
        self.per_agent = per_agent
        #: Invocations of one queue held waiting, at most. Those over their agent's bound
        #: wait here while a poller receives on for other agents: one agent's backlog
        #: does not keep another agent's messages in the queue (up to this many).
        self.hold_limit = 10 * self.size
        self.name = name
        self._lock = threading.Lock()
        self._work = threading.Condition(self._lock)  # workers wait for runnable work
        self._changed = threading.Condition(self._lock)  # receivers and joiners wait for room
        self._custody = threading.Condition(self._lock)  # the visibility keeper waits for deadlines
        self._waiting: list[Invocation] = []
        self._running: list[Invocation] = []
        self._agents: Counter[str] = Counter()
        self._lanes: set[tuple[str, str]] = set()
        self._threads: list[threading.Thread] = []
        self._keeper: threading.Thread | None = None
        self._stopping = False

    # -- what receivers ask ----------------------------------------------------------
    def has_room(self, poller: "QueuePoller") -> bool:
        """Whether receiving more for ``poller`` could start something soon: a worker
        and the queue's concurrency are free, and it does not hold too much already."""
        with self._lock:
            return self._has_room(poller)

    def _has_room(self, poller: "QueuePoller") -> bool:
        running = sum(1 for i in self._running if i.poller is poller)
        waiting = sum(1 for i in self._waiting if i.poller is poller)
        return len(self._running) < self.size and running < poller.concurrency and waiting < self.hold_limit and not self._stopping

    def wait_for_room(self, poller: "QueuePoller", timeout: float) -> bool:
        with self._lock:
            return self._changed.wait_for(lambda: self._has_room(poller) or poller.stopping, timeout=timeout)

    def holds(self, poller: "QueuePoller") -> dict[str, Held]:
        """The messages of ``poller`` in the pool's hands, by message id."""
        with self._lock:
            return {h.message["MessageId"]: h for i in (*self._waiting, *self._running) if i.poller is poller for h in i.held}

    def wait_idle(self, poller: "QueuePoller", timeout: float) -> bool:
        """Wait up to ``timeout`` s until no invocation of ``poller`` runs."""
        with self._lock:
            return self._changed.wait_for(lambda: not any(i.poller is poller for i in self._running), timeout=max(0.0, timeout))

    # -- work ------------------------------------------------------------------------
    def submit(self, invocations: list[Invocation]) -> None:
        with self._lock:
            if not invocations or self._stopping:  # stopping: they come back after their visibility timeout
                return
            self._waiting.extend(invocations)
            self._start_threads()
            self._work.notify(len(invocations))
            self._custody.notify_all()

    def drop(self, poller: "QueuePoller") -> None:
        """Forget ``poller``'s invocations that have not started (on stop): their
        messages come back after their visibility timeout, as on a crash."""
        with self._lock:
            self._waiting = [i for i in self._waiting if i.poller is not poller]
            self._changed.notify_all()

    def stop(self) -> None:
        """Start nothing more; running invocations finish (threads are daemons)."""
        with self._lock:
            self._stopping = True
            self._waiting.clear()
            self._work.notify_all()
            self._changed.notify_all()
            self._custody.notify_all()

    def _start_threads(self) -> None:
        if self._keeper is None:
            self._keeper = threading.Thread(target=self._keep_invisible, name=f"{self.name}-visibility", daemon=True)
            self._keeper.start()
        # Threads stay once started (idle ones wait on the condition): as many as the
        # work so far has needed, ``size`` at most.
        while len(self._threads) < min(self.size, len(self._running) + len(self._waiting)):
            thread = threading.Thread(target=self._work_loop, name=f"{self.name}-{len(self._threads)}", daemon=True)
            self._threads.append(thread)
            thread.start()

    def _next(self) -> Invocation | None:
        """The first waiting invocation that may start now (called with the lock held)."""
        if len(self._running) >= self.size:
            return None
        blocked: set[tuple[str, str]] = set()  # a group's later messages wait for its earlier ones
        running = Counter(id(i.poller) for i in self._running)
        for index, invocation in enumerate(self._waiting):
            lane = invocation.lane
            if lane is not None and (lane in self._lanes or lane in blocked):
                blocked.add(lane)
                continue
            over_agent = self.per_agent is not None and invocation.agent is not None and self._agents[invocation.agent] >= self.per_agent
            if running[id(invocation.poller)] >= invocation.poller.concurrency or over_agent:
                if lane is not None:
                    blocked.add(lane)
                continue
            del self._waiting[index]
            self._running.append(invocation)
            if lane is not None:
                self._lanes.add(lane)
            if invocation.agent is not None:
                self._agents[invocation.agent] += 1
            return invocation
        return None

    def _work_loop(self) -> None:
        while True:
            with self._lock:
                invocation = self._next()
                while invocation is None:
                    if self._stopping:
                        return
                    self._work.wait()
                    invocation = self._next()
            failed = invocation.held
            try:
                failed = invocation.poller.run(invocation)
            except Exception:  # noqa: BLE001 - the messages come back after their visibility timeout
                logger.exception("invocation failed", extra={"queue": invocation.poller.queue_url})
            finally:
                self._finish(invocation, failed)

    def _finish(self, invocation: Invocation, failed: list[Held]) -> None:
        """Let go of a finished invocation; its failed messages (and, on a FIFO queue, the
        later ones of its group, which must not run before them) go back to the queue."""
        with self._lock:
            self._running.remove(invocation)
            if invocation.lane is not None:
                self._lanes.discard(invocation.lane)
            if invocation.agent is not None:
                self._agents[invocation.agent] -= 1
                if self._agents[invocation.agent] <= 0:
                    del self._agents[invocation.agent]
            back = list(failed)
            if failed and invocation.lane is not None:
                # FIFO: a group's later messages wait for the failed one's retry.
                back += [h for i in self._waiting if i.lane == invocation.lane for h in i.held]
                self._waiting = [i for i in self._waiting if i.lane != invocation.lane]
            if self._waiting:
                self._work.notify_all()
            self._changed.notify_all()
        if back:
            invocation.poller.release(back, invocation.held)

    # -- visibility ------------------------------------------------------------------
    def _keep_invisible(self) -> None:
        """Extend the visibility of every held message before it runs out."""
        while True:
            with self._lock:
                if self._stopping and not self._running:
                    return
                held = [(i.poller, h) for i in (*self._waiting, *self._running) for h in i.held]
                now = time.monotonic()
                due = [(poller, h) for poller, h in held if h.visible_at - poller.margin <= now]
                if not due:
                    next_at = min((h.visible_at - poller.margin for poller, h in held), default=None)
                    self._custody.wait(timeout=None if next_at is None else max(0.05, next_at - now))
                    continue
            by_poller: dict[QueuePoller, list[Held]] = {}
            for poller, h in due:
                by_poller.setdefault(poller, []).append(h)
            for poller, items in by_poller.items():
                poller.extend(items)


class QueuePoller:
    """Feeds one queue to one handler: receives in a background thread, invokes in a
    :class:`WorkerPool` (its own with ``concurrency`` workers unless given one)."""

    def __init__(
        self,
        queue_url: str,
        invoke: Callable[[dict[str, Any]], Any],
        *,
        batch_size: int = 10,
        concurrency: int = 1,
        pool: WorkerPool | None = None,
    ) -> None:
        self.queue_url = queue_url
        self.invoke = invoke
        #: Records per invocation, as an event source mapping's batch size.
        self.batch_size = batch_size
        #: Invocations of this queue's handler at once (an event source mapping's
        #: maximum concurrency), within the pool's bounds.
        self.concurrency = max(1, concurrency)
        self.fifo = queue_url.endswith(".fifo")
        self._owns_pool = pool is None
        self.pool = pool if pool is not None else WorkerPool(self.concurrency, name=f"poller-{self._name}")
        self._arn: str | None = None
        self._visibility: int | None = None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        #: Orders releases and extensions: the visibility keeper looks at what the pool
        #: holds and extends it a moment later, and a message released in between must
        #: not be made invisible again (not in flight for SQS, its FIFO group would be
        #: handed out from a later message while it waits).
        self._custody = threading.Lock()

    @property
    def _name(self) -> str:
        return self.queue_url.rsplit("/", 1)[-1]

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def _attributes(self) -> None:
        attrs = aws.client("sqs").get_queue_attributes(QueueUrl=self.queue_url, AttributeNames=["QueueArn", "VisibilityTimeout"])["Attributes"]
        self._arn = attrs["QueueArn"]
        self._visibility = int(attrs.get("VisibilityTimeout", 30))

    @property
    def queue_arn(self) -> str:
        if self._arn is None:
            self._attributes()
        return self._arn  # type: ignore[return-value]

    @property
    def visibility_timeout(self) -> int:
        """The queue's visibility timeout (seconds)."""
        if self._visibility is None:
            self._attributes()
        return self._visibility  # type: ignore[return-value]

    @property
    def margin(self) -> float:
        """How long before a held message would turn visible its visibility is extended."""
        return self.visibility_timeout / 2

    # -- one batch, in the caller's thread (tests and the demo drain queues this way) --
    def poll_once(self, wait_seconds: int = 0) -> int:
        """Receive one batch and hand it to the handler. Returns messages received."""
        messages = self._receive(wait_seconds, self.batch_size)
        if messages:
            self._delete(self._call(messages))
        return len(messages)

    def _receive(self, wait_seconds: int, count: int = 10) -> list[dict[str, Any]]:
        response = aws.client("sqs").receive_message(
            QueueUrl=self.queue_url,
            MaxNumberOfMessages=count,
            WaitTimeSeconds=wait_seconds,
            AttributeNames=["All"],
            MessageAttributeNames=["All"],
        )
        return response.get("Messages", [])

    def _call(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Invoke the handler with ``messages``; returns those it finished."""
        failed: set[str] = set()
        try:
            result = self.invoke({"Records": lambda_records(self.queue_arn, messages)})
            for failure in (result or {}).get("batchItemFailures", []) if isinstance(result, dict) else []:
                failed.add(failure["itemIdentifier"])
        except Exception as error:  # noqa: BLE001 - a failed invocation fails the whole batch, as on Lambda
            # (Powertools raises when every record of a batch failed; each was logged.)
            logger.warning("invocation failed; the batch will be redelivered", extra={"queue": self.queue_url, "error": str(error)[:200]})
            failed = {m["MessageId"] for m in messages}
        return [m for m in messages if m["MessageId"] not in failed]

    def _delete(self, done: list[dict[str, Any]]) -> None:
        sqs = aws.client("sqs")
        for start in range(0, len(done), 10):
            sqs.delete_message_batch(
                QueueUrl=self.queue_url,
                Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(done[start : start + 10])],
            )

    # -- in the background ---------------------------------------------------------------
    def start(self) -> None:
        """Receive in a background thread until :meth:`stop`; the pool invokes."""
        self.visibility_timeout  # read before any message is held  # noqa: B018
        thread = threading.Thread(target=self._loop, name=f"poller-{self._name}", daemon=True)
        thread.start()
        self._threads.append(thread)

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                if not self.pool.has_room(self):
                    self.pool.wait_for_room(self, timeout=RECEIVE_WAIT_SECONDS)
                    continue
                messages = self._receive(RECEIVE_WAIT_SECONDS)
                if messages and not self._stop.is_set():
                    self.pool.submit(self._invocations(messages))
            except Exception:  # noqa: BLE001 - keep polling; the emulator may be restarting
                logger.exception("poll failed")
                self._stop.wait(0.5)

    def _invocations(self, messages: list[dict[str, Any]]) -> list[Invocation]:
        """Split a receive into invocations: each FIFO group's messages in order, or each
        agent's, ``batch_size`` at most. A message the pool already holds (its visibility
        ran out and SQS handed it out again) is not invoked twice."""
        now = time.monotonic()
        held = self.pool.holds(self)
        buckets: dict[str | None, list[Held]] = {}
        for message in messages:
            mine = held.get(message["MessageId"])
            if mine is not None:
                mine.message["ReceiptHandle"] = message["ReceiptHandle"]
                mine.visible_at = now + self.visibility_timeout
                continue
            key = message_group(message) if self.fifo else message_agent(message)
            buckets.setdefault(key, []).append(Held(message, now, now + self.visibility_timeout))
        invocations = []
        for key, items in buckets.items():
            for start in range(0, len(items), self.batch_size):
                chunk = items[start : start + self.batch_size]
                agent = message_agent(chunk[0].message)
                invocations.append(Invocation(self, chunk, key if self.fifo else None, agent))
        return invocations

    def run(self, invocation: Invocation) -> list[Held]:
        """One invocation (in a pool thread): the finished messages are deleted; returns
        the failed ones."""
        done = self._call([h.message for h in invocation.held])
        self._delete(done)
        finished = {m["MessageId"] for m in done}
        return [h for h in invocation.held if h.message["MessageId"] not in finished]

    def release(self, held: list[Held], like: list[Held]) -> None:
        """Give ``held`` back to the queue: visible when the visibility timeout of the
        first received of ``like`` would have ended without the pool's extensions (at
        once if it has), as a failed message comes back on AWS."""
        receive = min(h.received_at for h in like)
        with self._custody:
            for h in held:
                h.released = True
            self._change_visibility(held, max(0, math.ceil(receive + self.visibility_timeout - time.monotonic())))

    def extend(self, held: list[Held]) -> None:
        """Keep ``held`` invisible for another visibility timeout, but those released
        meanwhile (the keeper's look at the pool may be older than a release)."""
        with self._custody:
            kept = [h for h in held if not h.released]
            now = time.monotonic()
            for h in kept:
                h.visible_at = now + self.visibility_timeout
            self._change_visibility(kept, self.visibility_timeout)

    def _change_visibility(self, held: list[Held], seconds: int) -> None:
        sqs = aws.client("sqs")
        for start in range(0, len(held), 10):
            entries = [
                {"Id": str(i), "ReceiptHandle": h.message["ReceiptHandle"], "VisibilityTimeout": seconds}
                for i, h in enumerate(held[start : start + 10])
            ]
            try:
                sqs.change_message_visibility_batch(QueueUrl=self.queue_url, Entries=entries)
            except Exception as error:  # noqa: BLE001 - the message comes back a little early or late
                logger.warning("visibility change failed", extra={"queue": self.queue_url, "error": str(error)[:200]})

    def signal_stop(self) -> None:
        """Stop receiving and starting invocations (no wait); running ones finish."""
        self._stop.set()
        self.pool.drop(self)
        if self._owns_pool:
            self.pool.stop()

    def join(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds in all for the receiving thread and the running
        invocations to end (daemon threads: one still busy does not keep the process
        alive)."""
        deadline = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
        self.pool.wait_idle(self, deadline - time.monotonic())

    def stop(self) -> None:
        self.signal_stop()
        self.join(5.0)
