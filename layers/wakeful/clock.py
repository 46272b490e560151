"""Time, in one place: epoch seconds inside, ISO 8601 UTC at the edges."""

from __future__ import annotations

import time
from datetime import datetime, timezone


def now() -> float:
    """Seconds since the epoch, as a float."""
    return time.time()


def iso(ts: float | None) -> str | None:
    """Epoch seconds -> ``2026-02-05T10:30:00.123Z`` (None stays None)."""
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def parse_iso(text: str) -> float:
    """ISO 8601 (``Z`` or offset) -> epoch seconds. Raises ValueError when malformed."""
    value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.timestamp()


def month(ts: float) -> str:
    """The UTC month ``ts`` is in: ``2026-02``."""
    return time.strftime("%Y-%m", time.gmtime(ts))
