"""Platforms' requests to a channel over real HTTP, signed as each platform signs:
Slack's v0 HMAC, Discord's Ed25519 (a real key pair), Telegram's secret token. Bad
signatures, stale timestamps and replays are refused and recorded with a reason and
change nothing; a person's message starts a thread (or continues one); a button press
decides an approval once, and only an allowed user's."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

import pytest
import requests

from tests.fakes import anthropic_server as fake
from tests.fakes.chat_platforms import DiscordApp, slack_headers, telegram_headers
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, http_tool, make_agent, thread, threads
from tests.support.channels import (
    SLACK_SIGNING,
    TELEGRAM_SECRET,
    config,
    create_channel,
    discord_interaction,
    requests_of,
    slack_event,
    slack_press,
    telegram_message,
    telegram_update,
)
from tests.support.hook_receiver import quiet_agent


def post(stack: Any, path: str, body: bytes, headers: dict[str, str]) -> requests.Response:
    return requests.post(stack.api_url + path, data=body, headers=headers, timeout=30)


def slack_post(stack: Any, channel: dict[str, Any], body: dict[str, Any] | bytes, *, secret: str = SLACK_SIGNING, timestamp: int | None = None, route: str = "events") -> requests.Response:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    kind = "application/x-www-form-urlencoded" if route == "interactions" else "application/json"
    return post(stack, f"/channels/{channel['id']}/slack/{route}", raw, slack_headers(secret, raw, timestamp, content_type=kind))


# -- Slack -----------------------------------------------------------------------------
def test_slacks_url_verification_is_answered_with_the_challenge(stack, api):
    channel = create_channel(api, quiet_agent(api)["id"], "slack")
    answer = slack_post(stack, channel, {"type": "url_verification", "challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P", "token": "x"})
    assert answer.status_code == 200 and answer.json() == {"challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"}
    assert requests_of(api, channel["id"])[0]["status"] == "accepted"


@pytest.mark.parametrize(
    ("how", "reason"),
    [
        ("wrong secret", "does not match"),
        ("stale timestamp", "s old"),
        ("future timestamp", "in the future"),
        ("no signature", "missing X-Slack-Signature"),
        ("changed body", "does not match"),
    ],
)
def test_a_slack_request_not_signed_by_slack_is_a_401_recorded_with_the_reason(stack, api, how, reason):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    raw = json.dumps(slack_event("hello")).encode()
    headers = slack_headers(SLACK_SIGNING, raw)
    if how == "wrong secret":
        headers = slack_headers("not-the-secret", raw)
    elif how == "stale timestamp":
        headers = slack_headers(SLACK_SIGNING, raw, int(time.time()) - 301)
    elif how == "future timestamp":
        headers = slack_headers(SLACK_SIGNING, raw, int(time.time()) + 400)
    elif how == "no signature":
        del headers["X-Slack-Signature"]
    elif how == "changed body":
        raw = raw.replace(b"hello", b"HELLO")
    answer = post(stack, f"/channels/{channel['id']}/slack/events", raw, headers)
    assert answer.status_code == 401
    [row] = requests_of(api, channel["id"])
    assert row["status"] == "unauthorized" and reason in row["reason"] and row["signature_valid"] is False
    stack.drain()
    assert threads(api, agent["id"]) == []


def test_a_slack_message_starts_a_thread_on_the_channels_agent(stack, api):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    answer = slack_post(stack, channel, slack_event("is the backup done?"))
    assert answer.status_code == 200
    stack.drain()
    [started] = threads(api, agent["id"])
    assert started["source"] == "slack" and started["source_id"] == channel["id"]
    assert history(api, agent["id"], started["id"])[0]["content"] == "is the backup done?"
    [row] = requests_of(api, channel["id"])
    assert row["status"] == "accepted" and row["thread_id"] == started["id"] and "started" in row["outcome"]


def test_the_same_event_id_twice_is_processed_once(stack, api):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    event = slack_event("once please")
    assert slack_post(stack, channel, event).status_code == 200
    assert slack_post(stack, channel, event).status_code == 200  # Slack's retry, or a replay
    stack.drain()
    assert len(threads(api, agent["id"])) == 1
    assert sorted(r["status"] for r in requests_of(api, channel["id"])) == ["accepted", "duplicate"]


def test_a_mention_that_arrives_as_message_and_app_mention_starts_one_thread(stack, api):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    message = slack_event("<@UBOT> restart web-1")
    mention = slack_event("<@UBOT> restart web-1", kind="app_mention", ts=message["event"]["ts"])
    slack_post(stack, channel, message)
    slack_post(stack, channel, mention)
    stack.drain()
    [started] = threads(api, agent["id"])
    assert history(api, agent["id"], started["id"])[0]["content"] == "restart web-1"


def test_slack_events_without_a_ts_but_with_their_own_event_ids_each_start_a_thread(stack, api):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    for number, text in enumerate(["check the disks", "check the backups"]):
        event = {"type": "event_callback", "event_id": f"EvNoTs{number}", "event": {"type": "message", "user": "U0ALICE", "text": text, "channel": "C0123OPS"}}
        assert slack_post(stack, channel, event).status_code == 200
    stack.drain()
    assert len(threads(api, agent["id"])) == 2
    assert [r["status"] for r in requests_of(api, channel["id"])] == ["accepted", "accepted"]


@pytest.mark.parametrize(
    "event",
    [
        slack_event("from a bot", bot_id="B1"),
        slack_event("edited", subtype="message_changed"),
        slack_event("", user="U0ALICE"),
        {"type": "event_callback", "event": {"type": "reaction_added", "user": "U1"}, "event_id": "Ev1"},
    ],
)
def test_bots_edits_and_other_events_are_ignored(stack, api, event):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    assert slack_post(stack, channel, event).status_code == 200
    stack.drain()
    assert threads(api, agent["id"]) == []
    assert requests_of(api, channel["id"])[0]["status"] == "ignored"


def test_a_user_outside_allowed_users_starts_nothing(stack, api):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack", allowed_users=["U0BOB"])
    assert slack_post(stack, channel, slack_event("let me in", user="U0MALLORY")).status_code == 200
    slack_post(stack, channel, slack_event("hi, it's bob", user="U0BOB"))
    stack.drain()
    assert len(threads(api, agent["id"])) == 1
    rows = requests_of(api, channel["id"])
    assert [r["status"] for r in rows] == ["accepted", "rejected"]
    assert "U0MALLORY" in rows[1]["reason"] and "allowed_users" in rows[1]["reason"]


def test_a_reply_in_the_slack_thread_goes_to_the_same_thread(stack, api):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    first = slack_event("check the disks")
    slack_post(stack, channel, first)
    stack.drain()
    [started] = threads(api, agent["id"])
    slack_post(stack, channel, slack_event("and the fans", thread_ts=first["event"]["ts"]))
    stack.drain()
    assert [t["id"] for t in threads(api, agent["id"])] == [started["id"]]
    contents = [m["content"] for m in history(api, agent["id"], started["id"]) if m["role"] == "user"]
    assert contents == ["check the disks", "and the fans"]


def test_a_slack_route_on_a_telegram_channel_or_an_unknown_channel_is_a_404(stack, api):
    channel = create_channel(api, quiet_agent(api)["id"], "telegram")
    raw = json.dumps(slack_event("x")).encode()
    assert post(stack, f"/channels/{channel['id']}/slack/events", raw, slack_headers(SLACK_SIGNING, raw)).status_code == 404
    assert post(stack, "/channels/chn_01ARZ3NDEKTSV4RRFFQ69G5FAV/telegram", b"{}", telegram_headers("x")).status_code == 404
    assert requests_of(api, channel["id"])[0]["status"] == "not_found"


def test_a_body_that_is_not_what_slack_sends_is_a_400(stack, api):
    channel = create_channel(api, quiet_agent(api)["id"], "slack")
    raw = b"not json"
    assert post(stack, f"/channels/{channel['id']}/slack/events", raw, slack_headers(SLACK_SIGNING, raw)).status_code == 400
    assert requests_of(api, channel["id"])[0]["signature_valid"] is True


# -- Discord ---------------------------------------------------------------------------
@pytest.fixture()
def discord_channel(api: Any) -> tuple[dict[str, Any], dict[str, Any], DiscordApp]:
    app = DiscordApp()
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "discord", config=config("discord", public_key=app.public_key))
    return agent, channel, app


def discord_post(stack: Any, channel: dict[str, Any], app: DiscordApp, body: dict[str, Any], timestamp: int | None = None) -> requests.Response:
    raw = json.dumps(body).encode()
    return post(stack, f"/channels/{channel['id']}/discord", raw, app.headers(raw, timestamp))


def test_a_discord_ping_is_answered_type_1(stack, api, discord_channel):
    _, channel, app = discord_channel
    answer = discord_post(stack, channel, app, {"id": "1", "type": 1, "application_id": app.application_id})
    assert answer.status_code == 200 and answer.json() == {"type": 1}


def test_a_discord_request_signed_by_another_key_or_stale_is_a_401(stack, api, discord_channel):
    _, channel, app = discord_channel
    other = DiscordApp()
    assert discord_post(stack, channel, other, {"id": "1", "type": 1}).status_code == 401
    assert discord_post(stack, channel, app, {"id": "1", "type": 1}, timestamp=int(time.time()) - 3600).status_code == 401
    raw = b'{"id":"1","type":1}'
    headers = app.headers(raw)
    assert post(stack, f"/channels/{channel['id']}/discord", raw.replace(b"1", b"2"), headers).status_code == 401
    reasons = [r["reason"] for r in requests_of(api, channel["id"])]
    assert any("does not match" in r for r in reasons) and any("s old" in r for r in reasons)


def test_a_discord_slash_command_starts_a_thread_and_is_deferred(stack, api, discord_channel):
    agent, channel, app = discord_channel
    command = discord_interaction(2, data={"name": "ask", "options": [{"name": "message", "type": 3, "value": "how is the NAS?"}]})
    answer = discord_post(stack, channel, app, command)
    assert answer.status_code == 200 and answer.json() == {"type": 5}
    assert discord_post(stack, channel, app, command).json() == {"type": 5}  # the same interaction again
    stack.drain()
    [started] = threads(api, agent["id"])
    assert started["source"] == "discord"
    assert history(api, agent["id"], started["id"])[0]["content"] == "how is the NAS?"
    from wakeful.channels import link_repository

    link = link_repository.get(channel["id"], f"interaction#{command['id']}")
    assert link is not None and command["token"] not in str(link.to_item())  # sealed


def test_discord_commands_without_an_interaction_id_each_start_a_thread(stack, api, discord_channel):
    agent, channel, app = discord_channel
    for text in ("how is the NAS?", "how is the router?"):
        command = discord_interaction(2, data={"name": "ask", "options": [{"name": "message", "type": 3, "value": text}]})
        del command["id"]
        assert discord_post(stack, channel, app, command).json() == {"type": 5}
    stack.drain()
    started = threads(api, agent["id"])
    assert len(started) == 2
    assert [r["status"] for r in requests_of(api, channel["id"])] == ["accepted", "accepted"]
    # each answers its own command
    assert len({thread(api, agent["id"], t["id"])["attributes"]["origin"]["interaction"] for t in started}) == 2


def test_a_discord_command_by_a_user_not_allowed_is_answered_privately_and_starts_nothing(stack, api):
    app = DiscordApp()
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "discord", config=config("discord", public_key=app.public_key), allowed_users=["222"])
    command = discord_interaction(2, user="333", data={"name": "ask", "options": [{"name": "message", "type": 3, "value": "hi"}]})
    answer = discord_post(stack, channel, app, command)
    assert answer.json()["type"] == 4 and answer.json()["data"]["flags"] == 64
    stack.drain()
    assert threads(api, agent["id"]) == []


# -- Telegram --------------------------------------------------------------------------
def telegram_post(stack: Any, channel: dict[str, Any], body: dict[str, Any], secret: str = TELEGRAM_SECRET) -> requests.Response:
    return post(stack, f"/channels/{channel['id']}/telegram", json.dumps(body).encode(), telegram_headers(secret))


def test_a_telegram_update_without_the_secret_token_is_a_401(stack, api):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "telegram")
    assert telegram_post(stack, channel, telegram_message(1, "hi"), secret="wrong").status_code == 401
    raw = json.dumps(telegram_message(2, "hi")).encode()
    assert post(stack, f"/channels/{channel['id']}/telegram", raw, {"Content-Type": "application/json"}).status_code == 401
    stack.drain()
    assert threads(api, agent["id"]) == []
    assert {r["reason"] for r in requests_of(api, channel["id"])} == {
        "X-Telegram-Bot-Api-Secret-Token does not match the channel's secret_token",
        "missing X-Telegram-Bot-Api-Secret-Token",
    }


def test_a_telegram_message_starts_a_thread_once_per_update_id(stack, api):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "telegram")
    update = telegram_message(int(uuid.uuid4().int % 10**9), "water the plants")
    assert telegram_post(stack, channel, update).status_code == 200
    assert telegram_post(stack, channel, update).status_code == 200
    stack.drain()
    [started] = threads(api, agent["id"])
    assert started["source"] == "telegram"
    assert sorted(r["status"] for r in requests_of(api, channel["id"])) == ["accepted", "duplicate"]


def test_a_telegram_update_without_a_number_is_a_400(stack, api):
    channel = create_channel(api, quiet_agent(api)["id"], "telegram")
    assert telegram_post(stack, channel, {"update_id": "7", "message": {}}).status_code == 400
    assert telegram_post(stack, channel, telegram_update(8, edited_message={"text": "x"})).status_code == 200
    assert [r["status"] for r in requests_of(api, channel["id"])] == ["ignored", "rejected"]


# -- buttons decide approvals ----------------------------------------------------------
def _waiting_thread(stack: Any, api: Any, claude: fake.FakeAnthropic, tool_server: Any, agent: dict[str, Any]) -> tuple[str, str]:
    """A thread of ``agent`` waiting for the approval of one call of a tool; (thread, tool)."""
    tool = http_tool(api, tool_server, "restart", requires_approval=True)
    claude.converse([{"match": "restart", "turns": [{"tool_calls": [{"name": tool, "input": {"server": "web-1"}}]}, {"text": "restarted"}]}])
    response = api.post(f"/agents/{agent['id']}/threads", json={"message": "restart web-1"})
    thread_id = response.json()["id"]
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval"
    return thread_id, tool


def _approval_link(channel_id: str, agent_id: str, thread_id: str) -> str:
    """The approval's buttons in a channel (as an approval request to it makes them)."""
    from wakeful.channels import outbox, repository

    message = outbox.approval_message(thread_id, "toolu_s000_0", "restart", {}, "Agent")
    outbox._link_approval(repository.get(channel_id), agent_id, thread_id, message["approval"], time.time())
    return message["approval"]["ref"]


def test_an_allowed_press_runs_the_tool_once_and_other_presses_change_nothing(stack, api, tool_server, claude):
    agent = make_agent(api)
    thread_id, _ = _waiting_thread(stack, api, claude, tool_server, agent)
    channel = create_channel(api, agent["id"], "slack", allowed_users=["U0BOB"])
    ref = _approval_link(channel["id"], agent["id"], thread_id)
    assert slack_post(stack, channel, slack_press(f"approve:{ref}", user="U0MALLORY"), route="interactions").status_code == 200
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval"
    assert slack_post(stack, channel, slack_press(f"approve:{ref}", user="U0BOB"), route="interactions").status_code == 200
    stack.drain()
    assert slack_post(stack, channel, slack_press(f"deny:{ref}", user="U0BOB"), route="interactions").status_code == 200
    stack.drain()
    assert len(tool_server.requests_for("restart")) == 1
    assert thread(api, agent["id"], thread_id)["status"] == "sleeping"  # answered; waits for the user's reply
    rows = requests_of(api, channel["id"])
    assert [r["status"] for r in rows] == ["accepted", "accepted", "rejected"]
    assert "nothing changed" in rows[0]["outcome"] and rows[1]["outcome"].endswith("approved")


def test_a_telegram_deny_press_denies_the_call(stack, api, tool_server, claude):
    agent = make_agent(api)
    thread_id, _ = _waiting_thread(stack, api, claude, tool_server, agent)
    channel = create_channel(api, agent["id"], "telegram")
    ref = _approval_link(channel["id"], agent["id"], thread_id)
    press = telegram_update(int(uuid.uuid4().int % 10**9), callback_query={"id": "cb1", "from": {"id": 5551}, "data": f"deny:{ref}", "message": {"message_id": 3, "chat": {"id": -1}}})
    answer = telegram_post(stack, channel, press)
    assert answer.status_code == 200 and answer.json() == {"method": "answerCallbackQuery", "callback_query_id": "cb1"}
    stack.drain()
    assert tool_server.requests_for("restart") == []
    tool_results = [m for m in history(api, agent["id"], thread_id) if m["role"] == "tool"]
    assert tool_results and tool_results[0]["is_error"] is True
    # the note the model reads, and the request's outcome, say it in words
    assert "denied in telegram" in tool_results[0]["content"]
    assert requests_of(api, channel["id"])[0]["outcome"].endswith("denied")


@pytest.mark.parametrize("allowed", [[5551], ["5551"]])
def test_a_telegram_press_by_an_allowed_user_decides_whether_the_id_was_given_as_a_number_or_text(stack, api, tool_server, claude, allowed):
    agent = make_agent(api)
    thread_id, _ = _waiting_thread(stack, api, claude, tool_server, agent)
    channel = create_channel(api, agent["id"], "telegram", allowed_users=allowed)
    ref = _approval_link(channel["id"], agent["id"], thread_id)
    for user in (5552, 5551):
        update = int(uuid.uuid4().int % 10**9)
        press = telegram_update(update, callback_query={"id": f"cb{user}", "from": {"id": user}, "data": f"approve:{ref}", "message": {"message_id": 3, "chat": {"id": -1}}})
        assert telegram_post(stack, channel, press).status_code == 200
        stack.drain()
    assert len(tool_server.requests_for("restart")) == 1
    rows = requests_of(api, channel["id"])
    assert [(r["status"], r["user"]) for r in rows] == [("accepted", "5551"), ("rejected", "5552")]
    assert rows[0]["outcome"].endswith("approved")


def test_a_discord_press_is_answered_type_6_and_decides(stack, api, tool_server, claude):
    app = DiscordApp()
    agent = make_agent(api)
    thread_id, _ = _waiting_thread(stack, api, claude, tool_server, agent)
    channel = create_channel(api, agent["id"], "discord", config=config("discord", public_key=app.public_key))
    ref = _approval_link(channel["id"], agent["id"], thread_id)
    answer = discord_post(stack, channel, app, discord_interaction(3, data={"custom_id": f"approve:{ref}", "component_type": 2}))
    assert answer.status_code == 200 and answer.json() == {"type": 6}
    stack.drain()
    assert len(tool_server.requests_for("restart")) == 1


def test_a_button_of_an_unknown_approval_changes_nothing(stack, api):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    slack_post(stack, channel, slack_press("approve:0123456789abcdef01234567"), route="interactions")
    stack.drain()
    assert "nothing changed" in requests_of(api, channel["id"])[0]["outcome"]


# -- ids that go into URLs or platform requests are checked ------------------------------
@pytest.fixture()
def discord_fake(monkeypatch: pytest.MonkeyPatch) -> Any:
    from tests.fakes.chat_platforms import FakeDiscord
    from tests.support.channels import platform_env
    from wakeful.config import get_settings

    fake = FakeDiscord()
    platform_env(monkeypatch, discord=fake)
    yield fake
    fake.close()
    monkeypatch.undo()
    get_settings.cache_clear()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("application_id", "../../channels/123456789012345678/messages"),
        ("application_id", ".."),
        ("token", "itoken/../../../channels/1/messages"),
        ("token", "itoken?wait=true"),
        ("channel_id", "123/../../webhooks/1/x"),
        ("channel_id", "12 34"),
    ],
)
def test_a_signed_discord_command_whose_ids_cannot_stand_in_a_url_path_is_a_400_and_posts_nothing(stack, api, discord_channel, discord_fake, field, value):
    agent, channel, app = discord_channel
    command = discord_interaction(2, data={"name": "ask", "options": [{"name": "message", "type": 3, "value": "how is the NAS?"}]})
    command[field] = value
    answer = discord_post(stack, channel, app, command)
    assert answer.status_code == 400
    [row] = requests_of(api, channel["id"])
    assert row["status"] == "rejected" and row["signature_valid"] is True and field in row["reason"]
    assert value not in row["reason"]
    stack.drain()
    assert threads(api, agent["id"]) == []
    assert discord_fake.calls == []


@pytest.mark.parametrize(
    ("field", "value"),
    [("channel", "C0123OPS/../../x"), ("ts", "1.2/../x"), ("thread_ts", "1.1\nx"), ("user", "U0ALICE/../x")],
)
def test_a_signed_slack_message_whose_ids_are_not_slacks_is_a_400_and_starts_nothing(stack, api, field, value):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    event = slack_event("hello")
    event["event"][field] = value
    assert slack_post(stack, channel, event).status_code == 400
    [row] = requests_of(api, channel["id"])
    assert row["status"] == "rejected" and f"event.{field}" in row["reason"]
    stack.drain()
    assert threads(api, agent["id"]) == []


@pytest.mark.parametrize(
    ("where", "value"),
    [("chat", "abc/../x"), ("message_id", "10/../x"), ("message_id", True), ("reply_to", "5/../x")],
)
def test_a_telegram_message_whose_ids_are_not_telegrams_is_a_400_and_starts_nothing(stack, api, where, value):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "telegram")
    update = telegram_message(int(uuid.uuid4().int % 10**9), "hello", reply_to=5)
    if where == "chat":
        update["message"]["chat"]["id"] = value
    elif where == "message_id":
        update["message"]["message_id"] = value
    else:
        update["message"]["reply_to_message"]["message_id"] = value
    assert telegram_post(stack, channel, update).status_code == 400
    [row] = requests_of(api, channel["id"])
    assert row["status"] == "rejected" and row["signature_valid"] is True
    stack.drain()
    assert threads(api, agent["id"]) == []


# -- rejected requests are counted, not each a row -------------------------------------------
def test_requests_refused_before_their_signature_are_counted_per_minute_and_reason_not_each_a_row(stack, api):
    agent = quiet_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    raw = json.dumps(slack_event("hello")).encode()
    for _ in range(25):
        assert post(stack, f"/channels/{channel['id']}/slack/events", raw, slack_headers("not-the-secret", raw)).status_code == 401
    for _ in range(5):
        assert post(stack, f"/channels/{channel['id']}/slack/events", raw, slack_headers(SLACK_SIGNING, raw, int(time.time()) - 400)).status_code == 401
    assert slack_post(stack, channel, slack_event("a real one")).status_code == 200
    assert slack_post(stack, channel, slack_event("another")).status_code == 200

    rows = requests_of(api, channel["id"])
    refused = [r for r in rows if r["status"] == "unauthorized"]
    assert len(refused) <= 4  # one per reason, two if a minute ended meanwhile
    by_reason = {"does not match": 0, "s old": 0}
    for row in refused:
        assert row["signature_valid"] is False and row["count"] >= 1 and row["last_received_at"] >= row["received_at"]
        by_reason["does not match" if "does not match" in row["reason"] else "s old"] += row["count"]
    assert by_reason == {"does not match": 25, "s old": 5}
    accepted = [r for r in rows if r["status"] == "accepted"]
    assert len(accepted) == 2 and all(r["count"] == 1 for r in accepted)
    stack.drain()
    assert len(threads(api, agent["id"])) == 2


def test_requests_to_channel_ids_that_do_not_exist_leave_no_row_under_those_ids(stack, api):
    from wakeful.channels import inbound, request_repository

    made_up = [f"chn_01ARZ3NDEKTSV4RRFFQ69G{n:04d}" for n in range(1000, 1020)]
    before = sum(r.count or 1 for r in request_repository.page(inbound.UNKNOWN_CHANNEL, 100, None)[0])
    for channel_id in made_up:
        assert post(stack, f"/channels/{channel_id}/telegram", b"{}", telegram_headers("x")).status_code == 404
    assert post(stack, "/channels/not-even-an-id/telegram", b"{}", telegram_headers("x")).status_code == 404
    for channel_id in made_up:
        assert request_repository.page(channel_id, 10, None)[0] == []
    counted = request_repository.page(inbound.UNKNOWN_CHANNEL, 100, None)[0]
    assert sum(r.count or 1 for r in counted) - before == 21
    assert all(r.status == "not_found" for r in counted)
