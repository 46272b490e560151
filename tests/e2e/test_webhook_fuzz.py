"""Property: whatever arrives at ``POST /webhooks/{id}``, the webhook-ingest handler
never answers 5xx, and it appends an event only for a request whose signature is valid.

Hypothesis builds validly signed requests (scheme 2 with the ``standardwebhooks``
package, scheme 1 by hand) and mutates them: flipped, cut or replaced bytes, dropped,
garbled or re-cased headers, stale or future timestamps, another secret, replays,
base64 bodies, other webhook ids. Each request is an API Gateway proxy event given to
the real handler in-process, against the session's stack (DynamoDB and KMS in moto).
Validity is judged by an oracle that shares no code with Wakeful.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
import uuid
from datetime import datetime, timezone
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from standardwebhooks import Webhook

from tests.support import openapi_check
from wakeful import ddb
from wakeful_dev import lambdas
from wakeful_dev.gateway import proxy_event

pytestmark = [pytest.mark.e2e, pytest.mark.long(seconds=50)]

EXAMPLES = int(__import__("os").environ.get("WAKEFUL_FUZZ_EXAMPLES", "2000"))
EVENT_TYPES = ["EXTERNAL_SIGNAL", "WEBHOOK_TRIGGER", "NOT_ALLOWED", "lower_case", "", None]
MUTATIONS = [
    "flip_byte", "truncate", "append_bytes", "random_body", "null_body", "drop_header", "garble_header",
    "recase_header", "stale", "future", "skew_unsigned", "wrong_secret", "replay", "other_webhook",
    "base64_body", "bad_base64", "both_schemes", "signature_noise", "sha_upper",
]
WRONG_SECRET = "whsec_" + base64.b64encode(b"not the secret, not at all!!").decode()

json_leaf = st.none() | st.booleans() | st.integers(-(10**9), 10**9) | st.floats(
    allow_nan=False, allow_infinity=False, width=32
) | st.text(max_size=12)
json_value = json_leaf | st.lists(json_leaf, max_size=3) | st.dictionaries(st.text(min_size=1, max_size=6), json_leaf, max_size=3)


def sign_standard(secret: str, msg_id: str, stamp: int, body: bytes) -> dict[str, str]:
    when = datetime.fromtimestamp(stamp, tz=timezone.utc)
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(stamp),
        "webhook-signature": Webhook(secret).sign(msg_id, when, body.decode()),
    }


def sign_scheme1(secret: str, stamp: int, body: bytes) -> dict[str, str]:
    key = base64.b64decode(secret.removeprefix("whsec_"))
    digest = hmac.new(key, f"{stamp}.".encode() + body, hashlib.sha256).hexdigest()
    return {"X-Wakeful-Timestamp": str(stamp), "X-Wakeful-Signature": f"sha256={digest}"}


def oracle_valid(secret: str, headers: dict[str, str], raw: bytes, now: float) -> bool:
    """Whether the request carries a valid signature by either scheme (independent of
    Wakeful's code: standardwebhooks for scheme 2, hmac by hand for scheme 1)."""
    lowered: dict[str, str] = {}
    for name, value in headers.items():
        lowered[name.lower()] = value
    try:
        Webhook(secret).verify(raw, {k: v for k, v in lowered.items() if k.startswith("webhook-")}, json_parse=False)
        return True
    except Exception:  # noqa: BLE001 - any failure of the library means "not valid"
        pass
    stamp, signature = lowered.get("x-wakeful-timestamp", ""), lowered.get("x-wakeful-signature", "")
    if not stamp.strip().isdigit() or abs(now - int(stamp.strip())) > 300:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    expected = "sha256=" + hmac.new(key, f"{stamp.strip()}.".encode() + raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(signature.strip().lower().encode("utf-8", "surrogatepass"), expected.encode())


# Its work is 2,000 requests: about a minute here, several on a machine busy with other
# work. The timeout only catches a hang.
@pytest.mark.timeout(1800)
def test_fuzzed_requests_never_answer_5xx_nor_append_without_a_valid_signature(stack: Any, api: Any) -> None:
    agent = api.create_agent()
    assert api.patch(f"/agents/{agent['id']}", json={"is_active": False}).status_code == 200
    created = api.post(
        f"/agents/{agent['id']}/webhooks",
        json={"rate_limit_per_hour": 1_000_000, "allowed_event_types": ["EXTERNAL_SIGNAL", "WEBHOOK_TRIGGER"]},
    )
    assert created.status_code == 201, created.text
    webhook = created.json()
    secret, webhook_id = webhook["secret"], webhook["id"]
    lambdas.handler("webhook_ingest")  # import once, outside the timed examples
    seen: dict[str, Any] = {"accepted": 0, "to_ours": 0, "statuses": {}, "ids": []}

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(data=st.data())
    def one_request(data: st.DataObject) -> None:
        body_obj: dict[str, Any] = {"payload": data.draw(st.dictionaries(st.text(min_size=1, max_size=6), json_value, max_size=4))}
        event_type = data.draw(st.sampled_from(EVENT_TYPES))
        if event_type is not None:
            body_obj["event_type"] = event_type
        if data.draw(st.booleans()):
            body_obj["priority"] = data.draw(st.integers(0, 11))
        body = json.dumps(
            body_obj,
            indent=data.draw(st.sampled_from([None, 1])),
            sort_keys=data.draw(st.booleans()),
            ensure_ascii=data.draw(st.booleans()),
        ).encode()
        now = int(time.time())
        msg_id = f"msg_{uuid.uuid4().hex}"
        scheme = data.draw(st.sampled_from(["standard", "scheme1"]))
        sign = (lambda s, t, b: sign_standard(s, msg_id, t, b)) if scheme == "standard" else sign_scheme1
        headers = {"Content-Type": "application/json", **sign(secret, now, body)}
        path_id, is_b64, wire_body = webhook_id, False, body
        null_body = False
        # At least one mutation (some keep the signature valid: recase_header, base64_body,
        # both_schemes, signature_noise, sha_upper), so most requests are rejected ones.
        for mutation in data.draw(st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3)):
            if mutation == "flip_byte" and wire_body:
                i = data.draw(st.integers(0, len(wire_body) - 1))
                wire_body = wire_body[:i] + bytes([wire_body[i] ^ (1 << data.draw(st.integers(0, 7)))]) + wire_body[i + 1 :]
            elif mutation == "truncate":
                wire_body = wire_body[: data.draw(st.integers(0, max(0, len(wire_body) - 1)))]
            elif mutation == "append_bytes":
                wire_body += data.draw(st.binary(min_size=1, max_size=8))
            elif mutation == "random_body":
                wire_body = data.draw(st.binary(max_size=40))
            elif mutation == "null_body":
                null_body = True
            elif mutation == "drop_header":
                names = [n for n in headers if n != "Content-Type"]
                if names:
                    del headers[data.draw(st.sampled_from(names))]
            elif mutation == "garble_header":
                name = data.draw(st.sampled_from(sorted(headers)))
                headers[name] = data.draw(st.text(max_size=40))
            elif mutation == "recase_header":
                name = data.draw(st.sampled_from(sorted(headers)))
                headers[name.upper() if data.draw(st.booleans()) else name.title()] = headers.pop(name)
            elif mutation in ("stale", "future"):
                # Future stamps start 30 s past the tolerance: the request itself may take
                # seconds on a busy machine, which brings a stamp 301 s ahead back inside.
                low = 301 if mutation == "stale" else 330
                shift = data.draw(st.integers(low, 10**6)) * (-1 if mutation == "stale" else 1)
                headers.update(sign(secret, now + shift, body))
            elif mutation == "skew_unsigned":
                for name in ("webhook-timestamp", "X-Wakeful-Timestamp"):
                    if name in headers:
                        headers[name] = str(now + data.draw(st.integers(-400, 400)))
            elif mutation == "wrong_secret":
                headers.update(sign(WRONG_SECRET, now, body))
            elif mutation == "replay":
                # Draw the same way whatever was seen before (hypothesis needs generation
                # not to depend on state kept across examples), then pick from it.
                pick = data.draw(st.integers(min_value=0, max_value=10**6))
                if seen["ids"]:
                    reused = seen["ids"][pick % len(seen["ids"])]
                    headers.update(sign_standard(secret, reused, now, body))
            elif mutation == "other_webhook":
                path_id = data.draw(st.sampled_from(["whk_01ZZZZZZZZZZZZZZZZZZZZZZZZ", "x", "whk_", "%00", "a" * 300]))
            elif mutation == "base64_body":
                is_b64 = True
            elif mutation == "bad_base64":
                is_b64, wire_body = True, b"!!not base64!!"
            elif mutation == "both_schemes":
                headers.update(sign_scheme1(secret, now, body) if scheme == "standard" else sign_standard(secret, msg_id, now, body))
            elif mutation == "signature_noise":
                for name in ("webhook-signature",):
                    if name in headers:
                        headers[name] = "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= v0,x " + headers[name]
            elif mutation == "sha_upper":
                for name in ("X-Wakeful-Signature",):
                    if name in headers:
                        headers[name] = headers[name].upper()
        event = proxy_event("POST", f"/webhooks/{path_id}", headers, wire_body, "203.0.113.9")
        if is_b64:
            event["body"] = base64.b64encode(wire_body).decode() if wire_body != b"!!not base64!!" else "!!not base64!!"
            event["isBase64Encoded"] = True
        if null_body:
            event["body"], event["isBase64Encoded"], wire_body = None, False, b""
        raw = wire_body if not (is_b64 and wire_body == b"!!not base64!!") else b"!!not base64!!"

        answer = lambdas.invoke("webhook_ingest", event)
        openapi_check.check_lambda_answer("POST", f"{stack.api_url}/webhooks/{path_id}", answer)  # against the document

        status = answer["statusCode"]
        seen["statuses"][status] = seen["statuses"].get(status, 0) + 1
        assert status in (200, 202, 400, 401, 403, 404, 413, 429), answer
        assert "error" in json.loads(answer["body"]) or status in (200, 202)
        if path_id == webhook_id:
            seen["to_ours"] += 1
        if status == 202:
            assert path_id == webhook_id
            assert oracle_valid(secret, headers, raw, time.time()), (headers, raw)
            seen["accepted"] += 1
            if "webhook-id" in headers:
                seen["ids"].append(headers["webhook-id"])

    started = time.monotonic()
    one_request()
    elapsed = time.monotonic() - started

    agent_after = ddb.get("agents", {"agent_id": agent["id"]})
    assert agent_after is not None and agent_after["last_seq"] == seen["accepted"]  # nothing appended but the 202s
    recorded = sum(
        int(item.get("count") or 1)  # a row records one request; a counted item, count of them
        for item in ddb.query(
            "webhook_requests",
            KeyConditionExpression="webhook_id = :w AND begins_with(request_id, :p)",
            ExpressionAttributeValues={":w": webhook_id, ":p": "whr_"},
            ProjectionExpression="request_id, #c",
            ExpressionAttributeNames={"#c": "count"},
        )
    )
    assert recorded == seen["to_ours"]  # every request recorded
    total = sum(seen["statuses"].values())
    assert total >= EXAMPLES
    assert seen["accepted"] > 0 and seen["statuses"].get(401, 0) > 0  # both sides of the property exercised
    print(f"\n{total} requests in {elapsed:.1f} s; answers {dict(sorted(seen['statuses'].items()))}")
