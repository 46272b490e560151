"""Memory's recall: what it adds to a run's start, and the prompt cache's share with it.

``wakeful dev`` in process (moto), the ``anthropic`` provider against the fake Messages
API of ``tests/fakes`` (which simulates the prompt cache), one agent at its cap of
memories (500 by default, realistic sentences with tags):

1. **Start time.** What recall does at a run's first model call (one GetItem of the
   agent's counter, then ranking its memories against the run's messages; the copy of
   the memories is the function's while the agent's version holds): timed 50 times
   warm, and 50 times cold (the copy dropped first: one Query of the agent's memories
   too). Prints the medians; the target is 20 ms or less added to a run's start.
2. **Prompt cache.** 50 threads of two model calls each with ``memory_recall: 5`` and 50
   with ``memory_recall: 0``; prints the share of input tokens served from the prompt
   cache for each (computed as ``bench/threads_bench.py`` does); the target is 85 % or
   more with recall on.

Run: ``.venv/bin/python bench/recall.py [--memories N] [--runs N]``.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

SUBJECTS = ["The NAS backup", "The minecraft server", "Alice", "The media server", "Bob", "The router", "The UPS", "Jellyfin", "Sonarr", "The garage door"]
FACTS = [
    "runs every night at {h}:00 and takes about {m} minutes",
    "prefers to be told on Slack rather than by email, and only after {h} o'clock",
    "failed {m} times last month because the disk was full",
    "needs a restart after each update; the last one was on day {m}",
    "is slow when downloads saturate the link above {m} percent",
    "should never be stopped while players are online after {h}:00",
]
TAGS = ["backup", "nas", "games", "people", "media", "network", "power", "alerts"]
GUIDELINES = "You look after a homelab. " + " ".join(
    f"Guideline {i}: check the {s.lower()} carefully before acting, and report what you changed." for i, s in enumerate(SUBJECTS * 6)
)


def _memories(agent_id: str, count: int) -> None:
    from wakeful.memory import store

    rng = random.Random(7)
    for index in range(count):
        text = f"{rng.choice(SUBJECTS)} {rng.choice(FACTS).format(h=rng.randint(0, 23), m=rng.randint(1, 59))} (note {index})"
        memory = store.new_memory(agent_id, text, rng.sample(TAGS, 2), store.source("thread", f"thr_{index}"))
        store.remember(memory, cap=count)


def start_time(agent_id: str, runs: int) -> tuple[float, float]:
    """Median milliseconds of recall at a run's start: warm, then cold."""
    from wakeful.agents import repository as agents
    from wakeful.memory import recall, store
    from wakeful.threads.records import Thread

    agent = agents.get(agent_id)
    assert agent is not None
    thread = Thread(agent_id=agent_id, thread_id="thr_bench", source="user")
    messages = [{"role": "user", "content": "the NAS backup failed again last night, is the disk full?"}]
    recall.contribute(agent, thread, messages)
    warm, cold = [], []
    for _ in range(runs):
        began = time.perf_counter()
        recall.contribute(agent, thread, messages)
        warm.append((time.perf_counter() - began) * 1000)
    for _ in range(runs):
        store._cache.clear()
        began = time.perf_counter()
        recall.contribute(agent, thread, messages)
        cold.append((time.perf_counter() - began) * 1000)
    return statistics.median(warm), statistics.median(cold)


def cache_share(server: Any, stack: Any, api: Any, agent_id: str, runs: int, recall_n: int) -> float:
    """The prompt cache's share of input tokens over ``runs`` threads of the agent."""
    import requests

    sys.path.insert(0, str(REPO / "bench"))
    from threads_bench import runs_of

    assert requests.patch(f"{api[0]}/agents/{agent_id}", json={"memory_recall": recall_n}, headers=api[1], timeout=30).status_code == 200
    before = len(server.requests)
    for index in range(runs):
        task = f"bench task {recall_n}-{index}: is the NAS backup done, and did the {SUBJECTS[index % len(SUBJECTS)].lower()} complain?"
        response = requests.post(f"{api[0]}/agents/{agent_id}/threads", json={"message": task}, headers=api[1], timeout=30)
        assert response.status_code == 201, response.text
        stack.drain()
    found = runs_of(server.requests[before:], server.usages[before:])
    prompt = sum(r["input"] + r["cache_w"] + r["cache_r"] for r in found)
    return sum(r["cache_r"] for r in found) / prompt


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--memories", type=int, default=500)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()

    import requests

    from tests.fakes.anthropic_server import FakeAnthropic
    from wakeful.llm import settings
    from wakeful_dev.runtime import DevStack

    server = FakeAnthropic()
    server.converse([{"match": "bench task", "turns": [
        {"tool_calls": [{"name": "recall", "input": {"query": "NAS backup", "limit": 3}}]},
        {"tool_calls": [{"name": "complete_task", "input": {"summary": "checked"}}]},
    ]}])  # fmt: skip
    os.environ["ANTHROPIC_API_KEY"] = "sk-ant-bench-fake"
    os.environ["ANTHROPIC_BASE_URL"] = server.url
    os.environ.pop("WAKEFUL_LLM_PROVIDER", None)
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    settings.reset()
    key = "wk_bench_" + secrets.token_hex(12)
    stack = DevStack(port=0, workers=False, visibility_timeout=2, dev_api_keys=f"bench:{key}").start()
    headers = {"Authorization": f"Bearer {key}"}
    try:
        body = {"name": "Bench", "alias": "bench" + secrets.token_hex(4), "system_prompt": GUIDELINES, "memory_cap": args.memories}
        agent = requests.post(f"{stack.api_url}/agents", json=body, headers=headers, timeout=30).json()
        requests.patch(f"{stack.api_url}/agents/{agent['id']}", json={"is_active": False}, headers=headers, timeout=30)
        began = time.monotonic()
        _memories(agent["id"], args.memories)
        print(f"{args.memories} memories written in {time.monotonic() - began:.1f} s")
        warm, cold = start_time(agent["id"], args.runs)
        print(f"recall at a run's start, median of {args.runs}: warm {warm:.2f} ms, cold {cold:.2f} ms (target <= 20 ms)")
        with_recall = cache_share(server, stack, (stack.api_url, headers), agent["id"], args.runs, 5)
        without = cache_share(server, stack, (stack.api_url, headers), agent["id"], args.runs, 0)
        print(f"input tokens served from the prompt cache: {with_recall:.1%} with memory_recall 5, {without:.1%} with 0 (target >= 85 %)")
    finally:
        stack.stop()
        server.close()
        for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
            os.environ.pop(name, None)
        settings.reset()
    return 0


if __name__ == "__main__":
    sys.exit(main())
