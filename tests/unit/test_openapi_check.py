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
    from wakeful.api.openapi import document

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


def test_an_error_must_be_the_contract_error_shape_even_when_declared() -> None:
    assert _found("POST", "/agents/agt_1/events", _response(409, {"error": {"code": "conflict", "message": "first is evt_1"}})) == []
    found = _found("POST", "/agents/agt_1/events", _response(409, {"detail": "conflict"}))
    assert len(found) == 1 and "error" in found[0]


def test_a_client_error_status_the_operation_does_not_declare_is_reported() -> None:
    found = _found("GET", "/agents", _response(409, {"error": {"code": "conflict", "message": "no"}}))
    assert len(found) == 1 and "does not declare 409" in found[0]


def test_an_undeclared_server_error_passes_in_the_error_shape_only() -> None:
    assert _found("GET", "/agents", _response(500, {"error": {"code": "internal_error", "message": "boom"}})) == []
    assert len(_found("GET", "/agents", _response(500, {"detail": "boom"}))) == 1


def test_a_204_with_a_body_is_reported_and_one_without_passes() -> None:
    assert _found("DELETE", "/agents/agt_1", _response(204)) == []
    assert len(_found("DELETE", "/agents/agt_1", _response(204, {"deleted": True}))) == 1


STREAM_EVENT = {"id": 1, "type": "start", "metadata": {"agent_id": "agt_1", "thread_id": "thr_1", "run_id": "run_1", "created_at": "2026-01-01T00:00:00Z"}}


def test_each_data_line_of_a_server_sent_events_body_must_be_a_stream_event() -> None:
    good = _response(200, f"id: 1\nevent: start\ndata: {json.dumps(STREAM_EVENT)}\n\n".encode(), "text/event-stream")
    assert _found("GET", "/agents/agt_1/threads/thr_1/stream", good) == []
    bad = _response(200, b"id: 1\nevent: start\ndata: {}\n\n", "text/event-stream")
    found = _found("GET", "/agents/agt_1/threads/thr_1/stream", bad)
    assert len(found) == 1 and "not a StreamEvent" in found[0]


def test_stream_lines_read_one_by_one_are_checked_against_stream_event() -> None:
    found = openapi_check.mismatches()
    before = len(found)
    openapi_check.check_stream_lines(BASE, [f"data: {json.dumps(STREAM_EVENT)}", ": keep-alive", 'data: {"id": "x"}'])
    new = found[before:]
    del found[before:]
    assert len(new) == 1 and "data line 3" in new[0]


def test_a_lambda_proxy_answer_is_checked_like_an_http_response() -> None:
    found = openapi_check.mismatches()
    before = len(found)
    body = {"event_id": "evt_1", "seq": "not a number"}
    openapi_check.check_lambda_answer("POST", f"{BASE}/webhooks/wh_1", {"statusCode": 202, "headers": {"Content-Type": "application/json"}, "body": json.dumps(body)})
    openapi_check.check_lambda_answer("POST", f"{BASE}/webhooks/wh_1", {"statusCode": 202, "headers": {"Content-Type": "application/json"}, "body": json.dumps(EVENT)})
    new = found[before:]
    del found[before:]
    assert len(new) == 1 and "-> 202" in new[0] and "at seq" in new[0]


def test_undocumented_paths_are_not_checked() -> None:
    assert _found("GET", "/console/app.js", _response(200, b"x", "text/javascript")) == []


def test_frames_read_with_the_dev_sse_client_are_checked_against_stream_event() -> None:
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from wakeful.api.app import app
    from wakeful.api.openapi import document
    from wakeful_dev.sse_client import SseStream

    class Stream(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            body = f"id: 1\nevent: start\ndata: {json.dumps(STREAM_EVENT)}\n\nid: 2\nevent: text\ndata: {{\"id\": 2}}\n\n".encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Stream)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    openapi_check.install()
    openapi_check._bases[base] = openapi_check._Document(document(app))
    found = openapi_check.mismatches()
    before = len(found)
    try:
        with SseStream(f"{base}/agents/agt_1/threads/thr_1/stream", timeout=10) as stream:
            frames = list(stream)
    finally:
        server.shutdown()
        openapi_check._bases.pop(base, None)
    new = found[before:]
    del found[before:]
    assert [f.id for f in frames] == ["1", "2"]
    assert len(new) == 1 and "(SSE)" in new[0] and "not a StreamEvent" in new[0]
