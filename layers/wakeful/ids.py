"""Identifiers.

New ids are time-ordered (ULID layout: 48-bit milliseconds + 80 random bits, Crockford
base32) so that "newest first" is a sort on the id; ids one process makes in the same
millisecond count up from the first one's random part (ULID's monotonic order), so
their order is the order they were made in. Action ids are deterministic.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
import uuid
import zlib

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_ACTION_NAMESPACE = uuid.UUID("6f1d3a52-7a7e-4c1e-9a55-2f8f1c0f7a11")


_RANDOM_MAX = (1 << 80) - 1
_last = [-1, 0]  # the millisecond and random part of this process's newest id
_last_lock = threading.Lock()


def ulid(at: float | None = None) -> str:
    """A 26-character, lexicographically time-ordered id (after every id this process
    made before it in the same millisecond)."""
    millis = int((time.time() if at is None else at) * 1000)
    with _last_lock:
        if millis == _last[0] and _last[1] < _RANDOM_MAX:
            random_part = _last[1] + 1
        else:
            random_part = secrets.randbits(80)
        _last[0], _last[1] = millis, random_part
    value = (millis << 80) | random_part
    chars = []
    for _ in range(26):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(chars))


def derived_ulid(at: float, seed: str) -> str:
    """A ULID whose time is ``at`` and whose random part is derived from ``seed``: the
    same arguments give the same id (two writers of one record agree on its key)."""
    millis = int(at * 1000)
    value = (millis << 80) | (int.from_bytes(hashlib.sha256(seed.encode()).digest()[:10], "big"))
    chars = []
    for _ in range(26):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(chars))


def new_id(prefix: str, at: float | None = None) -> str:
    """A prefixed, time-ordered id such as ``agt_01J…``."""
    return f"{prefix}_{ulid(at)}"


def action_id(agent_id: str, seq: int, subscription_id: str) -> str:
    """The one action a subscription gets for an event (exactly-once effects: docs/semantics.md).

    Keyed by (agent, event seq, subscription), not by heartbeat: if a heartbeat dies and
    the next one processes the same window, it finds the same actions instead of
    making new ones, so a tool never runs twice for one event.
    """
    return "act_" + uuid.uuid5(_ACTION_NAMESPACE, f"{agent_id}:{seq}:{subscription_id}").hex


def shard_of(key: str) -> int:
    """The due-index shard of ``key`` (an agent's or a thread's id): stable for a given
    ``WAKEFUL_DUE_SHARDS``, so every sparse due index spreads its items the same way."""
    from wakeful.config import get_settings  # config reads the environment: only when a shard is asked

    return zlib.crc32(key.encode()) % get_settings().due_shards
