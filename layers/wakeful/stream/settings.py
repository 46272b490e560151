"""The stream's settings, parsed once from the environment."""

from __future__ import annotations

import os
from functools import lru_cache

from pydantic import BaseModel, Field

from wakeful import constants


class StreamSettings(BaseModel, frozen=True):
    """How long stream events are kept, how often deltas are written, where the
    WebSocket API's management endpoint is."""

    #: Stored stream events expire (DynamoDB TTL) this long after they were written.
    retention_days: float = Field(default=14, gt=0)
    #: While deltas arrive, buffered events are written at least this often (the end
    #: of a step, a tool call and the end of a run always write).
    flush_seconds: float = Field(default=1.0, ge=0)
    #: ``https://{api-id}.execute-api.{region}.amazonaws.com/{stage}`` of the WebSocket
    #: API (the fan-out posts to its connections); empty where there is none.
    websocket_endpoint: str = ""


def settings_from_env(env: dict[str, str] | os._Environ[str] | None = None) -> StreamSettings:
    """Build :class:`StreamSettings` from an environment mapping (default ``os.environ``)."""
    env = os.environ if env is None else env
    raw = {
        "retention_days": env.get(constants.ENV_STREAM_RETENTION_DAYS) or None,
        "flush_seconds": env.get(constants.ENV_STREAM_FLUSH_SECONDS) or None,
        "websocket_endpoint": env.get(constants.ENV_STREAM_WS_ENDPOINT, ""),
    }
    return StreamSettings.model_validate({k: v for k, v in raw.items() if v is not None})


@lru_cache(maxsize=1)
def get_settings() -> StreamSettings:
    """The process-wide stream settings, read once."""
    return settings_from_env()
