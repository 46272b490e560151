"""The archiver's work: a batch of DynamoDB Streams records to the archive bucket.

The records that DynamoDB's TTL deleted from a retained table are filed
(:mod:`wakeful.archive.records`) and each part is written with one PutObject; any
failure fails the whole batch, which the event source mapping hands over again, the
same records from the same first one, until it is written: the same parts under the
same keys, so a batch written twice leaves each record once in the archive.
"""

from __future__ import annotations

import contextvars
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterable, Mapping, NamedTuple

from wakeful import aws, constants
from wakeful.archive import records as filing
from wakeful.archive.exceptions import ArchiveNotConfiguredError, ArchiveUnknownTableError
from wakeful.config import get_settings

logger = logging.getLogger(__name__)

#: Objects written at once (one PutObject each): a batch of many agents' records.
PUT_CONCURRENCY = 8


class Outcome(NamedTuple):
    """What one batch came to."""

    records: int  # in the batch
    archived: int  # written to the archive
    skipped: int  # not TTL deletions of rows retention expires
    objects: int  # objects written


def archive(records: Iterable[Mapping[str, Any]]) -> Outcome:
    """Write the kept ones of ``records`` (a stream event's ``Records``) to the archive.

    Raises:
        ArchiveNotConfiguredError: there is something to write and no archive bucket is named.
        ArchiveUnknownTableError: a record comes from a table this process was not given.
        botocore.exceptions.BotoCoreError or an S3 error: an object was not written (the
            whole batch is retried).
    """
    tables = {physical: logical for logical, physical in get_settings().tables.items()}
    kept: dict[str, list[Mapping[str, Any]]] = {}
    count = 0
    for record in records:
        count += 1
        table = _table_of(record, tables)
        if filing.kept(table, record):
            kept.setdefault(table, []).append(record)
    parts = [part for table, chosen in kept.items() for part in filing.parts(table, chosen)]
    if parts:
        _put_all(_bucket(), parts)
    archived = sum(part.count for part in parts)
    return Outcome(records=count, archived=archived, skipped=count - archived, objects=len(parts))


def _bucket() -> str:
    bucket = os.environ.get(constants.ENV_ARCHIVE_BUCKET, "").strip()
    if not bucket:
        raise ArchiveNotConfiguredError(f"{constants.ENV_ARCHIVE_BUCKET} is not set: there is no archive bucket to write to")
    return bucket


def _table_of(record: Mapping[str, Any], tables: Mapping[str, str]) -> str:
    """The logical table a stream record comes from (its ``eventSourceARN``:
    ``arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>``)."""
    arn = str(record.get("eventSourceARN") or "")
    physical = arn.split(":table/", 1)[-1].split("/stream/", 1)[0]
    try:
        return tables[physical]
    except KeyError:
        raise ArchiveUnknownTableError(f"a stream record of table {physical!r}, which this function was not given") from None


def _put_all(bucket: str, parts: list[filing.Part]) -> None:
    """Write every part; the first failure is raised once all have ended."""
    if len(parts) <= 1:
        for part in parts:
            _put(bucket, part)
        return
    with ThreadPoolExecutor(max_workers=min(PUT_CONCURRENCY, len(parts)), thread_name_prefix="archive") as pool:
        # Each put runs with this invocation's context (logging, the local runtime's
        # record of which function makes the call).
        futures = [pool.submit(contextvars.copy_context().run, _put, bucket, part) for part in parts]
        for future in futures:
            future.result()


def _put(bucket: str, part: filing.Part) -> None:
    aws.client("s3").put_object(
        Bucket=bucket,
        Key=part.key,
        Body=part.body,
        ContentType=filing.CONTENT_TYPE,
        Metadata={"records": str(part.count)},
    )
    logger.debug("archive object written", extra={"key": part.key, "records": part.count})
