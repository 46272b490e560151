"""What ``GET /health`` checks: that the API can read its tables.

A stack whose tables are gone (deleted, or an emulator reset under ``wakeful dev``)
answers every other route with errors; health must say so rather than "ok".
"""

from __future__ import annotations

import logging

from wakeful.ops.health_repository import TableUnhealthyError, probe

logger = logging.getLogger(__name__)

#: Tables every request of the API reads (keys on each call, agents on most).
CHECKED_TABLES = ("api_keys", "agents")


def check() -> str | None:
    """None when healthy, else what is wrong (one line, no secrets)."""
    for logical in CHECKED_TABLES:
        try:
            probe(logical)
        except TableUnhealthyError as error:
            if error.reachable:
                logger.error("health check failed", extra={"table": logical, "code": error.code})
                return f"the {logical} table cannot be read ({error.code})"
            logger.error("health check failed", extra={"table": logical, "error": error.code})
            return f"the {logical} table cannot be reached ({error.code})"
    return None
