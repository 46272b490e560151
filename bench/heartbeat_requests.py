"""AWS requests and DynamoDB write units per heartbeat, measured against moto.

Counts the requests Wakeful's own handlers make (DynamoDB and SQS), from the scan that
finds the heartbeats due to the completion of the last one, with the meter of
``bench/cost_model.py`` (write units from item sizes, DynamoDB's rules). The SQS
receives and deletes of the event source mapping (Lambda's poller on AWS, `wakeful
dev`'s here) are not requests of ours and are not counted.

Scenarios:
- quiet: agents with nothing new in their log and no ``HEARTBEAT`` subscriber. Their
  heartbeats are counted and rescheduled by the scan (wakeful.heartbeats.quiet).
  Target: <= 2 requests and <= 2 WRU per heartbeat.
- idle SnipIn: ``preset: "snipin"`` agents whose network posted nothing since
  FeedReader last looked (FeedReader's probe answers for it). Target: <= 6 requests.
- busy: one agent with 20 new events, one subscribed HTTP tool each (for reference).

Write units are the table's (as ``bench/cost_model.py`` counts them); moving the
pending heartbeat in the keys-only ``pending-due`` index adds an index delete and put
on AWS (printed apart).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

TRANSPORT = {"sqs:ReceiveMessage", "sqs:DeleteMessageBatch", "sqs:DeleteMessage", "sqs:GetQueueAttributes"}
AGENTS = int(os.environ.get("BENCH_AGENTS", "20"))
EVENTS = 20
INTERVAL = 900
QUIET_REQUESTS_LIMIT = 2.0
QUIET_WRU_LIMIT = 2.0
SNIPIN_REQUESTS_LIMIT = 6.0


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


def _requests(tally) -> float:
    return sum(n for call, n in tally.calls.items() if call not in TRANSPORT)


def _breakdown(tally) -> str:
    return ", ".join(f"{c.split(':')[1]} {n:g}" for c, n in tally.calls.most_common() if c not in TRANSPORT)


def main() -> int:
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    os.environ.pop("ANTHROPIC_API_KEY", None)  # SnipIn's scripted provider: offline
    import requests

    import cost_model
    from wakeful.auth import keys
    from wakeful_dev.runtime import DevStack

    out = cost_model._REAL_STDOUT
    stack = DevStack(port=0, workers=False).start()
    tool = ThreadingHTTPServer(("127.0.0.1", 0), _Tool)
    threading.Thread(target=tool.serve_forever, daemon=True).start()
    meter = cost_model.Meter()
    ok = True
    try:
        meter.install(stack)
        http = requests.Session()
        http.headers["Authorization"] = f"Bearer {keys.create('bench')}"
        api = stack.api_url

        def agents(n: int, **body) -> list[str]:
            made = []
            for _ in range(n):
                alias = f"a{uuid.uuid4().hex[:10]}"
                response = http.post(f"{api}/agents", json={"name": alias, "alias": alias, "heartbeat_interval_seconds": INTERVAL, **body})
                response.raise_for_status()
                made.append(response.json()["id"])
            return made

        def pause(ids: list[str]) -> None:
            for agent_id in ids:
                http.patch(f"{api}/agents/{agent_id}", json={"is_active": False}).raise_for_status()

        def measured_tick(at: float):
            before = meter.snapshot()
            result = stack.tick(at)
            stack.drain(timeout=300)
            return meter.snapshot().minus(before), result

        stack.drain()
        scan, _ = measured_tick(time.time() - 3600)  # nothing due: the fixed cost of a tick
        out.write(f"scan with nothing due: {_requests(scan):g} requests (one Query per shard and index)\n")

        for name, body, limit in (("quiet", {}, QUIET_REQUESTS_LIMIT), ("idle SnipIn", {"preset": "snipin"}, SNIPIN_REQUESTS_LIMIT)):
            ids = agents(AGENTS, **body)
            stack.tick()  # the first heartbeat always runs (and FeedReader looks once)
            stack.drain(timeout=300)
            # The month's first quiet heartbeat of each agent also notes where the
            # month's count starts (one write a month); the second tick is the steady cost.
            first, _ = measured_tick(time.time() + INTERVAL + 60)
            tally, result = measured_tick(time.time() + 2 * INTERVAL + 120)
            per = tally.minus(scan).scaled(1 / AGENTS)
            month_first = _requests(first.minus(scan).scaled(1 / AGENTS)) - _requests(per)
            requests_ = _requests(per)
            good = requests_ <= limit and result["quiet"] == AGENTS and (name != "quiet" or per.wru <= QUIET_WRU_LIMIT)
            ok &= good
            out.write(
                f"{AGENTS} {name} heartbeats ({result['quiet']} quiet, {result['claimed']} run): "
                f"{requests_:.2f} requests and {per.wru:.2f} WRU, {per.rru:.2f} RRU per heartbeat "
                f"(limit {limit:g} requests{', 2 WRU' if name == 'quiet' else ''}) {'ok' if good else 'OVER'}\n"
            )
            out.write(f"  {_breakdown(per)}; + 2 index WRU on AWS (pending-due entry moved); the month's first: {month_first:+.2f} requests\n")
            pause(ids)

        port = tool.server_address[1]
        http.post(f"{api}/tools", json={"name": "Counter", "kind": "http", "endpoint_url": f"http://127.0.0.1:{port}/"})
        [agent] = agents(1)
        stack.tick()
        stack.drain()
        http.post(f"{api}/subscriptions", json={"tool": "Counter", "event_type": "WORK", "agent_id": agent})
        before = meter.snapshot()
        for n in range(EVENTS):
            http.post(f"{api}/agents/{agent}/events", json={"event_type": "WORK", "payload": {"n": n}})
        append = meter.snapshot().minus(before).scaled(1 / EVENTS)
        busy, _ = measured_tick(time.time() + INTERVAL + 60)
        busy = busy.minus(scan)
        out.write(f"appending one event through the API: {_requests(append):.1f} requests, {append.wru:.1f} WRU (key check cached)\n")
        out.write(
            f"heartbeat with {EVENTS} events, one subscribed tool each: {_requests(busy):g} requests, {busy.wru:g} WRU "
            f"-> {_requests(busy) / EVENTS:.1f} requests per processed event\n"
        )
        out.write(f"  {_breakdown(busy)}\n")
        return 0 if ok else 1
    finally:
        sys.stdout = cost_model._REAL_STDOUT
        tool.shutdown()
        stack.stop()


if __name__ == "__main__":
    sys.exit(main())
