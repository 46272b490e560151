"""A schedule whose probe does not change: 96 runs, no model call; one change, one run.

The in-process stack the tests use (``DevStack``), the anthropic SDK against the fake
Messages API, the probe URL on a local HTTP server (``tests/fakes/probe_server.py``). One
priming run records what the probe read; then 96 due times 15 minutes apart (a day of
``*/15 * * * *``), each scanned and drained: prints the model calls and the skipped runs.
Then the probe's value changes once: the next due time runs with the model (exactly one
run), the one after is skipped again.

Run: ``.venv/bin/python bench/probe.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def due_run(stack: Any, http: Any, path: str) -> dict[str, Any]:
    """Scan at the schedule's next due time, drain; its newest result."""
    from wakeful import clock

    schedule = http.get(f"{stack.api_url}/{path}").json()
    stack.tick(clock.parse_iso(schedule["next_run_at"]) + 1)
    stack.drain()
    return http.get(f"{stack.api_url}/{path}/results?limit=1").json()["items"][0]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=96)
    args = parser.parse_args()
    from bench._fake_model_stack import fake_model_stack
    from tests.fakes.probe_server import ProbeServer

    probes = ProbeServer()
    try:
        with fake_model_stack("bench-probe") as (stack, http, server):
            server.converse([{"match": "", "turns": [{"text": "The queue needs attention."}]}])
            probes.answers["queue"] = (200, {"queue": {"depth": 3}})
            api = stack.api_url
            agent = http.post(f"{api}/agents", json={"name": "Ops", "alias": "bench_probe"}).json()
            http.patch(f"{api}/agents/{agent['id']}", json={"is_active": False})
            body = {"prompt": "Look at the job queue.", "cron_expression": "*/15 * * * *", "probe": {"url": probes.url("queue"), "path": "queue.depth"}}
            schedule = http.post(f"{api}/agents/{agent['id']}/schedules", json=body).json()
            path = f"agents/{agent['id']}/schedules/{schedule['id']}"
            priming = due_run(stack, http, path)
            calls = len(server.conversation_requests())
            statuses = [due_run(stack, http, path)["status"] for _ in range(args.runs)]
            quiet_calls = len(server.conversation_requests()) - calls
            probes.answers["queue"] = (200, {"queue": {"depth": 9}})
            changed = due_run(stack, http, path)
            after = due_run(stack, http, path)
            change_calls = len(server.conversation_requests()) - calls - quiet_calls
    finally:
        probes.close()
    print(f"priming run: {priming['status']} (probe {priming['probe']['status']})")
    print(f"{args.runs} due times, probe unchanged: model calls {quiet_calls}, skipped {statuses.count('skipped')} (probe reads {len(probes.reads) - 1 - 2})")
    print(f"one change: next run {changed['status']} with the model ({change_calls} model call(s)); the run after: {after['status']} ({after['reason']})")
    return 0 if quiet_calls == 0 and statuses.count("skipped") == args.runs and changed["status"] == "success" and after["status"] == "skipped" else 1


if __name__ == "__main__":
    sys.exit(main())
