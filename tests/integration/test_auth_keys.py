"""API keys against the emulated keys table: only a key's hash is stored, a revoked key
stops working at once, and an owner lists and revokes keys by id without ever seeing
them again."""

from __future__ import annotations

import hashlib
import json
import uuid
from typing import Any

import pytest

from wakeful.auth import keys, keys_repository


def _owner() -> str:
    return f"owner-{uuid.uuid4().hex[:8]}"


def test_a_created_key_finds_its_owner_and_only_its_hash_is_stored(stack: Any) -> None:
    owner = _owner()
    key = keys.create(owner)
    assert key.startswith(keys.KEY_PREFIX) and keys.owner_of(key) == owner
    item = keys_repository.get(hashlib.sha256(key.encode()).hexdigest())
    assert item is not None and key not in json.dumps(item, default=str)


def test_an_unknown_key_has_no_owner(stack: Any) -> None:
    assert keys.owner_of(f"wk_{uuid.uuid4().hex}") is None


def test_a_revoked_key_stops_working_at_once_even_after_a_cached_lookup(stack: Any) -> None:
    owner = _owner()
    key = keys.create(owner)
    assert keys.owner_of(key) == owner  # now cached
    keys.revoke(key=key)
    assert keys.owner_of(key) is None


def test_an_owner_lists_keys_by_id_and_prefix_and_revokes_one_by_id(stack: Any) -> None:
    owner = _owner()
    first, second = keys.create(owner), keys.create(owner)
    listed = keys.list_keys(owner)
    assert {row["prefix"] for row in listed} == {first[:7], second[:7]}
    assert all(first not in json.dumps(row) and second not in json.dumps(row) for row in listed)
    target = next(row for row in listed if row["id"] == keys.hash_key(second)[: keys.KEY_ID_LENGTH])
    assert keys.revoke(owner=owner, key_id=target["id"]) == target["id"]
    assert keys.owner_of(second) is None and keys.owner_of(first) == owner
    assert {row["id"]: row["revoked"] for row in keys.list_keys(owner)}[target["id"]] is True


def test_revoking_a_key_id_the_owner_does_not_have_says_so_and_changes_nothing(stack: Any) -> None:
    owner, other = _owner(), _owner()
    key = keys.create(owner)
    key_id = keys.hash_key(key)[: keys.KEY_ID_LENGTH]
    with pytest.raises(ValueError, match="no key with id"):
        keys.revoke(owner=other, key_id=key_id)
    assert keys.owner_of(key) == owner


@pytest.mark.parametrize("spec", ["alice", "alice:", ":key", "alice:key,bob"])
def test_a_malformed_dev_keys_setting_is_refused_naming_the_entry(spec: str) -> None:
    with pytest.raises(ValueError, match="is not owner:key"):
        keys.parse_dev_keys(spec)


def test_an_owner_name_longer_than_100_characters_is_refused(stack: Any) -> None:
    with pytest.raises(ValueError, match="1 to 100 characters"):
        keys.create("o" * 101)
