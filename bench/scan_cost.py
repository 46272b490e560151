"""Items the heartbeat scan reads, and how fast its parallel groups claim.

1. Reads: 10,000 agents, 100 of them due. The scan Queries the sparse, sharded
   ``pending-due`` and ``lease-expiry`` indexes (and the threads', schedules' and hook
   deliveries' due indexes), so it should read about the due count, not the agent count
   (target: <= 2x the due count). Counted from every Query's ``Count`` / ``ScannedCount``.
2. Claim rate: 2,000 due heartbeats claimed by one tick, first with one scan invocation
   for all shards, then fanned out into the deployment's groups (one invocation per group
   of shards, in parallel, as the EventBridge Scheduler schedules run them). Every due
   item must be claimed exactly once. Locally the emulator serialises DynamoDB, so the
   groups cannot run faster than one scan here; the AWS figure is modelled from the
   requests each claim makes (``bench/cost_model.py``'s 8 ms per in-region call).

Run against moto in server mode with the deployment's shards (``infra/settings.py``).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

AGENTS = int(os.environ.get("BENCH_AGENTS", "10000"))
DUE = int(os.environ.get("BENCH_DUE", "100"))
CLAIMS = int(os.environ.get("BENCH_CLAIMS", "2000"))
AWS_CALL_MS = 8.0  # bench/cost_model.py AWS_CALL_LATENCY_MS
SCAN_TIMEOUT_SECONDS = 50  # the scan function's timeout (infra/functions.py), under the minute
INTERVAL_SECONDS = 900


class _Deployed:
    """The deployment's defaults (infra/settings.py ``due_shards``, ``scan_groups``; not
    imported from there: that loads the CDK), as in bench/cost_model.py."""

    due_shards = int(os.environ.get("BENCH_DUE_SHARDS", "16"))
    scan_groups = int(os.environ.get("BENCH_SCAN_GROUPS", "4"))


def main() -> int:
    deployed = _Deployed()
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    os.environ["WAKEFUL_DUE_SHARDS"] = str(deployed.due_shards)
    os.environ["WAKEFUL_SCAN_GROUPS"] = "1"
    from wakeful import aws, ddb, ids
    from wakeful.agents.records import Agent
    from wakeful.heartbeats import records
    from wakeful_dev.runtime import DevStack

    stack = DevStack(port=None, workers=False).start()
    try:
        client = aws.client("dynamodb")

        def seed(total: int, due: int, now: float) -> list[dict[str, str]]:
            batch, due_keys = [], []
            for n in range(total):
                agent = Agent(agent_id=ids.new_id("agt"), owner="bench", name="Bench", alias="bench", heartbeat_interval_seconds=INTERVAL_SECONDS)
                heartbeat_id = ids.new_id("hb")
                due_at = now - 5 if n < due else now + 10 * 86400 + n % 600  # the others: not due during this run
                if n < due:
                    due_keys.append({"agent_id": agent.agent_id, "heartbeat_id": heartbeat_id})
                batch.append({"PutRequest": {"Item": ddb.serialize(records.new_pending(agent, heartbeat_id, due_at, now=now).to_item())}})
                if len(batch) == 25:
                    client.batch_write_item(RequestItems={ddb.table("heartbeats"): batch})
                    batch = []
            if batch:
                client.batch_write_item(RequestItems={ddb.table("heartbeats"): batch})
            return due_keys

        # -- 1. what a tick reads ----------------------------------------------------
        now = time.time()
        started = time.time()
        seed(AGENTS, DUE, now)
        print(f"seeded {AGENTS} pending heartbeats ({DUE} due) over {deployed.due_shards} shards in {time.time() - started:.1f} s")
        read = {"queries": 0, "returned": 0, "scanned": 0}

        def count(parsed=None, model=None, **_):
            if model is not None and model.name == "Query" and parsed:
                read["queries"] += 1
                read["returned"] += parsed.get("Count", 0)
                read["scanned"] += parsed.get("ScannedCount", 0)

        client.meta.events.register("after-call.dynamodb.Query", count)
        os.environ["WAKEFUL_SCAN_GROUPS"] = str(deployed.scan_groups)
        result = stack.tick(now)
        client.meta.events.unregister("after-call.dynamodb.Query", count)
        ratio = read["scanned"] / DUE
        ok = ratio <= 2 and result["claimed"] == DUE
        print(f"one tick ({deployed.scan_groups} scans of {deployed.due_shards // deployed.scan_groups} shards each): "
              f"{read['queries']} queries, {read['returned']} items returned, {read['scanned']} items scanned")  # fmt: skip
        print(f"claimed {result['claimed']} of {DUE} due; items read / due = {ratio:.2f} (target <= 2.00) {'ok' if ok else 'OVER'}")

        # -- 2. the claim rate, one scan and fanned out ----------------------------------
        calls = {"n": 0}

        def calls_made(model=None, **_):
            calls["n"] += 1

        for groups in (1, deployed.scan_groups):
            os.environ["WAKEFUL_SCAN_GROUPS"] = str(groups)
            now = time.time()  # earlier claims hold their leases: only this round's seeds are due
            due_keys = seed(CLAIMS, CLAIMS, now)
            for service in ("dynamodb", "sqs"):
                aws.client(service).meta.events.register(f"after-call.{service}", calls_made, unique_id=f"bench-calls-{service}")
            calls["n"] = 0
            started = time.perf_counter()
            result = stack.tick(now)
            elapsed = time.perf_counter() - started
            for service in ("dynamodb", "sqs"):
                aws.client(service).meta.events.unregister(f"after-call.{service}", unique_id=f"bench-calls-{service}")
            claimed = [ddb.get("heartbeats", key) for key in due_keys]
            once = result["claimed"] == CLAIMS and all(item and item["status"] == records.QUEUED for item in claimed)
            ok &= once
            per_claim = calls["n"] / max(1, result["claimed"])
            per_scan = SCAN_TIMEOUT_SECONDS * 1000 / (per_claim * AWS_CALL_MS)
            print(f"{groups:2d} scan invocation(s) per tick: claimed {result['claimed']} of {CLAIMS} (each once: {once}) "
                  f"in {elapsed:.1f} s locally = {result['claimed'] / elapsed:,.0f} claims/s (one emulator, serialised); "
                  f"{per_claim:.2f} requests per claim -> on AWS ~{per_scan:,.0f} claims per scan per tick, "
                  f"~{groups * per_scan:,.0f} per tick in parallel = {groups * per_scan / 60:,.0f} claims/s, "
                  f"~{groups * per_scan * INTERVAL_SECONDS / 60:,.0f} agents at {INTERVAL_SECONDS // 60}-minute heartbeats")  # fmt: skip
            # The claimed heartbeats' messages (of agents that do not exist) stay in the
            # queue, never run: the workers are off.
        return 0 if ok else 1
    finally:
        stack.stop()


if __name__ == "__main__":
    sys.exit(main())
