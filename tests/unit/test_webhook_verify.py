"""Signature verification of inbound webhooks: pure functions, no AWS."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import datetime, timezone

import pytest
from standardwebhooks import Webhook

from wakeful import signing
from wakeful.webhooks import verify

NOW = 1_800_000_000.0
BODY = b'{"payload": {"b": 2, "a": 1}}'


def standard_headers(secret: str, body: bytes = BODY, stamp: float = NOW, msg_id: str = "msg_1") -> dict[str, str]:
    """Signed by the standardwebhooks package, not by our code."""
    signature = Webhook(secret).sign(msg_id, datetime.fromtimestamp(stamp, tz=timezone.utc), body.decode())
    return {"webhook-id": msg_id, "webhook-timestamp": str(int(stamp)), "webhook-signature": signature}


def wakeful_headers(secret: str, body: bytes = BODY, stamp: float = NOW) -> dict[str, str]:
    key = verify.hmac_key(secret)
    digest = hmac.new(key, f"{int(stamp)}.".encode() + body, hashlib.sha256).hexdigest()
    return {"x-wakeful-timestamp": str(int(stamp)), "x-wakeful-signature": f"sha256={digest}"}


@pytest.fixture()
def secret() -> str:
    return signing.new_secret()


def test_secret_is_whsec_and_at_least_24_random_bytes(secret: str) -> None:
    assert secret.startswith("whsec_")
    assert len(verify.hmac_key(secret)) >= 24
    assert signing.new_secret() != signing.new_secret()


def test_standard_webhooks_signature_from_the_library_verifies(secret: str) -> None:
    check = verify.verify(standard_headers(secret), BODY, [secret], NOW)
    assert check.valid and check.scheme == "standard" and check.delivery == "id:msg_1"


def test_scheme_one_signature_verifies_and_names_the_delivery_by_timestamp_and_signature(secret: str) -> None:
    headers = wakeful_headers(secret)
    check = verify.verify(headers, BODY, [secret], NOW)
    assert check.valid and check.scheme == "wakeful"
    assert check.delivery == f"sig:{int(NOW)}:{headers['x-wakeful-signature'][7:]}"


def test_the_raw_bytes_are_signed_not_a_reserialisation(secret: str) -> None:
    odd = b'{\n  "payload" :{ "z":1,"a" :[1 , 2.50]},  "priority":3}\n'
    assert json.dumps(json.loads(odd)).encode() != odd
    assert verify.verify(standard_headers(secret, odd), odd, [secret], NOW).valid
    # ...and re-serialising the parse, as a naive design would, would not match.
    assert not verify.verify(standard_headers(secret, odd), json.dumps(json.loads(odd)).encode(), [secret], NOW).valid


@pytest.mark.parametrize("skew", [-300, 0, 299.9, 300])
def test_timestamps_within_300_seconds_are_accepted(secret: str, skew: float) -> None:
    assert verify.verify(standard_headers(secret, stamp=NOW - skew), BODY, [secret], NOW).valid


@pytest.mark.parametrize("skew", [301, -301, 100_000])
def test_timestamps_more_than_300_seconds_away_are_rejected_in_both_schemes(secret: str, skew: int) -> None:
    stamp = NOW - skew
    for headers in (standard_headers(secret, stamp=stamp), wakeful_headers(secret, stamp=stamp)):
        check = verify.verify(headers, BODY, [secret], NOW)
        assert not check.valid and "tolerance 300 s" in (check.reason or "")


def test_a_changed_byte_or_another_secret_is_rejected(secret: str) -> None:
    tampered = BODY.replace(b"1", b"2")
    assert not verify.verify(standard_headers(secret), tampered, [secret], NOW).valid
    assert not verify.verify(wakeful_headers(secret), tampered, [secret], NOW).valid
    other = signing.new_secret()
    assert not verify.verify(standard_headers(other), BODY, [secret], NOW).valid
    assert not verify.verify(wakeful_headers(other), BODY, [secret], NOW).valid


@pytest.mark.parametrize("drop", ["webhook-id", "webhook-timestamp", "webhook-signature"])
def test_a_missing_standard_header_is_rejected(secret: str, drop: str) -> None:
    headers = standard_headers(secret)
    del headers[drop]
    check = verify.verify(headers, BODY, [secret], NOW)
    assert not check.valid and "incomplete" in (check.reason or "")


def test_no_signature_headers_at_all_is_rejected(secret: str) -> None:
    check = verify.verify({"content-type": "application/json"}, BODY, [secret], NOW)
    assert not check.valid and "missing signature headers" in (check.reason or "")


def test_any_of_several_signatures_and_any_valid_secret_is_enough(secret: str) -> None:
    old = signing.new_secret()
    headers = standard_headers(secret)
    headers["webhook-signature"] = "v1,AAAA " + headers["webhook-signature"] + " v2,zzz"
    assert verify.verify(headers, BODY, [old, secret], NOW).valid
    assert verify.verify(wakeful_headers(old), BODY, [secret, old], NOW).valid


@pytest.mark.parametrize(
    "signature", ["", "v1,", "v1,not base64!", "v2,abc", "sha256=00", "v1," + "A" * 44, "\ud800"]
)
def test_malformed_signatures_are_rejected_without_errors(secret: str, signature: str) -> None:
    headers = standard_headers(secret)
    headers["webhook-signature"] = signature
    assert not verify.verify(headers, BODY, [secret], NOW).valid
    wakeful = wakeful_headers(secret)
    wakeful["x-wakeful-signature"] = signature
    assert not verify.verify(wakeful, BODY, [secret], NOW).valid


@pytest.mark.parametrize("stamp", ["", "abc", "1e9", "-5", "1_800_000_000", " ", "18000000000000"])
def test_malformed_timestamps_are_rejected(secret: str, stamp: str) -> None:
    headers = standard_headers(secret)
    headers["webhook-timestamp"] = stamp
    assert not verify.verify(headers, BODY, [secret], NOW).valid


def test_signatures_are_compared_in_constant_time() -> None:
    """The comparisons go through hmac.compare_digest (no == on secrets or digests)."""
    import inspect

    source = inspect.getsource(verify)
    assert source.count("hmac.compare_digest(") >= 2
    assert "== expected" not in source and "== digest" not in source
