"""Inbound events: webhook requests per second through ``wakeful dev``, SQS ingest
messages per second, and the import cost of the two ingest handlers as a ratio to
``import boto3``.

1. Throughput: a local stack (moto on loopback, the real handlers in-process behind the
   HTTP gateway). Validly signed Standard Webhooks requests are sent over real HTTP by
   a pool of clients; each one is verified, rate-limited, appended and recorded. Then
   a batch of SQS messages goes through the ingest queue and its handler.
2. Import cost: each handler module is imported in a fresh interpreter (a cold start's
   view), several times, each in turn with ``import boto3``, medians of CPU time
   compared — once as deployed (domain modules load at the
   first invocation) and once with its first-call imports, so the whole cold start is
   visible too. Target: module import <= 1.2 x ``import boto3``.

Run: ``.venv/bin/python bench/webhooks_bench.py [--requests 300] [--clients 8] [--runs 7]``.
The numbers are emulator numbers (moto answers in ~5-20 ms per call on a shared 2-CPU
box): use them to compare changes, not to predict AWS.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMPORT_LIMIT = 1.2
HANDLERS = {
    "webhook_ingest": "wakeful.webhooks.receive",
    "ingest": "wakeful.ingest.sqs",
}
PROBE = """
import sys, time
t = time.process_time()
import {modules}
print(time.process_time() - t, int("anthropic" in sys.modules), int("wakeful.api" in sys.modules))
"""


def _once(modules: str) -> tuple[float, bool, bool]:
    """CPU seconds to import ``modules`` in a fresh interpreter; and whether anthropic or
    the management API got imported."""
    done = subprocess.run([sys.executable, "-c", PROBE.format(modules=modules)], cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(done.stderr.strip()[-500:])
    elapsed, has_anthropic, has_api = done.stdout.split()
    return float(elapsed), has_anthropic == "1", has_api == "1"


def import_cost(modules: str, runs: int) -> tuple[float, float, bool, bool]:
    """Median CPU seconds to import ``modules`` in fresh interpreters and of ``import
    boto3``, the two measured in turn (a shared machine's load slows both alike, as
    bench/import_cost.py does); and whether anthropic or the management API got imported."""
    times, bases, anthropic, api = [], [], False, False
    for _ in range(runs):
        bases.append(_once("boto3")[0])
        elapsed, has_anthropic, has_api = _once(modules)
        times.append(elapsed)
        anthropic |= has_anthropic
        api |= has_api
    return statistics.median(times), statistics.median(bases), anthropic, api


def bench_imports(runs: int) -> bool:
    print(f"CPU time of each import, median of {runs} fresh interpreters, each in turn with `import boto3`")
    ok = True
    for name, first_call in HANDLERS.items():
        module, base, anthropic, api = import_cost(f"functions.{name}.handler", runs)
        full, full_base, anthropic_full, api_full = import_cost(f"functions.{name}.handler, {first_call}", runs)
        ratio = module / base
        fine = ratio <= IMPORT_LIMIT and not (anthropic or api or anthropic_full or api_full)
        ok &= fine
        print(
            f"  {name:15s} module {module * 1000:4.0f} ms = {ratio:4.2f} x boto3 (limit {IMPORT_LIMIT})"
            f" | with first-call imports {full * 1000:4.0f} ms = {full / full_base:4.2f} x"
            f" | imports anthropic: {anthropic or anthropic_full}, wakeful.api: {api or api_full}"
            f"  {'ok' if fine else 'OVER'}"
        )
    return ok


def bench_throughput(requests_total: int, clients: int, agents: int, messages: int) -> None:
    import requests
    from standardwebhooks import Webhook

    from wakeful import aws
    from wakeful.auth import keys
    from wakeful_dev.runtime import DevStack

    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    with DevStack(port=0, workers=False, visibility_timeout=5) as stack:
        http = requests.Session()
        http.headers["Authorization"] = f"Bearer {keys.create('bench')}"
        # Several agents: appends to one agent's log are serialised by design (gap-free seq).
        webhooks = []
        for _ in range(agents):
            agent = http.post(f"{stack.api_url}/agents", json={"name": "Bench", "alias": f"b{uuid.uuid4().hex[:10]}"}).json()
            http.patch(f"{stack.api_url}/agents/{agent['id']}", json={"is_active": False})
            webhooks.append(http.post(f"{stack.api_url}/agents/{agent['id']}/webhooks", json={"rate_limit_per_hour": 1_000_000}).json())

        def send(i: int) -> tuple[int, float]:
            webhook = webhooks[i % len(webhooks)]
            signer = Webhook(webhook["secret"])
            body = json.dumps({"event_type": "EXTERNAL_SIGNAL", "payload": {"i": i}})
            msg_id = f"msg_{uuid.uuid4().hex}"
            now = datetime.now(tz=timezone.utc)
            headers = {
                "Content-Type": "application/json",
                "webhook-id": msg_id,
                "webhook-timestamp": str(int(now.timestamp())),
                "webhook-signature": signer.sign(msg_id, now, body),
            }
            started = time.perf_counter()
            status = requests.post(webhook["url"], data=body, headers=headers, timeout=60).status_code
            return status, time.perf_counter() - started

        for i in range(len(webhooks)):
            send(i)  # warm: the handler module and the KMS-unsealed secrets
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=clients) as pool:
            results = list(pool.map(send, range(requests_total)))
        elapsed = time.perf_counter() - started
        accepted = sum(1 for status, _ in results if status == 202)
        latencies = sorted(latency for _, latency in results)
        print(
            f"webhooks: {requests_total} signed requests, {clients} clients, {agents} agents, {elapsed:.1f} s -> "
            f"{requests_total / elapsed:.1f} requests/s ({accepted} accepted); latency p50 "
            f"{latencies[len(latencies) // 2] * 1000:.0f} ms, p95 {latencies[int(len(latencies) * 0.95)] * 1000:.0f} ms"
        )

        sqs = aws.client("sqs")
        bodies = [json.dumps({"agent_id": agent["id"], "event_type": "METRIC", "payload": {"i": i}}) for i in range(messages)]
        for start in range(0, messages, 10):
            sqs.send_message_batch(
                QueueUrl=stack.queue_urls["ingest"],
                Entries=[{"Id": str(i), "MessageBody": b} for i, b in enumerate(bodies[start : start + 10])],
            )
        started = time.perf_counter()
        stack.drain()
        elapsed = time.perf_counter() - started
        print(f"sqs ingest: {messages} messages in {elapsed:.1f} s -> {messages / elapsed:.1f} messages/s (batches of 10)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--agents", type=int, default=4)
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--runs", type=int, default=7, help="fresh interpreters per import measurement")
    args = parser.parse_args()
    bench_throughput(args.requests, args.clients, args.agents, args.messages)
    return 0 if bench_imports(args.runs) else 1


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
