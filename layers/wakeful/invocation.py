"""How much time the current Lambda invocation has left.

Every handler runs inside :func:`budget` (``wakeful.observability.capture_lambda_handler``
opens it from the Lambda context), so code deep in a call can ask whether slow work
fits before the function is cut off: a hook's first attempt is made in the firing
function only when its whole ``timeout_ms`` fits (docs/hooks.md). Outside an invocation
(a script, a test calling the core directly) nothing is known and
:func:`remaining_seconds` answers None.

A context variable, not a global: ``wakeful dev`` runs many invocations at once on
threads of one process.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator

_deadline: ContextVar[float | None] = ContextVar("wakeful_invocation_deadline", default=None)


@contextmanager
def budget(remaining_ms: int | float | None) -> Iterator[None]:
    """Within: the invocation ends ``remaining_ms`` from now (None: unknown)."""
    token = _deadline.set(None if remaining_ms is None else time.monotonic() + max(0.0, float(remaining_ms)) / 1000)
    try:
        yield
    finally:
        _deadline.reset(token)


def remaining_ms_of(context: Any) -> int | None:
    """The Lambda context's time left, or None when it cannot say."""
    get = getattr(context, "get_remaining_time_in_millis", None)
    if get is None:
        return None
    try:
        return int(get())
    except (TypeError, ValueError):
        return None


def remaining_seconds() -> float | None:
    """Seconds until the current invocation is cut off; None outside one."""
    deadline = _deadline.get()
    return None if deadline is None else deadline - time.monotonic()
