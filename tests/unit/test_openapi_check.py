"""The response checker (tests/support/openapi_check.py) reports what breaks the document."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
import requests

from tests.support import openapi_check

BASE = "http://checker.invalid"


@pytest.fixture(scope="module", autouse=True)
def watched() -> Iterator[None]:
    from wakeful.api.app import app
    from wakeful.ops.openapi import document

    openapi_check._bases[BASE] = openapi_check._Document(document(app))
    yield
    openapi_check._bases.pop(BASE, None)


def _response(status: int, body: Any = None, content_type: str = "application/json") -> requests.Response:
    response = requests.Response()
    response.status_code = status
    response.headers["Content-Type"] = content_type
    response._content = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    return response


def _found(method: str, path: str, response: requests.Response) -> list[str]:
    """The mismatches one response causes (taken off the list: this test expects them)."""
    found = openapi_check.mismatches()
    before = len(found)
    openapi_check._check(method, BASE + path, response)
    new = found[before:]
    del found[before:]
    return new


EVENT = {"event_id": "evt_1", "seq": 1}


def test_a_body_that_matches_its_operation_passes() -> None:
    assert _found("POST", "/agents/agt_1/events", _response(202, EVENT)) == []
    assert _found("POST", "/agents/agt_1/events", _response(200, EVENT)) == []


def test_a_body_with_a_wrong_type_or_a_missing_field_is_reported() -> None:
    wrong = _found("POST", "/agents/agt_1/events", _response(202, {"event_id": "evt_1", "seq": "1"}))
    assert len(wrong) == 1 and "at seq" in wrong[0] and "-> 202" in wrong[0]
    missing = _found("GET", "/agents/agt_1/events", _response(200, {"items": [{"id": "evt_1"}], "next": None}))
    assert len(missing) == 1 and "items/0" in missing[0]


def test_a_success_status_the_operation_does_not_declare_is_reported() -> None:
    found = _found("POST", "/agents", _response(200, {"id": "agt_1"}))
    assert len(found) == 1 and "does not declare 200" in found[0]


def test_an_error_must_be_the_contract_error_shape_even_when_not_listed() -> None:
    assert _found("POST", "/agents/agt_1/events", _response(409, {"error": {"code": "conflict", "message": "first is evt_1"}})) == []
    found = _found("POST", "/agents/agt_1/events", _response(409, {"detail": "conflict"}))
    assert len(found) == 1 and "error" in found[0]


def test_a_204_with_a_body_is_reported_and_one_without_passes() -> None:
    assert _found("DELETE", "/agents/agt_1", _response(204)) == []
    assert len(_found("DELETE", "/agents/agt_1", _response(204, {"deleted": True}))) == 1


def test_server_sent_events_and_undocumented_paths_are_not_json_checked() -> None:
    sse = _response(200, b"id: 1\nevent: start\ndata: {}\n\n", "text/event-stream")
    assert _found("GET", "/agents/agt_1/threads/thr_1/stream", sse) == []
    assert _found("GET", "/console/app.js", _response(200, b"x", "text/javascript")) == []
