"""Inbound events: webhook requests per second through ``wakeful dev``, SQS ingest
messages per second, and the import cost of the two ingest handlers as a ratio to
``import boto3``.

1. Throughput: a local stack (moto on loopback, the real handlers in-process behind the
   HTTP gateway). Validly signed Standard Webhooks requests are sent over real HTTP by
   a pool of clients; each one is verified, rate-limited, appended and recorded. Then
   a batch of SQS messages goes through the ingest queue and its handler.
2. Import cost: each handler module is imported in a fresh interpreter (a cold start's
   view), several times, median reported — once as deployed (domain modules load at the
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
t = time.perf_counter()
import {modules}
print(time.perf_counter() - t, int("anthropic" in sys.modules), int("wakeful.api" in sys.modules))
"""


def import_cost(modules: str, runs: int) -> tuple[float, bool, bool]:
    """Median seconds to import ``modules`` in fresh interpreters; and whether
    anthropic or the management API got imported."""
    times, anthropic, api = [], False, False
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", PROBE.format(modules=modules)], cwd=ROOT, capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(done.stderr.strip()[-500:])
        elapsed, has_anthropic, has_api = done.stdout.split()
        times.append(float(elapsed))
        anthropic |= has_anthropic == "1"
        api |= has_api == "1"
    return statistics.median(times), anthropic, api


def bench_imports(runs: int) -> bool:
    base, _, _ = import_cost("boto3", runs)
    print(f"import boto3: {base * 1000:.0f} ms (median of {runs} fresh interpreters)")
    ok = True
    for name, first_call in HANDLERS.items():
        module, anthropic, api = import_cost(f"functions.{name}.handler", runs)
        full, anthropic_full, api_full = import_cost(f"functions.{name}.handler, {first_call}", runs)
        ratio = module / base
        fine = ratio <= IMPORT_LIMIT and not (anthropic or api or anthropic_full or api_full)
        ok &= fine
        print(
            f"  {name:15s} module {module * 1000:4.0f} ms = {ratio:4.2f} x boto3 (limit {IMPORT_LIMIT})"
            f" | with first-call imports {full * 1000:4.0f} ms = {full / base:4.2f} x"
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
