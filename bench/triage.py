"""Triage: a cheap model answers a heartbeat schedule's runs first, the agent's model only
when it finds something.

The in-process stack the tests use (``DevStack``), the anthropic SDK against the fake
Messages API playing both models. An agent on ``claude-sonnet-4-6`` with triage on
``claude-haiku-4-5`` and a heartbeat schedule: 24 runs (a day of hourly heartbeats) whose
triage answers ``HEARTBEAT_OK``, then one whose triage reports a finding. Prints the
calls each model got, how the runs ended, and the ledger's rows per model.

Run: ``.venv/bin/python bench/triage.py [--runs N]``; exits 1 unless the quiet runs made
no call to the agent's model and the finding was escalated with both costs in the ledger.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

MAIN = "claude-sonnet-4-6"
TRIAGE = "claude-haiku-4-5"


def run_now(stack: Any, http: Any, path: str) -> dict[str, Any]:
    """Run the schedule now, drain; the run's result."""
    response = http.post(f"{stack.api_url}/{path}/run")
    response.raise_for_status()
    stack.drain()
    return http.get(f"{stack.api_url}/{path}/results/{response.json()['result_id']}").json()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=24)
    args = parser.parse_args()
    from bench._fake_model_stack import fake_model_stack
    from tests.fakes import anthropic_server as fake

    with fake_model_stack("bench-triage") as (stack, http, server):
        server.converse([{"match": "", "turns": [{"text": "The disk is 97% full."}]}])
        api = stack.api_url
        agent = http.post(f"{api}/agents", json={"name": "Ops", "alias": "bench_triage"}).json()
        http.patch(f"{api}/agents/{agent['id']}", json={"is_active": False}).raise_for_status()
        http.patch(f"{api}/agents/{agent['id']}/llm", json={"model": MAIN, "triage": {"provider": "anthropic", "model": TRIAGE}}).raise_for_status()
        body = {
            "prompt": "Look after the server.",
            "cron_expression": "0 * * * *",
            "config": {"schedule_type": "heartbeat", "heartbeat_checklist": ["Check the disk", "Check the inbox"]},
        }
        schedule = http.post(f"{api}/agents/{agent['id']}/schedules", json=body).json()
        path = f"agents/{agent['id']}/schedules/{schedule['id']}"
        server.for_model(TRIAGE, *[fake.text("HEARTBEAT_OK") for _ in range(args.runs)])
        quiet = collections.Counter(run_now(stack, http, path)["status"] for _ in range(args.runs))
        quiet_main, quiet_triage = len(server.requests_for_model(MAIN)), len(server.requests_for_model(TRIAGE))
        server.for_model(TRIAGE, fake.text("The disk might be filling up."))
        finding = run_now(stack, http, path)
        finding_main = len(server.requests_for_model(MAIN)) - quiet_main
        ledger = http.get(f"{api}/agents/{agent['id']}/spend").json()["by_model"]
    print(f"{args.runs} runs whose triage answers HEARTBEAT_OK: {dict(quiet)}; triage model calls {quiet_triage}, agent's model calls {quiet_main}")
    print(f"one finding: {finding['status']}, escalated {finding.get('escalated')}; agent's model calls {finding_main}")
    print("ledger: " + "; ".join(f"{row['model']} ({row.get('purpose')}) {row['calls']} calls, {row['usd']:.4f} USD" for row in ledger))
    purposes = {(row["model"], row.get("purpose")) for row in ledger}
    ok = (
        quiet_main == 0
        and quiet == {"heartbeat_ok": args.runs}
        and finding.get("escalated") is True
        and finding_main == 1
        and {(TRIAGE, "triage"), (MAIN, "run")} <= purposes
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
