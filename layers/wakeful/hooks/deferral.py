"""Whether hooks fired here may make their first attempt in this invocation.

Inside :func:`deferred` (the scan, whose minute is every agent's, and the API, whose
caller waits) every delivery starts the deliver-hook state machine instead
(docs/hooks.md, "Firing")."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

_deferred: ContextVar[bool] = ContextVar("wakeful_hooks_deferred", default=False)


@contextmanager
def deferred() -> Iterator[None]:
    """Within: hooks fired here make no attempt in this invocation; every delivery
    starts the deliver-hook state machine (the scan, whose minute is every agent's,
    and the API, whose caller waits)."""
    token = _deferred.set(True)
    try:
        yield
    finally:
        _deferred.reset(token)


def is_deferred() -> bool:
    """Whether the caller is inside :func:`deferred`."""
    return _deferred.get()
