"""Open streams check their API key again, and close once it is revoked.

A stream outlives the request whose key was checked: a Server-Sent Events response in
``wakeful dev``, a WebSocket connection on AWS. Each keeps the SHA-256 of the key that
opened it (what the ``api_keys`` table is keyed by; never the key) with the owner it
acted for, and reads the key's item again at most ``key_recheck_seconds`` apart
(default and ceiling 60 s): a key that is revoked, gone, or now another owner's ends
the stream.

- :class:`KeyCheck` — one SSE stream's key. The stream asks it on every turn of its
  loop (it reads the table only once the interval has passed) and, with ``now=True``,
  before it sends the first event of a run (a ``start``), so a run that starts after a
  revocation never reaches a revoked key's stream, however recent the last read.
- :class:`KeyCache` — the WebSocket fan-out's view: each key hash read at most once per
  interval per process (a Lambda container serves many batches), so fan-out stays one
  cached lookup per connection.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

from wakeful.auth import keys
from wakeful.stream.settings import get_settings

logger = logging.getLogger(__name__)

#: SSE comment sent before a stream closes because its key is no longer valid.
REVOKED_COMMENT = b": the API key of this stream was revoked; closing\n\n"
#: Key hashes the fan-out remembers (oldest forgotten first).
MAX_CACHED_KEYS = 10_000


def still_valid(key_hash: str | None, owner: str) -> bool:
    """Whether the key (by hash) exists, is not revoked and still belongs to ``owner``
    (read now, no cache). A connection recorded without a key hash is not valid: it
    cannot be checked."""
    if not key_hash:
        return False
    return keys.owner_of_hash(key_hash) == owner


class KeyCheck:
    """The key of one open SSE stream, checked again at most every ``interval`` s.

    Call it: ``check()`` is True while the key is valid (re-reading it once the
    interval has passed), ``check(now=True)`` re-reads it at once. Once False it stays
    False. A failed read counts as invalid (the stream closes; the client reconnects
    and is checked afresh).
    """

    def __init__(self, key_hash: str, owner: str, interval: float | None = None, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.key_hash = key_hash
        self.owner = owner
        self.interval = get_settings().key_recheck_seconds if interval is None else interval
        self._clock = clock
        self._checked = clock()
        self._valid = True

    def __call__(self, now: bool = False) -> bool:
        if not self._valid:
            return False
        moment = self._clock()
        if not now and moment - self._checked < self.interval:
            return True
        try:
            self._valid = still_valid(self.key_hash, self.owner)
        except Exception:  # noqa: BLE001 - fail closed: the client reconnects and is checked again
            logger.exception("stream key check failed", extra={"owner": self.owner})
            self._valid = False
        self._checked = moment
        if not self._valid:
            logger.info("stream closed: its API key is no longer valid", extra={"owner": self.owner, "key_id": self.key_hash[: keys.KEY_ID_LENGTH]})
        return self._valid


class KeyCache:
    """Which owner each key hash belongs to (None: revoked or unknown), each read at
    most once per ``key_recheck_seconds`` in this process."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._owners: dict[str, tuple[float, str | None]] = {}

    def allows(self, key_hash: str | None, owner: str) -> bool:
        """Whether a connection opened with this key for ``owner`` may still receive.

        Raises:
            Exception: the read failed (the caller holds back this delivery and asks
                again next time; nothing is cached).
        """
        if not key_hash:
            return False
        moment = self._clock()
        with self._lock:
            cached = self._owners.get(key_hash)
        if cached is None or moment - cached[0] >= get_settings().key_recheck_seconds:
            current = keys.owner_of_hash(key_hash)
            with self._lock:
                self._owners.pop(key_hash, None)
                self._owners[key_hash] = (moment, current)
                while len(self._owners) > MAX_CACHED_KEYS:
                    self._owners.pop(next(iter(self._owners)))
            cached = (moment, current)
        return cached[1] == owner

    def forget(self) -> None:
        """Drop every cached answer."""
        with self._lock:
            self._owners.clear()


_fanout_keys = KeyCache()


def fanout_keys() -> KeyCache:
    """This process's cache of connection keys (the fan-out's)."""
    return _fanout_keys
