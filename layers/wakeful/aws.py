"""AWS clients, built lazily and once per process.

AWS SDK clients are built here only (botocore directly: importing boto3 would add
s3transfer and ~150 ms to every cold start). No client exists at import time; the
first call builds it from :func:`wakeful.config.get_settings`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

import botocore.session
from botocore.config import Config

from wakeful.config import get_settings

_CLIENT_CONFIG = Config(
    retries={"max_attempts": 5, "mode": "standard"},
    connect_timeout=5,
    read_timeout=30,
    max_pool_connections=32,
)


#: A botocore ``before-send`` handler given to every client, or None (on AWS). The local
#: runtime sets one that hands requests to the emulator it runs in this process.
_transport: Callable[..., Any] | None = None


@lru_cache(maxsize=None)
def client(service: str) -> Any:
    """A boto3 client for ``service``, honouring ``AWS_ENDPOINT_URL`` (local runtime)."""
    settings = get_settings()
    made = botocore.session.get_session().create_client(
        service,
        region_name=settings.region,
        endpoint_url=settings.endpoint_url,
        config=_CLIENT_CONFIG,
    )
    if _transport is not None:
        made.meta.events.register("before-send", _transport, unique_id="wakeful-transport")
    return made


def use_transport(send: Callable[..., Any] | None) -> None:
    """Send the requests of clients built from now on through ``send`` (a botocore
    ``before-send`` handler: it answers a request or returns None to let it go over
    HTTP). Call :func:`reset_clients` after it."""
    global _transport
    _transport = send


def forget_transport(send: Callable[..., Any]) -> None:
    """Stop giving ``send`` to new clients, if it is the one they are given."""
    if _transport is send:
        use_transport(None)


def reset_clients() -> None:
    """Forget cached clients and settings (the local runtime calls this after it
    points the process at a new emulator)."""
    client.cache_clear()
    get_settings.cache_clear()
