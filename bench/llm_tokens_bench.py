"""LLM tokens per heartbeat over the demo scenario, and the share of input tokens the
prompt cache serves.

Runs ``make demo``'s story (three SnipIn agents, a seeded feed, a comment, a mention, a
whisper, a webhook, heartbeats until every agent is idle) with the ``anthropic``
provider: the real SDK, ``ANTHROPIC_API_KEY`` set and ``ANTHROPIC_BASE_URL`` at the fake
Messages API of ``tests/fakes`` on loopback. The fake answers like the scripted provider
and reports usage the way the API does, prompt cache included (tokens estimated at four
characters each; a cache breakpoint's prefix is written once it reaches 1,024 tokens
and read by later requests with the same prefix within 5 minutes).

Prints one row per agent heartbeat (model calls; uncached input, cache writes, cache
reads, output; cost at the default model's prices), then tokens per heartbeat (all,
busy, idle), the share of input tokens served from the cache, and what the same calls
would cost without caching. Run: ``.venv/bin/python bench/llm_tokens_bench.py``.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def main() -> int:
    from tests.fakes.anthropic_server import FakeAnthropic
    from wakeful_dev import demo
    from wakeful.llm import pricing, settings

    server = FakeAnthropic()
    os.environ["ANTHROPIC_API_KEY"] = "sk-ant-bench-fake"
    os.environ["ANTHROPIC_BASE_URL"] = server.url
    os.environ.pop("WAKEFUL_LLM_PROVIDER", None)
    settings.reset()
    model = settings.get_settings().model

    run = demo.Demo()
    started = time.monotonic()
    transcript = io.StringIO()
    try:
        with contextlib.redirect_stdout(transcript):
            code = demo.run(run, max_heartbeats=4)
    finally:
        run.close()
        server.close()
    elapsed = time.monotonic() - started
    if code != 0:
        print(transcript.getvalue())
        print("the demo scenario failed; no numbers")
        return 1

    rows = run.records
    print(f"LLM tokens per heartbeat: demo scenario, {len(run.agents)} agents, anthropic SDK -> fake Messages API ({model} prices)")
    print(f"{'agent':<6} {'hb':>3} {'calls':>5} {'input':>8} {'cache_w':>8} {'cache_r':>8} {'output':>7} {'total':>8} {'cost $':>9}")
    seen: dict[str, int] = {}
    for row in rows:
        seen[row["agent"]] = seen.get(row["agent"], 0) + 1
        print(
            f"{row['agent']:<6} {seen[row['agent']]:>3} {row['calls']:>5} {row['input_tokens']:>8,} {row['cache_creation_input_tokens']:>8,} "
            f"{row['cache_read_input_tokens']:>8,} {row['output_tokens']:>7,} {row['tokens']:>8,} {row['cost_usd']:>9.4f}"
        )
    busy = [r for r in rows if r["calls"]]
    idle = [r for r in rows if not r["calls"]]
    total = sum(r["tokens"] for r in rows)
    uncached = sum(r["input_tokens"] for r in rows)
    written = sum(r["cache_creation_input_tokens"] for r in rows)
    read = sum(r["cache_read_input_tokens"] for r in rows)
    output = sum(r["output_tokens"] for r in rows)
    prompt = uncached + written + read
    cost = sum(r["cost_usd"] for r in rows)
    no_cache = pricing.cost_usd(model, prompt, output)
    print()
    print(f"heartbeats: {len(rows)} ({len(busy)} busy, {len(idle)} idle); model calls: {sum(r['calls'] for r in rows)}")
    print(f"tokens per heartbeat: {total / len(rows):,.0f} overall, {total / max(1, len(busy)):,.0f} per busy heartbeat, "
          f"{(sum(r['tokens'] for r in idle) / len(idle)) if idle else 0:,.0f} per idle heartbeat")
    print(f"input tokens served from the prompt cache: {read:,} of {prompt:,} = {read / prompt:.1%} "
          f"(written to it: {written:,}; uncached: {uncached:,})")
    print(f"cost: ${cost:.4f} with caching vs ${no_cache:.4f} without = {1 - cost / no_cache:.0%} saved; "
          f"${cost / max(1, len(busy)):.4f} per busy heartbeat")
    print(f"(run took {elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
