"""Schedules: what the scan reads with 10,000 schedules of which 100 are due, and the
LLM tokens a silent (``heartbeat_ok``) checklist run costs.

1. Scan cost. 10,000 active schedules are put in the sparse, sharded ``schedule-due``
   index, 100 of them due. One scan (the real ``heartbeat_scan`` handler against moto in
   server mode) must claim the 100 and read about that many items: the ratio of items
   the schedules' Queries returned and scanned (``Count`` / ``ScannedCount``) to the due
   count must be <= 1.05. Claims are decided from the index item alone, so the scan does
   no GetItem on the happy path; the number is printed too.
2. Tokens per heartbeat_ok run. A heartbeat checklist schedule runs N times through the
   scan, the schedule runner and the thread runner, the model being the real anthropic
   SDK against the fake Messages API of ``tests/fakes`` answering ``HEARTBEAT_OK``
   after one tool call. Prints tokens per run (uncached input, cache writes, cache
   reads, output) and how many notifications went out (0 expected).

Run: ``.venv/bin/python bench/schedules_bench.py`` (env ``BENCH_SCHEDULES``,
``BENCH_DUE``, ``BENCH_RUNS`` change the sizes).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SCHEDULES = int(os.environ.get("BENCH_SCHEDULES", "10000"))
DUE = int(os.environ.get("BENCH_DUE", "100"))
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
TARGET = 1.05


def seed(now: float) -> None:
    from wakeful import aws, ddb, ids
    from wakeful.schedules import repository

    client = aws.client("dynamodb")
    batch = []
    for n in range(SCHEDULES):
        schedule_id = ids.new_id("sch")
        due_at = now - 5 if n < DUE else now + 900 + n % 600
        item = {
            "agent_id": f"agt_bench{n % 500}",
            "schedule_id": schedule_id,
            "owner": "bench",
            "prompt": "Check on my daily items",
            "cron_expression": "*/5 * * * *",
            "timezone": "Europe/Berlin",
            "config": {"schedule_type": "heartbeat", "heartbeat_checklist": ["Check the disk"]},
            "is_active": True,
            "next_run_at": due_at,
            "revision": 0,
            "created_at": now,
            **repository.due_attributes(schedule_id, due_at),
        }
        batch.append({"PutRequest": {"Item": ddb.serialize(item)}})
        if len(batch) == 25:
            client.batch_write_item(RequestItems={ddb.table("schedules"): batch})
            batch = []
    if batch:
        client.batch_write_item(RequestItems={ddb.table("schedules"): batch})


def scan_cost(stack) -> bool:
    from wakeful import aws, ddb

    now = time.time()
    started = time.time()
    seed(now)
    print(f"\nseeded {SCHEDULES} active schedules ({DUE} due) in {time.time() - started:.1f} s")
    client = aws.client("dynamodb")
    tables = {ddb.table("schedules"), ddb.table("schedule_results")}
    read = {"queries": 0, "returned": 0, "scanned": 0, "gets": 0}

    def before(params=None, model=None, context=None, **_):
        if context is not None and model is not None:
            context["bench_table"] = (params or {}).get("TableName")

    def after(parsed=None, model=None, context=None, **_):
        if model is None or context is None or context.get("bench_table") not in tables or not parsed:
            return
        if model.name == "Query":
            read["queries"] += 1
            read["returned"] += parsed.get("Count", 0)
            read["scanned"] += parsed.get("ScannedCount", 0)
        elif model.name in ("GetItem", "BatchGetItem"):
            read["gets"] += 1

    client.meta.events.register("before-parameter-build.dynamodb", before, unique_id="bench-before")
    client.meta.events.register("after-call.dynamodb", after, unique_id="bench-after")
    result = stack.tick(now)
    client.meta.events.unregister("before-parameter-build.dynamodb", unique_id="bench-before")
    client.meta.events.unregister("after-call.dynamodb", unique_id="bench-after")
    claimed = result["schedules"]["claimed"]
    ratio = read["scanned"] / DUE
    print(f"one scan: {read['queries']} schedule queries, {read['returned']} items returned, {read['scanned']} scanned, {read['gets']} GetItem")
    print(f"claimed {claimed} of {DUE} due; items read / due = {ratio:.3f} (target <= {TARGET:.2f})")
    return ratio <= TARGET and claimed == DUE


def tokens_per_heartbeat_ok(stack) -> bool:
    import requests

    from tests.fakes.anthropic_server import FakeAnthropic
    from tests.support.hook_receiver import HookReceiver
    from wakeful import clock
    from wakeful.auth import keys
    from wakeful.llm import settings

    server = FakeAnthropic()
    receiver = HookReceiver()
    os.environ["ANTHROPIC_API_KEY"] = "sk-ant-bench-fake"
    os.environ["ANTHROPIC_BASE_URL"] = server.url
    os.environ.pop("WAKEFUL_LLM_PROVIDER", None)
    settings.reset()
    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {keys.create('bench-tokens')}"
    api = stack.api_url
    try:
        agent = http.post(f"{api}/agents", json={"name": "Ops", "alias": "bench_ops", "system_prompt": "You look after a small company's systems."}).json()
        http.patch(f"{api}/agents/{agent['id']}", json={"is_active": False})  # its own heartbeats are not measured
        tool = http.post(f"{api}/tools", json={"name": "disk_usage", "kind": "http", "endpoint_url": receiver.url("disk"), "description": "Disk usage of the file server"}).json()
        for hook_type in ("SCHEDULE_RESULT", "SCHEDULE_FAILED"):
            http.post(f"{api}/agents/{agent['id']}/hooks", json={"hook_type": hook_type, "endpoint_url": receiver.url("notify")})
        checklist = ["Check the file server's disk usage", "Check for failed backups in the last 24 hours", "Check pending approvals"]
        schedule = http.post(
            f"{api}/agents/{agent['id']}/schedules",
            json={"prompt": "Morning check-in", "cron_expression": "0 8 * * *", "timezone": "Europe/Berlin", "config": {"schedule_type": "heartbeat", "heartbeat_checklist": checklist}},
        ).json()
        server.converse([{"match": "", "turns": [{"tool_calls": [{"name": tool["name"], "input": {}}]}, {"text": "HEARTBEAT_OK"}]}])
        due = clock.parse_iso(schedule["next_run_at"])
        rows = []
        for run in range(RUNS):
            before = len(server.usages)
            stack.tick(due + 1)
            stack.drain()
            usages = server.usages[before:]
            rows.append({k: sum(u.get(k, 0) for u in usages) for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")} | {"calls": len(usages)})
            due = clock.parse_iso(http.get(f"{api}/agents/{agent['id']}/schedules/{schedule['id']}").json()["next_run_at"])
        results = http.get(f"{api}/agents/{agent['id']}/schedules/{schedule['id']}/results?limit=100").json()["items"]
        http.delete(f"{api}/agents/{agent['id']}/schedules/{schedule['id']}")
    finally:
        server.close()
        receiver.close()
    print(f"heartbeat_ok runs: {RUNS} (one tool call, then HEARTBEAT_OK), anthropic SDK -> fake Messages API")
    print(f"{'run':>3} {'calls':>5} {'input':>7} {'cache_w':>8} {'cache_r':>8} {'output':>7} {'total':>7}")
    for n, row in enumerate(rows, 1):
        total = row["input_tokens"] + row["cache_creation_input_tokens"] + row["cache_read_input_tokens"] + row["output_tokens"]
        print(f"{n:>3} {row['calls']:>5} {row['input_tokens']:>7} {row['cache_creation_input_tokens']:>8} {row['cache_read_input_tokens']:>8} {row['output_tokens']:>7} {total:>7}")
    later = rows[1:] or rows
    mean_output = sum(r["output_tokens"] for r in later) / len(later)
    mean_total = sum(r["input_tokens"] + r["cache_creation_input_tokens"] + r["cache_read_input_tokens"] + r["output_tokens"] for r in later) / len(later)
    cached = sum(r["cache_read_input_tokens"] for r in later) / max(1, sum(r["input_tokens"] + r["cache_creation_input_tokens"] + r["cache_read_input_tokens"] for r in later))
    statuses = [r["status"] for r in results]
    notified = len(receiver.deliveries("notify"))
    print(f"tokens per heartbeat_ok run after the first: {mean_total:.0f} ({mean_output:.0f} output); share of input read from the cache: {cached:.2f}")
    print(f"results: {statuses.count('heartbeat_ok')} heartbeat_ok of {len(statuses)}; notifications sent: {notified}")
    return statuses.count("heartbeat_ok") == RUNS and notified == 0


def main() -> int:
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    os.environ["WAKEFUL_DUE_SHARDS"] = "8"  # the production default
    from wakeful_dev.runtime import DevStack

    stack = DevStack(port=0, workers=False, visibility_timeout=1).start()
    try:
        # Tokens first: its runs move the clock up to a day ahead, where every seeded
        # schedule of the scan-cost part would be due.
        ok = tokens_per_heartbeat_ok(stack)
        ok = scan_cost(stack) and ok
    finally:
        stack.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
