"""The small load test: `wakeful dev` with 200 agents, a steady stream of API events and
signed webhooks for 30 s (bench/load.py in a fresh process). It asserts completeness
only, never timing: no event lost, none processed twice, every claimed heartbeat
completed. The full run (2,000 agents, 5 minutes) is ``make bench``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.e2e.test_wakeful_dev import ROOT, _clean_env

pytestmark = [pytest.mark.e2e, pytest.mark.long(seconds=70)]


@pytest.mark.timeout(900)  # a few minutes on a busy shared machine; completeness only
def test_under_load_no_event_is_lost_or_processed_twice_and_every_heartbeat_completes():
    done = subprocess.run(
        [sys.executable, "bench/load.py", "--agents", "200", "--interval", "15", "--duration", "30",
         "--events-per-second", "2", "--webhook-agents", "10", "--webhooks-per-second", "0.5", "--no-timing", "--json"],
        cwd=ROOT, env=_clean_env(), capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    lines = [line for line in done.stdout.splitlines() if line.startswith("{") and '"problems"' in line]
    assert lines, f"no result (exit {done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    result = json.loads(lines[-1])
    assert result["events_appended"] > 0 and result["heartbeats_started"] > 0
    assert result["events_lost"] == 0 and result["drained"], result["examples"]
    assert result["events_doubled"] == 0, result["examples"]
    assert set(result["claimed_heartbeats"]) == {"COMPLETED"}, result["claimed_heartbeats"]
    assert result["problems"] == []
