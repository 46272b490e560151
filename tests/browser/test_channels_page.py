"""The console's Channels page in a real browser: create a Slack channel (its secrets
never come back), copy the URL the platform calls, send a test message and see it
delivered, and see a request with a bad signature refused with its reason."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from tests.fakes.chat_platforms import FakeSlack, slack_headers
from tests.support.channels import SLACK_SIGNING, SLACK_TOKEN, platform_env
from tests.support.hook_receiver import quiet_agent

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.long(seconds=30)]


@pytest.fixture()
def slack(stack: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeSlack]:
    fake = FakeSlack()
    platform_env(monkeypatch, slack=fake)
    yield fake
    fake.close()
    monkeypatch.undo()
    from wakeful.config import get_settings

    get_settings.cache_clear()


def test_a_slack_channel_is_created_tested_and_its_refused_requests_say_why(console: Any, api: Any, stack: Any, slack: FakeSlack) -> None:
    agent = quiet_agent(api, name="Channel Agent")
    page = console.open("/channels")
    page.get_by_role("heading", name="New channel").wait_for()
    page.get_by_label("Name", exact=True).fill("ops")
    page.get_by_label("Agent").select_option(agent["id"])
    page.get_by_label("Bot token").fill(SLACK_TOKEN)
    page.get_by_label("Signing secret").fill(SLACK_SIGNING)
    page.get_by_label("Slack channel").fill("C0123OPS")
    page.get_by_role("button", name="Create channel").click()
    card = page.locator("section.channel")
    card.get_by_role("heading", name="ops").wait_for()
    assert SLACK_TOKEN not in page.content() and SLACK_SIGNING not in page.content()
    [channel] = api.get("/channels").json()["items"]
    assert card.locator("code", has_text="/slack/events").inner_text() == channel["inbound_url"]

    card.get_by_role("button", name="Send test message").click()
    for _ in range(200):  # the queues run when the test drives them (no background workers)
        stack.drain()
        if slack.posts("chat.postMessage"):
            break
    card.locator(".badge-delivered").first.wait_for()

    raw = json.dumps({"type": "event_callback", "event": {"type": "message", "user": "U1", "text": "hi", "ts": "1.1", "channel": "C0123OPS"}}).encode()
    url = f"{stack.api_url}/channels/{channel['id']}/slack/events"
    forged = requests.post(url, data=raw, headers=slack_headers("not-the-signing-secret", raw), timeout=30)
    assert forged.status_code == 401
    card.locator(".badge-unauthorized").first.wait_for()
    assert "does not match" in card.locator(".error-inline").last.inner_text()
    console.shot("channels")


def test_an_agents_notify_and_a_schedules_notify_are_set_from_the_console(console: Any, api: Any, stack: Any) -> None:
    agent = quiet_agent(api, name="Notify Agent")
    api.post("/channels", json={"kind": "email", "name": "mail", "agent_id": agent["id"], "config": {"from": "a@example.com", "to": ["b@example.com"]}})
    page = console.open(f"/agents/{agent['id']}/schedules")
    notify = page.locator("form.notify-form").get_by_label("Notify channels")
    notify.fill("nope")
    page.get_by_role("button", name="Save notify").click()
    page.get_by_role("alert").filter(has_text="no channel named 'nope'").wait_for()  # the API's own 422
    notify.fill("mail")
    page.get_by_role("button", name="Save notify").click()
    page.get_by_text("Notifies mail").wait_for()
    assert api.get(f"/agents/{agent['id']}").json()["notify"] == ["mail"]

    form = page.locator("form", has=page.get_by_role("button", name="Add schedule"))
    form.get_by_label("Prompt").fill("Check the disks")
    form.get_by_label("Notify channels").fill("mail")
    form.get_by_role("button", name="Add schedule").click()
    page.get_by_text("notifies mail", exact=True).wait_for()
    [schedule] = api.get(f"/agents/{agent['id']}/schedules").json()["items"]
    assert schedule["notify"] == ["mail"]
    console.shot("agent-notify")


def test_the_agents_head_drawn_again_keeps_a_notify_edit_not_yet_saved(console: Any, api: Any, stack: Any) -> None:
    agent = quiet_agent(api, name="Edit Agent")
    api.post("/channels", json={"kind": "email", "name": "mail", "agent_id": agent["id"], "config": {"from": "a@example.com", "to": ["b@example.com"]}})
    page = console.open(f"/agents/{agent['id']}/schedules")
    notify = page.locator("form.notify-form").get_by_label("Notify channels")
    notify.fill("mail")
    # The head is drawn again after a change (here: resume, then pause), as every 10 s.
    page.get_by_role("button", name="Resume Edit Agent").click()
    page.get_by_role("button", name="Pause Edit Agent").click()
    page.get_by_role("button", name="Resume Edit Agent").wait_for()
    assert notify.input_value() == "mail"
    page.get_by_role("button", name="Save notify").click()
    page.get_by_text("Notifies mail").wait_for()
    assert api.get(f"/agents/{agent['id']}").json()["notify"] == ["mail"]
