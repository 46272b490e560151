"""What the archive keeps of the retained tables' streams, and how it files it
(wakeful.archive.records): pure functions over DynamoDB Streams records."""

from __future__ import annotations

import gzip
import json
from typing import Any

from wakeful import ddb, retention
from wakeful.archive import records
from wakeful.archive.records import FILINGS, kept, parts, segment, stream_filter
from wakeful.tables import TABLES

DAY = 86400
T0 = 1_767_225_600.0  # 2026-01-01T00:00:00Z


def ttl_removal(table: str, item: dict[str, Any], *, event_id: str = "e1", deleted_at: float = T0 + 40 * DAY) -> dict[str, Any]:
    """A stream record as DynamoDB writes it when its TTL deletes ``item``."""
    spec = TABLES[table]
    keys = {a.name: item[a.name] for a in (spec.pk, spec.sk) if a is not None}
    return {
        "eventID": event_id,
        "eventName": "REMOVE",
        "eventVersion": "1.1",
        "eventSource": "aws:dynamodb",
        "awsRegion": "us-east-1",
        "dynamodb": {
            "ApproximateCreationDateTime": deleted_at,
            "Keys": ddb.serialize(keys),
            "OldImage": ddb.serialize(item),
            "SequenceNumber": "100",
            "SizeBytes": 10,
            "StreamViewType": "OLD_IMAGE",
        },
        "userIdentity": {"type": "Service", "principalId": "dynamodb.amazonaws.com"},
        "eventSourceARN": f"arn:aws:dynamodb:us-east-1:123456789012:table/wakeful-{table}/stream/2026-01-01T00:00:00.000",
    }


def event(agent: str, seq: int, created_at: float) -> dict[str, Any]:
    return {"agent_id": agent, "seq": seq, "event_type": "E", "payload": {"n": seq}, "created_at": created_at, "expires_at": int(created_at + 7 * DAY)}


def lines(part: records.Part) -> list[dict[str, Any]]:
    return [json.loads(line) for line in gzip.decompress(part.body).splitlines()]


def matches(pattern: Any, value: Any) -> bool:
    """Lambda's event filtering, for the rules the archive's filter uses (values and prefixes)."""
    if isinstance(pattern, dict):
        return isinstance(value, dict) and all(k in value and matches(p, value[k]) for k, p in pattern.items())
    return any(str(value).startswith(rule["prefix"]) if isinstance(rule, dict) else value == rule for rule in pattern)


def test_the_archive_files_exactly_the_tables_retention_expires():
    assert tuple(FILINGS) == retention.TABLES
    for table in retention.TABLES:
        assert TABLES[table].ttl == "expires_at", table


def test_the_row_prefixes_are_those_the_request_writers_use():
    from wakeful.channels.request_repository import REQUEST_PREFIX as CHANNEL_REQUEST
    from wakeful.webhooks.records import REQUEST_PREFIX as WEBHOOK_REQUEST

    assert FILINGS["webhook_requests"].rows == ("request_id", WEBHOOK_REQUEST)
    assert FILINGS["channel_requests"].rows == ("request_id", CHANNEL_REQUEST)


def test_a_ttl_deletion_is_kept_and_a_deletion_by_anyone_else_is_not():
    record = ttl_removal("events", event("agt_1", 1, T0))
    assert kept("events", record)
    by_a_user = {key: value for key, value in record.items() if key != "userIdentity"}
    assert not kept("events", by_a_user)
    assert not kept("events", {**record, "userIdentity": {"type": "Service", "principalId": "someone.amazonaws.com"}})
    assert not kept("events", {**record, "eventName": "MODIFY"})
    assert not kept("idempotency", record)  # not a retained table


def test_only_request_rows_of_the_request_tables_are_kept_not_their_counters_or_markers():
    row = {"webhook_id": "whk_1", "request_id": "whr_01", "agent_id": "agt_1", "received_at": T0}
    counter = {"webhook_id": "whk_1", "request_id": "rate#2026010100", "count": 3}
    assert kept("webhook_requests", ttl_removal("webhook_requests", row))
    assert not kept("webhook_requests", ttl_removal("webhook_requests", counter))
    seen = {"channel_id": "chn_1", "request_id": "seen#abc"}
    assert not kept("channel_requests", ttl_removal("channel_requests", seen))


def test_the_stream_filter_lets_through_exactly_what_the_archiver_keeps():
    samples = [
        ("events", ttl_removal("events", event("agt_1", 1, T0))),
        ("webhook_requests", ttl_removal("webhook_requests", {"webhook_id": "w", "request_id": "whr_1", "received_at": T0})),
        ("webhook_requests", ttl_removal("webhook_requests", {"webhook_id": "w", "request_id": "rows#1"})),
        ("channel_requests", ttl_removal("channel_requests", {"channel_id": "c", "request_id": "chr_1", "received_at": T0})),
        ("channel_requests", ttl_removal("channel_requests", {"channel_id": "c", "request_id": "seen#1"})),
    ]
    samples += [(t, {**r, "userIdentity": {"type": "User", "principalId": "AIDA"}}) for t, r in samples]
    samples += [(t, {**r, "eventName": "INSERT"}) for t, r in samples[:2]]
    for table, record in samples:
        assert matches(stream_filter(table), record) == kept(table, record), (table, record["dynamodb"]["Keys"])
    assert sum(kept(t, r) for t, r in samples) == 3


def test_records_are_filed_by_table_agent_and_utc_day_of_their_own_time():
    batch = [
        ttl_removal("events", event("agt_1", 1, T0 + 10), event_id="a1"),
        ttl_removal("events", event("agt_2", 1, T0 + 20), event_id="b1"),
        ttl_removal("events", event("agt_1", 2, T0 + DAY - 1), event_id="a2"),
        ttl_removal("events", event("agt_1", 3, T0 + DAY), event_id="a3"),
    ]
    found = {part.key: lines(part) for part in parts("events", batch)}
    assert sorted(found) == [
        "events/agt_1/2026/01/01/20260210T000000Z-a1.jsonl.gz",
        "events/agt_1/2026/01/02/20260210T000000Z-a3.jsonl.gz",
        "events/agt_2/2026/01/01/20260210T000000Z-b1.jsonl.gz",
    ]
    assert [r["seq"] for r in found["events/agt_1/2026/01/01/20260210T000000Z-a1.jsonl.gz"]] == [1, 2]
    assert found["events/agt_2/2026/01/01/20260210T000000Z-b1.jsonl.gz"] == [event("agt_2", 1, T0 + 20)]


def test_a_line_is_the_item_as_it_was_numbers_as_numbers_binary_as_base64():
    item = {"channel_id": "chn_1", "request_id": "chr_1", "received_at": T0 + 0.25, "body_bytes": 12, "sealed": b"\x00\x01", "ok": True, "tags": None}
    (part,) = parts("channel_requests", [ttl_removal("channel_requests", item)])
    assert lines(part) == [{"channel_id": "chn_1", "request_id": "chr_1", "received_at": T0 + 0.25, "body_bytes": 12, "sealed": "AAE=", "ok": True}]
    assert part.key.startswith("channel_requests/chn_1/2026/01/01/")  # no agent on the row: its channel


def test_the_same_batch_gives_the_same_objects_byte_for_byte():
    batch = [ttl_removal("heartbeats", {"agent_id": "agt_1", "heartbeat_id": f"hb_{n}", "scheduled_at": T0, "status": "COMPLETED"}, event_id=f"e{n}") for n in range(5)]
    first, again = parts("heartbeats", batch), parts("heartbeats", [dict(r) for r in batch])
    assert first == again and len(first) == 1 and first[0].count == 5


def test_a_shorter_redelivery_of_a_batch_rewrites_its_first_object_and_files_the_rest_apart():
    batch = [ttl_removal("events", event("agt_1", n, T0), event_id=f"e{n}") for n in range(1, 5)]
    whole = {p.key: lines(p) for p in parts("events", batch)}
    halves = [{p.key: lines(p) for p in parts("events", half)} for half in (batch[:2], batch[2:])]
    assert set(halves[0]) == set(whole)  # the same name: the smaller object replaces the larger
    assert not set(halves[1]) & set(whole)
    assert [r["seq"] for group in [*halves[0].values(), *halves[1].values()] for r in group] == [1, 2, 3, 4]


def test_a_key_segment_is_escaped_and_never_a_dot_path():
    assert segment("agt_01JABC") == "agt_01JABC"
    assert segment("a/b c") == "a%2Fb%20c"
    assert segment("..") == "%2E%2E" and segment(".") == "%2E" and segment("") == "-"


def test_a_record_without_its_own_time_is_filed_by_the_day_it_was_deleted():
    item = {"hook_id": "hk_1", "execution_id": "x1", "agent_id": "agt_1"}
    (part,) = parts("hook_executions", [ttl_removal("hook_executions", item, deleted_at=(T0 + 3 * DAY) * 1000)])
    assert part.key.startswith("hook_executions/agt_1/2026/01/04/20260104T000000Z-")
