"""List cursors: only what the API issued is accepted."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator

import pytest

from wakeful import constants, pagination
from wakeful.config import get_settings
from wakeful.exceptions import BadRequestError


@pytest.fixture(autouse=True)
def cursor_key(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Cursors signed with a key of the test's own (the process may hold `wakeful dev`'s)."""
    monkeypatch.setenv(constants.ENV_CURSOR_KEY, "a-test-key")
    get_settings.cache_clear()
    yield
    monkeypatch.undo()
    get_settings.cache_clear()


def _use_key(monkeypatch: pytest.MonkeyPatch, key: str | None) -> None:
    if key is None:
        monkeypatch.delenv(constants.ENV_CURSOR_KEY, raising=False)
    else:
        monkeypatch.setenv(constants.ENV_CURSOR_KEY, key)
    get_settings.cache_clear()


def _b64(value: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


def test_an_issued_cursor_decodes_to_its_key():
    key = {"owner": "o", "created_at": 12.5, "agent_id": "agt_1"}
    assert pagination.decode(pagination.encode(key)) == key


@pytest.mark.parametrize(
    "cursor",
    [
        "%%%",
        _b64({"owner": 1.5}),  # a hand-made key, no MAC
        _b64({"owner": "o", "created_at": 1, "agent_id": "a"}) + ".AAAAAAAAAAAAAAAAAAAAAA",  # a wrong MAC
        _b64([1]),
        "e30.",  # "{}" with an empty MAC
        "." ,
        "\udcff",
    ],
)
def test_a_cursor_the_api_did_not_issue_is_a_bad_request(cursor):
    with pytest.raises(BadRequestError):
        pagination.decode(cursor)


def test_an_edited_cursor_is_a_bad_request():
    issued = pagination.encode({"owner": "alice", "created_at": 1, "agent_id": "agt_1"})
    body, mac = issued.split(".")
    edited = _b64({"owner": "bob", "created_at": 1, "agent_id": "agt_1"})
    with pytest.raises(BadRequestError):
        pagination.decode(f"{edited}.{mac}")


def test_a_cursor_signed_with_another_deployments_key_is_a_bad_request(monkeypatch):
    issued = pagination.encode({"owner": "alice", "created_at": 1, "agent_id": "agt_1"})
    _use_key(monkeypatch, "another-deployments-key")
    with pytest.raises(BadRequestError):
        pagination.decode(issued)


def test_without_a_key_no_cursor_is_issued_or_read(monkeypatch):
    issued = pagination.encode({"owner": "alice", "created_at": 1, "agent_id": "agt_1"})
    _use_key(monkeypatch, None)
    monkeypatch.delenv(constants.ENV_CURSOR_SECRET, raising=False)
    get_settings.cache_clear()
    with pytest.raises(pagination.CursorKeyMissingError, match="WAKEFUL_CURSOR_KEY.*WAKEFUL_CURSOR_SECRET"):
        pagination.encode({"owner": "alice", "created_at": 1, "agent_id": "agt_1"})
    with pytest.raises(pagination.CursorKeyMissingError):
        pagination.decode(issued)
