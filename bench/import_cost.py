"""Import cost of each Lambda handler module, as a ratio to ``import boto3``.

Each import runs in a fresh interpreter (a cold start's view), several times; the median
is reported. Target: every handler <= 1.5x ``import boto3``, the webhook and
SQS ingest handlers <= 1.2x. Also checks that no handler imports anthropic at
module level.
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
#: What each handler loads at its first invocation (printed for information: the
#: whole cold-start import, module + first call).
FIRST_CALL = {
    "api": "wakeful.api.app",
    "heartbeat_scan": "wakeful.heartbeats.scan",
    "orchestrator": "wakeful.heartbeats.orchestrator",
    "tool_runner": "wakeful.actions.runner",
}

PROBE = """
import sys, time
t = time.perf_counter()
import {module}
elapsed = time.perf_counter() - t
print(elapsed, int("anthropic" in sys.modules))
"""


def measure(module: str) -> tuple[float, bool]:
    times, anthropic = [], False
    for _ in range(RUNS):
        done = subprocess.run(
            [sys.executable, "-c", PROBE.format(module=module)], cwd=ROOT, capture_output=True, text=True
        )
        if done.returncode:
            raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "import failed")
        out = done.stdout.split()
        times.append(float(out[0]))
        anthropic = anthropic or out[1] == "1"
    return statistics.median(times), anthropic


def main() -> int:
    base, _ = measure("boto3")
    print(f"import boto3: {base * 1000:.0f} ms (median of {RUNS} fresh interpreters)")
    worst = 0
    for folder in sorted((ROOT / "functions").iterdir()):
        if not (folder / "handler.py").is_file():
            continue
        try:
            cost, anthropic = measure(f"functions.{folder.name}.handler")
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
            full, _ = measure(f"functions.{folder.name}.handler, {FIRST_CALL[folder.name]}")
            line += f"   | with first-call imports {full * 1000:4.0f} ms, ratio {full / base:4.2f}"
        print(line)
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
