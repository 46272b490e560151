"""Creating and checking API keys. Only the SHA-256 of a key is stored."""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

from wakeful import clock
from wakeful.auth import keys_repository as repository

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
    repository.put(item)
    return key


def owner_of(key: str) -> str | None:
    """The owner of a key, or None. Lookups are cached briefly per process."""
    digest = hash_key(key)
    cached = _cache.get(digest)
    now = time.monotonic()
    if cached and cached[0] > now:
        return cached[1]
    item = repository.get(digest)
    owner = item.get("owner") if item and not item.get("revoked") else None
    _cache[digest] = (now + _CACHE_SECONDS, owner)
    return owner


def owner_of_hash(key_hash: str) -> str | None:
    """The owner of a stored key, by its hash, read now (no cache, a consistent read):
    None when the key is unknown or revoked. Long-lived streams re-check the key that
    opened them with this, so a revocation reaches them without waiting for a cache."""
    item = repository.get(key_hash, consistent=True)
    return item.get("owner") if item and not item.get("revoked") else None


def parse_dev_keys(spec: str) -> list[tuple[str, str]]:
    """``"owner1:key1,owner2:key2"`` -> pairs. Raises ValueError when malformed."""
    pairs = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        owner, sep, key = part.partition(":")
        if not sep or not owner or not key:
            raise ValueError(f"WAKEFUL_DEV_API_KEYS entry {part!r} is not owner:key")
        pairs.append((owner, key))
    return pairs


KEY_ID_LENGTH = 12


def list_keys(owner: str) -> list[dict[str, Any]]:
    """An owner's keys, newest first: ``{id, prefix, created_at, revoked}`` (the id is
    the start of the key's hash; the key itself is never stored)."""
    items = repository.of_owner(owner)
    return [
        {
            "id": item["key_hash"][:KEY_ID_LENGTH],
            "prefix": item.get("key_prefix", ""),
            "created_at": clock.iso(item.get("created_at")),
            "revoked": bool(item.get("revoked")),
        }
        for item in items
    ]


def revoke(*, key: str | None = None, owner: str | None = None, key_id: str | None = None) -> str:
    """Mark a key revoked (by the key itself, or by owner and id from :func:`list_keys`).
    Returns its id. Raises ValueError when no such key exists."""
    if key:
        digest = hash_key(key)
    else:
        matches = [row["key_hash"] for row in _owner_items(owner or "") if row["key_hash"].startswith(key_id or "\0")]
        if len(matches) != 1:
            raise ValueError(f"no key with id {key_id!r} for owner {owner!r}")
        digest = matches[0]
    try:
        repository.revoke(digest, clock.now())
    except repository.KeyNotFoundError as error:
        raise ValueError("no such key") from error
    _cache.pop(digest, None)
    return digest[:KEY_ID_LENGTH]


def _owner_items(owner: str) -> list[dict[str, Any]]:
    return repository.of_owner(owner, hashes_only=True)
