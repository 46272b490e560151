"""How long a replay of a schedule's last 7 days takes on the local stack.

A heartbeat schedule runs hourly for a week (168 results, each a recorded run of the
scripted model, driven by ``DevStack.tick`` one hour at a time), then one replay of
``{schedule_id, since: 7 days ago}`` with a changed checklist replays all 168 runs as
dry runs. Prints the replay's wall time (the target: under a minute), its runs, how many
differ, and the cost of the originals and of the replay.

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
SCRIPT = {"rules": [{"when": "noisy", "then": [{"text": "The disk moved by 1%: worth a look."}]}, {"when": "", "then": [{"text": "HEARTBEAT_OK"}]}]}


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
            "config": {"schedule_type": "heartbeat", "heartbeat_checklist": ["Report any disk change (noisy)"]},
        }, timeout=30).json()  # fmt: skip
        first = clock.parse_iso(schedule["next_run_at"])
        ran = time.monotonic()
        for hour in range(HOURS):
            stack.tick(first + 3600 * hour + 1)
            stack.drain()
        ran = time.monotonic() - ran
        since = clock.iso(min(first, clock.now()) - 60)  # the ticks run ahead of the wall clock
        started = time.monotonic()
        made = http.post(f"{base}/agents/{agent['id']}/replays", json={
            "source": {"schedule_id": schedule["id"], "since": since},
            "overrides": {"heartbeat_checklist": ["Report only a disk over 90% full"]},
        }, timeout=600)  # fmt: skip
        took = time.monotonic() - started
        body = made.json()
        if made.status_code != 201:
            print(f"replay refused: {made.status_code} {body}")
            return 1
        summary = http.get(f"{base}/agents/{agent['id']}/replays/{body['id']}", timeout=30).json().get("summary") or {}
    finally:
        stack.stop()
    print(f"{HOURS} hourly runs recorded in {ran:.1f} s")
    print(f"replay of {summary.get('runs')} runs: {took:.1f} s (target < 60 s); differs {summary.get('differs')}, "
          f"became silent {summary.get('became_silent')}; usd original {summary.get('usd_original')}, replay {summary.get('usd_replay')}")  # fmt: skip
    return 0 if took < 60 else 1


if __name__ == "__main__":
    sys.exit(main())
