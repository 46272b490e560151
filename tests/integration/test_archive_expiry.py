"""With retention on, what DynamoDB's TTL deletes leaves for the archive in S3: the
local runtime plays DynamoDB's TTL and its streams (wakeful_dev.archive_local), the real
archiver handler writes moto's S3, and nothing expired is lost or archived twice."""

from __future__ import annotations

import gzip
import json
import time
from collections import Counter
from typing import Any, Iterator

import pytest
import requests

from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe, wait_until
from wakeful import aws, ddb
from wakeful.config import get_settings
from wakeful_dev.archive_local import BUCKET, Expiry

DAY = 86400


@pytest.fixture()
def retention_days(monkeypatch) -> Iterator[int]:
    monkeypatch.setenv("WAKEFUL_RETENTION_DAYS", "7")
    get_settings.cache_clear()
    yield 7
    monkeypatch.delenv("WAKEFUL_RETENTION_DAYS")
    get_settings.cache_clear()


def archived(table: str, agent_id: str) -> dict[str, list[dict[str, Any]]]:
    """The archive's objects under ``<table>/<agent_id>/``: key -> its records."""
    s3 = aws.client("s3")
    found = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=BUCKET, Prefix=f"{table}/{agent_id}/"):
        for entry in page.get("Contents", []):
            body = s3.get_object(Bucket=BUCKET, Key=entry["Key"])["Body"].read()
            found[entry["Key"]] = [json.loads(line) for line in gzip.decompress(body).splitlines()]
    return found


def day_folder(at: float) -> str:
    return time.strftime("%Y/%m/%d", time.gmtime(at))


def ttl_record(table_name: str, agent: str, seq: int) -> dict[str, Any]:
    """A stream record of DynamoDB's TTL deleting the event ``agent``/``seq`` of ``table_name``."""
    now = time.time()
    return {
        "eventID": f"rec-{agent}-{seq}",
        "eventName": "REMOVE",
        "dynamodb": {
            "ApproximateCreationDateTime": now,
            "Keys": ddb.serialize({"agent_id": agent, "seq": seq}),
            "OldImage": ddb.serialize({"agent_id": agent, "seq": seq, "created_at": now}),
        },
        "userIdentity": {"type": "Service", "principalId": "dynamodb.amazonaws.com"},
        "eventSourceARN": f"arn:aws:dynamodb:us-east-1:123456789012:table/{table_name}/stream/local",
    }


def rows(table: str, key: str, value: str, index: str | None = None) -> list[dict[str, Any]]:
    return list(ddb.query(table, index=index, KeyConditionExpression=f"{key} = :v", ExpressionAttributeValues={":v": value}))


def agent_records(agent_id: str, hook_id: str, webhook_id: str) -> dict[str, list[dict[str, Any]]]:
    """Every row of the agent's in the retained tables that retention expires, read
    before they expire."""
    return {
        "events": rows("events", "agent_id", agent_id),
        "heartbeats": [h for h in rows("heartbeats", "agent_id", agent_id) if "expires_at" in h],
        "actions": rows("actions", "agent_id", agent_id, index="by-agent"),
        "hook_deliveries": rows("hook_deliveries", "hook_id", hook_id, index="by-hook"),
        "hook_executions": rows("hook_executions", "hook_id", hook_id),
        "webhook_requests": [r for r in rows("webhook_requests", "webhook_id", webhook_id) if r["request_id"].startswith("whr_")],
    }


def test_records_past_retention_leave_dynamodb_for_the_archive_filed_by_table_agent_and_day(stack, api, tool_server, receiver, retention_days):
    agent = api.create_agent()
    aid = agent["id"]
    subscribe(api, register_tool(api, tool_server, "kept"), "HEARTBEAT", aid)
    run_heartbeat(stack, api, aid)
    hook = api.post(f"/agents/{aid}/hooks", json={"hook_type": "AFTER_HEARTBEAT", "endpoint_url": receiver.url("h")}).json()
    assert api.post(f"/agents/{aid}/hooks/{hook['id']}/test").status_code == 202
    wait_until(lambda: rows("hook_executions", "hook_id", hook["id"]))
    webhook = api.post(f"/agents/{aid}/webhooks", json={}).json()
    assert requests.post(webhook["url"], json={"event_type": "E", "payload": {}}, timeout=30).status_code == 401  # unsigned
    expected = agent_records(aid, hook["id"], webhook["id"])
    assert all(expected.values()), {table: len(found) for table, found in expected.items()}
    pending = ddb.get("agents", {"agent_id": aid})["active_heartbeat_id"]

    stack.expire(time.time() + 8 * DAY)

    assert agent_records(aid, hook["id"], webhook["id"]) == {table: [] for table in expected}
    assert ddb.get("heartbeats", {"agent_id": aid, "heartbeat_id": pending}) is not None  # a pending one never expires
    for table, kept in expected.items():
        objects = archived(table, aid)
        lines = [record for records in objects.values() for record in records]
        assert sorted(json.dumps(line, sort_keys=True) for line in lines) == sorted(json.dumps(row, sort_keys=True) for row in kept), table
        when = {"hook_executions": "executed_at", "webhook_requests": "received_at", "heartbeats": "scheduled_at"}.get(table, "created_at")
        for key, records in objects.items():
            assert key.startswith(f"{table}/{aid}/") and key.endswith(".jsonl.gz")
            assert {day_folder(r[when]) for r in records} == {key.split("/", 2)[2].rsplit("/", 1)[0]}, key


def test_a_record_whose_expiry_has_not_come_stays_in_its_table_and_out_of_the_archive(stack, api, retention_days):
    agent = api.create_agent()
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "E", "payload": {}}).status_code == 202

    stack.expire(time.time() + 6 * DAY)

    assert ddb.get("events", {"agent_id": agent["id"], "seq": 1}) is not None
    assert archived("events", agent["id"]) == {}


def test_an_archiver_that_fails_after_writing_gets_the_same_batch_again_and_each_record_is_archived_once(stack, api, retention_days):
    agent = api.create_agent()
    api.patch(f"/agents/{agent['id']}", json={"is_active": False})
    for n in range(5):
        assert api.post(f"/agents/{agent['id']}/events", json={"event_type": "E", "payload": {"n": n}}).status_code == 202
    events_stream = f"table/{get_settings().table('events')}/stream/"
    batches: list[list[str]] = []  # the events table's, as handed to the archiver

    def crashing_once(function: str, event: dict[str, Any]) -> Any:
        """The archiver's invocations; the events table's first fails after it wrote (a timeout)."""
        result = stack.invoke(function, event)
        if events_stream in event["Records"][0]["eventSourceARN"]:
            batches.append([r["eventID"] for r in event["Records"]])
            if len(batches) == 1:
                raise TimeoutError("the invocation timed out after writing")
        return result

    expiry = Expiry(crashing_once, region=get_settings().region)
    first = expiry.sweep(time.time() + 8 * DAY)
    written = archived("events", agent["id"])

    assert first.waiting >= 5 and ddb.get("events", {"agent_id": agent["id"], "seq": 1}) is None  # gone from the table, held by the stream
    second = expiry.sweep(time.time() + 8 * DAY)

    assert second.waiting == 0 and batches[1] == batches[0]  # the same batch, from the same first record
    again = archived("events", agent["id"])
    assert set(again) == set(written)  # the same objects, written over
    seqs = Counter(r["seq"] for records in again.values() for r in records)
    assert seqs == Counter({1: 1, 2: 1, 3: 1, 4: 1, 5: 1})


def test_a_deletion_the_ttl_did_not_make_is_not_archived(stack):
    record = {**ttl_record(get_settings().table("events"), "agt_someone", 1), "userIdentity": {"type": "User", "principalId": "AIDAEXAMPLE"}}

    result = stack.invoke("archiver", {"Records": [record]})

    assert result == {"records": 1, "archived": 0, "skipped": 1, "objects": 0}
    assert archived("events", "agt_someone") == {}


def test_a_batch_of_several_agents_is_one_object_each_and_every_put_is_judged_as_the_archivers(stack):
    from tests.support import iam_audit

    name = get_settings().table("events")
    batch = [ttl_record(name, agent, seq) for agent in ("agt_several_a", "agt_several_b", "agt_several_c") for seq in (1, 2)]

    result = stack.invoke("archiver", {"Records": batch})

    assert result == {"records": 6, "archived": 6, "skipped": 0, "objects": 3}
    keys = {key for agent in ("agt_several_a", "agt_several_b", "agt_several_c") for key in archived("events", agent)}
    puts = {c.resource for c in iam_audit.RECORDER.snapshot() if c.function == "archiver" and c.action == "s3:PutObject"}
    assert {f"arn:aws:s3:::{BUCKET}/{key}" for key in keys} <= puts  # written in parallel, each attributed to the archiver


def test_a_batch_from_a_table_the_archiver_was_not_given_fails_whole_and_writes_nothing(stack):
    from wakeful.archive.exceptions import ArchiveUnknownTableError

    batch = [ttl_record(get_settings().table("events"), "agt_unknown_table", 1), ttl_record("someone-elses-table", "agt_unknown_table", 2)]

    with pytest.raises(ArchiveUnknownTableError, match="someone-elses-table"):
        stack.invoke("archiver", {"Records": batch})
    assert archived("events", "agt_unknown_table") == {}


def test_without_an_archive_bucket_a_batch_fails_and_is_not_taken_as_written(stack, monkeypatch):
    from wakeful.archive.exceptions import ArchiveNotConfiguredError

    monkeypatch.delenv("WAKEFUL_ARCHIVE_BUCKET")
    with pytest.raises(ArchiveNotConfiguredError):
        stack.invoke("archiver", {"Records": [ttl_record(get_settings().table("events"), "agt_no_bucket", 1)]})
