"""List cursors: only what the API issued is accepted."""

from __future__ import annotations

import base64
import json

import pytest

from wakeful import pagination
from wakeful.exceptions import BadRequestError


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
