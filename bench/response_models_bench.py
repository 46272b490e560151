"""What the typed responses add to the api function's cold start.

Each probe runs in a fresh interpreter, several times; medians are printed. The whole
probe imports the api function as its first call does. The models probe imports what
the response modules need first (pydantic, the shared base), then times the
capabilities' ``responses`` modules alone: with ``defer_build`` their classes are
declared, not built. The build probe then builds every model's schema (what the first
``GET /openapi.json`` does), to show what ``defer_build`` keeps off the cold path.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 5
MODULES = [
    "actions", "agents", "events", "heartbeats", "hooks", "interceptors", "ops", "schedules", "snipin", "stream",
    "subscriptions", "threads", "tools", "webhooks",
]  # fmt: skip

WHOLE = """
import json, time
t = time.perf_counter()
import functions.api.handler
import wakeful.api.app
print(json.dumps(time.perf_counter() - t))
"""

MODELS = """
import importlib, sys
MODULES = sys.argv[1:]
import importlib, inspect, json, time
import pydantic, wakeful.apikit.responses
t = time.perf_counter()
modules = [importlib.import_module("wakeful." + name + ".responses") for name in MODULES]
declared = time.perf_counter() - t
models = [m for module in modules for m in vars(module).values()
          if inspect.isclass(m) and issubclass(m, pydantic.BaseModel) and m.__module__ == module.__name__]
t = time.perf_counter()
for model in models:
    model.model_json_schema(mode="serialization")
print(json.dumps([declared, time.perf_counter() - t, len(models)]))
"""


def _probe(code: str, *args: str) -> object:
    env_path = f"{ROOT / 'layers'}:{ROOT}"
    out = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, check=True, env={"PYTHONPATH": env_path}
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    whole = statistics.median(float(_probe(WHOLE)) for _ in range(RUNS))  # type: ignore[arg-type]
    runs = [_probe(MODELS, *MODULES) for _ in range(RUNS)]
    declared = statistics.median(r[0] for r in runs)  # type: ignore[index]
    built = statistics.median(r[1] for r in runs)  # type: ignore[index]
    count = runs[0][2]  # type: ignore[index]
    print(f"api function cold import: {whole * 1000:.0f} ms (median of {RUNS})")
    print(f"{count} response models declared (defer_build): {declared * 1000:.1f} ms = {declared / whole:.1%} of the cold import")
    print(f"building all their schemas (kept off the cold path): {built * 1000:.1f} ms = {built / max(declared, 1e-9):.1f}x the declaration")


if __name__ == "__main__":
    main()
