"""A hook registered with a secret of the user's choosing signs with it: so a hook can
deliver to a receiver that already has a secret, such as a ``raw`` webhook of the same
stack (``wakeful check`` does exactly that, and needs no public URL)."""

from __future__ import annotations

import base64
import time

import pytest
from standardwebhooks import Webhook

from tests.support.hook_receiver import create_hook, quiet_agent
from wakeful import signing

pytestmark = pytest.mark.e2e


def test_a_hook_given_a_secret_signs_its_deliveries_with_it_and_never_shows_it_again(stack, api, receiver):
    agent = quiet_agent(api)
    chosen = signing.new_secret()
    hook = create_hook(api, agent["id"], "NOTIFICATION", receiver.url("chosen"), secret=chosen)
    assert hook["secret"] == chosen
    assert chosen not in api.get(f"/agents/{agent['id']}/hooks/{hook['id']}").text
    assert chosen not in api.get(f"/agents/{agent['id']}/hooks").text

    assert api.post(f"/agents/{agent['id']}/hooks/{hook['id']}/test").status_code == 202
    (got,) = receiver.wait_for("chosen", 1)
    assert Webhook(chosen).verify(got.raw, got.headers) == got.json


def test_a_hook_sharing_a_raw_webhooks_secret_delivers_into_the_agents_log(stack, api):
    agent = quiet_agent(api)
    webhook = api.post(f"/agents/{agent['id']}/webhooks", json={"provider": "raw"}).json()
    hook = create_hook(api, agent["id"], "NOTIFICATION", webhook["url"], secret=webhook["secret"])

    delivery_id = api.post(f"/agents/{agent['id']}/hooks/{hook['id']}/test").json()["delivery_id"]
    deadline = time.monotonic() + 60
    arrived: list[dict] = []
    while time.monotonic() < deadline and not arrived:
        events = api.get(f"/agents/{agent['id']}/events").json()["items"]
        arrived = [e for e in events if e["metadata"].get("delivery") == f"id:{delivery_id}"]
        time.sleep(0.05)
    assert arrived, "the hook's delivery never reached the agent's log"
    (event,) = arrived
    assert event["event_type"] == "WEBHOOK_TRIGGER" and event["source"] == "webhook"
    assert event["payload"]["hook_type"] == "NOTIFICATION" and event["payload"]["agent"]["id"] == agent["id"]
    rows = api.get(f"/agents/{agent['id']}/hooks/{hook['id']}/executions", params={"delivery_id": delivery_id}).json()["items"]
    assert [(r["status"], r["status_code"]) for r in rows] == [("SUCCESS", 202)]


SHORT = "whsec_" + base64.b64encode(b"k" * 23).decode()


@pytest.mark.parametrize(
    "secret",
    ["sk_live_" + "a" * 40, "whsec_" + "!" * 40, SHORT],
    ids=["no-prefix", "not-base64", "23-bytes"],
)
def test_a_chosen_secret_that_is_not_a_standard_webhooks_secret_is_refused_without_echoing_it(stack, api, receiver, secret):
    agent = quiet_agent(api)
    response = api.post(
        f"/agents/{agent['id']}/hooks", json={"hook_type": "NOTIFICATION", "endpoint_url": receiver.url("x"), "secret": secret}
    )
    assert response.status_code == 422, response.text
    assert "secret" in response.json()["error"]["message"] and "24 bytes" in response.json()["error"]["message"]
    assert secret[6:] not in response.text, response.text
    assert api.get(f"/agents/{agent['id']}/hooks").json()["items"] == []


def test_a_secret_of_exactly_24_bytes_is_accepted(stack, api, receiver):
    agent = quiet_agent(api)
    secret = "whsec_" + base64.b64encode(b"k" * 24).decode()
    assert create_hook(api, agent["id"], "NOTIFICATION", receiver.url("x"), secret=secret)["secret"] == secret
