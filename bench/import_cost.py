"""Import cost of each Lambda handler module, as a ratio to ``import boto3``.

Each import runs in a fresh interpreter (a cold start's view), several times, in turn
with ``import boto3``; the medians are compared. The time is the interpreter's CPU time
(``time.process_time``): on a shared machine the wall clock also counts other processes'
turns, which skewed the paired runs unevenly (the same handler measured 1.5x and 1.9x in
runs minutes apart); an import does almost no I/O (its files are cached), so on an idle
Lambda its CPU time is its duration. The wall-clock medians are printed beside. Target: every handler <= 1.5x ``import boto3``, the webhook and
SQS ingest handlers <= 1.2x, module and first-call imports included (:data:`FIRST_CALL`;
the handlers that call the model are exempt from the first-call limit). Also checks that
no handler imports anthropic at module level.

On a shared machine a ratio moves by several hundredths from run to run: the first line
measures ``import boto3`` against itself to show how far. Where valgrind is installed the
last lines give the limited handlers' ratios in instructions executed, which do not move
(they leave out what the kernel and the caches add, so they read lower than the CPU time).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 11
LIMITS = {"webhook_ingest": 1.2, "ingest": 1.2}
DEFAULT_LIMIT = 1.5
#: What each handler loads at its first invocation, on top of its module (the whole
#: cold-start import: module + first call), as the statements its first call runs.
#: ``bench/first_call_modules.py`` invokes each handler for real and prints any module
#: of Wakeful, Powertools, pydantic or anthropic a first call loads that these miss.
_FIFO_BATCH = "from aws_lambda_powertools.utilities.batch import SqsFifoPartialProcessor, process_partial_response"
FIRST_CALL = {
    # A first request to /agents/{id}/heartbeats: the resolver for that path only, and
    # the body screen every request passes first.
    # (and the hooks' firing switch and deferral the handler holds around every request).
    "api": "from wakeful.api.app import resolver_for; resolver_for('/agents/agt_1/heartbeats'); import wakeful.apikit.screen, wakeful.hooks.firing, wakeful.hooks.deferral",
    "deliver_hook": "import wakeful.hooks.attempt",
    # The scan's first run also reaches the due indexes of the threads, the schedules,
    # hook deliveries, coalescing holds, memory's consolidations and the spend guard's
    # calls and pauses.
    "heartbeat_scan": (
        "import wakeful.heartbeats.scan, wakeful.threads.due, wakeful.schedules.due, wakeful.hooks.recovery, "
        "wakeful.flow.holds_repository, wakeful.memory.due, wakeful.spend.due, wakeful.spend.pauses_due"
    ),
    "ingest": "import wakeful.ingest.sqs",
    # The SQS-fed handlers also load their partial-batch helper at their first call
    # (the model-calling ones Powertools' batch processor).
    "orchestrator": "import wakeful.heartbeats.orchestrator, wakeful.sqs_batch",
    "schedule_runner": "import wakeful.schedules.runner, wakeful.sqs_batch",
    "stream_fanout": "import wakeful.stream.fanout",
    "stream_ws": "import wakeful.stream.websocket",
    "thread_router": "import wakeful.threads.router, wakeful.sqs_batch",
    "thread_runner": f"import wakeful.threads.runner; {_FIFO_BATCH}",
    "tool_runner": f"import wakeful.actions.runner; {_FIFO_BATCH}",
    "webhook_ingest": "import wakeful.webhooks.receive",
    # A platform's first request also loads its signature library (Slack's the heaviest).
    "channel_inbound": "import wakeful.channels.inbound, slack_sdk.signature",
    "channel_worker": "import wakeful.channels.inbox, wakeful.threads.service, wakeful.sqs_batch",
    "channel_deliver": "import wakeful.channels.delivery, wakeful.channels.platforms.slack, slack_sdk.models.blocks, wakeful.sqs_batch",
    "archiver": "import wakeful.archive.service",
}
#: Handlers that call the model: their first call imports the anthropic SDK (SnapStart
#: restores it on AWS), so the first-call limit does not apply to them.
LLM_HANDLERS = {"tool_runner", "thread_runner"}

PROBE = """
import sys, time
t, c = time.perf_counter(), time.process_time()
{code}
cpu, elapsed = time.process_time() - c, time.perf_counter() - t
print(cpu, int("anthropic" in sys.modules), elapsed)
"""


def measure(module: str, then: str = "", runs: int = RUNS) -> tuple[float, bool, float]:
    """(median CPU time, anthropic loaded, median wall time) of ``import module`` (then
    ``then``) in fresh interpreters."""
    code = f"import {module}" + (f"\n{then}" if then else "")
    times, walls, anthropic = [], [], False
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", PROBE.format(code=code)], cwd=ROOT, capture_output=True, text=True
        )
        if done.returncode:
            raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "import failed")
        out = done.stdout.split()
        times.append(float(out[0]))
        walls.append(float(out[2]))
        anthropic = anthropic or out[1] == "1"
    return statistics.median(times), anthropic, statistics.median(walls)


def paired(module: str, then: str = "") -> tuple[float, float, bool, float]:
    """(median CPU time of the import, median of ``import boto3``, anthropic loaded, the
    wall-clock ratio), the two measured in turn, so that a shared, noisy machine slows
    both alike."""
    costs, bases, walls, wall_bases, anthropic = [], [], [], [], False
    for _ in range(RUNS):
        base, _, base_wall = measure("boto3", runs=1)
        bases.append(base)
        wall_bases.append(base_wall)
        cost, loaded, wall = measure(module, then, runs=1)
        costs.append(cost)
        walls.append(wall)
        anthropic = anthropic or loaded
    return statistics.median(costs), statistics.median(bases), anthropic, statistics.median(walls) / statistics.median(wall_bases)


def instructions(code: str) -> int:
    """Instructions a fresh interpreter executes to run ``code`` (valgrind's count:
    the same on every run, however busy the machine)."""
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", sys.executable, "-c", code],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    line = next(line for line in done.stderr.splitlines() if "I" in line and "refs:" in line)
    return int(line.split("refs:")[1].replace(",", "").split()[0])


def instruction_ratios() -> None:
    """The tightly limited handlers' cold-start imports as instruction counts over
    ``import boto3``'s (the interpreter's own start subtracted): a cross-check free of
    the machine's noise, though blind to what the kernel and the caches add."""
    bare = instructions("import sys")
    boto3 = instructions("import boto3") - bare
    for name in sorted(LIMITS):
        code = f"import functions.{name}.handler\n{FIRST_CALL[name]}"
        print(f"{name:16s} instructions with first-call imports: ratio {(instructions(code) - bare) / boto3:4.2f} to import boto3 (valgrind)", flush=True)


def main() -> int:
    print(f"each import is measured {RUNS} times in fresh interpreters, in turn with `import boto3` (medians of CPU time; wall clock beside)")
    control, base, _, _ = paired("boto3")
    print(f"control          import boto3 against itself: ratio {control / base:4.2f} (how far this run's noise moves a ratio)", flush=True)
    worst = 0
    for folder in sorted((ROOT / "functions").iterdir()):
        if not (folder / "handler.py").is_file():
            continue
        try:
            cost, base, anthropic, _ = paired(f"functions.{folder.name}.handler")
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
            full, base, _, wall_ratio = paired(f"functions.{folder.name}.handler", FIRST_CALL[folder.name])
            first_ok = folder.name in LLM_HANDLERS or full / base <= limit
            worst |= not first_ok
            note = "calls the model: not limited" if folder.name in LLM_HANDLERS else ("ok" if first_ok else "OVER")
            line += (
                f"   | with first-call imports {full * 1000:4.0f} ms (boto3 {base * 1000:.0f} ms), ratio {full / base:4.2f} {note}"
                f" (wall clock {wall_ratio:4.2f})"
            )
        print(line, flush=True)
    if shutil.which("valgrind"):
        instruction_ratios()
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
