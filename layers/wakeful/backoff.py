"""Waiting before a retry: exponential backoff with full jitter, and ``Retry-After``.

Jitter is drawn from the operating system's entropy (:class:`random.SystemRandom`), never
from the state of the :mod:`random` module: a function that starts from a SnapStart
snapshot restores that state as it was when the snapshot was taken, so every restored
environment would draw the same "random" delays and retry in step, which is what
jitter is there to prevent. Every jittered wait of the layer goes through
:func:`jitter` or :func:`uniform`.
"""

from __future__ import annotations

import random
import time
from typing import Callable

#: The source of every jitter: reads the OS's entropy on each draw, so it holds no
#: state a snapshot could restore.
ENTROPY = random.SystemRandom()


def jitter() -> float:
    """A random number in [0, 1), drawn from the OS's entropy."""
    return ENTROPY.random()


def uniform(low: float, high: float) -> float:
    """A random number between ``low`` and ``high``, drawn from the OS's entropy."""
    return ENTROPY.uniform(low, high)


class Backoff:
    """Exponential backoff with full jitter: retry n (from 1) waits a random time up to
    ``min(cap, base * 2**(n-1))`` seconds, so that clients retrying together spread out.
    (A plain class: every cold start defines it, and a dataclass takes far longer to.)"""

    def __init__(
        self, base: float = 0.05, cap: float = 2.0, max_rounds: int = 12, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        self.base = base
        self.cap = cap
        self.max_rounds = max_rounds
        self.sleep = sleep

    def delay(self, round_: int) -> float:
        """How long to wait before retry ``round_`` (1 = the first retry)."""
        return uniform(0, min(self.cap, self.base * 2 ** (round_ - 1)))


def parse_retry_after(value: str | None, now: float) -> float | None:
    """``Retry-After`` as seconds from now: delta-seconds or an HTTP date (RFC 9110)."""
    if not value:
        return None
    value = value.strip()
    if value.isascii() and value.isdigit():  # str.isdigit alone takes other scripts' digits too
        return float(value)
    import email.utils  # an HTTP date is rare: not on every cold start

    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - now)


def retry_delay(base: float, retry: int, *, retry_after: float | None = None, jitter: float = 0.2, cap: float = 24 * 3600) -> float:
    """Seconds before retry ``retry`` (1 = the first) of a delivery: ``base ×
    2^(retry−1)`` with ±``jitter``, never less than the peer's ``Retry-After``, at most
    ``cap``."""
    delay = base * 2 ** (retry - 1) * uniform(1 - jitter, 1 + jitter)
    if retry_after is not None:
        delay = max(delay, retry_after)
    return min(max(delay, 0.0), cap)
