"""A burst of events to a thread trigger, with and without coalescing.

The in-process stack the tests use (``DevStack``: every handler, moto, the scan ticked by
hand), the anthropic SDK against the fake Messages API of ``tests/fakes``. One agent with
a trigger on ``pr_event`` and ``coalesce: {key: "pull_request.number", quiet_seconds: 5}``:
50 events for one pull request, spread over 10 s (real time), then a scan after the quiet
time. Prints the runs started, the events the run received and whether in order, and the
model calls. Then the same burst to a trigger without ``coalesce`` (``cooldown_seconds:
0``, so each event starts its own thread): prints how many runs it made.

Run: ``.venv/bin/python bench/burst.py [--events N] [--seconds S]``.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

_SEQ = re.compile(r"\(seq (\d+),")


def burst(stack: Any, http: Any, server: Any, coalesce: dict[str, Any] | None, events: int, seconds: float) -> dict[str, Any]:
    api = stack.api_url
    trigger: dict[str, Any] = {"event_type": "pr_event", "cooldown_seconds": 0}
    if coalesce:
        trigger["coalesce"] = coalesce
    response = http.post(f"{api}/agents", json={"name": "Reviewer", "alias": f"reviewer_{len(coalesce or {})}", "system_prompt": "You review pull requests.", "thread_triggers": [trigger]})
    assert response.status_code == 201, response.text
    agent = response.json()
    http.patch(f"{api}/agents/{agent['id']}", json={"is_active": False})  # its heartbeats are not measured
    calls_before = len(server.conversation_requests())
    seqs = []
    for n in range(events):
        body = {"event_type": "pr_event", "payload": {"pull_request": {"number": 42}, "action": "synchronize", "n": n}}
        seqs.append(http.post(f"{api}/agents/{agent['id']}/events", json=body).json()["seq"])
        time.sleep(seconds / events)
    stack.drain()
    stack.tick(time.time() + 6)
    stack.drain()
    threads = http.get(f"{api}/agents/{agent['id']}/threads?limit=100").json()["items"]
    received: list[int] = []
    for thread in threads:
        first = http.get(f"{api}/agents/{agent['id']}/threads/{thread['id']}/messages?limit=1").json()["items"][0]["content"]
        received += [int(s) for s in _SEQ.findall(first)] if "arrived together" in first else []
    return {"runs": len(threads), "received": received, "in_order": received == seqs, "model_calls": len(server.conversation_requests()) - calls_before}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    from bench._fake_model_stack import fake_model_stack

    with fake_model_stack("bench-burst") as (stack, http, server):
        server.converse([{"match": "", "turns": [{"tool_calls": [{"name": "complete_task", "input": {"summary": "reviewed"}}]}]}])
        held = burst(stack, http, server, {"key": "pull_request.number", "quiet_seconds": 5}, args.events, args.seconds)
        plain = burst(stack, http, server, None, args.events, args.seconds)
    print(f"burst: {args.events} events in {args.seconds:.0f} s to one pull request")
    print(f"with coalesce (quiet 5 s): runs started {held['runs']}, events the run received {len(held['received'])}, in order: {'yes' if held['in_order'] else 'no'}, model calls {held['model_calls']}")
    print(f"without coalesce:          runs started {plain['runs']} (threads; their runs wait for the agent's run slots)")
    return 0 if held["runs"] == 1 and held["in_order"] and len(held["received"]) == args.events else 1


if __name__ == "__main__":
    sys.exit(main())
