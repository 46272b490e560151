"""The archive in ``wakeful dev``: DynamoDB's Time to Live, its stream records of TTL
deletions and the archiver's event source mappings, played in this process.

moto never deletes an item whose TTL has passed. :class:`Expiry` plays DynamoDB's part,
every ``WAKEFUL_DEV_EXPIRY_SECONDS`` (default 60): it finds the expired items of every
table with a TTL in the emulator's memory (as DynamoDB's background process does, with
no Scan request), deletes each one (a DeleteItem conditioned on its TTL having passed,
so an item given a later expiry meanwhile stays), and, for the retained tables, puts a
stream record of the deletion, as DynamoDB writes it (``REMOVE``, the item's old image,
``userIdentity`` the DynamoDB service), at the end of the table's local stream. Then it
plays the archiver's event source mappings: each table's records that pass their
filter go to the archiver in batches of the deployed size, in stream order; a batch
that fails stays at the head of its stream and is handed over again, the same batch,
at the next sweep, as a stream keeps a record until its mapping has processed it (on
AWS for 24 hours; here while the process runs).

The archive bucket is ``wakeful-archive`` on the emulator (``AWS endpoint``): read it
with the aws CLI or boto3 (docs/operations.md, "Retention and the archive").
"""

from __future__ import annotations

import base64
import itertools
import json
import logging
import os
import threading
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from wakeful import aws, clock, constants, retention
from wakeful.archive import records
from wakeful.config import get_settings
from wakeful.tables import TABLES
from wakeful_dev import moto_compat, provision

if TYPE_CHECKING:
    from wakeful_dev.runtime import DevStack

logger = logging.getLogger(__name__)

BUCKET = "wakeful-archive"
ENV_EXPIRY_SECONDS = "WAKEFUL_DEV_EXPIRY_SECONDS"
DEFAULT_EXPIRY_SECONDS = 60.0
#: moto's account: the local stack's ARNs carry it.
ACCOUNT = "123456789012"
STREAM_LABEL = "local"


@dataclass
class Sweep:
    """What one sweep did."""

    expired: int = 0  # items deleted, every table with a TTL
    archived: int = 0  # records the archiver wrote to the archive
    waiting: int = 0  # records still in the local streams (their batch failed)


class Expiry:
    """DynamoDB's TTL and the archiver's event source mappings (see the module)."""

    def __init__(self, invoke: Callable[[str, dict[str, Any]], Any], *, region: str) -> None:
        self.invoke = invoke
        self.region = region
        #: Each retained table's stream records not yet processed, oldest first.
        self.streams: dict[str, list[dict[str, Any]]] = {table: [] for table in retention.TABLES}
        self._sequence = itertools.count(1)
        self._lock = threading.Lock()

    def sweep(self, now: float | None = None) -> Sweep:
        """Delete what expired by ``now`` (default: the real time), then hand the
        streams' records to the archiver. One sweep at a time."""
        at = clock.now() if now is None else now
        with self._lock:
            done = Sweep()
            for table, spec in TABLES.items():
                if spec.ttl:
                    done.expired += self._expire(table, spec.ttl, at)
            done.archived = self._deliver()
            done.waiting = sum(len(stream) for stream in self.streams.values())
            return done

    def _expire(self, table: str, attribute: str, now: float) -> int:
        name = get_settings().table(table)
        client = aws.client("dynamodb")
        deleted = 0
        for key in moto_compat.expired_keys(name, attribute, now, account=ACCOUNT, region=self.region):
            try:
                old = client.delete_item(
                    TableName=name,
                    Key=key,
                    ConditionExpression="#ttl <= :now",
                    ExpressionAttributeNames={"#ttl": attribute},
                    ExpressionAttributeValues={":now": {"N": f"{now:.3f}"}},
                    ReturnValues="ALL_OLD",
                ).get("Attributes")
            except client.exceptions.ConditionalCheckFailedException:
                continue  # its expiry moved on, or it is gone already
            deleted += 1
            if old and table in self.streams:
                record = self._record(name, key, old, now)
                if records.kept(table, record):  # the mapping's filter
                    self.streams[table].append(record)
        return deleted

    def _record(self, name: str, key: dict[str, Any], old: dict[str, Any], now: float) -> dict[str, Any]:
        """The stream record DynamoDB writes for a TTL deletion, as Lambda hands it over."""
        image = _as_json(old)
        return {
            "eventID": uuid.uuid4().hex,
            "eventName": "REMOVE",
            "eventVersion": "1.1",
            "eventSource": "aws:dynamodb",
            "awsRegion": self.region,
            "dynamodb": {
                "ApproximateCreationDateTime": float(int(now)),
                "Keys": _as_json(key),
                "OldImage": image,
                "SequenceNumber": f"{next(self._sequence):021d}",
                "SizeBytes": len(json.dumps(image)),
                "StreamViewType": records.STREAM_VIEW,
            },
            "userIdentity": dict(records.TTL_IDENTITY),
            "eventSourceARN": f"arn:aws:dynamodb:{self.region}:{ACCOUNT}:table/{name}/stream/{STREAM_LABEL}",
        }

    def _deliver(self) -> int:
        """Each table's stream to the archiver, a batch at a time; a failed batch stays."""
        archived = 0
        for table, stream in self.streams.items():
            while stream:
                batch = stream[: records.BATCH_SIZE]
                try:
                    result = self.invoke("archiver", {"Records": batch})
                except Exception:  # noqa: BLE001 - handed over again at the next sweep, as a mapping retries
                    logger.exception("archiver failed; its batch waits for the next sweep", extra={"table": table})
                    break
                del stream[: len(batch)]
                archived += int((result or {}).get("archived", 0))
        return archived


def _as_json(values: Any) -> Any:
    """Attribute values as they arrive in a Lambda event (JSON): binary as base64."""
    if isinstance(values, (bytes, bytearray)):
        return base64.b64encode(bytes(values)).decode("ascii")
    if isinstance(values, dict):
        return {k: _as_json(v) for k, v in values.items()}
    if isinstance(values, list):
        return [_as_json(v) for v in values]
    return values


def expiry_seconds() -> float:
    """How often the local TTL sweeps (``WAKEFUL_DEV_EXPIRY_SECONDS``, default 60)."""
    raw = os.environ.get(ENV_EXPIRY_SECONDS, "").strip()
    try:
        value = float(raw) if raw else DEFAULT_EXPIRY_SECONDS
    except ValueError:
        value = 0.0
    if not value > 0:
        raise ValueError(f"{ENV_EXPIRY_SECONDS} must be a positive number of seconds, not {raw!r}")
    return value


def setup(stack: DevStack) -> Expiry:
    """Create the archive bucket, name it to the functions, and make the stack's TTL."""
    provision.create_bucket(BUCKET)
    os.environ[constants.ENV_ARCHIVE_BUCKET] = BUCKET
    return Expiry(stack.invoke, region=get_settings().region)


def run(expiry: Expiry, stop: threading.Event, every: float) -> None:
    """Sweep every ``every`` seconds until ``stop`` is set."""
    while not stop.wait(every):
        try:
            expiry.sweep()
        except Exception:  # noqa: BLE001 - the next sweep tries again, as DynamoDB's TTL would
            logger.exception("expiry sweep failed")
