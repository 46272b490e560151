"""Channel deliveries against local fakes of Slack, Discord and Telegram (real HTTP)
and moto's SES: the formats each platform documents, retries on 429 (after its
Retry-After) and 5xx, failures that are final, long messages split at each platform's
limit, and a delivery that is posted once however often its job runs."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.fakes.chat_platforms import Answer, FakeDiscord, FakeSlack, FakeTelegram
from tests.support.channels import DISCORD_TOKEN, SLACK_TOKEN, TELEGRAM_TOKEN, config, create_channel, deliveries, platform_env, settle
from tests.support.hook_receiver import quiet_agent
from tests.support.iam_audit import acting_as
from tests.support.logs import logged_by_the_functions


@pytest.fixture()
def fakes(stack: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[FakeSlack, FakeDiscord, FakeTelegram]]:
    slack, discord, telegram = FakeSlack(), FakeDiscord(), FakeTelegram()
    platform_env(monkeypatch, slack, discord, telegram)
    yield slack, discord, telegram
    for fake in (slack, discord, telegram):
        fake.close()
    monkeypatch.undo()
    from wakeful.config import get_settings

    get_settings.cache_clear()


def _test(api: Any, channel_id: str, **body: Any) -> str:
    response = api.post(f"/channels/{channel_id}/test", json=body)
    assert response.status_code == 202, response.text
    return response.json()["delivery_id"]


def test_a_slack_message_is_chat_post_message_with_the_bot_token_blocks_and_a_text_fallback(stack, api, fakes):
    slack, _, _ = fakes
    channel = create_channel(api, quiet_agent(api)["id"], "slack")
    delivery_id = _test(api, channel["id"], message="Disk <90%> & rising")
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["id"] == delivery_id and delivery["status"] == "delivered" and delivery["attempts"] == 1
    [call] = slack.posts("chat.postMessage")
    assert call.header("Authorization") == f"Bearer {SLACK_TOKEN}"
    body = call.json
    assert body["channel"] == "C0123OPS"
    assert "Disk &lt;90%&gt; &amp; rising" in body["text"]
    assert body["blocks"][0]["type"] == "section" and "Disk &lt;90%&gt;" in body["blocks"][0]["text"]["text"]


def test_a_429_is_retried_after_its_retry_after_and_delivered_once(stack, api, fakes):
    slack, _, _ = fakes
    slack.then(Answer(429, {"ok": False, "error": "ratelimited"}, {"Retry-After": "1"}))
    channel = create_channel(api, quiet_agent(api)["id"], "slack")
    _test(api, channel["id"])
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "delivered" and delivery["attempts"] == 2 and delivery["error"] is None
    first, second = slack.posts("chat.postMessage")
    assert second.at - first.at >= 0.95  # Retry-After: 1


def test_5xx_answers_are_retried_with_backoff_until_delivered(stack, api, fakes):
    _, discord, _ = fakes
    discord.then(Answer(502, {"message": "bad gateway"}), Answer(503, {"message": "unavailable"}))
    channel = create_channel(api, quiet_agent(api)["id"], "discord")
    _test(api, channel["id"])
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "delivered" and delivery["attempts"] == 3
    calls = discord.posts(r"/channels/\d+/messages")
    assert len(calls) == 3 and all(c.header("Authorization") == f"Bot {DISCORD_TOKEN}" for c in calls)


def test_a_request_that_outlasts_its_deadline_is_retried(stack, api, fakes):
    from wakeful.channels import models

    slack, _, _ = fakes
    slack.then(Answer(200, {"ok": True, "ts": "1.1"}, delay=models.REQUEST_TIMEOUT_SECONDS + 1))
    channel = create_channel(api, quiet_agent(api)["id"], "slack")
    _test(api, channel["id"])
    [delivery] = settle(stack, api, channel["id"], timeout=120)
    assert delivery["status"] == "delivered" and delivery["attempts"] == 2
    assert len(slack.posts("chat.postMessage")) == 2


def test_slacks_ok_false_is_a_final_failure_with_its_error(stack, api, fakes):
    slack, _, _ = fakes
    slack.then(Answer(200, {"ok": False, "error": "channel_not_found"}))
    channel = create_channel(api, quiet_agent(api)["id"], "slack")
    _test(api, channel["id"])
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "failed" and delivery["attempts"] == 1
    assert delivery["error"] == "Slack: channel_not_found"
    assert len(slack.posts("chat.postMessage")) == 1


@pytest.mark.parametrize(
    ("kind", "answer"),
    [
        ("slack", Answer(200, {})),
        ("slack", Answer(200, raw=b"")),
        ("slack", Answer(200, {"ok": True})),
        ("slack", Answer(200, {"channel": "C0123OPS"})),
        ("telegram", Answer(200, {})),
        ("telegram", Answer(200, raw=b"")),
        ("telegram", Answer(200, {"result": {"message_id": 7}})),
        ("discord", Answer(200, raw=b"")),
        ("discord", Answer(204, raw=b"")),
    ],
)
def test_a_2xx_answer_without_ok_or_a_message_id_is_delivered_once(stack, api, fakes, kind, answer):
    fake = {"slack": fakes[0], "discord": fakes[1], "telegram": fakes[2]}[kind]
    fake.then(answer)
    channel = create_channel(api, quiet_agent(api)["id"], kind)
    _test(api, channel["id"])
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "delivered" and delivery["attempts"] == 1 and delivery["error"] is None
    assert len(fake.calls) == 1


def test_telegrams_ok_false_is_a_final_failure_with_its_description(stack, api, fakes):
    _, _, telegram = fakes
    telegram.then(Answer(200, {"ok": False, "description": "Bad Request: chat not found"}))
    channel = create_channel(api, quiet_agent(api)["id"], "telegram")
    _test(api, channel["id"])
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "failed" and delivery["attempts"] == 1
    assert "chat not found" in delivery["error"] and TELEGRAM_TOKEN not in delivery["error"]


def test_a_delivery_that_keeps_failing_gives_up_after_its_attempts(stack, api, fakes, monkeypatch):
    from wakeful.channels import models
    from wakeful.config import get_settings

    monkeypatch.setenv("WAKEFUL_HOOK_BACKOFF_BASE_SECONDS", "0.05")  # the retries' backoff base
    get_settings.cache_clear()
    _, _, telegram = fakes
    telegram.then(*[Answer(500, {"ok": False, "error_code": 500, "description": "down"})] * models.MAX_ATTEMPTS)
    channel = create_channel(api, quiet_agent(api)["id"], "telegram")
    _test(api, channel["id"])
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "failed" and delivery["attempts"] == models.MAX_ATTEMPTS
    assert f"gave up after {models.MAX_ATTEMPTS} attempts" in delivery["error"]
    assert len(telegram.posts("sendMessage")) == models.MAX_ATTEMPTS
    assert TELEGRAM_TOKEN not in json.dumps(delivery)


def test_a_telegram_message_is_send_message_with_escaped_html(stack, api, fakes):
    _, _, telegram = fakes
    channel = create_channel(api, quiet_agent(api)["id"], "telegram")
    _test(api, channel["id"], message="a < b & c")
    settle(stack, api, channel["id"])
    [call] = telegram.posts("sendMessage")
    assert call.path == f"/bot{TELEGRAM_TOKEN}/sendMessage"
    body = call.json
    assert body["chat_id"] == -1001234567 and body["parse_mode"] == "HTML"
    assert "a &lt; b &amp; c" in body["text"]


def test_a_telegram_chat_id_given_as_a_number_is_sent_as_telegrams_number(stack, api, fakes):
    _, _, telegram = fakes
    channel = create_channel(api, quiet_agent(api)["id"], "telegram", config=config("telegram", chat_id=-1009876))
    _test(api, channel["id"])
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "delivered"
    assert telegram.posts("sendMessage")[0].json["chat_id"] == -1009876


def test_a_plain_telegram_token_and_discord_channel_id_reach_their_urls(stack, api, fakes):
    _, discord, telegram = fakes
    telegram_channel = create_channel(api, quiet_agent(api)["id"], "telegram", config=config("telegram", bot_token="test-token"))
    discord_channel = create_channel(api, quiet_agent(api)["id"], "discord", config=config("discord", channel_id="general"))
    _test(api, telegram_channel["id"])
    _test(api, discord_channel["id"])
    assert settle(stack, api, telegram_channel["id"])[0]["status"] == "delivered"
    assert settle(stack, api, discord_channel["id"])[0]["status"] == "delivered"
    assert [c.path for c in telegram.posts("sendMessage")] == ["/bottest-token/sendMessage"]
    assert [c.path for c in discord.posts("/messages")] == ["/channels/general/messages"]


def test_a_target_conversation_overrides_the_channels_own(stack, api, fakes):
    slack, _, _ = fakes
    channel = create_channel(api, quiet_agent(api)["id"], "slack")
    _test(api, channel["id"], conversation="C0999OTHER")
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["target"] == f"{channel['name']}:C0999OTHER"
    assert slack.posts("chat.postMessage")[0].json["channel"] == "C0999OTHER"
    bad = api.post(f"/channels/{channel['id']}/test", json={"conversation": "not a channel!"})
    assert bad.status_code == 422


@pytest.mark.parametrize(("kind", "limit"), [("discord", 2000), ("telegram", 4096)])
def test_a_long_message_is_split_at_the_platforms_limit_in_order(stack, api, fakes, kind, limit):
    from wakeful.channels import outbox

    _, discord, telegram = fakes
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], kind)
    text = " ".join(f"w{i:05d}" for i in range(1500))  # 10,499 characters
    stored = _channel(channel["id"])
    outbox.to_channel(stored, channel["name"], None, kind="notification", key="long", message={"text": text}, thread_id=None)
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "delivered"
    fake = discord if kind == "discord" else telegram
    field = "content" if kind == "discord" else "text"
    sent = [c.json[field] for c in fake.posts("messages" if kind == "discord" else "sendMessage")]
    assert len(sent) > 1 and all(len(part) <= limit for part in sent)
    assert " ".join(sent).split() == text.split()


def test_a_job_run_again_posts_nothing_more(stack, api, fakes):
    from wakeful.channels import delivery

    slack, _, _ = fakes
    channel = create_channel(api, quiet_agent(api)["id"], "slack")
    delivery_id = _test(api, channel["id"])
    settle(stack, api, channel["id"])
    with acting_as("channel_deliver"):  # its calls are the delivery function's (the IAM audit)
        assert delivery.attempt({"delivery_id": delivery_id}) == delivery.SKIPPED
    assert len(slack.posts("chat.postMessage")) == 1


def test_the_same_key_sent_twice_is_one_delivery(stack, api, fakes):
    from wakeful.channels import outbox

    slack, _, _ = fakes
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack", name="ops")
    first = outbox.send(api.owner, agent["id"], ["ops"], kind="notification", key="same", message={"text": "once"})
    second = outbox.send(api.owner, agent["id"], ["ops", "ops"], kind="notification", key="same", message={"text": "once"})
    assert first == second and len(first) == 1
    settle(stack, api, channel["id"])
    assert len(slack.posts("chat.postMessage")) == 1


def test_an_approval_request_carries_two_buttons_on_each_platform(stack, api, fakes):
    from wakeful.channels import outbox

    slack, discord, telegram = fakes
    agent = quiet_agent(api)
    channels = {kind: create_channel(api, agent["id"], kind, name=kind) for kind in ("slack", "discord", "telegram")}
    message = outbox.approval_message("thr_01ARZ3NDEKTSV4RRFFQ69G5FAV", "toolu_01A09q90qw90lq917835lq9", "restart_server", {"server": "web-1", "token": "hide-me"}, "Ops")
    outbox.send(api.owner, agent["id"], list(channels), kind="approval", key="approval:x", message=message, thread_id="thr_01ARZ3NDEKTSV4RRFFQ69G5FAV")
    for channel in channels.values():
        settle(stack, api, channel["id"])
    slack_buttons = slack.posts("chat.postMessage")[0].json["blocks"][-1]["elements"]
    discord_buttons = discord.posts("messages")[0].json["components"][0]["components"]
    keyboard = telegram.posts("sendMessage")[0].json["reply_markup"]["inline_keyboard"][0]
    values = [[b["value"] for b in slack_buttons], [b["custom_id"] for b in discord_buttons], [b["callback_data"] for b in keyboard]]
    for approve, deny in values:
        assert approve.startswith("approve:") and deny.startswith("deny:") and approve[8:] == deny[5:]
    assert all(len(data.encode()) <= 64 for data in values[2])
    assert "hide-me" not in json.dumps([c.json for c in slack.calls + discord.calls + telegram.calls])


def test_an_email_is_sent_through_ses(stack, api):
    from wakeful import aws

    ses = aws.client("ses")
    before = ses.get_send_quota()["SentLast24Hours"]
    channel = create_channel(api, quiet_agent(api)["id"], "email")
    _test(api, channel["id"], message="The disk is full")
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "delivered", delivery
    assert ses.get_send_quota()["SentLast24Hours"] == before + 1


def test_a_deleted_channels_pending_delivery_fails_with_why(stack, api, fakes):
    slack, _, _ = fakes
    channel = create_channel(api, quiet_agent(api)["id"], "slack")
    delivery_id = _test(api, channel["id"])
    from wakeful.channels import delivery, delivery_repository

    api.delete(f"/channels/{channel['id']}")
    with acting_as("channel_deliver"):
        assert delivery.attempt({"delivery_id": delivery_id}) == delivery.FAILED
    assert delivery_repository.get(delivery_id).error == "the channel was deleted"
    stack.drain()
    assert slack.posts("chat.postMessage") == []


def _channel(channel_id: str) -> Any:
    from wakeful.channels import repository

    return repository.get(channel_id)


def test_deliveries_list_newest_first(stack, api, fakes):
    channel = create_channel(api, quiet_agent(api)["id"], "slack")
    first = _test(api, channel["id"])
    time.sleep(0.01)
    second = _test(api, channel["id"])
    settle(stack, api, channel["id"], count=2)
    assert [d["id"] for d in deliveries(api, channel["id"])] == [second, first]


def test_a_discord_reply_whose_stored_channel_id_cannot_stand_in_a_url_path_posts_nothing(stack, api, fakes):
    from wakeful.channels import repository
    from wakeful.channels.platforms import discord as platform
    from wakeful.channels.records import ChannelDelivery

    _, discord, _ = fakes
    created = create_channel(api, quiet_agent(api)["id"], "discord")
    channel = repository.get(created["id"])
    assert channel is not None
    delivery = ChannelDelivery(
        delivery_id="chd_x", channel_id=channel.channel_id, owner=channel.owner, agent_id=channel.agent_id, kind="reply", target=channel.name,
        message={"text": "hi", "reply": {"channel_id": "1/../../webhooks/2/x"}},
    )
    outcome = platform.post(channel, delivery, platform.parts(channel, delivery)[0], 0)
    assert not outcome.ok and not outcome.retry and "URL path" in (outcome.error or "")
    assert discord.calls == []


@pytest.mark.parametrize(
    ("kind", "answer", "secret"),
    [
        ("slack", Answer(200, {"ok": False, "error": "invalid_auth for {header:authorization}"}), SLACK_TOKEN),
        ("discord", Answer(403, {"message": "Missing Access for {header:authorization}", "code": 50001}), DISCORD_TOKEN),
        ("telegram", Answer(401, {"ok": False, "error_code": 401, "description": "Unauthorized: {path}"}), TELEGRAM_TOKEN),
        ("telegram", Answer(200, {"ok": False, "description": "bad request to {path}"}), TELEGRAM_TOKEN),
    ],
    ids=["slack-ok-false", "discord-403", "telegram-401", "telegram-ok-false"],
)
def test_a_token_the_platform_repeats_in_its_error_is_redacted_in_the_delivery_log_and_the_logs(stack, api, fakes, caplog, kind, answer, secret):
    fake = {"slack": fakes[0], "discord": fakes[1], "telegram": fakes[2]}[kind]
    fake.then(answer)
    channel = create_channel(api, quiet_agent(api)["id"], kind)
    with logged_by_the_functions(caplog):
        _test(api, channel["id"])
        [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "failed" and "[redacted]" in delivery["error"]
    response = api.get(f"/channels/{channel['id']}/deliveries")
    assert secret not in response.text
    assert secret.split(":")[-1] not in response.text  # no part of it either
    logged = " ".join(str(record.__dict__) for record in caplog.records)  # messages and their extra fields
    assert secret not in logged and "[redacted]" in logged
