"""AWS clients, built lazily and once per process.

AWS SDK clients are built here only (botocore directly: importing boto3 would add
s3transfer and ~150 ms to every cold start). No client exists at import time; the
first call builds it from :func:`wakeful.config.get_settings`.
"""

from __future__ import annotations

import threading
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
#: A botocore ``choose-signer`` handler given with it, or None (requests are signed).
_choose_signer: Callable[..., Any] | None = None

_clients: dict[str, Any] = {}
_lock = threading.RLock()


@lru_cache(maxsize=1)
def _session() -> botocore.session.Session:
    # One per process: a session loads the endpoint rules and each service's model
    # once, and every client built from it shares them (a session per client read
    # them again each time, about 0.2 s of CPU).
    return botocore.session.get_session()


def new_client(service: str, **options: Any) -> Any:
    """A new botocore client from the process's session (``create_client``'s options);
    clients are built one at a time, as a session is not safe to share while building."""
    with _lock:
        return _session().create_client(service, **options)


def session_token() -> str | None:
    """The session token of the process's AWS credentials (sent with every request as
    ``X-Amz-Security-Token``; a Lambda function's role has one), or None."""
    with _lock:
        found = _session().get_credentials()
    return None if found is None else found.get_frozen_credentials().token


def client(service: str) -> Any:
    """The process's client for ``service``, honouring ``AWS_ENDPOINT_URL`` (local runtime)."""
    made = _clients.get(service)
    if made is not None:
        return made
    settings = get_settings()
    with _lock:
        made = _clients.get(service)  # built by another thread meanwhile
        if made is None:
            made = new_client(service, region_name=settings.region, endpoint_url=settings.endpoint_url, config=_CLIENT_CONFIG)
            made.meta.events.register("before-parameter-build", _tripwire, unique_id="wakeful-dry-run")
            if _transport is not None:
                made.meta.events.register("before-send", _transport, unique_id="wakeful-transport")
            if _choose_signer is not None:
                made.meta.events.register("choose-signer", _choose_signer, unique_id="wakeful-signer")
            _clients[service] = made
    return made


def _tripwire(**kwargs: Any) -> None:
    """Every call asks the dry-run tripwire first (:func:`wakeful.dryrun.tripwire`)."""
    from wakeful import dryrun

    dryrun.tripwire(**kwargs)


def use_transport(send: Callable[..., Any] | None, choose_signer: Callable[..., Any] | None = None) -> None:
    """Send the requests of clients built from now on through ``send`` (a botocore
    ``before-send`` handler: it answers a request or returns None to let it go over
    HTTP), choosing how they are signed with ``choose_signer`` (a botocore
    ``choose-signer`` handler) if given. Call :func:`reset_clients` after it."""
    global _transport, _choose_signer
    _transport, _choose_signer = send, choose_signer


def forget_transport(send: Callable[..., Any]) -> None:
    """Stop giving ``send`` to new clients, if it is the one they are given."""
    if _transport is send:
        use_transport(None)


def reset_clients() -> None:
    """Forget cached clients and settings (the local runtime calls this after it
    points the process at a new emulator)."""
    with _lock:
        _clients.clear()
    get_settings.cache_clear()
