"""A chat platform plugs in with one module and one registry entry: here both are in
the test (the platform's class below, its entry in the fixture). Nothing else names it:
a channel of its kind is created, its signed request reaches the channel-inbound
function on its own route and starts a thread with its name as the source, an unsigned
one is refused, and the thread's answer goes out through its ``post`` to its API (a
recording receiver, its base URL from its own environment variable)."""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
import requests

from tests.fakes import anthropic_server as fake
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, make_agent, threads
from tests.support.channels import deliveries, requests_of, settle
from tests.support import openapi_check
from tests.support.hook_receiver import HookReceiver
from wakeful.channels import slots
from wakeful.channels.platforms.base import BadBody, Check, Outcome, Platform, Reading, call, message_text
from wakeful.channels.platforms.models import ConfigField
from wakeful.channels.slots import PlatformEntry
from wakeful.channels.records import Channel, ChannelDelivery, secrets_of
from wakeful.config import get_settings

SIGNING = "fake-signing-secret-31"


def sign(body: bytes, secret: str = SIGNING) -> str:
    return hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


class FakePlatform(Platform):
    """A whole chat platform: HMAC-SHA256 ``X-Fake-Signature`` over the raw body; a
    message is ``{user, text, conversation, id}``; a message out is JSON posted to
    ``{api_url}/messages``."""

    name = "fakechat"
    config = (
        ConfigField("signing_secret", secret=True),
        ConfigField("room", "A room name", pattern=r"^[a-z0-9-]{1,40}$"),
    )
    conversation_field = "room"
    conversation_pattern = r"^[a-z0-9-]{1,40}$"
    conversation_hint = "a room name"

    def verify(self, channel: Channel, route: str, headers: Mapping[str, str], body: bytes, now: float) -> Check:
        given = headers.get("x-fake-signature")
        if given is None:
            return Check(False, "missing X-Fake-Signature")
        if not hmac.compare_digest(given, sign(body, secrets_of(channel)["signing_secret"])):
            return Check(False, "X-Fake-Signature does not match the body")
        return Check(True)

    def read(self, channel: Channel, route: str, body: bytes) -> Reading:
        try:
            data = json.loads(body)
        except ValueError as error:
            raise BadBody("the body is not JSON") from error
        work = {"work": "message", "platform": self.name, "user": data["user"], "text": data["text"], "conversation": data["conversation"], "message_id": data["id"]}
        return Reading(200, {}, "accepted", user=data["user"], event_id=data["id"], work=work, keys=[f"message:{data['id']}"])

    def parts(self, channel: Channel, delivery: ChannelDelivery) -> list[dict[str, Any]]:
        return [{"room": delivery.conversation or self.conversation(channel), "text": message_text(delivery.message)}]

    def post(self, channel: Channel, delivery: ChannelDelivery, part: dict[str, Any], index: int) -> Outcome:
        response, failed = call("POST", f"{get_settings().api_url(self.name)}/messages", headers={"Content-Type": "application/json"}, body=part)
        if response is None:
            return failed  # type: ignore[return-value]
        return Outcome(response.ok, retry=response.status >= 500, status_code=response.status)


def documented(stack: Any) -> None:
    """The API's OpenAPI document built again from the installed platforms (the kinds and
    the thread sources it lists), and read again by the responses' check."""
    from wakeful.api import openapi

    openapi._document.cache_clear()
    openapi_check.forget(stack.api_url)


@pytest.fixture()
def fake_platform(stack: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[HookReceiver]:
    receiver = HookReceiver()
    installed = slots.PLATFORMS.installed()
    # Its one registration: the entry (its route, its API's variable).
    entry = PlatformEntry("fakechat", lambda: FakePlatform, ("fakechat",), True, "WAKEFUL_FAKECHAT_API_URL", None)
    slots.PLATFORMS.install(*installed, slots.PlatformSource("fakechat", lambda: (entry,)))
    monkeypatch.setenv("WAKEFUL_FAKECHAT_API_URL", receiver.url("fakechat"))
    get_settings.cache_clear()
    documented(stack)
    yield receiver
    slots.PLATFORMS.install(*installed)
    monkeypatch.undo()
    get_settings.cache_clear()
    documented(stack)
    receiver.close()


def send(stack: Any, channel_id: str, message: dict[str, Any], *, signed: bool = True) -> requests.Response:
    raw = json.dumps(message).encode()
    headers = {"Content-Type": "application/json", **({"X-Fake-Signature": sign(raw)} if signed else {})}
    return requests.post(f"{stack.api_url}/channels/{channel_id}/fakechat", data=raw, headers=headers, timeout=30)


def test_a_platform_added_in_one_module_and_one_registry_entry_takes_a_signed_message_to_a_thread_and_answers_it(
    stack, api, fake_platform: HookReceiver, claude: fake.FakeAnthropic
) -> None:
    claude.converse([{"match": "printer", "turns": [{"text": "The printer is back online."}]}])
    agent = make_agent(api)
    created = api.post("/channels", json={"kind": "fakechat", "name": f"fake-{uuid.uuid4().hex[:8]}", "agent_id": agent["id"], "config": {"signing_secret": SIGNING, "room": "ops"}})
    assert created.status_code == 201, created.text
    channel = created.json()
    assert channel["secrets"] == ["signing_secret"] and channel["config"] == {"room": "ops"}
    assert channel["inbound_url"].endswith(f"/channels/{channel['id']}/fakechat")

    refused = send(stack, channel["id"], {"user": "mallory", "text": "is the printer up?", "conversation": "ops", "id": "m0"}, signed=False)
    assert refused.status_code == 401
    stack.drain()
    assert threads(api, agent["id"]) == []

    answer = send(stack, channel["id"], {"user": "alice", "text": "is the printer up?", "conversation": "ops", "id": "m1"})
    assert answer.status_code == 200, answer.text
    [delivery] = settle(stack, api, channel["id"])
    [started] = threads(api, agent["id"])
    assert started["source"] == "fakechat" and started["source_id"] == channel["id"]
    assert history(api, agent["id"], started["id"])[0]["content"] == "is the printer up?"
    assert delivery["kind"] == "reply" and delivery["status"] == "delivered"
    [posted] = fake_platform.deliveries("fakechat/messages")
    assert posted.json["room"] == "ops" and "The printer is back online." in posted.json["text"]
    assert sorted(r["status"] for r in requests_of(api, channel["id"])) == ["accepted", "unauthorized"]
    assert deliveries(api, channel["id"]) == [delivery]
