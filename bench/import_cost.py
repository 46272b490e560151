"""Import cost of each Lambda handler module, as a ratio to ``import boto3``.

Each import runs in a fresh interpreter (a cold start's view), several times; the median
is reported. Target: every handler <= 1.5x ``import boto3``, the webhook and
SQS ingest handlers <= 1.2x, module and first-call imports included (:data:`FIRST_CALL`;
the handlers that call the model are exempt from the first-call limit). Also checks that
no handler imports anthropic at module level.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 7
LIMITS = {"webhook_ingest": 1.2, "ingest": 1.2}
DEFAULT_LIMIT = 1.5
#: What each handler loads at its first invocation, on top of its module (the whole
#: cold-start import: module + first call), as the statements its first call runs.
#: ``bench/first_call_modules.py`` invokes each handler for real and prints any module
#: of Wakeful, Powertools, pydantic or anthropic a first call loads that these miss.
_SQS_BATCH = "from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response"
_FIFO_BATCH = "from aws_lambda_powertools.utilities.batch import SqsFifoPartialProcessor, process_partial_response"
FIRST_CALL = {
    # A first request to /agents/{id}/heartbeats: the resolver for that path only, and
    # the body screen every request passes first.
    "api": "from wakeful.api.app import resolver_for; resolver_for('/agents/agt_1/heartbeats'); import wakeful.api.screen",
    "deliver_hook": "import wakeful.hooks.delivery",
    # The scan's first run also reaches the threads' and schedules' due indexes.
    "heartbeat_scan": "import wakeful.heartbeats.scan, wakeful.threads.due, wakeful.schedules.due",
    "ingest": "import wakeful.ingest.sqs",
    # The SQS-fed handlers also build Powertools' batch processor at their first call.
    "orchestrator": f"import wakeful.heartbeats.orchestrator; {_SQS_BATCH}",
    "schedule_runner": f"import wakeful.schedules.runner; {_SQS_BATCH}",
    "stream_fanout": "import wakeful.stream.fanout",
    "stream_ws": "import wakeful.stream.websocket",
    "thread_router": f"import wakeful.threads.router; {_FIFO_BATCH}",
    "thread_runner": f"import wakeful.threads.runner; {_FIFO_BATCH}",
    "tool_runner": f"import wakeful.actions.runner; {_FIFO_BATCH}",
    "webhook_ingest": "import wakeful.webhooks.receive",
    # A platform's first request also loads its signature library (Slack's the heaviest).
    "channel_inbound": "import wakeful.channels.inbound, slack_sdk.signature",
    "channel_worker": f"import wakeful.channels.inbox, wakeful.threads.service; {_FIFO_BATCH}",
    "channel_deliver": f"import wakeful.channels.delivery, wakeful.channels.platforms.slack, slack_sdk.models.blocks; {_SQS_BATCH}",
}
#: Handlers that call the model: their first call imports the anthropic SDK (SnapStart
#: restores it on AWS), so the first-call limit does not apply to them.
LLM_HANDLERS = {"tool_runner", "thread_runner"}

PROBE = """
import sys, time
t = time.perf_counter()
{code}
elapsed = time.perf_counter() - t
print(elapsed, int("anthropic" in sys.modules))
"""


def measure(module: str, then: str = "", runs: int = RUNS) -> tuple[float, bool]:
    """Median time of ``import module`` (then ``then``) in fresh interpreters."""
    code = f"import {module}" + (f"\n{then}" if then else "")
    times, anthropic = [], False
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", PROBE.format(code=code)], cwd=ROOT, capture_output=True, text=True
        )
        if done.returncode:
            raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "import failed")
        out = done.stdout.split()
        times.append(float(out[0]))
        anthropic = anthropic or out[1] == "1"
    return statistics.median(times), anthropic


def paired(module: str, then: str = "") -> tuple[float, float, bool]:
    """(median of the import, median of ``import boto3``, anthropic loaded), the two
    measured in turn, so that a shared, noisy machine slows both alike."""
    costs, bases, anthropic = [], [], False
    for _ in range(RUNS):
        bases.append(measure("boto3", runs=1)[0])
        cost, loaded = measure(module, then, runs=1)
        costs.append(cost)
        anthropic = anthropic or loaded
    return statistics.median(costs), statistics.median(bases), anthropic


def main() -> int:
    print(f"each import is measured {RUNS} times in fresh interpreters, in turn with `import boto3` (medians)")
    worst = 0
    for folder in sorted((ROOT / "functions").iterdir()):
        if not (folder / "handler.py").is_file():
            continue
        try:
            cost, base, anthropic = paired(f"functions.{folder.name}.handler")
        except RuntimeError as error:
            print(f"{folder.name:16s} import failed: {error}")
            worst = 1
            continue
        ratio = cost / base
        limit = LIMITS.get(folder.name, DEFAULT_LIMIT)
        ok = ratio <= limit and not anthropic
        worst |= not ok
        flag = "ok" if ok else "OVER"
        line = f"{folder.name:16s} module {cost * 1000:4.0f} ms  ratio {ratio:4.2f} (limit {limit})  anthropic: {anthropic}  {flag}"
        if folder.name in FIRST_CALL:
            full, base, _ = paired(f"functions.{folder.name}.handler", FIRST_CALL[folder.name])
            first_ok = folder.name in LLM_HANDLERS or full / base <= limit
            worst |= not first_ok
            note = "calls the model: not limited" if folder.name in LLM_HANDLERS else ("ok" if first_ok else "OVER")
            line += f"   | with first-call imports {full * 1000:4.0f} ms (boto3 {base * 1000:.0f} ms), ratio {full / base:4.2f} {note}"
        print(line, flush=True)
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
