"""What the web console adds to the api function's cold start.

Each probe runs in a fresh interpreter, several times; medians are printed. The api
function's first call imports ``wakeful.api.app``, which includes the console's route
module; the console's part is timed by importing everything else the app imports first,
then ``wakeful.console.routes`` alone. The probe also records every file opened under
the console's static folder during the import: it must be none (assets are read on the
first request for them).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 7

WHOLE = """
import json, sys, time
opened = []
sys.addaudithook(lambda e, a: opened.append(str(a[0])) if e == "open" and "/console/static/" in str(a[0]) else None)
t = time.perf_counter()
import functions.api.handler
import wakeful.api.app
print(json.dumps([time.perf_counter() - t, opened]))
"""

CONSOLE_ONLY = """
import json, sys, time
import functions.api.handler, importlib
import wakeful.apikit.common, wakeful.exceptions
from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.router import Router
for name in ("wakeful.agents.routes", "wakeful.heartbeats.routes", "wakeful.events.routes", "wakeful.actions.routes",
             "wakeful.tools.routes", "wakeful.subscriptions.routes", "wakeful.hooks.routes", "wakeful.webhooks.routes",
             "wakeful.snipin.routes", "wakeful.ops.routes"):
    importlib.import_module(name)
t = time.perf_counter()
import wakeful.console.routes
print(json.dumps([time.perf_counter() - t, []]))
"""


def median(probe: str) -> tuple[float, list[str]]:
    times, opened = [], []
    for _ in range(RUNS):
        done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
        elapsed, files = json.loads(done.stdout.strip().splitlines()[-1])
        times.append(elapsed)
        opened += files
    return statistics.median(times), opened


def main() -> int:
    whole, opened = median(WHOLE)
    console, _ = median(CONSOLE_ONLY)
    print(f"api cold-start import (handler + wakeful.api.app): {whole * 1000:.1f} ms")
    print(f"of which the console's route module:              {console * 1000:.2f} ms ({console / whole:.3f}x of the whole)")
    print(f"console files read during the import:             {len(opened)}")
    return 0 if not opened else 1


if __name__ == "__main__":
    sys.exit(main())
