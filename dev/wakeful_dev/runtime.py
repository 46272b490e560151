"""The local stack: moto in server mode plus the real handlers, wired as AWS would.

- DynamoDB, SQS, KMS, Secrets Manager, Step Functions and Lambda are moto, on loopback.
- A ticker invokes the heartbeat-scan handler with a scheduled event (EventBridge),
  once per group of shards and in parallel, as the deployed schedules do
  (``WAKEFUL_SCAN_GROUPS``, default: one per shard).
- Pollers feed each queue to its handler in Lambda-shaped batches (event source
  mappings, partial batch failures honoured), many invocations at once in one worker
  pool: bounded overall (``WAKEFUL_DEV_WORKERS``) and per agent
  (``WAKEFUL_DEV_AGENT_CONCURRENCY``), one at a time per FIFO message group.
- A gateway turns HTTP requests into API Gateway proxy events (API Gateway).
- An expiry deletes items whose TTL passed and hands the retained tables' deletions to
  the archiver, which writes them to the emulator's S3 (DynamoDB's TTL and streams;
  ``wakeful_dev.archive_local``).
"""

from __future__ import annotations

import logging
import os
import random
import re
import secrets
import socket
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Callable

from wakeful import aws, clock, constants
from wakeful_dev import lambdas, moto_compat, provision
from wakeful_dev.gateway import Gateway
from wakeful_dev.in_process import InProcessTransport
from wakeful_dev.sqs_poller import QueuePoller, WorkerPool

logger = logging.getLogger(__name__)

QUEUE_FUNCTIONS = constants.QUEUE_FUNCTIONS
#: How many handler invocations fed by the queues `wakeful dev` runs at once, in all.
ENV_WORKERS = "WAKEFUL_DEV_WORKERS"
DEFAULT_WORKERS = 16
#: How many of them may be one agent's (its thread steps, tool runs, heartbeats, ...).
ENV_AGENT_CONCURRENCY = "WAKEFUL_DEV_AGENT_CONCURRENCY"
DEFAULT_AGENT_CONCURRENCY = 4
#: How many actions (tool runs) at once, as the deployed tool runner's maximum concurrency.
ENV_ACTION_CONCURRENCY = "WAKEFUL_DEV_ACTION_CONCURRENCY"
DEFAULT_ACTION_CONCURRENCY = 10
#: Queues whose invocations take one record each (a tool call gets the tool runner's
#: whole timeout, as deployed); the others take batches of up to 10, each batch one
#: FIFO message group's (in order) or one agent's.
ONE_RECORD_QUEUES = frozenset({"action"})
#: Scan invocations per tick, each on its own group of shards (the deploy setting
#: ``wakeful:scanGroups``); default: one per shard.
ENV_SCAN_GROUPS = "WAKEFUL_SCAN_GROUPS"
class ChannelRoutes:
    """The chat platforms' routes, ``/channels/<id>/<route>``, as a path pattern."""

    def match(self, path: str) -> re.Match[str] | None:
        from wakeful.channels.platforms import models as platforms

        routes = "|".join(re.escape(route) for route in platforms.routes())
        return re.match(rf"^/channels/[^/]+/({routes})/?$", path)


#: (method, path regex or pattern, function) routes in front of the api function
HTTP_ROUTES: list[tuple[str, Any, str]] = [
    ("POST", r"^/webhooks/[^/]+/?$", "webhook_ingest"),
    # The platforms' requests to a channel: their own function (the routes are the
    # platforms' registry's, read at each request: a platform added later counts).
    ("POST", ChannelRoutes(), "channel_inbound"),
]


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now, below the kernel's ephemeral range when it
    can: a port the kernel hands out for port 0 is also the next outgoing connection's
    local port, so between this call and the bind someone else's connection may take it
    (seen on a busy machine as "Address already in use")."""
    low = _ephemeral_low()
    for _ in range(50):
        port = random.randrange(10000, low) if low > 10000 else 0
        with socket.socket() as sock:
            try:
                sock.bind((host, port))
            except OSError:
                continue
            return sock.getsockname()[1]
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def _ephemeral_low() -> int:
    """The lowest port of the kernel's ephemeral range (Linux; 32768 elsewhere)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def positive_setting(name: str, default: int) -> int:
    """A positive integer from the environment variable ``name`` (``default`` unset)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise ValueError(f"{name} must be a positive integer, not {raw!r}")
    return value


def scheduled_event(now: float | None = None, shards: list[int] | None = None) -> dict[str, Any]:
    """An EventBridge scheduled event, as a scan's schedule sends it (with its group of
    ``shards`` when the scan is fanned out)."""
    event = {
        "version": "0",
        "id": str(uuid.uuid4()),
        "detail-type": "Scheduled Event",
        "source": "aws.events",
        "account": "123456789012",
        "time": clock.iso(clock.now() if now is None else now),
        "region": "us-east-1",
        "resources": ["arn:aws:events:us-east-1:123456789012:rule/wakeful-heartbeat-scan"],
        "detail": {},
    }
    if shards is not None:
        event["shards"] = list(shards)
    return event


def merge_scan_results(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The results of one tick's group scans as one: counts added up, shards joined."""
    merged: dict[str, Any] = {}
    for result in results:
        for key, value in result.items():
            if isinstance(value, dict):
                merged[key] = merge_scan_results([merged.get(key, {}), value])
            elif isinstance(value, list):
                merged[key] = sorted([*merged.get(key, []), *value])
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                merged[key] = merged.get(key, 0) + value
            else:
                merged.setdefault(key, value)
    return merged


def quiet_disabled_metrics() -> None:
    """With metrics disabled, Powertools skips printing at the end of an invocation but
    keeps the values, and prints them all once 100 accumulate: clear them instead, so
    `wakeful dev` prints no metric lines unless asked (``--metrics``)."""
    from aws_lambda_powertools.metrics.provider.cloudwatch_emf import cloudwatch

    provider = cloudwatch.AmazonCloudWatchEMFProvider
    if getattr(provider.flush_metrics, "_wakeful_quiet", False):
        return
    original = provider.flush_metrics

    def flush_metrics(self: Any, raise_on_empty_metrics: bool = False) -> None:
        if cloudwatch.is_metrics_disabled():
            self.clear_metrics()
            return
        original(self, raise_on_empty_metrics)

    flush_metrics._wakeful_quiet = True  # type: ignore[attr-defined]
    provider.flush_metrics = flush_metrics  # type: ignore[method-assign]


class DevStack:
    """Everything ``wakeful dev`` runs, startable from the CLI, the demo and tests."""

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int | None = 8080,
        tick: float = 1.0,
        dev_api_keys: str = "",
        visibility_timeout: int = 5,
        workers: bool = True,
        env: dict[str, str] | None = None,
        observer: Callable[[str, dict[str, Any], Any], None] | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.tick_seconds = tick
        self.dev_api_keys = dev_api_keys
        self.visibility_timeout = visibility_timeout
        self.workers = workers
        self.extra_env = env or {}
        #: Called after each invocation with (function, event, result): `wakeful dev`
        #: prints one line per finished heartbeat, action, hook delivery, webhook request.
        self.observer = observer
        self.moto: Any = None
        self.aws_endpoint = ""
        self.queue_urls: dict[str, str] = {}
        self.gateway: Gateway | None = None
        self.pollers: dict[str, QueuePoller] = {}
        self.pool: WorkerPool | None = None  # the queues' invocations run here (made by ``start``)
        self._action_concurrency = DEFAULT_ACTION_CONCURRENCY
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self._transport: InProcessTransport | None = None
        self.stream_hub: Any = None  # the in-process live stream (wakeful_dev.stream_local)
        self.expiry: Any = None  # DynamoDB's TTL and the archive's streams (wakeful_dev.archive_local)
        self._expirer: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------------
    def start(self) -> "DevStack":
        from moto.server import ThreadedMotoServer

        # The bounds first: a bad setting stops the start before anything runs.
        self.pool = WorkerPool(positive_setting(ENV_WORKERS, DEFAULT_WORKERS), positive_setting(ENV_AGENT_CONCURRENCY, DEFAULT_AGENT_CONCURRENCY))
        self._action_concurrency = positive_setting(ENV_ACTION_CONCURRENCY, DEFAULT_ACTION_CONCURRENCY)
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        moto_port = free_port(self.host)
        self.moto = ThreadedMotoServer(ip_address=self.host, port=moto_port, verbose=False)
        moto_compat.install()  # transactions isolated as in DynamoDB; shortcuts that give moto's answers
        quiet_disabled_metrics()
        self.moto.start()
        self.aws_endpoint = f"http://{self.host}:{moto_port}"
        env = {
            # moto's Step Functions interpreter calls Lambda at localhost:$MOTO_PORT
            "MOTO_PORT": str(moto_port),
            "AWS_ENDPOINT_URL": self.aws_endpoint,
            "AWS_ACCESS_KEY_ID": "testing",
            "AWS_SECRET_ACCESS_KEY": "testing",
            "AWS_SESSION_TOKEN": "testing",
            "AWS_DEFAULT_REGION": "us-east-1",
            "AWS_REGION": "us-east-1",
            "WAKEFUL_DEV_MODE": "1",
            # One machine needs no write sharding of the due index; the scan reads
            # every shard each tick, so fewer shards means fewer requests.
            "WAKEFUL_DUE_SHARDS": os.environ.get("WAKEFUL_DUE_SHARDS", "2"),
            "POWERTOOLS_SERVICE_NAME": "wakeful",
            "POWERTOOLS_METRICS_NAMESPACE": "Wakeful",
            "POWERTOOLS_METRICS_DISABLED": os.environ.get("POWERTOOLS_METRICS_DISABLED", "true"),
            "POWERTOOLS_TRACE_DISABLED": "true",
            "POWERTOOLS_LOG_LEVEL": os.environ.get("POWERTOOLS_LOG_LEVEL", "WARNING"),
            # List cursors are signed with a random key made at each start (one given in
            # the environment is kept, so cursors can outlive a restart if wanted).
            constants.ENV_CURSOR_KEY: os.environ.get(constants.ENV_CURSOR_KEY) or secrets.token_urlsafe(32),
            **self.extra_env,
        }
        os.environ.update(env)
        self._transport = InProcessTransport(self.aws_endpoint, self.moto._server.app)
        aws.use_transport(self._transport, self._transport.choose_signer)  # the emulator runs in this process: no sockets
        aws.reset_clients()
        import requests

        requests.post(
            f"{self.aws_endpoint}/moto-api/config",
            json={"stepfunctions": {"execute_state_machine": True}, "lambda": {"use_docker": False}},
            timeout=10,
        ).raise_for_status()

        from wakeful.config import get_settings

        provision.create_tables(get_settings().tables)
        urls = provision.create_queues("wakeful", self.visibility_timeout)
        self.queue_urls = urls
        for logical, variable in constants.QUEUE_ENV.items():
            if logical in urls:
                os.environ[variable] = urls[logical]
        os.environ["WAKEFUL_KMS_KEY_ID"] = provision.create_kms_key()
        provision.anthropic_key_to_secret(os.environ)
        if self.port is not None:
            self.gateway = Gateway(self.host, self.port, HTTP_ROUTES, "api", self.invoke)
            self.port = self.gateway.port
            os.environ["WAKEFUL_WEBHOOK_BASE_URL"] = self.api_url
        # Hooks and tools may call loopback in dev, but never the stack itself: a hook
        # to the emulator's /moto-api/reset would wipe every tenant's tables. Only the
        # API's webhook intake stays open, as a deployed stack's is to its own hooks.
        own_ports = [moto_port] + ([self.port] if self.port is not None else [])
        os.environ[constants.ENV_DEV_BLOCKED_PORTS] = ",".join(str(p) for p in own_ports)
        os.environ[constants.ENV_DEV_INTAKE_PORTS] = str(self.port) if self.port is not None else ""
        aws.reset_clients()

        from wakeful.auth import keys

        for owner, key in keys.parse_dev_keys(self.dev_api_keys):
            keys.create(owner, key)

        self._extensions()
        for queue, function in QUEUE_FUNCTIONS.items():
            if lambdas.available(function):
                self.pollers[queue] = QueuePoller(
                    urls[queue], lambda event, f=function: self.invoke(f, event), **self._poller_options(queue)
                )
        if self.gateway:
            self.gateway.start()
        if self.workers:
            self.start_workers()
        return self

    def start_workers(self) -> None:
        """Start the queue pollers and the scan ticker (``start`` does, unless
        ``workers=False``: then a caller may set things up first, e.g. a benchmark)."""
        for poller in self.pollers.values():
            poller.start()
        self._ticker = threading.Thread(target=self._tick_loop, name="scan-ticker", daemon=True)
        self._ticker.start()
        from wakeful_dev import archive_local

        every = archive_local.expiry_seconds()
        self._expirer = threading.Thread(target=archive_local.run, args=(self.expiry, self._stop, every), name="ttl-expiry", daemon=True)
        self._expirer.start()

    def _poller_options(self, queue: str) -> dict[str, Any]:
        """Each queue's event source mapping: its batch size, its concurrency (the
        action queue's bounded as the deployed tool runner's), the shared pool."""
        assert self.pool is not None
        concurrency = self._action_concurrency if queue == "action" else self.pool.size
        return {"batch_size": 1 if queue in ONE_RECORD_QUEUES else 10, "concurrency": concurrency, "pool": self.pool}

    def _extensions(self) -> None:
        """Capabilities that need more local wiring (e.g. Step Functions) hook in here."""
        from wakeful_dev import archive_local, hooks_local, stream_local

        hooks_local.setup(self)
        stream_local.setup(self)
        archive_local.expiry_seconds()  # a bad setting stops the start
        self.expiry = archive_local.setup(self)

    def stop(self) -> None:
        self._stop.set()
        if self.pool is not None:
            self.pool.stop()  # nothing new starts; what runs finishes
        # Every poller is told first, then all are waited for together (one deadline):
        # one by one, a busy machine made stopping take minutes.
        for poller in self.pollers.values():
            poller.signal_stop()
        deadline = time.monotonic() + 10
        for poller in self.pollers.values():
            poller.join(max(0.0, deadline - time.monotonic()))
        if self._ticker:
            self._ticker.join(timeout=5)
        if self._expirer:
            self._expirer.join(timeout=5)
        if self.gateway:
            self.gateway.stop()
        if self._transport:
            self._transport.active = False  # clients built earlier go over HTTP again
            aws.forget_transport(self._transport)
        if self.moto:
            self.moto.stop()

    def __enter__(self) -> "DevStack":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- playing AWS's part ------------------------------------------------------
    @property
    def api_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def invoke(self, function: str, event: dict[str, Any]) -> Any:
        """Invoke a function's real handler in-process."""
        result = lambdas.invoke(function, event)
        if self.observer is not None:
            self.observer(function, event, result)
        return result

    def _queue_depths(self) -> dict[str, tuple[int, int]]:
        """(visible, in flight) messages of each polled queue: the numbers
        GetQueueAttributes answers, read from the emulator this process runs. The drain
        looks at every queue several times a round; as requests, that was a third of the
        test suite's AWS calls."""
        from moto.sqs.models import sqs_backends

        region = aws.client("sqs").meta.region_name
        depths = {}
        for queue in self.pollers:
            account, name = self.queue_urls[queue].rsplit("/", 2)[-2:]
            found = sqs_backends[account][region].queues[name]
            depths[queue] = (found.approximate_number_of_messages, found.approximate_number_of_messages_not_visible)
        return depths

    def scan_groups(self) -> list[list[int]]:
        """The groups of shards one tick scans in parallel (as the deployed schedules)."""
        from wakeful.config import get_settings
        from wakeful.heartbeats.scan import shard_groups

        shards = get_settings().due_shards
        return shard_groups(shards, positive_setting(ENV_SCAN_GROUPS, shards))

    def tick(self, now: float | None = None) -> Any:
        """One tick of the heartbeat scan at ``now`` (default: the real time): one
        invocation per group of shards, in parallel, as EventBridge Scheduler runs
        them; their results added up. A group's exception is raised once all ended."""
        at = clock.now() if now is None else now
        groups = self.scan_groups()
        if len(groups) == 1:
            return self.invoke("heartbeat_scan", scheduled_event(at))
        results: list[Any] = [None] * len(groups)
        errors: list[BaseException] = []

        def run(index: int, shards: list[int]) -> None:
            try:
                results[index] = self.invoke("heartbeat_scan", scheduled_event(at, shards))
            except BaseException as error:  # noqa: BLE001 - re-raised by the tick below
                errors.append(error)

        threads = [threading.Thread(target=run, args=(i, g), name=f"scan-{i}", daemon=True) for i, g in enumerate(groups)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if errors:
            raise errors[0]
        return merge_scan_results(results)

    def expire(self, now: float | None = None) -> Any:
        """One sweep of the local TTL at ``now`` (default: the real time): expired items
        deleted, the retained tables' deletions archived (``wakeful_dev.archive_local``)."""
        return self.expiry.sweep(now)

    def _tick_loop(self) -> None:
        # At a fixed rate, as EventBridge fires: a slow scan does not push every later
        # tick back (the next one starts at once when a scan overran its tick).
        next_at = time.monotonic() + self.tick_seconds
        while not self._stop.wait(max(0.0, next_at - time.monotonic())):
            next_at = max(next_at + self.tick_seconds, time.monotonic())
            try:
                self.tick()
            except Exception:  # noqa: BLE001 - the next tick tries again, as EventBridge would
                logger.exception("heartbeat scan failed")

    def drain(self, timeout: float = 240.0) -> None:
        """Run the pollers until every queue is empty and nothing is in flight
        (for tests and the demo, with background workers off)."""
        deadline = time.monotonic() + timeout
        idle = 0
        while time.monotonic() < deadline:
            depths = self._queue_depths()
            ready = [queue for queue, (visible, _) in depths.items() if visible]
            if ready and sum(self.pollers[queue].poll_once(0) for queue in ready):
                idle = 0
                continue
            if not any(visible or in_flight for visible, in_flight in depths.values()):
                idle += 1
                if idle >= 2:
                    return
            time.sleep(0.05)
        raise TimeoutError(f"queues did not drain within {timeout} s")
