"""The dry-run tripwire: inside a dry run, a send or a change no capture point stopped
fails loudly (an HTTP request, a queue send, a write to the agent's tables), while the
model usage ledger and the lab's own table stay writable."""

from __future__ import annotations

from typing import Any

import pytest

from wakeful import aws, ddb, dryrun, outbound


def test_dry_run_tripwire_refuses_an_uncaptured_http_request(stack, tool_server):
    with dryrun.running(dryrun.DryRun("rpl_test")), pytest.raises(dryrun.DryRunLeakError):
        outbound.request("POST", tool_server.url("leak"), timeout=5, max_body_bytes=1024, json={"x": 1})
    assert tool_server.requests_for("leak") == []


def test_dry_run_tripwire_refuses_a_queue_send(stack):
    url = stack.queue_urls["schedule"]
    with dryrun.running(dryrun.DryRun("rpl_test")), pytest.raises(dryrun.DryRunLeakError):
        aws.client("sqs").send_message(QueueUrl=url, MessageBody="{}")


def test_dry_run_tripwire_refuses_a_write_to_the_agents_tables_but_not_to_the_lab(stack):
    item: dict[str, Any] = {"agent_id": "agt_tripwire", "record_key": "rp#x", "status": "done"}
    with dryrun.running(dryrun.DryRun("rpl_test")):
        with pytest.raises(dryrun.DryRunLeakError):
            ddb.client().put_item(TableName=ddb.table("threads"), Item=ddb.serialize({"agent_id": "agt_tripwire", "thread_id": "thr_x"}))
        ddb.put_new("lab", item)
    assert ddb.get("threads", {"agent_id": "agt_tripwire", "thread_id": "thr_x"}) is None
    assert ddb.get("lab", {"agent_id": "agt_tripwire", "record_key": "rp#x"}) == item


def test_outside_a_dry_run_the_tripwire_lets_everything_through(stack):
    ddb.client().put_item(TableName=ddb.table("threads"), Item=ddb.serialize({"agent_id": "agt_tripwire2", "thread_id": "thr_y"}))
    assert ddb.get("threads", {"agent_id": "agt_tripwire2", "thread_id": "thr_y"}) is not None
