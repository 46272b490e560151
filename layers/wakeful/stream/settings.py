"""The stream's settings, parsed once from the environment.

A checked frozen dataclass, not a pydantic model: the fan-out, the WebSocket handler
and every run that streams read it on their first call, and nothing else on those
paths needs pydantic (see docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from functools import lru_cache

from wakeful import constants


#: A revoked key's open streams close within this many seconds.
MAX_KEY_RECHECK_SECONDS = 60.0


@dataclass(frozen=True)
class StreamSettings:
    """How long stream events are kept, how often deltas are written, where the
    WebSocket API's management endpoint is, how often open streams check their key.

    Raises:
        ValueError: ``retention_days`` is not a number > 0, ``flush_seconds`` not >= 0,
            or ``key_recheck_seconds`` not in (0, 60].
    """

    #: Stored stream events expire (DynamoDB TTL) this long after they were written.
    retention_days: float = 14
    #: While deltas arrive, buffered events are written at least this often (the end
    #: of a step, a tool call and the end of a run always write).
    flush_seconds: float = 1.0
    #: ``https://{api-id}.execute-api.{region}.amazonaws.com/{stage}`` of the WebSocket
    #: API (the fan-out posts to its connections); empty where there is none.
    websocket_endpoint: str = ""
    #: An open stream (SSE in ``wakeful dev``, a WebSocket connection on AWS) checks
    #: its API key again at least this often and closes once the key is revoked; at
    #: most :data:`MAX_KEY_RECHECK_SECONDS`, the promise made to users.
    key_recheck_seconds: float = 60.0

    def __post_init__(self) -> None:
        retention = _number("retention_days", self.retention_days)
        flush = _number("flush_seconds", self.flush_seconds)
        recheck = _number("key_recheck_seconds", self.key_recheck_seconds)
        if not retention > 0:
            raise ValueError(f"setting retention_days must be > 0, not {retention!r}")
        if not flush >= 0:
            raise ValueError(f"setting flush_seconds must be >= 0, not {flush!r}")
        if not 0 < recheck <= MAX_KEY_RECHECK_SECONDS:
            raise ValueError(f"setting key_recheck_seconds must be > 0 and <= {MAX_KEY_RECHECK_SECONDS:g}, not {recheck!r}")
        object.__setattr__(self, "retention_days", retention)
        object.__setattr__(self, "flush_seconds", flush)
        object.__setattr__(self, "key_recheck_seconds", recheck)


def _number(name: str, value: object) -> float:
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError) as error:
        raise ValueError(f"setting {name} must be a number, not {value!r}") from error
    if isinstance(value, bool) or math.isnan(number):
        raise ValueError(f"setting {name} must be a number, not {value!r}")
    return number


def settings_from_env(env: dict[str, str] | os._Environ[str] | None = None) -> StreamSettings:
    """Build :class:`StreamSettings` from an environment mapping (default ``os.environ``)."""
    env = os.environ if env is None else env
    raw = {
        "retention_days": env.get(constants.ENV_STREAM_RETENTION_DAYS) or None,
        "flush_seconds": env.get(constants.ENV_STREAM_FLUSH_SECONDS) or None,
        "websocket_endpoint": env.get(constants.ENV_STREAM_WS_ENDPOINT, ""),
        "key_recheck_seconds": env.get(constants.ENV_STREAM_KEY_RECHECK_SECONDS) or None,
    }
    return StreamSettings(**{k: v for k, v in raw.items() if v is not None})  # type: ignore[arg-type]


@lru_cache(maxsize=1)
def get_settings() -> StreamSettings:
    """The process-wide stream settings, read once."""
    return settings_from_env()
