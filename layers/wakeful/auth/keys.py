"""Creating and checking API keys. Only the SHA-256 of a key is stored."""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

from wakeful import clock, ddb

KEY_PREFIX = "wk_"
_CACHE_SECONDS = 60.0
_cache: dict[str, tuple[float, str | None]] = {}


def hash_key(key: str) -> str:
    """The stored form of a key."""
    return hashlib.sha256(key.encode()).hexdigest()


def create(owner: str, key: str | None = None) -> str:
    """Store a key for ``owner`` (a new random one unless given); returns the key."""
    if not owner or len(owner) > 100:
        raise ValueError("owner must be 1 to 100 characters")
    key = key or KEY_PREFIX + secrets.token_urlsafe(32)
    item: dict[str, Any] = {
        "key_hash": hash_key(key),
        "owner": owner,
        "created_at": clock.now(),
        "key_prefix": key[:7],
    }
    ddb.client().put_item(TableName=ddb.table("api_keys"), Item=ddb.serialize(item))
    return key


def owner_of(key: str) -> str | None:
    """The owner of a key, or None. Lookups are cached briefly per process."""
    digest = hash_key(key)
    cached = _cache.get(digest)
    now = time.monotonic()
    if cached and cached[0] > now:
        return cached[1]
    item = ddb.get("api_keys", {"key_hash": digest}, consistent=False)
    owner = item.get("owner") if item and not item.get("revoked") else None
    _cache[digest] = (now + _CACHE_SECONDS, owner)
    return owner


def parse_dev_keys(spec: str) -> list[tuple[str, str]]:
    """``"owner1:key1,owner2:key2"`` -> pairs. Raises ValueError when malformed."""
    pairs = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        owner, sep, key = part.partition(":")
        if not sep or not owner or not key:
            raise ValueError(f"WAKEFUL_DEV_API_KEYS entry {part!r} is not owner:key")
        pairs.append((owner, key))
    return pairs
