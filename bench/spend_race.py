"""Many runs racing past a daily limit: how far the spend guard overshoots.

The in-process stack (``DevStack`` with its workers: every handler, moto, queues polled
in the background) and the anthropic SDK against the fake Messages API of
``tests/fakes``, every answer of known usage: 1,000 input tokens, nothing else, for a
model priced by ``WAKEFUL_LLM_PRICES`` at $10 per million input tokens, so each call
costs exactly $0.01. One agent with a daily limit of $0.50 (50 calls) starts 20 threads
at once, each wanting 10 model calls (the model keeps calling ``store_context``; its
answer takes 0.3 s), on 20 workers with 20 runs of the agent at once.

A call is admitted while the counters read are below the limit and its cost lands after
it, so the calls admitted before the crossing call settled each add one call's cost; a
run has at most one call in flight. Prints the limit, the final spend, the overshoot in
dollars and in calls, and the most runs in flight (runs with a model call admitted and
not yet settled at once, seen by a gate installed after the spend guard's). Exits 1 if
the overshoot in calls is more than that, when the race never settled, or when the ledger counted
another number of calls than the model was sent requests (each answered call counts once).

Run: ``.venv/bin/python bench/spend_race.py [--threads N] [--calls N] [--limit USD]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

MODEL = "claude-bench-race"
CALL_USD = 0.01
PRICE = {"provider": "anthropic", "model": MODEL, "input_per_mtok": 10.0, "output_per_mtok": 0.0, "cache_read_per_mtok": 0.0, "cache_write_per_mtok": 0.0}


class InFlight:
    """A gate that admits everything and counts the runs with a call admitted and not yet
    settled (installed after the spend guard's: it sees only calls the guard admitted)."""

    name = "bench-in-flight"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, int] = {}
        self.most = 0

    def admit(self, ctx: Any, endpoint: Any) -> str:
        with self._lock:
            self._open[ctx.ref] = self._open.get(ctx.ref, 0) + 1
            self.most = max(self.most, len(self._open))
        return str(ctx.ref)

    def busy(self) -> bool:
        with self._lock:
            return bool(self._open)

    def close(self, ref: str, *_: Any) -> None:
        with self._lock:
            self._open[ref] -= 1
            if not self._open[ref]:
                del self._open[ref]


def replies(n: int) -> list[Any]:
    """``n`` answers calling ``store_context``, each of exactly 1,000 input tokens."""
    from tests.fakes.anthropic_server import Reply

    out = []
    for i in range(n):
        message = {
            "id": f"msg_race_{i}", "type": "message", "role": "assistant", "model": MODEL,
            "content": [{"type": "tool_use", "id": f"toolu_race_{i}", "name": "store_context", "input": {"key": "k", "value": i}}],
            "stop_reason": "tool_use", "stop_sequence": None,
            "usage": {"input_tokens": 1000, "output_tokens": 0, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},
        }  # fmt: skip
        out.append(Reply(raw_body=json.dumps(message).encode(), delay=0.3))
    return out


def settle_down(look: Any, flight: InFlight, quiet: float = 5.0, timeout: float = 300.0) -> bool:
    """Wait until no call is in flight and what ``look()`` sees (the model's requests,
    the threads' statuses) has not changed for ``quiet`` seconds; False when it never
    did (the figures read then are of a race still running)."""
    deadline = time.monotonic() + timeout
    seen, since = None, time.monotonic()
    while time.monotonic() < deadline:
        now = look()
        if now != seen or flight.busy():
            seen, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return True
        time.sleep(0.5)
    return False


def race(http: Any, api: str, server: Any, flight: InFlight, threads: int, calls: int, limit: float) -> dict[str, Any]:
    response = http.post(f"{api}/agents", json={"name": "Racer", "alias": "racer", "system_prompt": "You keep notes.", "budget": {"daily_usd": limit}, "max_llm_calls_per_run": calls})
    assert response.status_code == 201, response.text
    agent = response.json()
    http.patch(f"{api}/agents/{agent['id']}", json={"is_active": False})  # its heartbeats are not measured
    assert http.patch(f"{api}/agents/{agent['id']}/llm", json={"provider": "anthropic", "model": MODEL}).status_code == 200
    server.push(*replies(threads * calls + 10))
    started = [threading.Thread(target=lambda n=n: http.post(f"{api}/agents/{agent['id']}/threads", json={"message": f"note {n}"})) for n in range(threads)]
    for t in started:
        t.start()
    for t in started:
        t.join()
    threads_url = f"{api}/agents/{agent['id']}/threads?limit=100"
    settled = settle_down(lambda: (len(server.requests), sorted(t["status"] for t in http.get(threads_url).json()["items"])), flight)
    spend = http.get(f"{api}/agents/{agent['id']}/spend").json()
    listed = http.get(threads_url).json()["items"]
    return {"spend": spend, "model_calls": len(server.requests), "threads": listed, "settled": settled}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, default=20)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--limit", type=float, default=0.50)
    args = parser.parse_args()
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    os.environ["WAKEFUL_LLM_PRICES"] = json.dumps([PRICE])
    for name in ("WAKEFUL_DEV_WORKERS", "WAKEFUL_DEV_AGENT_CONCURRENCY", "WAKEFUL_THREAD_MAX_RUNNING_PER_AGENT"):
        os.environ[name] = str(args.threads)
    import requests

    from tests.fakes.anthropic_server import FakeAnthropic
    from wakeful import assembly
    from wakeful.auth import keys
    from wakeful.llm import settings
    from wakeful.llm.slots import GATE, Gate
    from wakeful_dev.runtime import DevStack

    server = FakeAnthropic()
    os.environ["ANTHROPIC_API_KEY"] = "sk-ant-bench-fake"
    os.environ["ANTHROPIC_BASE_URL"] = server.url
    os.environ.pop("WAKEFUL_LLM_PROVIDER", None)
    settings.reset()
    stack = DevStack(port=0, tick=3600, visibility_timeout=30).start()
    seen = InFlight()
    assembly.install()
    GATE.install(*GATE.installed(), Gate(seen.name, seen.admit, seen.close, seen.close))
    try:
        http = requests.Session()
        http.headers["Authorization"] = f"Bearer {keys.create('bench-spend-race')}"
        found = race(http, stack.api_url, server, seen, args.threads, args.calls, args.limit)
    finally:
        stack.stop()
        server.close()
    spend = found["spend"]
    final = float(spend["today_usd"])
    over_usd = max(0.0, final - args.limit)
    over_calls = round(over_usd / CALL_USD)
    statuses: dict[str, int] = {}
    for thread in found["threads"]:
        key = f"{thread['status']}" + (f" ({thread['error_message']})" if thread.get("error_message") else "")
        statuses[key] = statuses.get(key, 0) + 1
    print(f"spend race: {args.threads} threads x {args.calls} calls of ${CALL_USD:.2f}, {args.threads} runs of the agent at once")
    print(f"limit ${args.limit:.2f} ({round(args.limit / CALL_USD)} calls); final today_usd ${final:.2f} ({found['model_calls']} model calls); status {spend['status']}")
    # The ledger's own count of the calls it settled: a model request it does not count
    # (a provider SDK's retry of one call, a request no gate admitted) shows as a gap.
    ledger_calls = sum(int(row.get("calls") or 0) for row in spend.get("by_model") or [])
    print(f"overshoot ${over_usd:.2f} = {over_calls} calls; max runs in flight {seen.most}")
    print(f"ledger calls {ledger_calls} of {found['model_calls']} model requests; settled before reading: {found['settled']}")
    print("threads: " + ", ".join(f"{n} {k}" for k, n in sorted(statuses.items())))
    return 1 if over_calls > seen.most or not found["settled"] or ledger_calls != found["model_calls"] else 0


if __name__ == "__main__":
    sys.exit(main())
