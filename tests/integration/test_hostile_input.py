"""Input an attacker (or a careless client) sends: every answer is a clear 4xx in the
contract's error shape, nothing is written, and the agent keeps working after it."""

from __future__ import annotations

import base64
import json

import pytest

JSON = {"Content-Type": "application/json"}


def _error(response) -> dict:
    body = response.json()
    assert set(body) == {"error"}, body
    assert body["error"]["code"] and body["error"]["message"], body
    return body["error"]


def _raw_post(api, path: str, data: bytes | str, headers: dict[str, str] | None = None):
    return api.http.post(api.base + path, data=data, headers=headers or {}, timeout=30)


@pytest.mark.parametrize(
    ("payload_text", "status"),
    [
        ('{"": 1}', 422),  # empty key: DynamoDB refuses it
        ('{"x": 1e300}', 422),  # beyond DynamoDB's number range
        ('{"x": 1e400}', 422),  # JSON's infinity
        ('{"x": 123456789012345678901234567890123456789012}', 422),  # over 38 digits
        ('{"x": "\\ud800"}', 422),  # a lone surrogate
        ('{"x": NaN}', 400),  # not JSON at all
    ],
    ids=["empty-key", "1e300", "1e400", "42-digits", "lone-surrogate", "nan"],
)
def test_an_event_payload_that_cannot_be_stored_is_refused_and_the_log_stays_readable(api, payload_text, status):
    agent = api.create_agent()
    body = '{"event_type": "BAD", "payload": ' + payload_text + "}"
    response = _raw_post(api, f"/agents/{agent['id']}/events", body, JSON)
    assert response.status_code == status, response.text
    _error(response)
    events = api.get(f"/agents/{agent['id']}/events")
    assert events.status_code == 200
    assert [e["event_type"] for e in events.json()["items"]] == []
    ok = api.post(f"/agents/{agent['id']}/events", json={"event_type": "GOOD", "payload": {"x": 1.5}})
    assert ok.status_code == 202, ok.text


def test_a_10000_deep_json_body_is_a_400(api):
    response = _raw_post(api, "/agents", "[" * 10_000 + "]" * 10_000, JSON)
    assert response.status_code == 400
    assert "deep" in _error(response)["message"]


def test_a_body_that_is_not_utf8_is_a_400_saying_so(api):
    response = _raw_post(api, "/agents", b'{"name": "\xff\xfe", "alias": "x"}', JSON)
    assert response.status_code == 400
    assert "UTF-8" in _error(response)["message"]


@pytest.mark.parametrize(
    ("content_type", "data"),
    [
        ("text/plain", '{"name": "N", "alias": "plain1"}'),
        ("application/xml", "<agent><name>N</name></agent>"),
        ("multipart/form-data; boundary=xyz", '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nN\r\n--xyz--\r\n'),
        ("application/x-www-form-urlencoded", "name=N&alias=form1"),
        ("application/json; charset=latin-1", '{"name": "N", "alias": "latin1"}'),
    ],
    ids=["text-plain", "xml", "multipart", "form", "latin1"],
)
def test_a_body_of_another_content_type_is_a_415_that_names_the_expected_one(api, content_type, data):
    response = _raw_post(api, "/agents", data, {"Content-Type": content_type})
    assert response.status_code == 415, response.text
    assert "application/json" in _error(response)["message"] or "UTF-8" in _error(response)["message"]
    assert api.get("/agents").json()["items"] == []


def test_a_json_body_without_a_content_type_gets_an_error_that_says_to_send_one(api):
    response = _raw_post(api, "/agents", '{"name": "N", "alias": "nohdr1"}')
    assert response.status_code == 415
    assert "Content-Type: application/json" in _error(response)["message"]
    assert api.get("/agents").json()["items"] == []


def test_a_json_content_type_with_utf8_charset_is_accepted(api):
    response = _raw_post(api, "/agents", '{"name": "N", "alias": "utf8ok"}', {"Content-Type": "application/json; charset=UTF-8"})
    assert response.status_code == 201, response.text


@pytest.mark.parametrize(
    ("field", "value", "status"),
    [
        ("name", "x" * 1_000_000, 413),
        ("expertise", "x" * 1_000_000, 413),
        ("personality", "x" * 1_000_000, 413),
        ("personality", "x" * 20_000, 422),
        ("personality", {"style": "x" * 20_000}, 422),
        ("focus_areas", ["x" * 5_000], 422),
    ],
    ids=["name-1mb", "expertise-1mb", "personality-1mb", "personality-20kb", "personality-dict-20kb", "focus-area-5kb"],
)
def test_huge_agent_fields_are_refused(api, field, value, status):
    response = api.post("/agents", json={"name": "N", "alias": "huge1", field: value})
    assert response.status_code == status, response.text[:300]
    _error(response)


def _cursor(value: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


@pytest.mark.parametrize(
    "crafted",
    [{"owner": 1.5}, {"agent_id": {"nested": True}}, {"x": "y"}, {"owner": "o", "created_at": "not-a-number"}, {"": 1}],
    ids=["number-owner", "nested", "unknown-key", "wrong-type", "empty-key"],
)
def test_a_crafted_cursor_is_a_400_on_every_list(api, crafted):
    agent = api.create_agent()
    a = f"/agents/{agent['id']}"
    failures = []
    for path in ("/agents", f"{a}/heartbeats", f"{a}/actions", f"{a}/webhooks", f"{a}/hooks", "/subscriptions", "/ops/heartbeats/failed", "/ops/heartbeats/stuck"):
        response = api.get(path, params={"cursor": _cursor(crafted)})
        if response.status_code != 400:
            failures.append(f"{path}: {response.status_code} {response.text[:200]}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("since", ["1e308", "-1", "inf", "nan", "99999999999999"])
def test_a_since_that_is_no_time_is_a_4xx(api, since):
    for path in ("/ops/heartbeats/failed", "/ops/tools/stats"):
        response = api.get(path, params={"since": since})
        assert 400 <= response.status_code < 500, (path, response.status_code, response.text[:200])
        _error(response)


def test_an_after_seq_beyond_any_number_is_a_422(api):
    agent = api.create_agent()
    response = api.get(f"/agents/{agent['id']}/events", params={"after_seq": str(10**40)})
    assert response.status_code == 422
    _error(response)


def test_the_root_points_to_the_docs(stack):
    import requests

    response = requests.get(stack.api_url + "/", timeout=10)
    assert response.status_code == 200
    assert response.json()["docs"] == "/docs"


def test_docs_in_json_format_is_the_openapi_document(stack):
    import requests

    response = requests.get(stack.api_url + "/docs?format=json", timeout=30)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/json")
    assert response.json()["openapi"].startswith("3.")
