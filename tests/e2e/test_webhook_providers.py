"""Real senders end to end: GitHub, Stripe, Standard Webhooks and raw JSON, signed the
way those senders sign — GitHub's documented test vector, the ``stripe`` package's own
signature helper, the ``standardwebhooks`` package — never with Wakeful's code."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
import uuid
from datetime import datetime, timezone
from typing import Any

import pytest
import requests
from standardwebhooks import Webhook
from stripe import WebhookSignature

from tests.e2e.test_webhooks_http import create_webhook, events, quiet_agent, requests_of, scheme1_headers
from wakeful.webhooks import providers

pytestmark = pytest.mark.e2e

# GitHub's documentation ("Validating webhook deliveries") gives this test vector.
GITHUB_SECRET = "It's a Secret to Everybody"
GITHUB_PAYLOAD = "Hello, World!"
GITHUB_SIGNATURE = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
STRIPE_SECRET = "whsec_" + "test" * 8


def post(stack: Any, webhook: dict[str, Any], body: bytes, headers: dict[str, str]) -> requests.Response:
    return requests.post(f"{stack.api_url}/webhooks/{webhook['id']}", data=body, headers=headers, timeout=30)


def github_headers(body: bytes, secret: str = GITHUB_SECRET, *, event: str = "push", delivery: str | None = None) -> dict[str, str]:
    digest = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return {
        "Content-Type": "application/json",
        "User-Agent": "GitHub-Hookshot/abc123",
        "X-GitHub-Event": event,
        "X-GitHub-Delivery": delivery or str(uuid.uuid4()),
        "X-GitHub-Hook-ID": "292430182",
        "X-Hub-Signature-256": f"sha256={digest}",
    }


def stripe_headers(body: bytes, secret: str = STRIPE_SECRET, timestamp: int | None = None) -> dict[str, str]:
    header = WebhookSignature.generate_signature_header(body.decode(), secret, timestamp=timestamp or int(time.time()))
    return {"Content-Type": "application/json; charset=utf-8", "User-Agent": "Stripe/1.0", "Stripe-Signature": header}


def stripe_event(kind: str = "payment_intent.succeeded", event_id: str | None = None) -> bytes:
    return json.dumps(
        {"id": event_id or f"evt_{uuid.uuid4().hex[:24]}", "object": "event", "type": kind, "data": {"object": {"id": "pi_1", "amount": 2000}}}
    ).encode()


def test_githubs_documented_test_vector_verifies():
    check = providers.verify(
        "github", {"x-hub-signature-256": GITHUB_SIGNATURE, "x-github-delivery": "d1"}, GITHUB_PAYLOAD.encode(), [GITHUB_SECRET], 0
    )
    assert check.valid, check.reason


def test_a_github_push_becomes_a_github_push_event_with_the_whole_body(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="github", secret=GITHUB_SECRET)
    assert webhook["provider"] == "github"
    body = json.dumps({"ref": "refs/heads/main", "commits": [{"id": "abc"}], "repository": {"full_name": "o/r"}}).encode()

    response = post(stack, webhook, body, github_headers(body))

    assert response.status_code == 202, response.text
    (event,) = events(api, agent["id"])
    assert event["event_type"] == "github_push"
    assert event["payload"] == json.loads(body)
    assert event["source"] == "webhook"


def test_a_github_redelivery_is_a_duplicate(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="github")  # a generated secret, pasted into GitHub
    body = json.dumps({"action": "opened", "issue": {"number": 1}}).encode()
    headers = github_headers(body, webhook["secret"], event="issues", delivery="72d3162e-cc78-11e3-81ab-4c9367dc0958")

    first = post(stack, webhook, body, headers)
    again = post(stack, webhook, body, headers)

    assert first.status_code == 202 and again.status_code == 200, (first.text, again.text)
    assert again.json()["duplicate"] is True
    assert [e["event_type"] for e in events(api, agent["id"])] == ["github_issues"]


def test_a_github_delivery_with_a_wrong_signature_is_refused_and_recorded(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="github", secret=GITHUB_SECRET)
    body = b'{"zen": "Keep it logically awesome."}'

    response = post(stack, webhook, body, github_headers(body, "another secret", event="ping"))

    assert response.status_code == 401
    assert events(api, agent["id"]) == []
    assert requests_of(api, agent["id"], webhook["id"])[0]["status"] == "INVALID_SIGNATURE"


def test_a_form_encoded_github_delivery_takes_its_payload_field(stack, api):
    from urllib.parse import urlencode

    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="github", secret=GITHUB_SECRET)
    body = urlencode({"payload": json.dumps({"zen": "Design for failure."})}).encode()
    headers = {**github_headers(body, event="ping"), "Content-Type": "application/x-www-form-urlencoded"}

    response = post(stack, webhook, body, headers)

    assert response.status_code == 202, response.text
    assert events(api, agent["id"])[0]["payload"] == {"zen": "Design for failure."}


def test_a_stripe_event_signed_by_stripes_helper_becomes_a_stripe_event(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="stripe", secret=STRIPE_SECRET)
    assert "secret" not in api.get(f"/agents/{agent['id']}/webhooks/{webhook['id']}").json()
    body = stripe_event()

    response = post(stack, webhook, body, stripe_headers(body))

    assert response.status_code == 202, response.text
    (event,) = events(api, agent["id"])
    assert event["event_type"] == "stripe_payment_intent_succeeded"
    assert event["payload"] == json.loads(body)


def test_a_stripe_resend_of_the_same_event_is_a_duplicate(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="stripe", secret=STRIPE_SECRET)
    body = stripe_event("invoice.paid", "evt_1ResendMe")

    first = post(stack, webhook, body, stripe_headers(body, timestamp=int(time.time()) - 10))
    resent = post(stack, webhook, body, stripe_headers(body))  # a new t= and signature

    assert (first.status_code, resent.status_code) == (202, 200), resent.text
    assert len(events(api, agent["id"])) == 1


def test_stripe_signatures_older_than_300_s_are_refused(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="stripe", secret=STRIPE_SECRET)
    body = stripe_event()

    response = post(stack, webhook, body, stripe_headers(body, timestamp=int(time.time()) - 301))

    assert response.status_code == 401
    assert "300" in response.json()["error"]["message"]


def test_a_stripe_header_with_several_v1_signatures_verifies_when_one_matches(stack, api):
    """During Stripe's secret roll, a header carries one v1 per active secret."""
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="stripe", secret=STRIPE_SECRET)
    body = stripe_event()
    stamp = int(time.time())
    old = WebhookSignature.generate_signature_header(body.decode(), "whsec_old_secret_rolled", timestamp=stamp)
    new = WebhookSignature.generate_signature_header(body.decode(), STRIPE_SECRET, timestamp=stamp)
    header = f"{old},{new.split(',', 1)[1]}"  # t=…,v1=<old>,v1=<ours>

    response = post(stack, webhook, body, {"Content-Type": "application/json", "Stripe-Signature": header})

    assert response.status_code == 202, response.text


def test_a_stripe_webhook_needs_the_signing_secret_on_creation(api):
    agent = quiet_agent(api)
    response = api.post(f"/agents/{agent['id']}/webhooks", json={"provider": "stripe"})
    assert response.status_code == 422
    assert "secret" in response.json()["error"]["message"]


def test_a_wakeful_webhook_refuses_a_chosen_secret(api):
    agent = quiet_agent(api)
    response = api.post(f"/agents/{agent['id']}/webhooks", json={"secret": "my-own-secret-1"})
    assert response.status_code == 422


def test_a_standard_webhooks_sender_delivers_its_whole_body_typed_by_its_type_field(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="standard")
    body = json.dumps({"type": "invoice.paid", "timestamp": "2026-11-26T07:00:00Z", "data": {"id": "in_1"}}).encode()
    msg_id = f"msg_{uuid.uuid4().hex}"
    now = datetime.now(tz=timezone.utc)
    headers = {
        "Content-Type": "application/json",
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(now.timestamp())),
        "webhook-signature": Webhook(webhook["secret"]).sign(msg_id, now, body.decode()),
    }

    response = post(stack, webhook, body, headers)

    assert response.status_code == 202, response.text
    (event,) = events(api, agent["id"])
    assert (event["event_type"], event["payload"]) == ("invoice_paid", json.loads(body))


def test_a_standard_webhook_refuses_the_wakeful_scheme(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="standard")
    body = b'{"type": "x"}'
    assert post(stack, webhook, body, scheme1_headers(webhook["secret"], body)).status_code == 401


def test_a_raw_webhook_takes_any_signed_json_body_whole(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"], provider="raw")
    body = json.dumps({"zap": "new row", "row": {"a": 1}, "event_type": "not-a-field-here"}).encode()

    response = post(stack, webhook, body, scheme1_headers(webhook["secret"], body))

    assert response.status_code == 202, response.text
    (event,) = events(api, agent["id"])
    assert (event["event_type"], event["payload"]) == ("WEBHOOK_TRIGGER", json.loads(body))


def test_the_default_provider_keeps_the_wakeful_body_shape(stack, api):
    agent = quiet_agent(api)
    webhook = create_webhook(api, agent["id"])
    assert webhook["provider"] == "wakeful"
    body = json.dumps({"zap": "new row"}).encode()
    assert post(stack, webhook, body, scheme1_headers(webhook["secret"], body)).status_code == 400
