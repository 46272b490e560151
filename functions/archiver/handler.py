"""Records DynamoDB deleted at the end of their retention -> the archive bucket (S3).

Invoked by the retained tables' DynamoDB streams, filtered to TTL deletions; a failed
batch is retried whole until it is written (docs/operations.md, "Retention and the
archive"). Domain modules load at the first invocation (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

from aws_lambda_powertools import Logger

from wakeful import assembly
from wakeful.constants import SERVICE_NAME
from wakeful.observability import capture_lambda_handler

assembly.install()  # what plugs into the core (docs/architecture.md, "Layers"): the tables it files

logger = Logger(service=SERVICE_NAME)


@logger.inject_lambda_context
@capture_lambda_handler
def handler(event: dict, context: object) -> dict:
    from wakeful.archive import service

    outcome = service.archive(event.get("Records") or [])
    logger.info("archived", records=outcome.records, archived=outcome.archived, skipped=outcome.skipped, objects=outcome.objects)
    return outcome._asdict()
