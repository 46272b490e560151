"""Items the heartbeat scan reads: 10,000 agents, 100 of them due.

The scan Queries the sparse, sharded ``pending-due`` and ``lease-expiry`` indexes, so it
should read about the due count, not the agent count (target: <= 2x the due count).
Measured against moto in server mode, counting the items every Query returned and
scanned (``Count`` / ``ScannedCount``).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

AGENTS = int(os.environ.get("BENCH_AGENTS", "10000"))
DUE = int(os.environ.get("BENCH_DUE", "100"))


def main() -> int:
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    os.environ["WAKEFUL_DUE_SHARDS"] = "8"  # the production default
    from wakeful import aws, ddb, ids
    from wakeful.agents.records import Agent
    from wakeful.heartbeats import records
    from wakeful_dev.runtime import DevStack

    stack = DevStack(port=None, workers=False).start()
    try:
        client = aws.client("dynamodb")
        now = time.time()
        started = time.time()
        batch = []
        for n in range(AGENTS):
            agent = Agent(agent_id=ids.new_id("agt"), owner="bench", name="Bench", alias="bench", heartbeat_interval_seconds=900)
            due_at = now - 5 if n < DUE else now + 900 + n % 600
            batch.append({"PutRequest": {"Item": ddb.serialize(records.new_pending(agent, ids.new_id("hb"), due_at, now=now).to_item())}})
            if len(batch) == 25:
                client.batch_write_item(RequestItems={ddb.table("heartbeats"): batch})
                batch = []
        if batch:
            client.batch_write_item(RequestItems={ddb.table("heartbeats"): batch})
        print(f"seeded {AGENTS} pending heartbeats ({DUE} due) in {time.time() - started:.1f} s")

        read = {"queries": 0, "returned": 0, "scanned": 0}

        def count(parsed=None, model=None, **_):
            if model is not None and model.name == "Query" and parsed:
                read["queries"] += 1
                read["returned"] += parsed.get("Count", 0)
                read["scanned"] += parsed.get("ScannedCount", 0)

        client.meta.events.register("after-call.dynamodb.Query", count)
        result = stack.tick(now)
        client.meta.events.unregister("after-call.dynamodb.Query", count)
        ratio = read["scanned"] / DUE
        print(f"one scan: {read['queries']} queries, {read['returned']} items returned, {read['scanned']} items scanned")
        print(f"claimed {result['claimed']} of {DUE} due; items read / due = {ratio:.2f} (target <= 2.00)")
        return 0 if ratio <= 2 and result["claimed"] == DUE else 1
    finally:
        stack.stop()


if __name__ == "__main__":
    sys.exit(main())
