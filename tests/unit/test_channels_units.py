"""Channels' pure parts: the platforms' signature checks (Slack's v0 HMAC with a
timestamp window, Discord's Ed25519 with a real key pair, Telegram's secret token),
reading their requests, splitting text at each platform's limit, and what each
platform's message looks like."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.fakes.chat_platforms import DiscordApp, slack_headers
from wakeful.channels import buttons, models
from wakeful.channels import platforms
from wakeful.channels.platforms import discord, slack, telegram
from wakeful.channels.platforms import base
from wakeful.channels.records import Channel, ChannelDelivery

NOW = 1_750_000_000


def _lower(headers: dict[str, str]) -> dict[str, str]:
    return {k.lower(): v for k, v in headers.items()}


def _channel(kind: str, **fields: Any) -> Channel:
    config = {"slack": {"channel": "C1"}, "discord": {"channel_id": "123456", "public_key": "00" * 32}, "telegram": {"chat_id": "-100"}, "email": {"from": "a@b.co", "to": ["c@d.co"]}}[kind]
    return Channel(channel_id="chn_1", owner="o", kind=kind, name="ops", agent_id="agt_1", config=config, **fields)


def _delivery(message: dict[str, Any], **fields: Any) -> ChannelDelivery:
    return ChannelDelivery(delivery_id="chd_1", channel_id="chn_1", owner="o", agent_id="agt_1", kind="notification", target="ops", message=message, **fields)


# -- signatures ------------------------------------------------------------------------
def test_a_slack_request_signed_with_the_signing_secret_within_300_s_is_valid():
    body = b'{"type":"event_callback"}'
    assert slack.verify("s3cret", _lower(slack_headers("s3cret", body, NOW - 299)), body, NOW).valid


@pytest.mark.parametrize(
    ("secret", "stamp", "body", "reason"),
    [
        ("other", NOW, b"{}", "does not match"),
        ("s3cret", NOW - 301, b"{}", "301 s old"),
        ("s3cret", NOW + 301, b"{}", "in the future"),
    ],
)
def test_a_slack_request_with_a_wrong_secret_or_a_stale_timestamp_is_refused_with_why(secret, stamp, body, reason):
    check = slack.verify("s3cret", _lower(slack_headers(secret, body, stamp)), body, NOW)
    assert not check.valid and reason in (check.reason or "")


def test_a_slack_signature_over_another_body_is_refused():
    headers = _lower(slack_headers("s3cret", b'{"a":1}', NOW))
    assert not slack.verify("s3cret", headers, b'{"a": 1}', NOW).valid  # one space: not the raw bytes signed


def test_a_slack_request_without_headers_or_with_a_non_numeric_timestamp_is_refused():
    assert slack.verify("s", {}, b"", NOW).reason == "missing X-Slack-Signature"
    assert "unix seconds" in (slack.verify("s", {"x-slack-signature": "v0=00", "x-slack-request-timestamp": "soon"}, b"", NOW).reason or "")


def test_a_discord_interaction_signed_with_the_applications_key_is_valid_and_another_key_is_not():
    app, other = DiscordApp(), DiscordApp()
    body = b'{"type":1}'
    now = time.time()
    assert discord.verify(app.public_key, _lower(app.headers(body)), body, now).valid
    assert not discord.verify(app.public_key, _lower(other.headers(body)), body, now).valid
    assert "old" in (discord.verify(app.public_key, _lower(app.headers(body, int(now) - 400)), body, now).reason or "")
    assert "hex" in (discord.verify(app.public_key, {"x-signature-ed25519": "zz", "x-signature-timestamp": "1"}, body, now).reason or "")


def test_a_telegram_update_needs_the_exact_secret_token():
    assert telegram.verify("tok-1", {"x-telegram-bot-api-secret-token": "tok-1"}).valid
    assert not telegram.verify("tok-1", {"x-telegram-bot-api-secret-token": "tok-2"}).valid
    assert telegram.verify("tok-1", {}).reason == "missing X-Telegram-Bot-Api-Secret-Token"


# -- reading requests --------------------------------------------------------------------
def test_a_slack_mention_drops_the_leading_mention_and_keys_on_the_event_and_the_message():
    body = json.dumps({"type": "event_callback", "event_id": "Ev1", "event": {"type": "app_mention", "user": "U1", "text": "<@UBOT> restart web-1", "ts": "1.2", "channel": "C1"}})
    reading = slack.read_events(_channel("slack"), body.encode())
    assert reading.status == models.ACCEPTED and reading.work is not None
    assert reading.work["text"] == "restart web-1" and reading.keys == ["event:Ev1", "msg:C1:1.2"]


def test_a_button_value_must_be_approve_or_deny_and_a_short_ref():
    assert buttons.parse("approve:0123456789abcdef01234567") == ("approve", "0123456789abcdef01234567")
    assert buttons.parse("deny:0123456789abcdef01234567") == ("deny", "0123456789abcdef01234567")
    assert buttons.parse("approve:../x") is None and buttons.parse("maybe:0123456789abcdef") is None


def test_a_discord_command_without_a_message_option_is_answered_privately():
    body = json.dumps({"id": "1", "type": 2, "data": {"name": "ask", "options": []}, "member": {"user": {"id": "9"}}}).encode()
    reading = discord.read(_channel("discord"), body)
    assert reading.body["type"] == 4 and reading.body["data"]["flags"] == 64 and reading.work is None


def test_a_telegram_reply_names_the_message_it_replies_to():
    update = {"update_id": 5, "message": {"message_id": 9, "from": {"id": 7}, "chat": {"id": -100}, "text": "and now?", "reply_to_message": {"message_id": 8}}}
    reading = telegram.read(_channel("telegram"), json.dumps(update).encode())
    assert reading.work is not None and reading.work["thread_ref"] == "8" and reading.keys == ["update:5"]


def test_allowed_users_are_compared_as_strings():
    channel = _channel("telegram", allowed_users=("7",))
    assert channel.allows(7) and channel.allows("7") and not channel.allows("8") and not channel.allows(None)
    assert _channel("telegram").allows("anyone")


@pytest.mark.parametrize("kind", ["discord", "telegram"])
def test_a_conversation_that_goes_into_a_url_holds_only_what_a_path_segment_may(kind):
    pattern = platforms.conversation_pattern(kind)
    for taken in ("1", "123456789012345678", "general", "-1001234567", "@ops", "..."):
        assert pattern.fullmatch(taken), taken
    for refused in ("", ".", "..", "a/b", "a?b", "a#b", "a%2Fb", "a\\b", "a b", "a\nb", "a\x00", "é", "1" * 101):
        assert not pattern.fullmatch(refused), refused


def test_stored_numeric_user_ids_are_read_back_as_text():
    from decimal import Decimal

    item = {**_channel("telegram").to_item(), "allowed_users": [Decimal(5551), "U0ALICE"]}
    channel = Channel.from_item(item)
    assert channel.allowed_users == ("5551", "U0ALICE") and channel.allows(5551) and channel.allows("5551")


# -- splitting and formats ---------------------------------------------------------------
def test_split_cuts_at_a_space_near_the_limit_and_keeps_every_word():
    text = " ".join(["word"] * 1000)
    parts = base.split(text, 100)
    assert all(len(p) <= 100 for p in parts) and " ".join(parts).split() == text.split()


def test_split_cuts_hard_when_there_is_no_space():
    assert base.split("x" * 250, 100) == ["x" * 100, "x" * 100, "x" * 50]


def test_a_slack_message_is_sections_under_3000_and_an_approval_ends_with_two_buttons():
    from wakeful.channels.platforms import slack

    message = {"title": "T", "text": "y" * 7000, "approval": {"ref": "r" * 24, "tool_call_id": "t", "tool": "x"}}
    [body] = slack.parts(_channel("slack"), _delivery(message, conversation="C9"))
    assert body["channel"] == "C9"
    sections = [b for b in body["blocks"] if b["type"] == "section"]
    assert len(sections) == 3 and all(len(b["text"]["text"]) <= 3000 for b in sections)
    buttons = body["blocks"][-1]["elements"]
    assert [b["value"] for b in buttons] == [f"approve:{'r' * 24}", f"deny:{'r' * 24}"]


def test_a_slack_reply_carries_its_thread_ts():
    from wakeful.channels.platforms import slack

    [body] = slack.parts(_channel("slack"), _delivery({"text": "done", "reply": {"thread_ts": "1.5"}}))
    assert body["thread_ts"] == "1.5"


def test_telegram_escapes_html_and_its_callback_data_fits_64_bytes():
    from wakeful.channels import outbox
    from wakeful.channels.platforms import telegram

    message = outbox.approval_message("thr_" + "X" * 26, "toolu_" + "y" * 40, "rm", {"path": "<b>/</b>"}, "Ops & co")
    [body] = telegram.parts(_channel("telegram"), _delivery(message))
    assert body["text"].startswith("<b>Ops &amp; co asks for approval</b>") and "&lt;b&gt;/&lt;/b&gt;" in body["text"]
    assert all(len(b["callback_data"].encode()) <= 64 for b in body["reply_markup"]["inline_keyboard"][0])


def test_an_approval_message_never_shows_a_secret_argument():
    from wakeful.channels import outbox

    message = outbox.approval_message("thr_1", "t1", "deploy", {"api_key": "sk-123", "target": "prod"}, "Ops")
    assert "sk-123" not in message["text"] and "prod" in message["text"]


def test_discord_components_are_on_the_last_part_and_a_reference_on_the_first():
    from wakeful.channels.platforms import discord

    message = {"text": "z" * 4500, "approval": {"ref": "a" * 24, "tool_call_id": "t", "tool": "x"}, "reply": {"message_id": "77"}}
    parts = discord.parts(_channel("discord"), _delivery(message))
    assert len(parts) == 3 and all(len(p["content"]) <= 2000 for p in parts)
    assert parts[0]["message_reference"]["message_id"] == "77" and "message_reference" not in parts[1]
    assert "components" in parts[-1] and all("components" not in p for p in parts[:-1])
    assert parts[0]["allowed_mentions"] == {"parse": []}


def test_an_email_approval_says_where_to_decide_it():
    from wakeful.channels.platforms import email

    [mail] = email.parts(_channel("email"), _delivery({"title": "Ops asks", "text": "run x", "approval": {"ref": "r", "tool_call_id": "toolu_1", "tool": "x"}}, thread_id="thr_1"))
    assert mail["subject"] == "Ops asks" and mail["to"] == ["c@d.co"]
    assert "/approvals/" in mail["text"] and "toolu_1" in mail["text"]


def test_the_delivery_id_is_the_same_for_the_same_channel_and_key_only():
    from wakeful.channels import outbox

    assert outbox.delivery_id("chn_1", "reply:r1") == outbox.delivery_id("chn_1", "reply:r1")
    assert outbox.delivery_id("chn_1", "reply:r1") != outbox.delivery_id("chn_2", "reply:r1")
    assert outbox.delivery_id("chn_1", "reply:r1") != outbox.delivery_id("chn_1", "reply:r2")


# -- buttons: any message's actions, one registry of handlers by value prefix -----------------
@pytest.fixture()
def extend_button(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """A button a capability plugs in under its own prefix (here ``extend:``)."""
    pressed: list[dict[str, Any]] = []
    monkeypatch.setitem(buttons.HANDLERS, "extend", buttons.ButtonHandler(lambda channel, job: (pressed.append(job) or "extended", None)))
    return pressed


def test_a_messages_actions_are_rendered_as_buttons_by_every_chat_platform(extend_button):
    from wakeful.channels.platforms import discord, slack, telegram

    message = {"text": "budget spent", "actions": [{"label": "Extend", "value": "extend:abc123", "style": "primary"}, {"label": "x", "value": "unknown:1"}]}
    [to_discord] = discord.parts(_channel("discord"), _delivery(message))
    [to_slack] = slack.parts(_channel("slack"), _delivery(message))
    [to_telegram] = telegram.parts(_channel("telegram"), _delivery(message))
    assert [(b["label"], b["custom_id"], b["style"]) for b in to_discord["components"][0]["components"]] == [("Extend", "extend:abc123", 1)]
    assert [e["value"] for e in to_slack["blocks"][-1]["elements"]] == ["extend:abc123"]
    assert to_telegram["reply_markup"]["inline_keyboard"] == [[{"text": "Extend", "callback_data": "extend:abc123"}]]


def test_a_press_of_a_plugged_in_button_reaches_its_handler_and_a_reply_button_shows_only_where_forms_exist(extend_button):
    from wakeful.channels.platforms import discord, slack

    press = {"type": 3, "id": "9", "member": {"user": {"id": "7"}}, "data": {"custom_id": "extend:abc123"}}
    reading = discord.read(_channel("discord"), json.dumps(press).encode())
    assert reading.work is not None and (reading.work["decision"], reading.work["ref"]) == ("extend", "abc123")
    assert buttons.press(_channel("discord"), reading.work) == ("extended", None) and extend_button == [reading.work]

    answer = {"text": "done", "actions": [buttons.reply_action("thr_01ABC")]}
    assert discord.parts(_channel("discord"), _delivery(answer))[0]["components"][0]["components"][0]["custom_id"] == "reply:thr_01ABC"
    assert len(slack.parts(_channel("slack"), _delivery(answer))[0]["blocks"]) == 1  # no actions block
    assert buttons.parse("reply:thr_01ABC") is None and buttons.parse("reply:thr_01ABC", forms=True) == ("reply", "thr_01ABC")
