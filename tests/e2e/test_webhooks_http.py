"""Inbound webhooks end to end: real HTTP against the local stack (``wakeful dev``'s
gateway, the real webhook_ingest and api handlers, DynamoDB and KMS in moto).

Requests are signed with the ``standardwebhooks`` package (scheme 2) or by hand with
hmac (scheme 1), never with Wakeful's own signing code. Agents are paused so that no
heartbeat adds events to their logs: every event counted here came from a webhook.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from typing import Any

import pytest
import requests
from standardwebhooks import Webhook

from wakeful import ddb

pytestmark = pytest.mark.e2e


# -- helpers -------------------------------------------------------------------------
def quiet_agent(api: Any) -> dict[str, Any]:
    agent = api.create_agent()
    assert api.patch(f"/agents/{agent['id']}", json={"is_active": False}).status_code == 200
    return agent


def create_webhook(api: Any, agent_id: str, **fields: Any) -> dict[str, Any]:
    response = api.post(f"/agents/{agent_id}/webhooks", json=fields)
    assert response.status_code == 201, response.text
    return response.json()


def standard_headers(secret: str, body: bytes, *, stamp: float | None = None, msg_id: str | None = None) -> dict[str, str]:
    """Standard Webhooks headers made by the standardwebhooks package."""
    msg_id = msg_id or f"msg_{uuid.uuid4().hex}"
    when = datetime.fromtimestamp(time.time() if stamp is None else stamp, tz=timezone.utc)
    return {
        "Content-Type": "application/json",
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(when.timestamp())),
        "webhook-signature": Webhook(secret).sign(msg_id, when, body.decode()),
    }


def scheme1_headers(secret: str, body: bytes, *, stamp: int | None = None) -> dict[str, str]:
    """``X-Wakeful-Signature: sha256=<hex HMAC(key, "<ts>.<raw body>")>``, by hand."""
    stamp = int(time.time()) if stamp is None else stamp
    key = __import__("base64").b64decode(secret.removeprefix("whsec_"))
    digest = hmac.new(key, f"{stamp}.".encode() + body, hashlib.sha256).hexdigest()
    return {"Content-Type": "application/json", "X-Wakeful-Timestamp": str(stamp), "X-Wakeful-Signature": f"sha256={digest}"}


def body_of(event_type: str | None = None, **payload: Any) -> bytes:
    data: dict[str, Any] = {"payload": payload or {"n": 1}}
    if event_type:
        data["event_type"] = event_type
    return json.dumps(data).encode()


def events(api: Any, agent_id: str) -> list[dict[str, Any]]:
    response = api.get(f"/agents/{agent_id}/events?limit=100")
    assert response.status_code == 200
    return response.json()["items"]


def requests_of(api: Any, agent_id: str, webhook_id: str) -> list[dict[str, Any]]:
    response = api.get(f"/agents/{agent_id}/webhooks/{webhook_id}/requests?limit=100")
    assert response.status_code == 200, response.text
    return response.json()["items"]


@pytest.fixture()
def hook(api: Any) -> dict[str, Any]:
    """A paused agent with one webhook: {agent, webhook, secret, url}."""
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"])
    return {"agent": agent, "webhook": webhook, "secret": webhook["secret"], "url": webhook["url"]}


# -- accepted ------------------------------------------------------------------------
def test_standard_webhooks_request_is_accepted_and_appends_the_event(api: Any, hook: dict[str, Any]) -> None:
    body = body_of("EXTERNAL_SIGNAL", issue=123, labels=["bug"])
    response = requests.post(hook["url"], data=body, headers=standard_headers(hook["secret"], body), timeout=30)
    assert response.status_code == 202, response.text
    answer = response.json()
    [event] = events(api, hook["agent"]["id"])
    assert (event["id"], event["seq"]) == (answer["event_id"], answer["seq"])
    assert event["event_type"] == "EXTERNAL_SIGNAL" and event["payload"] == {"issue": 123, "labels": ["bug"]}
    assert event["source"] == "webhook" and event["metadata"]["webhook_id"] == hook["webhook"]["id"]
    [row] = requests_of(api, hook["agent"]["id"], hook["webhook"]["id"])
    assert row["status"] == "ACCEPTED" and row["signature_valid"] is True and row["event_id"] == answer["event_id"]
    assert row["source_ip"] == "127.0.0.1" and row["event_type"] == "EXTERNAL_SIGNAL" and row["received_at"]


def test_scheme_one_request_is_accepted_with_default_type_and_given_priority(api: Any, hook: dict[str, Any]) -> None:
    body = json.dumps({"priority": 2, "payload": {"x": 1}}).encode()
    response = requests.post(hook["url"], data=body, headers=scheme1_headers(hook["secret"], body), timeout=30)
    assert response.status_code == 202, response.text
    [event] = events(api, hook["agent"]["id"])
    assert event["event_type"] == "WEBHOOK_TRIGGER" and event["priority"] == 2


def test_json_in_an_unusual_key_order_and_spacing_still_verifies(api: Any, hook: dict[str, Any]) -> None:
    body = b'{\n\t"payload" :{ "z" : 1 ,"a":[ 1,2.50 ], "u":"caf\\u00e9"} ,  "event_type":"EXTERNAL_EVENT" ,"priority" : 4 }\r\n'
    parsed = json.loads(body)
    for dump in (json.dumps(parsed), json.dumps(parsed, sort_keys=True), json.dumps(parsed, separators=(",", ":"))):
        assert dump.encode() != body  # no serializer would produce these bytes
    for headers in (standard_headers(hook["secret"], body), scheme1_headers(hook["secret"], body)):
        response = requests.post(hook["url"], data=body, headers=headers, timeout=30)
        assert response.status_code == 202, response.text
    assert [e["payload"] for e in events(api, hook["agent"]["id"])] == [{"z": 1, "a": [1, 2.5], "u": "café"}] * 2


# -- rejected: 401 and no event --------------------------------------------------------
def _tamper(secret: str, body: bytes) -> list[tuple[str, bytes, dict[str, str]]]:
    wrong = "whsec_" + __import__("base64").b64encode(b"w" * 32).decode()
    now = time.time()
    cases: list[tuple[str, bytes, dict[str, str]]] = []
    for scheme, sign in (("standard", standard_headers), ("scheme1", scheme1_headers)):
        headers = sign(secret, body)
        cases.append((f"{scheme}: changed byte", body.replace(b"1", b"2", 1), headers))
        cases.append((f"{scheme}: wrong secret", body, sign(wrong, body)))
        cases.append((f"{scheme}: 301 s old", body, sign(secret, body, stamp=math.floor(now) - 301)))
        # 330, not 301: on a busy machine the request may take seconds to arrive.
        cases.append((f"{scheme}: 330 s ahead", body, sign(secret, body, stamp=math.ceil(now) + 330)))
        names = ["webhook-id", "webhook-timestamp", "webhook-signature"] if scheme == "standard" else ["X-Wakeful-Timestamp", "X-Wakeful-Signature"]
        for name in names:
            cases.append((f"{scheme}: missing {name}", body, {k: v for k, v in headers.items() if k != name}))
    cases.append(("no signature headers", body, {"Content-Type": "application/json"}))
    return cases


def test_bad_signatures_answer_401_record_the_reason_and_append_nothing(api: Any, hook: dict[str, Any]) -> None:
    body = body_of(n=1)
    cases = _tamper(hook["secret"], body)
    for name, data, headers in cases:
        response = requests.post(hook["url"], data=data, headers=headers, timeout=30)
        assert response.status_code == 401, (name, response.text)
        assert response.json()["error"]["code"] == "invalid_signature", name
    assert events(api, hook["agent"]["id"]) == []
    rows = requests_of(api, hook["agent"]["id"], hook["webhook"]["id"])
    assert len(rows) == len(cases)
    assert {r["status"] for r in rows} == {"INVALID_SIGNATURE"} and not any(r["signature_valid"] for r in rows)
    reasons = " | ".join(r["rejection_reason"] for r in rows)
    for fragment in ("does not match", "s old (tolerance 300 s)", "in the future (tolerance 300 s)", "incomplete", "missing"):
        assert fragment in reasons


def test_timestamps_just_inside_the_tolerance_are_accepted(api: Any, hook: dict[str, Any]) -> None:
    for stamp in (math.ceil(time.time()) - 295, math.floor(time.time()) + 295):
        body = body_of(at=stamp)
        response = requests.post(hook["url"], data=body, headers=standard_headers(hook["secret"], body, stamp=stamp), timeout=30)
        assert response.status_code == 202, response.text
    assert len(events(api, hook["agent"]["id"])) == 2


# -- replays --------------------------------------------------------------------------
@pytest.mark.parametrize("scheme", ["standard", "scheme1"])
def test_the_same_delivery_twice_appends_one_event(api: Any, hook: dict[str, Any], scheme: str) -> None:
    body = body_of(n=7)
    headers = standard_headers(hook["secret"], body) if scheme == "standard" else scheme1_headers(hook["secret"], body)
    first = requests.post(hook["url"], data=body, headers=headers, timeout=30)
    again = requests.post(hook["url"], data=body, headers=headers, timeout=30)
    assert first.status_code == 202 and again.status_code == 200, (first.text, again.text)
    assert again.json() == {**first.json(), "duplicate": True}
    assert len(events(api, hook["agent"]["id"])) == 1
    statuses = [r["status"] for r in requests_of(api, hook["agent"]["id"], hook["webhook"]["id"])]
    assert statuses == ["DUPLICATE", "ACCEPTED"]


def test_the_same_webhook_id_with_another_body_is_a_replay_too(api: Any, hook: dict[str, Any]) -> None:
    body, other = body_of(n=1), body_of(n=2)
    first = requests.post(hook["url"], data=body, headers=standard_headers(hook["secret"], body, msg_id="msg_fixed"), timeout=30)
    again = requests.post(hook["url"], data=other, headers=standard_headers(hook["secret"], other, msg_id="msg_fixed"), timeout=30)
    assert (first.status_code, again.status_code) == (202, 200)
    assert [e["payload"] for e in events(api, hook["agent"]["id"])] == [{"n": 1}]


# -- the rate limit -------------------------------------------------------------------
def test_twenty_concurrent_requests_against_a_limit_of_five_accept_exactly_five(api: Any) -> None:
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], rate_limit_per_hour=5)
    bodies = [body_of(i=i) for i in range(20)]
    prepared = [(b, standard_headers(webhook["secret"], b)) for b in bodies]
    start = threading.Barrier(20)
    hour = int(time.time() // 3600)

    def send(item: tuple[bytes, dict[str, str]]) -> requests.Response:
        start.wait()
        return requests.post(webhook["url"], data=item[0], headers=item[1], timeout=60)

    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(send, prepared))
    if int(time.time() // 3600) != hour:
        pytest.skip("the clock hour changed during the burst; the limit is per clock hour")
    assert Counter(a.status_code for a in answers) == {202: 5, 429: 15}, [a.text for a in answers]
    for answer in answers:
        if answer.status_code == 429:
            assert 1 <= int(answer.headers["Retry-After"]) <= 3600
            assert answer.json()["error"]["code"] == "rate_limited"
    assert len(events(api, agent["id"])) == 5
    statuses = Counter(r["status"] for r in requests_of(api, agent["id"], webhook["id"]))
    assert statuses == {"ACCEPTED": 5, "RATE_LIMITED": 15}


def test_unsigned_requests_do_not_use_up_the_limit(api: Any) -> None:
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], rate_limit_per_hour=1)
    for _ in range(3):
        assert requests.post(webhook["url"], data=b'{"payload":{}}', timeout=30).status_code == 401
    body = body_of()
    assert requests.post(webhook["url"], data=body, headers=standard_headers(webhook["secret"], body), timeout=30).status_code == 202
    body = body_of(n=2)
    assert requests.post(webhook["url"], data=body, headers=standard_headers(webhook["secret"], body), timeout=30).status_code == 429


# -- rotation -------------------------------------------------------------------------
def test_after_rotation_old_and_new_secrets_are_accepted_until_the_overlap_ends(api: Any, hook: dict[str, Any]) -> None:
    agent_id, webhook_id, url = hook["agent"]["id"], hook["webhook"]["id"], hook["url"]
    original = hook["secret"]

    def status(secret: str) -> int:
        body = body_of(r=uuid.uuid4().hex)
        return requests.post(url, data=body, headers=standard_headers(secret, body), timeout=30).status_code

    rotated = api.post(f"/agents/{agent_id}/webhooks/{webhook_id}/rotate")
    assert rotated.status_code == 200, rotated.text
    second = rotated.json()["secret"]
    assert second.startswith("whsec_") and second != original
    expires = datetime.fromisoformat(rotated.json()["previous_secret_expires_at"].replace("Z", "+00:00")).timestamp()
    assert abs(expires - (time.time() + 24 * 3600)) < 60  # the default overlap is 24 h
    assert (status(original), status(second)) == (202, 202)

    # A second rotation with a 1 s overlap: the original is gone at once, the second
    # secret lasts one more second, the third is valid.
    # A second rotation with a short overlap: the original is gone at once, the second
    # secret lasts until previous_secret_expires_at, the third is valid. (Compared with
    # the expiry the API reports, not a fixed sleep: a busy machine may be slow.)
    rotation = api.post(f"/agents/{agent_id}/webhooks/{webhook_id}/rotate", json={"overlap_seconds": 2}).json()
    third = rotation["secret"]
    overlap_ends = datetime.fromisoformat(rotation["previous_secret_expires_at"].replace("Z", "+00:00")).timestamp()
    assert (status(original), status(third)) == (401, 202)
    second_during_overlap = status(second)
    if time.time() < overlap_ends - 0.5:
        assert second_during_overlap == 202
    time.sleep(max(0.0, overlap_ends - time.time()) + 0.1)
    assert (status(second), status(third)) == (401, 202)


# -- other answers ----------------------------------------------------------------------
def test_event_types_outside_allowed_event_types_answer_403(api: Any) -> None:
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], allowed_event_types=["EXTERNAL_SIGNAL"])
    allowed, other, default = body_of("EXTERNAL_SIGNAL"), body_of("SOMETHING_ELSE"), body_of()
    post = lambda b: requests.post(webhook["url"], data=b, headers=standard_headers(webhook["secret"], b), timeout=30)  # noqa: E731
    assert [post(b).status_code for b in (allowed, other, default)] == [202, 403, 403]
    assert [e["event_type"] for e in events(api, agent["id"])] == ["EXTERNAL_SIGNAL"]
    rows = requests_of(api, agent["id"], webhook["id"])
    assert [r["status"] for r in rows] == ["REJECTED", "REJECTED", "ACCEPTED"]
    assert "not allowed" in rows[0]["rejection_reason"] and rows[0]["signature_valid"] is True


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[1, 2]",
        b'{"event_type": "X"}',
        b'{"payload": [1]}',
        b'{"payload": {}, "priority": 11}',
        b'{"payload": {}, "priority": "1"}',
        b'{"payload": {}, "event_type": "1lower"}',
        b'{"payload": {}, "unexpected": 1}',
        b'{"payload": {"v": NaN}}',
        b'{"payload": {"n": 1000000000000000000000000000000000000000000}}',
        b"",
    ],
)
def test_a_signed_body_of_the_wrong_shape_answers_400_and_appends_nothing(api: Any, hook: dict[str, Any], body: bytes) -> None:
    response = requests.post(hook["url"], data=body, headers=standard_headers(hook["secret"], body), timeout=30)
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_request"
    assert events(api, hook["agent"]["id"]) == []
    [row] = requests_of(api, hook["agent"]["id"], hook["webhook"]["id"])
    assert row["status"] == "REJECTED" and row["http_status"] == 400


def test_bodies_over_256_kib_answer_413_and_256_kib_is_accepted(api: Any, hook: dict[str, Any]) -> None:
    envelope = b'{"payload": {"blob": ""}}'
    exact = envelope.replace(b'""', b'"' + b"x" * (256 * 1024 - len(envelope)) + b'"')
    assert len(exact) == 256 * 1024
    over = exact[:-3] + b'x"}}'
    for body, expected in ((over, 413), (exact, 202)):
        response = requests.post(hook["url"], data=body, headers=standard_headers(hook["secret"], body), timeout=30)
        assert response.status_code == expected, response.text[:300]
    assert len(events(api, hook["agent"]["id"])) == 1


def test_unknown_inactive_and_deleted_webhooks_answer_404(api: Any, hook: dict[str, Any]) -> None:
    body = body_of()
    base = hook["url"].rsplit("/", 1)[0]
    assert requests.post(f"{base}/whk_01ZZZZZZZZZZZZZZZZZZZZZZZZ", data=body, headers=standard_headers(hook["secret"], body), timeout=30).status_code == 404
    assert requests.post(f"{base}/not-an-id", data=body, timeout=30).status_code == 404
    agent_id, webhook_id = hook["agent"]["id"], hook["webhook"]["id"]
    assert api.patch(f"/agents/{agent_id}/webhooks/{webhook_id}", json={"is_active": False}).status_code == 200
    assert requests.post(hook["url"], data=body, headers=standard_headers(hook["secret"], body), timeout=30).status_code == 404
    assert api.patch(f"/agents/{agent_id}/webhooks/{webhook_id}", json={"is_active": True}).status_code == 200
    assert requests.post(hook["url"], data=body, headers=standard_headers(hook["secret"], body), timeout=30).status_code == 202
    assert api.delete(f"/agents/{agent_id}/webhooks/{webhook_id}").status_code == 204
    body = body_of(n=3)
    assert requests.post(hook["url"], data=body, headers=standard_headers(hook["secret"], body), timeout=30).status_code == 404
    assert len(events(api, agent_id)) == 1
    assert api.get(f"/agents/{agent_id}/webhooks/{webhook_id}").status_code == 404


# -- secrets ----------------------------------------------------------------------------
def test_the_secret_is_shown_once_sealed_at_rest_and_never_in_the_url(api: Any, hook: dict[str, Any]) -> None:
    secret, webhook = hook["secret"], hook["webhook"]
    agent_id = hook["agent"]["id"]
    assert webhook["url"].endswith(f"/webhooks/{webhook['id']}") and secret not in webhook["url"]
    assert secret.startswith("whsec_") and len(__import__("base64").b64decode(secret[6:])) >= 24
    listed = api.get(f"/agents/{agent_id}/webhooks").text
    fetched = api.get(f"/agents/{agent_id}/webhooks/{webhook['id']}").text
    patched = api.patch(f"/agents/{agent_id}/webhooks/{webhook['id']}", json={"rate_limit_per_hour": 50}).text
    for text in (listed, fetched, patched):
        assert "secret" not in json.loads(text).get("items", [json.loads(text)])[0]
        assert secret not in text and secret[6:] not in text
    item = ddb.get("webhooks", {"webhook_id": webhook["id"]})
    assert item is not None and item["secret_sealed"].startswith("kms:")
    assert secret[6:] not in json.dumps(item)


def test_the_handler_never_logs_the_secret_body_or_signature(stack: Any, api: Any, hook: dict[str, Any], caplog: Any) -> None:
    from wakeful_dev import lambdas

    module = __import__("functions.webhook_ingest.handler", fromlist=["logger"])
    lambdas.handler("webhook_ingest")
    previous = module.logger.log_level
    module.logger.setLevel("DEBUG")
    caplog.set_level("DEBUG", logger="wakeful")
    try:
        marker = f"needle-{uuid.uuid4().hex}"
        body = body_of(marker=marker)
        good = standard_headers(hook["secret"], body)
        bad = {**good, "webhook-signature": "v1," + __import__("base64").b64encode(b"x" * 32).decode()}
        for headers in (good, bad):
            requests.post(hook["url"], data=body, headers=headers, timeout=30)
    finally:
        module.logger.setLevel(previous)
    # Our loggers only (botocore's own DEBUG output shows request bodies by design).
    ours = [r for r in caplog.records if r.name == "wakeful" or r.name.startswith("wakeful.")]
    logged = json.dumps([{**vars(r), "text": r.getMessage()} for r in ours], default=str)
    assert '"webhook request"' in logged or "webhook request" in logged  # the handler did log
    for secret_thing in (hook["secret"], hook["secret"][6:], good["webhook-signature"][3:], marker):
        assert secret_thing not in logged


# -- the request log is bounded ----------------------------------------------------------
def _a_fresh_minute(margin: float = 15.0) -> None:
    """Wait, when needed, so that the next ``margin`` seconds are in one UTC minute."""
    left = 60 - time.time() % 60
    if left < margin:
        time.sleep(left + 0.05)


def test_refused_requests_past_twenty_a_minute_are_counted_in_one_item_not_each_a_row(api: Any) -> None:
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"])
    body = body_of()
    _a_fresh_minute()
    for _ in range(60):
        assert requests.post(webhook["url"], data=body, headers=standard_headers("whsec_" + "A" * 32, body), timeout=30).status_code == 401
    assert requests.post(webhook["url"], data=body, headers=standard_headers(webhook["secret"], body), timeout=30).status_code == 202

    rows = requests_of(api, agent["id"], webhook["id"])
    own = [r for r in rows if r["count"] == 1]
    counted = [r for r in rows if r["count"] > 1]
    assert len(rows) == 22  # 20 refused rows, one counted item, the accepted row
    assert Counter(r["status"] for r in own) == {"INVALID_SIGNATURE": 20, "ACCEPTED": 1}
    [item] = counted
    assert item["status"] == "INVALID_SIGNATURE" and item["count"] == 40 and item["rejection_reason"] and item["signature_valid"] is False
    assert item["last_received_at"] >= item["received_at"]
    assert rows.index(item) < rows.index(next(r for r in own if r["status"] == "INVALID_SIGNATURE"))  # after the minute's rows


def test_requests_to_ids_that_are_no_webhook_leave_no_row_under_those_ids(api: Any) -> None:
    from wakeful.webhooks import records, repository

    base = f"{api.base}/webhooks"
    made_up = [f"whk_01ZZZZZZZZZZZZZZZZZZZZ{n:04d}" for n in range(1000, 1015)]
    before = sum(r.count or 1 for r in repository.requests_page(records.UNKNOWN_WEBHOOK, records.REQUEST_PREFIX, 100, None)[0])
    for webhook_id in made_up:
        assert requests.post(f"{base}/{webhook_id}", data=b"{}", timeout=30).status_code == 404
    for webhook_id in made_up:
        assert repository.requests_page(webhook_id, records.REQUEST_PREFIX, 10, None)[0] == []
    after = repository.requests_page(records.UNKNOWN_WEBHOOK, records.REQUEST_PREFIX, 100, None)[0]
    assert sum(r.count or 1 for r in after) - before == 15
