"""AWS cost per 1,000 agents per month at 15-minute heartbeats, idle and busy.

Measured, then priced:

1. A local run (``DevStack``: moto on loopback, the real handlers in-process, workers
   off) plays heartbeats for a few agents per scenario. Every AWS call a handler makes
   is counted through botocore events, per service and operation; DynamoDB calls are
   turned into read/write request units from the sizes of the items they touch
   (re-read out of band, uncounted); Lambda invocations, wall time and log bytes
   (Powertools JSON logs and EMF metrics, at INFO) are recorded per function.
2. Those per-heartbeat counts, plus the fixed per-minute scan, are scaled to 1,000
   agents x 2,880 heartbeats a month (every 15 minutes) and priced with the public
   us-east-1 prices in :data:`PRICES` (free tiers ignored).

Scenarios (one owner per agent, SnipIn preset, scripted LLM provider):
- ``bare``: an agent with no subscriptions (the floor: a heartbeat that finds nothing);
- ``idle``: a SnipIn agent whose network posted nothing since its last heartbeat;
- ``busy``: a SnipIn agent that finds, every heartbeat, 2 new snips in its network and a
  comment on its own snip, all posted through the API (counted), so FeedReader,
  SnipCreate/Like/Share and SnipComment run and cascade.

LLM tokens are not AWS costs and are not priced here (``docs/cost.md`` says how to add
them). Run: ``.venv/bin/python bench/cost_model.py [--agents N]``.
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import math
import os
import sys
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HEARTBEAT_SECONDS = 900
MONTH_SECONDS = 30 * 24 * 3600
AGENTS = 1000
#: An idle agent's share of the bill, fixed costs apart (USD a month).
IDLE_AGENT_LIMIT_USD = 0.005
#: A hook delivery answered 2xx at its first attempt, USD per million deliveries.
HOOK_DELIVERY_LIMIT_USD_PER_MILLION = 15.0
#: The deployment's shards and scan groups (infra/settings.py defaults): the fixed
#: cost of a tick is measured with them.
DUE_SHARDS = 16
SCAN_GROUPS = 4

#: Public on-demand prices, us-east-1, checked 2025. Sources:
#: https://aws.amazon.com/lambda/pricing/ https://aws.amazon.com/dynamodb/pricing/on-demand/
#: https://aws.amazon.com/sqs/pricing/ https://aws.amazon.com/api-gateway/pricing/
#: https://aws.amazon.com/eventbridge/pricing/ https://aws.amazon.com/step-functions/pricing/
#: https://aws.amazon.com/cloudwatch/pricing/ https://aws.amazon.com/xray/pricing/
#: https://aws.amazon.com/kms/pricing/
PRICES = {
    "lambda_request": 0.20 / 1e6,  # per invocation
    "lambda_gb_second_arm64": 0.0000133334,  # per GB-second, Arm
    "snapstart_cache_gb_second": 0.0000015046,  # Python SnapStart, per GB-second cached
    "snapstart_restore_gb": 0.0001397998,  # Python SnapStart, per GB restored
    "ddb_write_request_unit": 0.625 / 1e6,  # on-demand WRU
    "ddb_read_request_unit": 0.125 / 1e6,  # on-demand RRU
    "ddb_storage_gb_month": 0.25,
    "ddb_pitr_gb_month": 0.20,
    "sqs_standard_request": 0.40 / 1e6,
    "sqs_fifo_request": 0.50 / 1e6,
    "api_gateway_rest_request": 3.50 / 1e6,
    "scheduler_invocation": 1.00 / 1e6,
    "sfn_standard_transition": 0.025 / 1000,
    "cw_logs_ingest_gb": 0.50,
    "cw_logs_storage_gb_month": 0.03,
    "cw_custom_metric_month": 0.30,
    "cw_alarm_metric_month": 0.10,
    "cw_dashboard_month": 3.00,
    "xray_trace_recorded": 5.00 / 1e6,
    "kms_key_month": 1.00,
    "kms_request": 0.03 / 10_000,
}

#: Billed Lambda time is modelled, not taken from the local wall clock (moto is far
#: slower than DynamoDB): the handler's own CPU time, measured, plus this much per AWS
#: call it makes (in-region DynamoDB/SQS/KMS round trips are single-digit ms) ...
AWS_CALL_LATENCY_MS = 8.0
#: ... plus a fixed overhead per invocation (Powertools decorators, event parsing) ...
INVOKE_OVERHEAD_MS = 2.0
#: ... plus the model's answer time for every LLM call (``--llm-seconds``).
LLM_CALL_SECONDS = 2.0
#: Cold starts (SnapStart restores) of the tool runner: one per this many invocations
#: under steady traffic (environments are reused; they are recycled every few hours).
SNAPSTART_RESTORES_PER = 1000
#: Lambda platform log lines per invocation (START, END, REPORT with X-Ray), bytes.
PLATFORM_LOG_BYTES = 350
#: An idle SQS event source mapping long-polls with about 5 pollers x 3 calls a minute.
ESM_IDLE_POLLS_PER_MINUTE = 15
#: X-Ray's default sampling: the first request each second, then 5 %.
XRAY_RESERVOIR_PER_SECOND = 1
XRAY_RATE = 0.05

_REAL_STDOUT = sys.stdout


# -- DynamoDB item sizes (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html)
def _number_size(text: str) -> int:
    digits = text.lstrip("-").replace(".", "").lstrip("0") or "0"
    return (len(digits) + 1) // 2 + 1


def _value_size(value: dict[str, Any]) -> int:
    (kind, raw), = value.items()
    if kind == "S":
        return len(raw.encode())
    if kind == "N":
        return _number_size(raw)
    if kind == "B":
        return len(raw) if isinstance(raw, (bytes, bytearray)) else len(base64.b64decode(raw))
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "SS":
        return sum(len(s.encode()) for s in raw)
    if kind == "NS":
        return sum(_number_size(n) for n in raw)
    if kind == "M":
        return 3 + sum(len(k.encode()) + _value_size(v) + 1 for k, v in raw.items())
    if kind == "L":
        return 3 + sum(_value_size(v) + 1 for v in raw)
    return len(json.dumps(raw))


def item_size(item: dict[str, Any] | None) -> int:
    """Bytes DynamoDB bills for an item (attribute names + values)."""
    if not item:
        return 0
    return sum(len(name.encode()) + _value_size(value) for name, value in item.items())


# -- the meter ---------------------------------------------------------------------------
@dataclass
class Tally:
    """What one measured window cost, in requests and bytes."""

    invocations: Counter = field(default_factory=Counter)  # function -> local invocations
    records: Counter = field(default_factory=Counter)  # function -> SQS records handled
    cpu_ms: Counter = field(default_factory=Counter)  # function -> handler CPU time (its own thread)
    aws_calls: Counter = field(default_factory=Counter)  # function -> AWS calls it made
    log_bytes: Counter = field(default_factory=Counter)  # function -> bytes printed
    metrics: Counter = field(default_factory=Counter)  # EMF metric name -> sum of values
    calls: Counter = field(default_factory=Counter)  # "service:Operation" -> count
    rru: float = 0.0
    wru: float = 0.0
    new_item_bytes: Counter = field(default_factory=Counter)  # table -> bytes of items created
    sqs_standard: int = 0
    sqs_fifo: int = 0
    sqs_batches_consumed: Counter = field(default_factory=Counter)  # "standard"/"fifo" -> handler batches
    api_requests: int = 0
    sfn_starts: int = 0
    # Per function, for pricing one part of the work on its own (a hook delivery):
    wru_by: Counter = field(default_factory=Counter)  # function -> table WRU
    rru_by: Counter = field(default_factory=Counter)  # function -> RRU
    index_wru_by: Counter = field(default_factory=Counter)  # function -> GSI write units (not in the totals)
    calls_by: Counter = field(default_factory=Counter)  # "function service:Operation" -> count
    hook_deliveries: float = 0.0  # deliveries started (fired) in the window

    def minus(self, other: "Tally") -> "Tally":
        out = Tally()
        for name in _COUNTERS:
            result = Counter(getattr(self, name))
            result.subtract(getattr(other, name))
            # CPU time is noisy: a window's scan can cost less than the baseline scan.
            setattr(out, name, Counter({k: max(v, 0) if name == "cpu_ms" else v for k, v in result.items() if v}))
        for name in _SCALARS:
            setattr(out, name, getattr(self, name) - getattr(other, name))
        return out

    def scaled(self, factor: float) -> "Tally":
        out = Tally()
        for name in _COUNTERS:
            setattr(out, name, Counter({k: v * factor for k, v in getattr(self, name).items()}))
        for name in _SCALARS:
            setattr(out, name, getattr(self, name) * factor)
        return out


_COUNTERS = (
    "invocations", "records", "cpu_ms", "aws_calls", "log_bytes", "metrics", "calls", "new_item_bytes",
    "sqs_batches_consumed", "wru_by", "rru_by", "index_wru_by", "calls_by",
)  # fmt: skip
_SCALARS = ("rru", "wru", "sqs_standard", "sqs_fifo", "api_requests", "sfn_starts", "hook_deliveries")
#: The work of a hook delivery made inside the function that fires it is metered apart,
#: under this name (its CPU is taken out of the firing function's).
HOOK_WORK = "hook_delivery"
#: The endpoint's answer time of a hook delivery, billed to the function that waits.
HOOK_ENDPOINT_SECONDS = 0.1


class _CountingStdout(io.TextIOBase):
    """Counts bytes the handlers print (Powertools logs and EMF), per function."""

    def __init__(self, meter: "Meter") -> None:
        self.meter = meter

    def write(self, text: str) -> int:
        function = self.meter.current()
        if function:
            with self.meter.lock:
                self.meter.tally.log_bytes[function] += len(text.encode())
            if '"_aws"' in text:  # an EMF record: sum its metric values
                try:
                    record = json.loads(text)
                    names = [m["Name"] for d in record["_aws"]["CloudWatchMetrics"] for m in d["Metrics"]]
                    with self.meter.lock:
                        for name in names:
                            value = record.get(name, 0)
                            self.meter.tally.metrics[name] += sum(value) if isinstance(value, list) else value
                except (ValueError, KeyError, TypeError):
                    pass
        return len(text)

    def flush(self) -> None:
        pass


class Meter:
    """Counts the AWS calls made inside handler invocations."""

    def __init__(self) -> None:
        self.tally = Tally()
        self.lock = threading.Lock()
        self._local = threading.local()
        self._side: Any = None
        self._key_schemas: dict[str, list[str]] = {}
        self._indexes: dict[str, tuple[Any, ...]] = {}
        self._ttl_tables: set[str] = set()
        self._created: set[tuple[str, str]] = set()

    def current(self) -> str | None:
        return getattr(self._local, "function", None)

    def snapshot(self) -> Tally:
        with self.lock:
            return self.tally.scaled(1)

    # -- wiring ------------------------------------------------------------------
    def install(self, stack: Any) -> None:
        import botocore.session

        from wakeful import aws
        from wakeful_dev import lambdas
        from wakeful.tables import TABLES

        settings_tables = {}
        from wakeful.config import get_settings

        for logical, physical in get_settings().tables.items():
            spec = TABLES[logical]
            settings_tables[physical] = [spec.pk.name] + ([spec.sk.name] if spec.sk else [])
            self._indexes[physical] = spec.indexes
            if spec.ttl:
                self._ttl_tables.add(physical)
        self._key_schemas = settings_tables
        self._side = botocore.session.get_session().create_client(
            "dynamodb", region_name="us-east-1", endpoint_url=stack.aws_endpoint
        )
        for service in ("dynamodb", "sqs", "kms", "stepfunctions", "lambda"):
            events = aws.client(service).meta.events
            events.register(f"before-parameter-build.{service}", self._before)
            events.register(f"after-call.{service}", self._after)

        original = lambdas.invoke
        queue_kinds = {"orchestrator": "standard", "ingest": "standard", "tool_runner": "fifo"}

        def metered_invoke(name: str, event: dict[str, Any]) -> Any:
            self._local.function = name
            cpu = time.thread_time()
            try:
                return original(name, event)
            finally:
                cpu_ms = (time.thread_time() - cpu) * 1000
                self._local.function = None
                with self.lock:
                    self.tally.invocations[name] += 1
                    self.tally.cpu_ms[name] += cpu_ms
                    if name in queue_kinds and isinstance(event, dict) and event.get("Records"):
                        self.tally.records[name] += len(event["Records"])
                        self.tally.sqs_batches_consumed[queue_kinds[name]] += len(event["Records"])

        lambdas.invoke = metered_invoke
        sys.stdout = _CountingStdout(self)  # Powertools binds its handler to this stream

        # A hook delivery fired by a function (its first attempt made there) is metered
        # apart: its calls, capacity and CPU are the delivery's, not the firing work's.
        from wakeful.hooks import outbox

        start_deliveries = outbox.start_deliveries

        def metered_deliveries(*args: Any, **kwargs: Any) -> Any:
            outer = self.current()
            self._local.function = HOOK_WORK
            cpu = time.thread_time()
            try:
                started = start_deliveries(*args, **kwargs)
            finally:
                spent = (time.thread_time() - cpu) * 1000
                self._local.function = outer
                with self.lock:
                    self.tally.cpu_ms[HOOK_WORK] += spent
                    if outer:
                        self.tally.cpu_ms[outer] -= spent
            with self.lock:
                self.tally.hook_deliveries += len(started)
            return started

        outbox.start_deliveries = metered_deliveries

    # -- DynamoDB capacity ---------------------------------------------------------
    def _key(self, table: str, item: dict[str, Any]) -> dict[str, Any]:
        return {k: item[k] for k in self._key_schemas.get(table, []) if k in item}

    def _fetch(self, table: str, key: dict[str, Any]) -> dict[str, Any] | None:
        if not key:
            return None
        return self._side.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")

    def _before(self, params: dict[str, Any], model: Any, **_: Any) -> None:
        if not self.current() or model.service_model.service_name != "dynamodb":
            return
        op = model.name
        before: list[tuple[str, dict[str, Any], dict[str, Any] | None]] = []  # (table, key, item before)
        if op in ("UpdateItem", "DeleteItem"):
            before.append((params["TableName"], params["Key"], self._fetch(params["TableName"], params["Key"])))
        elif op == "PutItem":
            key = self._key(params["TableName"], params["Item"])
            before.append((params["TableName"], key, self._fetch(params["TableName"], key)))
        elif op == "TransactWriteItems":
            for entry in params["TransactItems"]:
                (kind, body), = entry.items()
                key = body.get("Key") or self._key(body["TableName"], body.get("Item", {}))
                before.append((body["TableName"], key, self._fetch(body["TableName"], key)))
        self._local.before = before

    def _index_units(self, table: str, before: dict[str, Any] | None, after: dict[str, Any] | None) -> int:
        """GSI write units of one item write (DynamoDB's rules: an entry put or deleted
        costs its projected size; an entry whose key changed is a delete and a put; an
        ALL-projected entry rewrites when the item does)."""
        units = 0
        for index in self._indexes.get(table, ()):
            names = [index.pk.name] + ([index.sk.name] if index.sk else [])

            def entry(item: dict[str, Any] | None, index: Any = index, names: list[str] = names) -> dict[str, Any] | None:
                if not item or any(n not in item for n in names):
                    return None
                if index.keys_only or index.include:
                    keep = set(names) | set(self._key_schemas.get(table, [])) | set(index.include)
                    return {k: v for k, v in item.items() if k in keep}
                return item

            old, new = entry(before), entry(after)
            size = lambda e: math.ceil(max(1, item_size(e)) / 1024)  # noqa: E731
            if old and new:
                if any(old.get(n) != new.get(n) for n in names):
                    units += size(old) + size(new)
                elif old != new:
                    units += size(new)
            elif old or new:
                units += size(old or new)
        return units

    def _after(self, http_response: Any, parsed: dict[str, Any], model: Any, **_: Any) -> None:
        function = self.current()
        if not function:
            return
        service = model.service_model.service_name
        op = model.name
        with self.lock:
            self.tally.calls[f"{service}:{op}"] += 1
            self.tally.calls_by[f"{function} {service}:{op}"] += 1
            self.tally.aws_calls[function] += 1
        if service == "sqs" and op in ("SendMessage", "SendMessageBatch"):
            with self.lock:
                self.tally.sqs_standard += 1  # corrected to FIFO below when the URL says so
            return
        if service == "stepfunctions" and op == "StartExecution":
            with self.lock:
                self.tally.sfn_starts += 1
            return
        if service != "dynamodb" or http_response.status_code >= 300:
            return
        rru = wru = index_wru = 0.0
        if op == "GetItem":
            rru = math.ceil(max(1, item_size(parsed.get("Item"))) / 4096)
        elif op == "BatchGetItem":
            for items in parsed.get("Responses", {}).values():
                rru += sum(math.ceil(max(1, item_size(i)) / 4096) for i in items)
        elif op == "TransactGetItems":
            rru = sum(2 * math.ceil(max(1, item_size(r.get("Item"))) / 4096) for r in parsed.get("Responses", []))
        elif op == "Query":
            rru = max(1, math.ceil(sum(item_size(i) for i in parsed.get("Items", [])) / 4096))
        elif op in ("PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems"):
            factor = 2 if op == "TransactWriteItems" else 1
            for table, key, item_before in getattr(self._local, "before", []):
                size_before = item_size(item_before)
                after = self._fetch(table, key)
                size_after = item_size(after)
                wru += factor * math.ceil(max(1, size_before, size_after) / 1024)
                index_wru += self._index_units(table, item_before, after)
                if size_before == 0 and after is not None and table not in self._ttl_tables:
                    ident = (table, json.dumps(key, sort_keys=True))
                    if ident not in self._created:
                        self._created.add(ident)
                        with self.lock:
                            self.tally.new_item_bytes[table] += size_after + 100  # +100 B per-item overhead
        with self.lock:
            self.tally.rru += rru
            self.tally.wru += wru
            self.tally.rru_by[function] += rru
            self.tally.wru_by[function] += wru
            self.tally.index_wru_by[function] += index_wru


# -- scenarios ---------------------------------------------------------------------------
class Client:
    """An API client for one owner (each request is one API Gateway request)."""

    def __init__(self, base: str, key: str, meter: Meter) -> None:
        import requests

        self.base = base
        self.meter = meter
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {key}"

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.http.post(self.base + path, json=body, timeout=60)
        with self.meter.lock:
            self.meter.tally.api_requests += 1
        if response.status_code >= 300:
            raise RuntimeError(f"POST {path} -> {response.status_code}: {response.text[:300]}")
        return response.json()


def _agent_body(preset: bool) -> dict[str, Any]:
    body: dict[str, Any] = {
        "name": "Ada Quill",
        "alias": f"a{uuid.uuid4().hex[:12]}",
        "expertise": "machine learning research",
        "focus_areas": ["ai", "research"],
        "personality": {"tone": "precise"},
        "heartbeat_interval_seconds": HEARTBEAT_SECONDS,
    }
    if preset:
        body["preset"] = "snipin"
    return body


def _post_news(client: Client, own_snip: str, round_no: int) -> None:
    for n in range(2):
        client.post("/snips", {
            "title": f"AI research update {round_no}.{n}",
            "content": f"New results in machine learning research, part {round_no}.{n}.",
            "tags": ["ai", "research"], "user_id": "news", "user_name": "Newsroom",
        })  # fmt: skip
    client.post(f"/snips/{own_snip}/comments", {"content": f"How does this compare (round {round_no})?", "user_name": "Maya"})


def run_scenario(stack: Any, meter: Meter, name: str, agents: int) -> Tally:
    """Per-heartbeat tally of one scenario (the scan's fixed part excluded).

    Heartbeats are made due by running the scan at a later time (the scan takes its
    "now" from the scheduled event); a completed heartbeat schedules the next one 15
    minutes after its real completion time.
    """
    from wakeful.auth import keys

    preset = name != "bare"
    clients, agent_ids, own_snips = [], [], []
    for _ in range(agents):
        owner = f"cost-{uuid.uuid4().hex[:8]}"
        client = Client(stack.api_url, keys.create(owner), meter)
        agent = client.post("/agents", _agent_body(preset))
        clients.append(client)
        agent_ids.append(agent["id"])
        if preset:
            own_snips.append(client.post("/snips", {"title": "My notes on evals", "content": "Evals.", "agent_id": agent["id"]})["id"])
    # Warm-up, not measured: the first heartbeat (due at creation), then one quiet
    # heartbeat (an agent's first of the month also notes where the month's count of
    # its savings starts: one write a month, not each heartbeat's).
    stack.tick(time.time())
    stack.drain(timeout=300)
    stack.tick(time.time() + HEARTBEAT_SECONDS + 60)
    stack.drain(timeout=300)

    baseline_scan = _empty_scan(stack, meter)
    before = meter.snapshot()
    if name == "busy":
        for client, snip in zip(clients, own_snips, strict=False):
            _post_news(client, snip, 1)
    stack.tick(time.time() + 2 * (HEARTBEAT_SECONDS + 60))
    stack.drain(timeout=300)
    window = meter.snapshot().minus(before).minus(baseline_scan)
    # Pause this scenario's agents so that later scenarios' scans do not claim them.
    for client, agent_id in zip(clients, agent_ids, strict=False):
        client.http.patch(f"{client.base}/agents/{agent_id}", json={"is_active": False}, timeout=60).raise_for_status()
    return window.scaled(1 / agents)


class _HookEndpoint:
    """A hook receiver on loopback: answers 200, or while ``failing_first`` the first
    request of every delivery (webhook-id) 500."""

    def __init__(self) -> None:
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.received: Counter = Counter()  # webhook-id -> requests
        self.failing_first = False
        self.lock = threading.Lock()
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with endpoint.lock:
                    delivery_id = self.headers.get("webhook-id")
                    endpoint.received[delivery_id] += 1
                    fail = endpoint.failing_first and endpoint.received[delivery_id] == 1
                self.send_response(500 if fail else 200)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def close(self) -> None:
        self.server.shutdown()


def run_hook_scenario(stack: Any, meter: Meter, agents: int, endpoint: _HookEndpoint, *, fail_first: bool) -> Tally:
    """Per-delivery tally of an ``AFTER_HEARTBEAT`` hook on bare agents (fixed parts
    and the heartbeat itself are priced apart: only the delivery's own work counts).
    ``fail_first``: every delivery's first attempt is answered 500, the retry 200."""
    from wakeful import ddb
    from wakeful.auth import keys

    clients, agent_ids = [], []
    for _ in range(agents):
        client = Client(stack.api_url, keys.create(f"cost-{uuid.uuid4().hex[:8]}"), meter)
        agent = client.post("/agents", _agent_body(False))
        client.post(f"/agents/{agent['id']}/hooks", {"hook_type": "AFTER_HEARTBEAT", "endpoint_url": endpoint.url})
        clients.append(client)
        agent_ids.append(agent["id"])

    def heartbeat_and_deliveries(at: float, failing: bool) -> None:
        seen = sum(endpoint.received.values())
        stack.tick(at)
        stack.drain(timeout=300)
        # Retries run in the emulator's Step Functions: wait for every delivery's end.
        deadline = time.monotonic() + 120
        expected = seen + agents * (2 if failing else 1)
        while sum(endpoint.received.values()) < expected and time.monotonic() < deadline:
            time.sleep(0.05)
        rows = []
        while time.monotonic() < deadline:
            rows = [ddb.get("hook_deliveries", {"delivery_id": d}) for d in endpoint.received]
            if all(r and r["status"] in ("SUCCESS", "FAILED") for r in rows):
                break
            time.sleep(0.05)
        time.sleep(0.2)  # the execution's last transitions after its task answered

    heartbeat_and_deliveries(time.time(), False)  # warm-up
    endpoint.failing_first = fail_first
    before = meter.snapshot()
    heartbeat_and_deliveries(time.time() + HEARTBEAT_SECONDS + 60, fail_first)
    window = meter.snapshot().minus(before)
    endpoint.failing_first = False
    for client, agent_id in zip(clients, agent_ids, strict=True):
        client.http.patch(f"{client.base}/agents/{agent_id}", json={"is_active": False}, timeout=60).raise_for_status()
    deliveries = window.hook_deliveries or agents
    return window.scaled(1 / deliveries)


def _transitions(*, handed_over: bool) -> int:
    """State transitions of a delivery's execution that succeeds at its first Deliver:
    Start -> (Backoff, when it takes over after the firing function's attempt) ->
    Deliver -> Decide -> Delivered."""
    from wakeful.hooks import DEFINITION_PATH

    states = json.loads(DEFINITION_PATH.read_text())["States"]
    transitions, state = 0, json.loads(DEFINITION_PATH.read_text())["StartAt"]
    while state:
        transitions += 1
        body = states[state]
        if body["Type"] == "Choice":
            chosen = None
            for choice in body["Choices"]:
                if choice.get("StringEquals") == "SUCCESS" or (handed_over and choice.get("IsPresent")):
                    chosen = choice["Next"]
                    break
            state = chosen or body.get("Default")
        else:
            state = body.get("Next")
    return transitions


def hook_delivery_cost(per_delivery: Tally, *, handed_over: bool) -> tuple[float, float]:
    """USD per delivery, from its measured tally: (in this model's terms, and with the
    index writes the model leaves out). Its work in the firing function (CPU, AWS calls
    at AWS_CALL_LATENCY_MS, the endpoint's answer time, at that function's memory), the
    deliver_hook invocations and Step Functions transitions of a retry, DynamoDB, KMS
    and log bytes."""
    memory = _lambda_memory_gb()
    p = PRICES
    functions = (HOOK_WORK, "deliver_hook")
    firing_memory = memory["orchestrator"]  # AFTER_HEARTBEAT fires in the orchestrator
    deliver_invocations = per_delivery.invocations.get("deliver_hook", 0)
    seconds = {
        HOOK_WORK: (per_delivery.cpu_ms[HOOK_WORK] + AWS_CALL_LATENCY_MS * per_delivery.aws_calls[HOOK_WORK]) / 1000
        + HOOK_ENDPOINT_SECONDS,
        "deliver_hook": (per_delivery.cpu_ms["deliver_hook"] + AWS_CALL_LATENCY_MS * per_delivery.aws_calls["deliver_hook"]
                         + INVOKE_OVERHEAD_MS * deliver_invocations) / 1000 + HOOK_ENDPOINT_SECONDS * deliver_invocations,
    }  # fmt: skip
    lam = seconds[HOOK_WORK] * firing_memory * p["lambda_gb_second_arm64"]
    lam += seconds["deliver_hook"] * memory["deliver_hook"] * p["lambda_gb_second_arm64"] + deliver_invocations * p["lambda_request"]
    wru = sum(per_delivery.wru_by[f] for f in functions)
    rru = sum(per_delivery.rru_by[f] for f in functions)
    kms = sum(n for key, n in per_delivery.calls_by.items() if key.split(" ")[0] in functions and key.endswith("kms:Decrypt"))
    logs = sum(per_delivery.log_bytes[f] for f in functions) + PLATFORM_LOG_BYTES * deliver_invocations
    sfn = per_delivery.sfn_starts * _transitions(handed_over=handed_over) * p["sfn_standard_transition"]
    cost = (
        lam + wru * p["ddb_write_request_unit"] + rru * p["ddb_read_request_unit"] + kms * p["kms_request"]
        + logs / 1e9 * (p["cw_logs_ingest_gb"] + p["cw_logs_storage_gb_month"]) + sfn
    )  # fmt: skip
    index = sum(per_delivery.index_wru_by[f] for f in functions) * p["ddb_write_request_unit"]
    return cost, cost + index


def _empty_scan(stack: Any, meter: Meter) -> Tally:
    """What one scan costs when nothing is due (the per-minute fixed part)."""
    before = meter.snapshot()
    stack.tick(time.time())
    return meter.snapshot().minus(before)


# -- pricing -------------------------------------------------------------------------------
def _lambda_memory_gb() -> dict[str, float]:
    from infra.functions import specs

    return {name: spec.memory_mb / 1024 for name, spec in specs().items()}


def monthly_cost(per_heartbeat: Tally, scan: Tally, agents: int, llm_seconds: float = LLM_CALL_SECONDS) -> tuple[dict[str, float], dict[str, float]]:
    """(cost lines in USD per month, the monthly quantities they come from)."""
    from infra.metrics import failure_rate_pairs
    from wakeful import constants
    from wakeful.observability import METRICS

    heartbeats = agents * MONTH_SECONDS / HEARTBEAT_SECONDS
    scans = MONTH_SECONDS / 60
    month = per_heartbeat.scaled(heartbeats)
    fixed = scan.scaled(scans)
    memory = _lambda_memory_gb()
    p = PRICES

    # On AWS each SQS message is its own invocation at these rates (an upper bound:
    # the event source may batch up to 10 for orchestrator and ingest).
    def aws_invocations(t: Tally) -> Counter:
        return Counter({f: (t.records[f] if f in t.records else n) for f, n in t.invocations.items()})

    calls = aws_invocations(month) + aws_invocations(fixed)
    invocations = sum(calls.values())
    llm_calls = month.metrics.get("LlmCalls", 0)
    billed_ms: Counter = Counter()
    for t in (month, fixed):
        # A quiet heartbeat is work inside the scan's invocation (no invocation of its
        # own): its CPU and calls are billed too.
        for f in set(t.invocations) | set(t.cpu_ms) | set(t.aws_calls):
            billed_ms[f] += t.cpu_ms[f] + AWS_CALL_LATENCY_MS * t.aws_calls[f]
    for f, n in calls.items():
        billed_ms[f] += INVOKE_OVERHEAD_MS * n
    billed_ms["tool_runner"] += llm_calls * llm_seconds * 1000
    gb_seconds = sum(ms / 1000 * memory[f] for f, ms in billed_ms.items())
    # SnapStart on tool_runner: the snapshot is cached all month; restores happen on cold
    # starts, assumed one per SNAPSTART_RESTORES_PER invocations.
    snap_gb = memory["tool_runner"]
    snapstart = snap_gb * MONTH_SECONDS * p["snapstart_cache_gb_second"]
    snapstart += calls.get("tool_runner", 0) / SNAPSTART_RESTORES_PER * snap_gb * p["snapstart_restore_gb"]

    work_queues = 3
    esm_idle_polls = work_queues * ESM_IDLE_POLLS_PER_MINUTE * MONTH_SECONDS / 60
    # Consuming: one ReceiveMessage and one DeleteMessage per message (per invocation).
    sqs_standard = month.sqs_standard + fixed.sqs_standard + 2 * month.sqs_batches_consumed.get("standard", 0) + esm_idle_polls
    sqs_fifo = month.sqs_fifo + 2 * month.sqs_batches_consumed.get("fifo", 0)

    log_bytes = sum((month.log_bytes + fixed.log_bytes).values()) + PLATFORM_LOG_BYTES * invocations
    log_gb = log_bytes / 1e9
    stored_gb = sum(month.new_item_bytes.values()) / 1e9

    # The scan's group invocations of a tick start in the same second: the reservoir
    # records one, the rate 5 % of the others; the rest of the invocations are spread.
    scan_per_tick = max(1, scan.invocations.get("heartbeat_scan", 1))
    per_second = max(0.0, invocations - scans * scan_per_tick) / MONTH_SECONDS
    sampled_per_second = min(per_second, XRAY_RESERVOIR_PER_SECOND) + XRAY_RATE * max(0.0, per_second - XRAY_RESERVOIR_PER_SECOND)
    traces = sampled_per_second * MONTH_SECONDS + scans * (1 + XRAY_RATE * (scan_per_tick - 1))

    alarm_metrics = (len(constants.QUEUE_ENV) - 1 + 1)  # work-queue DLQs (ingest_dlq is one) + scan DLQ
    alarm_metrics += 3 + 2 * len(failure_rate_pairs()) + len(constants.FUNCTIONS) + 1
    kms_calls = month.calls.get("kms:Decrypt", 0) + month.calls.get("kms:Encrypt", 0)

    lines = {
        "Lambda requests": invocations * p["lambda_request"],
        "Lambda duration (arm64)": gb_seconds * p["lambda_gb_second_arm64"],
        "Lambda SnapStart (tool_runner)": snapstart,
        "DynamoDB writes (on demand)": (month.wru + fixed.wru) * p["ddb_write_request_unit"],
        "DynamoDB reads (on demand)": (month.rru + fixed.rru) * p["ddb_read_request_unit"],
        "DynamoDB storage + PITR, data added this month": stored_gb * (p["ddb_storage_gb_month"] + p["ddb_pitr_gb_month"]),
        "SQS requests (incl. event source polling)": sqs_standard * p["sqs_standard_request"] + sqs_fifo * p["sqs_fifo_request"],
        "API Gateway (REST) requests": month.api_requests * p["api_gateway_rest_request"],
        "EventBridge Scheduler (scan every minute)": scans * max(1, scan.invocations.get("heartbeat_scan", 1)) * p["scheduler_invocation"],
        "Step Functions (hook deliveries)": month.sfn_starts * _transitions(handed_over=False) * p["sfn_standard_transition"],
        "CloudWatch Logs (ingest + 1 month stored)": log_gb * (p["cw_logs_ingest_gb"] + p["cw_logs_storage_gb_month"]),
        "CloudWatch custom metrics (EMF)": len(METRICS) * p["cw_custom_metric_month"],
        "CloudWatch alarms + dashboard": alarm_metrics * p["cw_alarm_metric_month"] + p["cw_dashboard_month"],
        "X-Ray traces (default sampling)": traces * p["xray_trace_recorded"],
        "KMS (2 keys + requests)": 2 * p["kms_key_month"] + kms_calls * p["kms_request"],
    }
    quantities = {
        "heartbeats": heartbeats,
        "scans": scans,
        "lambda_invocations": invocations,
        "llm_calls (not priced)": llm_calls,
        "lambda_gb_seconds": gb_seconds,
        "ddb_wru": month.wru + fixed.wru,
        "ddb_rru": month.rru + fixed.rru,
        "ddb_gb_added": stored_gb,
        "sqs_standard_requests": sqs_standard,
        "sqs_fifo_requests": sqs_fifo,
        "api_requests": month.api_requests,
        "log_gb": log_gb,
        "xray_traces": traces,
    }
    return lines, quantities


# -- main --------------------------------------------------------------------------------
def _print_tally(title: str, tally: Tally) -> None:
    out = _REAL_STDOUT
    out.write(f"\n{title}\n")
    out.write("  local invocations (SQS in batches): " + ", ".join(f"{f} {n:g}" for f, n in sorted(tally.invocations.items())) + "\n")
    out.write("  SQS records: " + ", ".join(f"{f} {n:g}" for f, n in sorted(tally.records.items())) + "\n")
    out.write("  CPU ms:      " + ", ".join(f"{f} {n:.0f}" for f, n in sorted(tally.cpu_ms.items())) + "\n")
    out.write("  EMF metrics: " + ", ".join(f"{m} {n:g}" for m, n in sorted(tally.metrics.items())) + "\n")
    out.write("  AWS calls:   " + ", ".join(f"{c} {n:g}" for c, n in sorted(tally.calls.items())) + "\n")
    out.write(f"  DynamoDB:    {tally.wru:.2f} WRU, {tally.rru:.2f} RRU, {sum(tally.new_item_bytes.values()):.0f} B of new items "
              f"({', '.join(f'{t.split(chr(45))[-1]} {b:.0f}' for t, b in sorted(tally.new_item_bytes.items()))})\n")  # fmt: skip
    out.write(f"  SQS:         {tally.sqs_standard:g} standard + {tally.sqs_fifo:g} FIFO sends, "
              f"consumed batches {dict(tally.sqs_batches_consumed)}\n")  # fmt: skip
    out.write(f"  API:         {tally.api_requests:g} requests; logs {sum(tally.log_bytes.values()):.0f} B\n")


def _print_hook_tally(title: str, tally: Tally) -> None:
    """Only a delivery's own work: inside the firing function, and its retry's."""
    out = _REAL_STDOUT
    functions = (HOOK_WORK, "deliver_hook")
    out.write(f"\n{title}\n")
    for function in functions:
        calls = {k.split(" ", 1)[1]: n for k, n in tally.calls_by.items() if k.split(" ", 1)[0] == function}
        if not calls and not tally.invocations.get(function):
            continue
        out.write(f"  {function}: invocations {tally.invocations.get(function, 0):g}, CPU {tally.cpu_ms[function]:.0f} ms, "
                  f"calls " + ", ".join(f"{c} {n:g}" for c, n in sorted(calls.items())) + "\n")  # fmt: skip
        out.write(f"    DynamoDB {tally.wru_by[function]:.2f} WRU (+ {tally.index_wru_by[function]:.2f} index WRU), "
                  f"{tally.rru_by[function]:.2f} RRU; logs {tally.log_bytes[function]:.0f} B\n")  # fmt: skip
    out.write(f"  Step Functions executions started: {tally.sfn_starts:g}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", type=int, default=4, help="agents per scenario in the local run (default 4)")
    parser.add_argument("--llm-seconds", type=float, default=LLM_CALL_SECONDS, help="model answer time per LLM call")
    args = parser.parse_args(argv)

    import warnings

    warnings.filterwarnings("ignore", message="No application metrics to publish")
    os.environ.pop("ANTHROPIC_API_KEY", None)  # the scripted provider: deterministic, offline
    os.environ["POWERTOOLS_LOG_LEVEL"] = "INFO"
    # The deployed shards and groups: each tick is one scan invocation per group.
    os.environ["WAKEFUL_DUE_SHARDS"] = str(DUE_SHARDS)
    os.environ["WAKEFUL_SCAN_GROUPS"] = str(SCAN_GROUPS)
    os.environ["WAKEFUL_HOOK_BACKOFF_BASE_SECONDS"] = "0.2"  # a retried delivery's wait, kept short here
    from wakeful_dev.runtime import DevStack

    started = time.time()
    stack = DevStack(port=0, workers=False, visibility_timeout=30, env={"POWERTOOLS_METRICS_DISABLED": "false"}).start()
    meter = Meter()
    try:
        meter.install(stack)
        # FIFO sends are recognised by their queue URL.
        from wakeful import aws

        def fifo(params: dict[str, Any], model: Any, **_: Any) -> None:
            if meter.current() and model.name in ("SendMessage", "SendMessageBatch") and params.get("QueueUrl", "").endswith(".fifo"):
                with meter.lock:
                    meter.tally.sqs_fifo += 1
                    meter.tally.sqs_standard -= 1

        aws.client("sqs").meta.events.register("before-parameter-build.sqs", fifo)
        results = {}
        for scenario in ("bare", "idle", "busy"):
            t0 = time.time()
            results[scenario] = run_scenario(stack, meter, scenario, args.agents)
            _REAL_STDOUT.write(f"scenario {scenario}: {time.time() - t0:.0f} s\n")
        endpoint = _HookEndpoint()
        hooks = {}
        try:
            for name, fail_first in (("hook answered at once", False), ("hook retried once", True)):
                t0 = time.time()
                hooks[name] = run_hook_scenario(stack, meter, args.agents, endpoint, fail_first=fail_first)
                _REAL_STDOUT.write(f"scenario {name}: {time.time() - t0:.0f} s\n")
        finally:
            endpoint.close()
        scan = _empty_scan(stack, meter)
    finally:
        sys.stdout = _REAL_STDOUT
        stack.stop()

    out = _REAL_STDOUT
    out.write(f"Measured in one local run ({args.agents} agents per scenario, {time.time() - started:.0f} s), per heartbeat:\n")
    _print_tally("scan with nothing due (runs every minute)", scan)
    for scenario, tally in results.items():
        _print_tally(f"{scenario}: one heartbeat", tally)
    for name, tally in hooks.items():
        _print_hook_tally(f"{name}: one delivery (its own work; {HOOK_WORK}: inside the firing orchestrator)", tally)

    out.write(f"\nAWS cost per month, {AGENTS:,} agents, a heartbeat every {HEARTBEAT_SECONDS // 60} min "
              f"({AGENTS * MONTH_SECONDS // HEARTBEAT_SECONDS:,} heartbeats), us-east-1 on-demand, no free tier:\n")  # fmt: skip
    table = {s: monthly_cost(t, scan, AGENTS, args.llm_seconds) for s, t in results.items()}
    # Fixed costs: what the stack costs with no agent at all (the scan every minute, the
    # dashboard, alarms, custom metrics, KMS keys, the SnapStart cache, idle polling).
    fixed = monthly_cost(Tally(), scan, AGENTS, args.llm_seconds)[0]
    names = list(fixed)
    out.write(f"  {'':52s}{'fixed':>12s}" + "".join(f"{s + ' /agents':>14s}" for s in table) + "\n")
    for line in names:
        out.write(f"  {line:52s}{fixed[line]:12.2f}" + "".join(f"{table[s][0][line] - fixed[line]:14.2f}" for s in table) + "\n")
    fixed_total = sum(fixed.values())
    out.write(f"  {'TOTAL (USD / month)':52s}{fixed_total:12.2f}" + "".join(f"{sum(table[s][0].values()) - fixed_total:14.2f}" for s in table) + "\n")
    out.write(f"  {'per agent before fixed costs (USD / month)':52s}{'':12s}"
              + "".join(f"{(sum(table[s][0].values()) - fixed_total) / AGENTS:14.4f}" for s in table) + "\n")  # fmt: skip
    idle = (sum(table["idle"][0].values()) - fixed_total) / AGENTS
    verdict = "ok" if idle <= IDLE_AGENT_LIMIT_USD else "OVER"
    out.write(f"  idle agent: {idle:.4f} USD / month before fixed costs (limit {IDLE_AGENT_LIMIT_USD}) {verdict}; "
              f"fixed costs {fixed_total:.2f} USD / month whatever the number of agents\n")  # fmt: skip
    out.write("\n  not in the totals:\n")
    from wakeful.llm import pricing
    from wakeful.llm.settings import get_settings as llm_settings

    model = llm_settings().model
    for scenario, tally in results.items():
        tokens_in, tokens_out = tally.metrics.get("LlmInputTokens", 0), tally.metrics.get("LlmOutputTokens", 0)
        if tokens_in or tokens_out:
            monthly = pricing.cost_usd(model, tokens_in, tokens_out) * AGENTS * MONTH_SECONDS / HEARTBEAT_SECONDS
            out.write(f"  LLM tokens ({scenario}): {tokens_in:.0f} in + {tokens_out:.0f} out per heartbeat (scripted provider's "
                      f"counts) = {monthly:,.0f} USD/month at {model} list prices, before prompt caching\n")  # fmt: skip
    per_month = AGENTS * MONTH_SECONDS / HEARTBEAT_SECONDS
    at_once, at_once_indexed = hook_delivery_cost(hooks["hook answered at once"], handed_over=False)
    retried, retried_indexed = hook_delivery_cost(hooks["hook retried once"], handed_over=True)
    hook_ok = at_once * 1e6 <= HOOK_DELIVERY_LIMIT_USD_PER_MILLION
    out.write(f"  a hook on every heartbeat (e.g. AFTER_HEARTBEAT) answered 2xx at once: {at_once * per_month:,.2f} USD/month more "
              f"({at_once * 1e6:.1f} USD per million deliveries: the firing function's own attempt, no Step Functions; "
              f"{at_once_indexed * 1e6:.1f} with the index writes this model leaves out; limit "
              f"{HOOK_DELIVERY_LIMIT_USD_PER_MILLION:g}) {'ok' if hook_ok else 'OVER'}\n")  # fmt: skip
    out.write(f"  ... whose first attempt fails and whose retry succeeds: {retried * per_month:,.2f} USD/month more "
              f"({retried * 1e6:.1f} USD per million deliveries: + a Step Functions Standard execution from attempt 1, "
              f"{_transitions(handed_over=True)} transitions, and a deliver_hook invocation; {retried_indexed * 1e6:.1f} with "
              f"the index writes)\n")  # fmt: skip
    out.write("\n  monthly quantities:\n")
    for quantity in next(iter(table.values()))[1]:
        out.write(f"  {quantity:52s}" + "".join(f"{table[s][1][quantity]:12.4g}" for s in table) + "\n")
    return 0 if idle <= IDLE_AGENT_LIMIT_USD and hook_ok else 1


if __name__ == "__main__":
    sys.exit(main())
