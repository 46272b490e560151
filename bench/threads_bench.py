"""Threads over the homelab: model calls and tokens per thread run, the prompt cache's
share of input tokens, and the latency from an event's append to its thread's wake.

1. **Tokens.** The homelab stories of ``make demo`` (flows 1-3, the guard and the approval) with the
   ``anthropic`` provider: the real SDK, ``ANTHROPIC_BASE_URL`` at the fake Messages API
   of ``tests/fakes`` on loopback, answering from the homelab's script and reporting usage
   the way the API does, prompt cache included (tokens estimated at four characters
   each; a breakpoint's prefix is written once it reaches 1,024 tokens and read by later
   requests with the same prefix within 5 minutes). A *run* is what one start or wake of
   a thread does: it begins with a request whose last message carries user text (the
   task, a wake notice, an approval) and goes on through the tool-result turns after it.
   Prints one row per run, then the totals and the share of input tokens read from the
   cache.
2. **Wake latency.** ``wakeful dev`` with its background workers (the SQS pollers, the
   scan ticker), the scripted provider, one agent whose thread sleeps waiting for
   ``ping`` again after every wake. 50 times: append ``ping`` through the API and time
   until the thread has woken (its ``wakes`` counter moved), polling every 5 ms; and the
   router's own ``decided_at`` minus the event's ``created_at``. Prints median and max.

Run: ``.venv/bin/python bench/threads_bench.py [--events N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import secrets
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


# -- 1. tokens per thread run -------------------------------------------------------------------

def _opens_run(body: dict[str, Any]) -> bool:
    """Whether a request starts a run: its last message has user text, not only results
    (and the per-call context every request ends with)."""
    from wakeful.llm.turns import CONTEXT_HEADING

    last = (body.get("messages") or [{}])[-1]
    content = last.get("content")
    if isinstance(content, str):
        return True
    return any(
        isinstance(b, dict) and b.get("type") == "text" and not str(b.get("text", "")).startswith(CONTEXT_HEADING)
        for b in content or []
    )


def _thread_key(body: dict[str, Any]) -> str:
    """The first user text of a conversation names its thread well enough here."""
    first = (body.get("messages") or [{}])[0].get("content")
    if isinstance(first, list):
        first = " ".join(b.get("text", "") for b in first if isinstance(b, dict))
    return " ".join(str(first or "").split())[:60]


def runs_of(requests_: list[dict[str, Any]], usages: list[dict[str, int]]) -> list[dict[str, Any]]:
    """Group the fake's requests into thread runs, in order."""
    runs: list[dict[str, Any]] = []
    current: dict[str, dict[str, Any]] = {}
    for body, usage in zip(requests_, usages):
        key = _thread_key(body)
        if _opens_run(body) or key not in current:
            label = "start" if key not in current else "wake"
            current[key] = {"thread": key, "run": label, "calls": 0, "input": 0, "cache_w": 0, "cache_r": 0, "output": 0}
            runs.append(current[key])
        run = current[key]
        run["calls"] += 1
        run["input"] += usage["input_tokens"]
        run["cache_w"] += usage["cache_creation_input_tokens"]
        run["cache_r"] += usage["cache_read_input_tokens"]
        run["output"] += usage["output_tokens"]
    return runs


def tokens() -> int:
    from tests.fakes.anthropic_server import FakeAnthropic
    from wakeful.llm import settings
    from wakeful_dev.homelab import scenarios, story
    from wakeful_dev.runtime import DevStack

    server = FakeAnthropic()
    server.converse(scenarios.SCRIPT)
    os.environ["ANTHROPIC_API_KEY"] = "sk-ant-bench-fake"
    os.environ["ANTHROPIC_BASE_URL"] = server.url
    os.environ.pop("WAKEFUL_LLM_PROVIDER", None)
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    settings.reset()
    model = settings.get_settings().model
    key = "wk_bench_" + secrets.token_hex(12)
    stack = DevStack(port=0, workers=False, visibility_timeout=2, dev_api_keys=f"bench:{key}").start()
    transcript = io.StringIO()
    started = time.monotonic()
    try:
        with contextlib.redirect_stdout(transcript):
            problems = story.run(stack, key, scripted=True)
    finally:
        stack.stop()
        server.close()
        for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
            os.environ.pop(name, None)
        settings.reset()
    if problems:
        print(transcript.getvalue())
        print("the homelab stories failed; no numbers: " + "; ".join(problems))
        return 1
    runs = runs_of(server.requests, server.usages)
    print(f"Model calls and tokens per thread run: homelab stories, anthropic SDK -> fake Messages API ({model})")
    print(f"{'thread (its first message)':<44} {'run':<5} {'calls':>5} {'input':>7} {'cache_w':>8} {'cache_r':>8} {'output':>7}")
    for run in runs:
        print(f"{run['thread'][:44]:<44} {run['run']:<5} {run['calls']:>5} {run['input']:>7,} {run['cache_w']:>8,} {run['cache_r']:>8,} {run['output']:>7,}")
    calls = sum(r["calls"] for r in runs)
    prompt = sum(r["input"] + r["cache_w"] + r["cache_r"] for r in runs)
    read = sum(r["cache_r"] for r in runs)
    output = sum(r["output"] for r in runs)
    print()
    print(f"runs: {len(runs)} in {len({r['thread'] for r in runs})} threads; model calls: {calls} "
          f"({calls / len(runs):.2f} per run); input tokens per run: {prompt / len(runs):,.0f}; output per run: {output / len(runs):,.0f}")
    print(f"input tokens served from the prompt cache: {read:,} of {prompt:,} = {read / prompt:.1%}")
    print(f"(stories ran in {time.monotonic() - started:.1f} s)")
    return 0


# -- 2. event append -> thread wake ---------------------------------------------------------------
PING_SCRIPT = {
    "scenarios": [
        {
            "match": "",
            "turns": [
                {"tool_calls": [{"name": "schedule_wake", "input": {"delay": "1d", "reason": "wait for the next ping", "wake_on_events": ["ping"]}}]}
            ]
            * 200,
        }
    ]
}


def _iso(value: str) -> float:
    return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()


def latency(events: int) -> int:
    import requests

    from wakeful.llm import settings
    from wakeful.llm.providers import scripted
    from wakeful_dev.runtime import DevStack

    os.environ.pop("ANTHROPIC_API_KEY", None)
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    settings.reset()
    key = "wk_bench_" + secrets.token_hex(12)
    stack = DevStack(port=0, workers=True, tick=1.0, dev_api_keys=f"bench:{key}").start()
    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {key}"
    base = stack.api_url
    try:
        agent = http.post(f"{base}/agents", json={"name": "Pinger", "alias": "pinger", "max_wakes_per_thread": events + 10,
                                                  "heartbeat_interval_seconds": 24 * 3600}, timeout=30).json()
        scripted.register_script(agent["id"], PING_SCRIPT)
        thread = http.post(f"{base}/agents/{agent['id']}/threads", json={"message": "wait for pings"}, timeout=30).json()
        path = f"{base}/agents/{agent['id']}/threads/{thread['id']}"

        def state() -> dict[str, Any]:
            return http.get(path, timeout=30).json()

        _until(lambda: state()["status"] == "sleeping")
        observed: list[float] = []
        appended: dict[int, float] = {}
        for number in range(1, events + 1):
            started = time.time()
            answer = http.post(f"{base}/agents/{agent['id']}/events", json={"event_type": "ping", "payload": {"n": number}}, timeout=30).json()
            appended[answer["seq"]] = started
            _until(lambda: state()["wakes"] >= number)
            observed.append(time.time() - started)
            _until(lambda: state()["status"] == "sleeping")
        routes = http.get(f"{base}/agents/{agent['id']}/routes?after_seq=0&limit=100", timeout=30).json()["items"]
        events_by_seq = {e["seq"]: e for e in http.get(f"{base}/agents/{agent['id']}/events?after_seq=0&limit=100", timeout=30).json()["items"]}
        decided = [_iso(r["decided_at"]) - _iso(events_by_seq[r["seq"]]["created_at"]) for r in routes if r["decision"] == "woke" and r["seq"] in events_by_seq]
    finally:
        stack.stop()
    print()
    print(f"Event append -> thread wake in wakeful dev (background workers, scan tick 1 s), {events} events, one thread")
    print(f"observed by the client (POST /events sent -> the thread's wakes counter moved, 5 ms polls): "
          f"median {statistics.median(observed) * 1000:,.0f} ms, max {max(observed) * 1000:,.0f} ms")
    if decided:
        print(f"router decision (routes.decided_at - event.created_at, {len(decided)} events): "
              f"median {statistics.median(decided) * 1000:,.0f} ms, max {max(decided) * 1000:,.0f} ms")
    return 0


def _until(predicate: Any, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError("the thread did not get there in time")
        time.sleep(0.005)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=50)
    parser.add_argument("--part", choices=("all", "tokens", "latency"), default="all")
    args = parser.parse_args()
    if args.part == "tokens":
        return tokens()
    if args.part == "latency":
        return latency(args.events)
    # Each part in its own process: a second local stack in one process would meet the
    # first one's emulated resources.
    import subprocess

    for part in ("tokens", "latency"):
        code = subprocess.call([sys.executable, __file__, "--part", part, "--events", str(args.events)])
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
