"""AWS clients, built lazily and once per process.

AWS SDK clients are built here only (botocore directly: importing boto3 would add
s3transfer and ~150 ms to every cold start). No client exists at import time; the
first call builds it from :func:`wakeful.config.get_settings`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import botocore.session
from botocore.config import Config

from wakeful.config import get_settings

_CLIENT_CONFIG = Config(
    retries={"max_attempts": 5, "mode": "standard"},
    connect_timeout=5,
    read_timeout=30,
    max_pool_connections=32,
)


@lru_cache(maxsize=None)
def client(service: str) -> Any:
    """A boto3 client for ``service``, honouring ``AWS_ENDPOINT_URL`` (local runtime)."""
    settings = get_settings()
    return botocore.session.get_session().create_client(
        service,
        region_name=settings.region,
        endpoint_url=settings.endpoint_url,
        config=_CLIENT_CONFIG,
    )


def reset_clients() -> None:
    """Forget cached clients and settings (the local runtime calls this after it
    points the process at a new emulator)."""
    client.cache_clear()
    get_settings.cache_clear()
