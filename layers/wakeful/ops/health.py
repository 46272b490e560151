"""What ``GET /health`` checks: that the API can read its tables.

A stack whose tables are gone (deleted, or an emulator reset under ``wakeful dev``)
answers every other route with errors; health must say so rather than "ok".
"""

from __future__ import annotations

import logging

from botocore.exceptions import BotoCoreError, ClientError

from wakeful import ddb

logger = logging.getLogger(__name__)

#: Tables every request of the API reads (keys on each call, agents on most).
CHECKED_TABLES = ("api_keys", "agents")


def check() -> str | None:
    """None when healthy, else what is wrong (one line, no secrets)."""
    for logical in CHECKED_TABLES:
        try:
            ddb.client().get_item(TableName=ddb.table(logical), Key=ddb.serialize(_probe_key(logical)))
        except ClientError as error:
            code = error.response.get("Error", {}).get("Code", "error")
            logger.error("health check failed", extra={"table": logical, "code": code})
            return f"the {logical} table cannot be read ({code})"
        except BotoCoreError as error:
            logger.error("health check failed", extra={"table": logical, "error": type(error).__name__})
            return f"the {logical} table cannot be reached ({type(error).__name__})"
    return None


def _probe_key(logical: str) -> dict[str, str]:
    from wakeful.tables import TABLES

    spec = TABLES[logical]
    key = {spec.pk.name: "health-probe"}
    if spec.sk is not None:
        key[spec.sk.name] = "health-probe" if spec.sk.type == "S" else 0  # type: ignore[assignment]
    return key
