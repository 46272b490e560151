"""AWS requests per idle heartbeat and per processed event, measured against moto.

Counts the requests Wakeful's own code makes (DynamoDB and SQS), from the scan that
claims the heartbeats to the completion of the last one. The SQS receives and deletes
of the event source mapping (Lambda's poller on AWS, `wakeful dev`'s here) are listed
apart: on AWS they are not requests of ours.
"""

from __future__ import annotations

import collections
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TRANSPORT = {"ReceiveMessage", "DeleteMessageBatch", "GetQueueAttributes"}
AGENTS = 20
EVENTS = 20


class _Tool(BaseHTTPRequestHandler):
    def log_message(self, *args):  # noqa: D102
        pass

    def do_POST(self):  # noqa: N802, D102
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        body = json.dumps({"success": True, "output": "ok"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Counter:
    def __init__(self) -> None:
        self.ops: collections.Counter[str] = collections.Counter()

    def __call__(self, model=None, **_):
        if model is not None:
            self.ops[model.name] += 1

    def ours(self) -> int:
        return sum(n for op, n in self.ops.items() if op not in TRANSPORT)

    def breakdown(self) -> str:
        return ", ".join(f"{op} {n}" for op, n in self.ops.most_common() if op not in TRANSPORT)

    def reset(self) -> None:
        self.ops.clear()


def main() -> int:
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    import requests

    from wakeful import aws
    from wakeful.auth import keys
    from wakeful_dev.runtime import DevStack

    stack = DevStack(port=0, workers=False, dev_api_keys="bench:bench-key").start()
    tool = ThreadingHTTPServer(("127.0.0.1", 0), _Tool)
    threading.Thread(target=tool.serve_forever, daemon=True).start()
    http = requests.Session()
    http.headers["Authorization"] = "Bearer bench-key"
    api = stack.api_url
    counter = Counter()
    for service in ("dynamodb", "sqs"):
        aws.client(service).meta.events.register("before-call", counter)
    try:
        agents = [http.post(f"{api}/agents", json={"name": f"Idle {n}", "alias": f"idle{n}"}).json()["id"] for n in range(AGENTS)]
        # The scan alone, with nothing due, is the fixed cost of a tick.
        stack.drain()
        counter.reset()
        stack.tick(0)  # a time before anything is due
        scan_fixed = counter.ours()

        counter.reset()
        stack.tick()
        stack.drain()
        idle_total = counter.ours()
        per_idle = (idle_total - scan_fixed) / AGENTS
        print(f"scan with nothing due: {scan_fixed} requests (one Query per shard and index)")
        print(f"{AGENTS} idle heartbeats: {idle_total} requests -> {per_idle:.1f} per idle heartbeat (plus the scan's fixed {scan_fixed})")
        print(f"  {counter.breakdown()}")

        port = tool.server_address[1]
        http.post(f"{api}/tools", json={"name": "Counter", "kind": "http", "endpoint_url": f"http://127.0.0.1:{port}/"})
        agent = agents[0]
        http.post(f"{api}/subscriptions", json={"tool": "Counter", "event_type": "WORK", "agent_id": agent})
        counter.reset()
        for n in range(EVENTS):
            http.post(f"{api}/agents/{agent}/events", json={"event_type": "WORK", "payload": {"n": n}})
        per_append = counter.ours() / EVENTS
        counter.reset()
        http.post(f"{api}/agents/{agent}/heartbeats")
        stack.tick()
        stack.drain()
        busy_total = counter.ours() - scan_fixed
        per_event = (busy_total - per_idle) / EVENTS
        print(f"appending one event through the API: {per_append:.1f} requests (key check cached)")
        print(f"heartbeat with {EVENTS} events, one subscribed tool each: {busy_total} requests -> {per_event:.1f} per processed event")
        print(f"  {counter.breakdown()}")
        transport = sum(n for op, n in counter.ops.items() if op in TRANSPORT)
        print(f"  (event source mapping polling, not counted: {transport} requests)")
        return 0
    finally:
        tool.shutdown()
        stack.stop()


if __name__ == "__main__":
    sys.exit(main())
