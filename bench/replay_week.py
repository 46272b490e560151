"""How long a replay of a schedule's last 7 days takes on the local stack.

A heartbeat schedule runs hourly for a week (168 results, each a recorded run of the
scripted model, driven by ``DevStack.tick`` one hour at a time). For its first half the
checklist is the noisy "Report any disk change", which the scripted model answers with a
finding every hour; half way through it is changed to "Report a disk over 90% full",
which the model answers ``HEARTBEAT_OK``. Then one replay of ``{schedule_id, since: 7
days ago}`` with the stricter checklist as the override replays all 168 runs as dry
runs: the noisy half becomes silent, the quiet half stays the same. Prints the replay's
wall time (the target: under a minute), its runs, how many differ and became silent,
and the cost of the originals and of the replay.

    .venv/bin/python bench/replay_week.py        # BENCH_HOURS=168 by default
"""

from __future__ import annotations

import json
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

HOURS = int(os.environ.get("BENCH_HOURS", "168"))
NOISY, QUIET, STRICT = "Report any disk change", "Report a disk over 90% full", "Report only a disk over 90% full"
#: The scripted model: a finding for the noisy checklist, quiet for the 90% lines (a rule's
#: ``when`` is found in the run's newest user text, the task with its checklist).
SCRIPT = {"rules": [{"when": "any disk change", "then": [{"text": "The disk moved by 1%: worth a look."}]}, {"when": "90% full", "then": [{"text": "HEARTBEAT_OK"}]}]}


def main() -> int:
    import requests

    from wakeful import clock
    from wakeful.llm import settings
    from wakeful_dev.runtime import DevStack

    script = Path(tempfile.mkdtemp()) / "script.json"
    script.write_text(json.dumps(SCRIPT))
    os.environ.pop("ANTHROPIC_API_KEY", None)
    os.environ.update(WAKEFUL_LLM_SCRIPT=str(script), POWERTOOLS_LOG_LEVEL="ERROR")
    settings.reset()
    key = "wk_bench_" + secrets.token_hex(12)
    stack = DevStack(port=0, workers=False, visibility_timeout=2, dev_api_keys=f"bench:{key}").start()
    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {key}"
    base = stack.api_url
    try:
        agent = http.post(f"{base}/agents", json={"name": "Disk watcher", "alias": "diskwatch"}, timeout=30).json()
        assert "id" in agent, agent
        http.patch(f"{base}/agents/{agent['id']}", json={"is_active": False}, timeout=30)
        schedule = http.post(f"{base}/agents/{agent['id']}/schedules", json={
            "prompt": "Check the disk", "cron_expression": "0 * * * *",
            "config": {"schedule_type": "heartbeat", "heartbeat_checklist": [NOISY]},
        }, timeout=30).json()  # fmt: skip
        first = clock.parse_iso(schedule["next_run_at"])
        ran = time.monotonic()
        for hour in range(HOURS):
            if hour == HOURS // 2:
                changed = http.patch(f"{base}/agents/{agent['id']}/schedules/{schedule['id']}", json={"config": {"schedule_type": "heartbeat", "heartbeat_checklist": [QUIET]}}, timeout=30)
                assert changed.status_code == 200, changed.text
            stack.tick(first + 3600 * hour + 1)
            stack.drain()
        ran = time.monotonic() - ran
        since = clock.iso(min(first, clock.now()) - 60)  # the ticks run ahead of the wall clock
        started = time.monotonic()
        made = http.post(f"{base}/agents/{agent['id']}/replays", json={
            "source": {"schedule_id": schedule["id"], "since": since},
            "overrides": {"heartbeat_checklist": [STRICT]},
        }, timeout=600)  # fmt: skip
        body = made.json()
        if made.status_code != 201:
            print(f"replay refused: {made.status_code} {body}")
            return 1
        answered = time.monotonic() - started
        stack.drain(timeout=600)  # the lab worker replays the runs, off the request
        got = http.get(f"{base}/agents/{agent['id']}/replays/{body['id']}", timeout=30).json()
        took = time.monotonic() - started
        summary = got.get("summary") or {}
    finally:
        stack.stop()
    print(f"{HOURS} hourly runs recorded in {ran:.1f} s")
    print(f"replay answered {body.get('status')} in {answered:.2f} s, then {got.get('status')}")
    print(f"replay of {summary.get('runs')} runs: {took:.1f} s (target < 60 s); differs {summary.get('differs')}, "
          f"became silent {summary.get('became_silent')}, became finding {summary.get('became_finding')}; usd original {summary.get('usd_original')}, replay {summary.get('usd_replay')}")  # fmt: skip
    # A replay that changes nothing would measure nothing: the override must silence the noisy half.
    return 0 if took < 60 and summary.get("became_silent") else 1


if __name__ == "__main__":
    sys.exit(main())
