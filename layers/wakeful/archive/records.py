"""What the archive keeps, and where: pure functions over DynamoDB Streams records.

A record is kept when DynamoDB's TTL deleted it (a ``REMOVE`` whose ``userIdentity`` is
the DynamoDB service) from a retained table, and, for the tables that hold other rows
beside the ones retention expires, when its key says it is one of those. The same rule
is the event source mapping's filter (:func:`stream_filter`), so what the archiver is
never invoked for is what it would skip.

Each kept record is its item's last image as one JSON line (numbers as numbers, binary
as base64). A batch's records are filed by table, owner and UTC day into parts:

    <table>/<agent id>/<YYYY>/<MM>/<DD>/<deleted at>-<first record's event id>.jsonl.gz

The owner is the item's ``agent_id``, or, for a row without one (a channel's request
row), its table's partition key value (the channel's id). The day is the record's own
time (an event's ``created_at``, a request's ``received_at``, ...), or the deletion's
when it has none. A part is named after its first record, so the same batch delivered
again writes the same objects with the same bytes (gzip without a timestamp).
"""

from __future__ import annotations

import base64
import gzip
import json
import time
from dataclasses import dataclass
from typing import Any, Iterable, Mapping
from urllib.parse import quote

from wakeful import ddb
from wakeful.tables import TABLES

#: What the retained tables' streams carry: the item as it was before the change.
STREAM_VIEW = "OLD_IMAGE"
#: Who DynamoDB's TTL deletions are made by, in a stream record's ``userIdentity``.
TTL_IDENTITY = {"type": "Service", "principalId": "dynamodb.amazonaws.com"}
#: Records per invocation, and the longest a batch waits to fill (its event source
#: mapping's settings): fewer, larger objects.
BATCH_SIZE = 1000
BATCH_WINDOW_SECONDS = 300
SUFFIX = ".jsonl.gz"
CONTENT_TYPE = "application/x-ndjson"


@dataclass(frozen=True)
class Filing:
    """How one retained table's records are kept and filed."""

    #: The item's time attributes, by preference: the first present files it by its day.
    when: tuple[str, ...]
    #: (sort key attribute, prefix) of the rows retention expires, where the table
    #: holds others too (counters, markers); None: every row.
    rows: tuple[str, str] | None = None


#: Every retained table's filing: the tables of :data:`wakeful.retention.TABLES`, no other.
FILINGS: dict[str, Filing] = {
    "events": Filing(("created_at",)),
    "heartbeats": Filing(("scheduled_at", "created_at")),
    "actions": Filing(("created_at",)),
    "hook_deliveries": Filing(("created_at",)),
    "hook_executions": Filing(("executed_at",)),
    # Beside request rows (whr_...): the hourly rate counters and the minute's row budget.
    "webhook_requests": Filing(("received_at",), rows=("request_id", "whr_")),
    "channel_deliveries": Filing(("created_at",)),
    # Beside request rows (chr_...): the platform event ids already taken (seen#...).
    "channel_requests": Filing(("received_at",), rows=("request_id", "chr_")),
}


@dataclass(frozen=True)
class Part:
    """One object of the archive: its key, gzipped JSON Lines, how many records."""

    key: str
    body: bytes
    count: int


def stream_filter(table: str) -> dict[str, Any]:
    """The event source mapping's filter pattern for ``table``'s stream: what
    :func:`kept` keeps, in Lambda's event filtering syntax."""
    pattern: dict[str, Any] = {
        "eventName": ["REMOVE"],
        "userIdentity": {name: [value] for name, value in TTL_IDENTITY.items()},
    }
    rows = FILINGS[table].rows
    if rows is not None:
        attribute, prefix = rows
        pattern["dynamodb"] = {"Keys": {attribute: {"S": [{"prefix": prefix}]}}}
    return pattern


def kept(table: str, record: Mapping[str, Any]) -> bool:
    """Whether ``record`` (a DynamoDB Streams record of ``table``) is one to archive: a
    TTL deletion of a row retention expires, with its old image."""
    filing = FILINGS.get(table)
    if filing is None or record.get("eventName") != "REMOVE":
        return False
    identity = record.get("userIdentity") or {}
    if any(identity.get(name) != value for name, value in TTL_IDENTITY.items()):
        return False
    change = record.get("dynamodb") or {}
    if not change.get("OldImage"):
        return False
    if filing.rows is None:
        return True
    attribute, prefix = filing.rows
    return str((change.get("Keys") or {}).get(attribute, {}).get("S", "")).startswith(prefix)


def parts(table: str, records: Iterable[Mapping[str, Any]]) -> list[Part]:
    """``records`` (kept ones of ``table``, in stream order) as the archive's objects:
    one per owner and day, its lines in stream order, named after its first record."""
    lines: dict[str, list[bytes]] = {}
    keys: dict[str, str] = {}
    for record in records:
        item = ddb.deserialize(record["dynamodb"]["OldImage"]) or {}
        deleted_at = deletion_time(record)
        folder = f"{table}/{segment(owner(table, item))}/{_day(table, item, deleted_at)}"
        if folder not in keys:
            stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(deleted_at))
            keys[folder] = f"{folder}/{stamp}-{segment(str(record.get('eventID') or ''))}{SUFFIX}"
        lines.setdefault(folder, []).append(line(item))
    return [Part(keys[folder], gzip.compress(b"".join(group), mtime=0), len(group)) for folder, group in lines.items()]


def owner(table: str, item: Mapping[str, Any]) -> str:
    """The agent a record is filed under: its ``agent_id``, else its partition key."""
    agent = item.get("agent_id")
    if isinstance(agent, str) and agent:
        return agent
    return str(item.get(TABLES[table].pk.name, ""))


def segment(text: str) -> str:
    """``text`` as one segment of an object key: escaped like a URL path segment (no
    ``/``), never empty, ``.`` or ``..``."""
    escaped = quote(text, safe="")
    if not escaped.strip("."):
        escaped = escaped.replace(".", "%2E") or "-"
    return escaped


def deletion_time(record: Mapping[str, Any]) -> float:
    """When the stream says the record was deleted (epoch seconds)."""
    value = float((record.get("dynamodb") or {}).get("ApproximateCreationDateTime") or 0)
    return value / 1000 if value > 1e11 else value  # milliseconds, as some sources give it


def line(item: Mapping[str, Any]) -> bytes:
    """One item as a line of JSON (keys sorted, binary as base64)."""
    return json.dumps(item, separators=(",", ":"), sort_keys=True, ensure_ascii=False, default=_plain).encode() + b"\n"


def _plain(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot archive {type(value).__name__}")


def _day(table: str, item: Mapping[str, Any], deleted_at: float) -> str:
    """``YYYY/MM/DD`` (UTC) of the record's own time, else of its deletion."""
    at = next((item[name] for name in FILINGS[table].when if isinstance(item.get(name), (int, float))), deleted_at)
    return time.strftime("%Y/%m/%d", time.gmtime(float(at)))
