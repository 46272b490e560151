"""Load test: `wakeful dev` (the in-process DevStack: moto, the real handlers, the scan
ticker and the queue pollers) with many agents on short heartbeats, a steady stream of
events through the API and of signed webhook requests, for a bounded time.

The agents' heartbeats are spread over one interval before the workers start (agents
that have run for a while, not 2,000 first heartbeats at once). Checks, after the stream
stops and the queues drain:
- every heartbeat the scan claimed completed (none FAILED or left claimed);
- no heartbeat started more than two ticks after it was due (claimed, or counted
  quiet, by the scan: ``now - due_at``), for heartbeats due once the workers run (those
  due during the set-up, which spreads 2,000 heartbeats one write at a time, are not timed);
- every event appended (API or webhook) reached the subscribed tool under exactly one
  action: none lost, none processed twice (redelivered calls of the same action, which
  the tool sees as one idempotency key, are counted apart).

Prints heartbeats per second, events per second and where the time went (a sampling
profile of every thread: the hottest functions, and the hottest of Wakeful's own).

Run: ``.venv/bin/python bench/load.py`` (2,000 agents, 60-second heartbeats, 5 minutes);
``--agents 200 --duration 30`` is the small version ``make test`` runs.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import statistics
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


class ToolServer:
    """The subscribed HTTP tool: records (agent, event seq) -> action ids it was asked to run."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.actions: dict[tuple[str, int], set[str]] = collections.defaultdict(set)
        self.calls = 0
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
                key = (body["agent_context"]["agent_id"], int(body["event"]["seq"]))
                with recorder.lock:
                    recorder.actions[key].add(self.headers["X-Wakeful-Action-Id"])
                    recorder.calls += 1
                answer = json.dumps({"success": True, "output": "ok"}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/"


class Sampler:
    """A sampling profiler over every thread (``sys._current_frames``)."""

    def __init__(self, interval: float = 0.005) -> None:
        self.interval = interval
        self.own: collections.Counter[str] = collections.Counter()  # innermost frame
        self.wakeful: collections.Counter[str] = collections.Counter()  # innermost Wakeful frame
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sampler", daemon=True)

    def start(self) -> "Sampler":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        # Frames are walked as they are (no traceback.extract_stack: it builds a summary
        # and reads source lines for every frame of every thread, and took more CPU than
        # a small run's stack itself).
        me = threading.get_ident()
        while not self._stop.wait(self.interval):
            for ident, frame in sys._current_frames().items():
                if ident == me or frame.f_code.co_name in _IDLE:
                    continue  # idle threads
                self.samples += 1
                self.own[_where(frame)] += 1
                found: Any = frame
                while found is not None:
                    if "/wakeful/" in found.f_code.co_filename or "/wakeful_dev/" in found.f_code.co_filename:
                        self.wakeful[_where(found)] += 1
                        break
                    found = found.f_back

    def report(self, top: int = 12) -> str:
        lines = [f"profile: {self.samples} busy-thread samples every {self.interval * 1000:.0f} ms"]
        lines.append("  hottest functions (innermost frame):")
        lines += [f"    {n / max(self.samples, 1):6.1%}  {where}" for where, n in self.own.most_common(top)]
        lines.append("  hottest Wakeful functions (innermost Wakeful frame: the time under them):")
        lines += [f"    {n / max(self.samples, 1):6.1%}  {where}" for where, n in self.wakeful.most_common(top)]
        return "\n".join(lines)


_IDLE = frozenset({"wait", "select", "poll", "_wait_for_tstate_lock", "accept", "readinto", "recv_into"})


def _where(frame: Any) -> str:
    path = frame.f_code.co_filename
    for marker in ("/site-packages/", "/layers/", "/dev/", "/lib/python3"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    return f"{path}:{frame.f_code.co_name}"


class Lateness:
    """Wraps the scan's claim and quiet paths to record how late each heartbeat started."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.measuring = False
        #: Heartbeats due before this (during the set-up, before the workers ran) are
        #: the set-up's, not the load's: they are not timed.
        self.due_since = 0.0
        self.late: list[float] = []
        self.claimed: list[tuple[str, str]] = []
        self.quiet = 0

    def install(self) -> None:
        from wakeful.heartbeats import quiet, scan

        claim, record = scan._claim, quiet.record

        def timed_claim(key: Any, now: float, lease: int) -> Any:
            claimed = claim(key, now, lease)
            if claimed is not None:
                self._started(key, now, claimed=True)
            return claimed

        def timed_quiet(key: Any, agent: dict[str, Any], now: float) -> bool:
            done = record(key, agent, now)
            if done:
                self._started(key, now, claimed=False)
            return done

        scan._claim = timed_claim
        quiet.record = timed_quiet

    def _started(self, key: Any, now: float, *, claimed: bool) -> None:
        """``key``: a wakeful.heartbeats.records.HeartbeatKey of the due index."""
        with self.lock:
            if claimed:
                self.claimed.append((key.agent_id, key.heartbeat_id))
            if not self.measuring or float(key.due_at) < self.due_since:
                return
            self.late.append(now - float(key.due_at))
            self.quiet += not claimed


def run(agents: int, interval: int, duration: float, events_per_second: float, webhook_agents: int, webhooks_per_second: float, tick: float) -> dict[str, Any]:
    """Run the load; returns the figures and the checks (see the module docstring)."""
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "CRITICAL")  # the figures, not every retried write
    os.environ.pop("ANTHROPIC_API_KEY", None)
    import requests

    from wakeful import assembly, ddb, signing
    from wakeful.auth import keys
    from wakeful_dev.runtime import DevStack

    assembly.install()  # the agent's body is composed of the installed capabilities' fields
    from wakeful.agents import service as agent_service
    from wakeful.agents.inputs import AgentCreate
    from wakeful.subscriptions import service as subscriptions

    stack = DevStack(port=0, workers=False, tick=tick, visibility_timeout=60).start()
    tool = ToolServer()
    lateness = Lateness()
    lateness.install()
    try:
        owner = f"load-{uuid.uuid4().hex[:8]}"
        http = requests.Session()
        http.headers["Authorization"] = f"Bearer {keys.create(owner)}"
        api = stack.api_url
        http.post(f"{api}/tools", json={"name": "Load", "kind": "http", "endpoint_url": tool.url}).raise_for_status()
        for event_type in ("LOAD", "LOAD_HOOK"):  # every agent of the owner
            http.post(f"{api}/subscriptions", json={"tool": "Load", "event_type": event_type}).raise_for_status()

        started = time.time()

        def make(n: int) -> str:
            body = AgentCreate(name=f"Load {n}", alias=f"load{n}", heartbeat_interval_seconds=interval)
            return agent_service.create(owner, body).agent_id

        with ThreadPoolExecutor(8) as pool:
            ids = list(pool.map(make, range(agents)))
        hooks = []
        for agent_id in ids[:webhook_agents]:
            response = http.post(f"{api}/agents/{agent_id}/webhooks", json={"rate_limit_per_hour": 100_000})
            response.raise_for_status()
            hooks.append({**response.json(), "agent_id": agent_id})
        with ThreadPoolExecutor(8) as pool:  # what each agent's first heartbeat learns
            list(pool.map(lambda agent_id: subscriptions.sync_heartbeat_tools(owner, agent_id), ids))
        first_due = _spread_first_heartbeats(ddb, ids, interval)  # last: due times count from its end
        created = time.time() - started
        stack.start_workers()
        _phase(f"{agents} agents created in {created:.0f} s, heartbeats spread over {interval} s; {duration:.0f} s of load")
        time.sleep(max(0.0, first_due - time.time()))  # the load starts with the first due heartbeats

        appended: list[tuple[str, int]] = []
        errors: collections.Counter[str] = collections.Counter()
        stop = threading.Event()
        sampler = Sampler().start()
        with lateness.lock:
            lateness.measuring = True
            lateness.due_since = time.time()
        window_start = time.time()

        def stream(rate: float, send: Any) -> None:
            session = requests.Session()
            session.headers.update(http.headers)
            n = 0
            while not stop.is_set():
                due = window_start + n / rate
                if due > time.time():
                    stop.wait(due - time.time())
                    continue
                n += 1
                try:
                    appended.append(send(session, n))
                except Exception as error:  # noqa: BLE001 - counted and reported
                    errors[type(error).__name__] += 1

        def api_event(session: Any, n: int) -> tuple[str, int]:
            agent_id = random.choice(ids)
            response = session.post(f"{api}/agents/{agent_id}/events", json={"event_type": "LOAD", "payload": {"n": n}}, timeout=60)
            response.raise_for_status()
            return agent_id, int(response.json()["seq"])

        def webhook(session: Any, n: int) -> tuple[str, int]:
            hook = random.choice(hooks)
            body = json.dumps({"event_type": "LOAD_HOOK", "payload": {"n": n}}).encode()
            headers = {"Content-Type": "application/json", **signing.headers(hook["secret"], f"msg_{uuid.uuid4().hex}", int(time.time()), body)}
            response = requests.post(hook["url"], data=body, headers=headers, timeout=60)
            response.raise_for_status()
            return hook["agent_id"], int(response.json()["seq"])

        streams = [threading.Thread(target=stream, args=(events_per_second / 2, api_event), daemon=True) for _ in range(2)]
        if hooks and webhooks_per_second > 0:
            streams.append(threading.Thread(target=stream, args=(webhooks_per_second, webhook), daemon=True))
        for thread in streams:
            thread.start()
        stop.wait(duration)
        stop.set()
        for thread in streams:
            thread.join()
        window = time.time() - window_start
        with lateness.lock:
            lateness.measuring = False
            started_in_window, quiet_in_window, late = len(lateness.late), lateness.quiet, list(lateness.late)
        sampler.stop()

        expected = set(appended)
        _phase(f"load stopped: {len(appended)} events appended; draining")
        drained = _wait_for(lambda: expected <= set(tool.actions), timeout=2 * interval + 120)
        drain_seconds = time.time() - window_start - window
        _wait_for(lambda: not _open_heartbeats(ddb, lateness.claimed), timeout=120)
        with tool.lock:
            seen = {key: set(found) for key, found in tool.actions.items()}
            calls = tool.calls
        lost = sorted(expected - set(seen))
        doubled = sorted(key for key, found in seen.items() if len(found) > 1)
        unexpected = sorted(set(seen) - expected)
        statuses = collections.Counter(h["status"] for h in _heartbeats(ddb, lateness.claimed))
        too_late = [x for x in late if x > 2 * tick]
        return {
            "agents": agents,
            "interval_seconds": interval,
            "tick_seconds": tick,
            "setup_seconds": round(created, 1),
            "window_seconds": round(window, 1),
            "drain_seconds": round(drain_seconds, 1),
            "heartbeats_started": started_in_window,
            "heartbeats_quiet": quiet_in_window,
            "heartbeats_per_second": round(started_in_window / window, 2),
            "events_appended": len(appended),
            "events_per_second": round(len(appended) / window, 2),
            "append_errors": dict(errors),
            "tool_calls": calls,
            "redelivered_calls": calls - sum(len(found) for found in seen.values()),
            "events_lost": len(lost),
            "events_doubled": len(doubled),
            "unexpected_events": len(unexpected),
            "drained": drained,
            "claimed_heartbeats": dict(statuses),
            "late_p50_seconds": round(statistics.median(late), 3) if late else None,
            "late_max_seconds": round(max(late), 3) if late else None,
            "late_over_two_ticks": len(too_late),
            "profile": sampler.report(),
            "examples": {"lost": lost[:5], "doubled": doubled[:5]},
        }
    finally:
        stack.stop()
        tool.server.shutdown()


def _phase(text: str) -> None:
    print(f"[load {time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def _wait_for(predicate: Any, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(1.0)
    return predicate()


#: The spread interval starts this long after the spreading starts, per agent (2,000
#: writes take a few seconds on a quiet machine; they get 20), and at least 3 s.
SPREAD_LEAD_SECONDS_PER_AGENT = 0.01


def _spread_first_heartbeats(ddb: Any, ids: list[str], interval: int) -> float:
    """Steady state, not a burst: agents that have run for a while have heartbeats due
    at any moment of the interval. An agent's first heartbeat always runs (``forced``):
    2,000 due at once would measure a creation burst. Each pending heartbeat is made an
    ordinary one, due at a random point of an interval (and the caller stores each
    agent's heartbeat tools, which its first heartbeat would have learned: without them
    every agent's next heartbeat runs to learn them, a second burst).

    The interval starts once these writes are done (returned: the caller starts the
    load then). Counted from before them, the heartbeats due while 2,000 writes went on
    were all claimed by the first tick and, rescheduled from one scan time, stayed one
    clump due at once every interval after: a tick seconds long each minute."""
    from wakeful.agents import repository as agents_repository
    from wakeful.heartbeats import records as hb

    lead = max(3.0, len(ids) * SPREAD_LEAD_SECONDS_PER_AGENT)
    base = time.time() + lead
    for agent in agents_repository.get_many(ids):
        due = base + random.uniform(0, interval)
        ddb.client().update_item(
            TableName=ddb.table("heartbeats"),
            Key=ddb.serialize({"agent_id": agent.agent_id, "heartbeat_id": agent.active_heartbeat_id}),
            UpdateExpression="SET due_at = :d, scheduled_at = :d REMOVE forced",
            ConditionExpression="#st = :p",
            ExpressionAttributeNames={"#st": "status"},
            ExpressionAttributeValues=ddb.values({":d": due, ":p": hb.PENDING}),
        )
    if time.time() > base:
        _phase(f"the spreading took longer than its {lead:.0f} s lead: the first heartbeats were due before the load")
    return base


def _heartbeats(ddb: Any, claimed: list[tuple[str, str]]) -> list[dict[str, Any]]:
    return ddb.batch_get("heartbeats", [{"agent_id": a, "heartbeat_id": h} for a, h in set(claimed)])


def _open_heartbeats(ddb: Any, claimed: list[tuple[str, str]]) -> bool:
    return any(h["status"] in ("QUEUED", "EXECUTING") for h in _heartbeats(ddb, claimed))


def verdict(result: dict[str, Any], *, timing: bool) -> list[str]:
    """What failed (empty when everything held)."""
    problems = []
    if result["events_lost"] or not result["drained"]:
        problems.append(
            f"{result['events_lost']} events not processed when the drain ended (lost, or still queued behind a backlog)"
        )
    if result["events_doubled"]:
        problems.append(f"{result['events_doubled']} events processed twice (two actions)")
    if result["unexpected_events"]:
        problems.append(f"{result['unexpected_events']} actions for events nobody appended")
    bad = {s: n for s, n in result["claimed_heartbeats"].items() if s != "COMPLETED"}
    if bad:
        problems.append(f"claimed heartbeats not completed: {bad}")
    if result["append_errors"]:
        problems.append(f"appends failed: {result['append_errors']}")
    if timing and result["late_over_two_ticks"]:
        problems.append(f"{result['late_over_two_ticks']} heartbeats started more than two ticks late (max {result['late_max_seconds']} s)")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", type=int, default=2000)
    parser.add_argument("--interval", type=int, default=60, help="heartbeat interval, seconds")
    parser.add_argument("--duration", type=float, default=300, help="seconds of event stream")
    parser.add_argument("--events-per-second", type=float, default=2.0, help="API event appends per second")
    parser.add_argument("--webhook-agents", type=int, default=20, help="agents with a webhook")
    parser.add_argument("--webhooks-per-second", type=float, default=0.5)
    parser.add_argument("--tick", type=float, default=1.0, help="seconds between scans")
    parser.add_argument("--no-timing", action="store_true", help="check completeness only (a busy machine)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")
    args = parser.parse_args(argv)
    result = run(args.agents, args.interval, args.duration, args.events_per_second, args.webhook_agents, args.webhooks_per_second, args.tick)
    problems = verdict(result, timing=not args.no_timing)
    if args.json:
        print(json.dumps({**result, "problems": problems}))
        return 1 if problems else 0
    print(
        f"{result['agents']} agents on {result['interval_seconds']} s heartbeats, {result['window_seconds']} s of load "
        f"(setup {result['setup_seconds']} s, drained in {result['drain_seconds']} s)"
    )
    print(f"heartbeats: {result['heartbeats_per_second']}/s started ({result['heartbeats_started']}, {result['heartbeats_quiet']} quiet); "
          f"claimed ones by status {result['claimed_heartbeats']}")  # fmt: skip
    print(f"lateness (scan time - due): median {result['late_p50_seconds']} s, max {result['late_max_seconds']} s, "
          f"{result['late_over_two_ticks']} over two ticks ({2 * result['tick_seconds']} s)")  # fmt: skip
    print(f"events: {result['events_per_second']}/s appended ({result['events_appended']}, API and webhooks); "
          f"not processed {result['events_lost']}, processed twice {result['events_doubled']}, "
          f"tool calls {result['tool_calls']} ({result['redelivered_calls']} redelivered)")  # fmt: skip
    print(result["profile"])
    print("OK" if not problems else "FAILED: " + "; ".join(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
