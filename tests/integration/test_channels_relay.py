"""What threads and schedules send to channels, against local fakes of Slack, Discord
and Telegram: a chat thread's answer back in its conversation (the Slack thread, the
Telegram reply, the Discord command's answer), approval requests with two buttons, a
run's notifications (none from a heartbeat run that answers HEARTBEAT_OK), a schedule's
finding and failure, and notify targets that must name the owner's channels."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from tests.fakes import anthropic_server as fake
from tests.fakes.chat_platforms import Answer, DiscordApp, FakeDiscord, FakeSlack, FakeTelegram, slack_headers, telegram_headers
from tests.fakes.fixtures import claude  # noqa: F401 - fixture
from tests.integration.thread_helpers import history, http_tool, make_agent, thread, threads
from tests.support.channels import (
    SLACK_SIGNING,
    TELEGRAM_SECRET,
    config,
    create_channel,
    deliveries,
    discord_interaction,
    platform_env,
    settle,
    slack_event,
    slack_press,
    telegram_message,
)


@pytest.fixture()
def fakes(stack: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[FakeSlack, FakeDiscord, FakeTelegram]]:
    slack, discord, telegram = FakeSlack(), FakeDiscord(), FakeTelegram()
    platform_env(monkeypatch, slack, discord, telegram)
    yield slack, discord, telegram
    for one in (slack, discord, telegram):
        one.close()
    monkeypatch.undo()
    from wakeful.config import get_settings

    get_settings.cache_clear()


def post(stack: Any, path: str, body: bytes, headers: dict[str, str]) -> requests.Response:
    answer = requests.post(stack.api_url + path, data=body, headers=headers, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer


def slack_post(stack: Any, channel: dict[str, Any], body: Any, route: str = "events") -> requests.Response:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    kind = "application/x-www-form-urlencoded" if route == "interactions" else "application/json"
    return post(stack, f"/channels/{channel['id']}/slack/{route}", raw, slack_headers(SLACK_SIGNING, raw, content_type=kind))


def run_queues(stack: Any, fake: Any, count: int, pattern: str) -> list[Any]:
    """Drain the queues until the fake got ``count`` calls matching ``pattern``."""
    for _ in range(300):
        stack.drain()
        if len(fake.posts(pattern)) >= count:
            return fake.posts(pattern)
    raise AssertionError(f"{len(fake.posts(pattern))} calls to {pattern}, expected {count}")


# -- answers back in the conversation ---------------------------------------------------
def test_a_slack_message_gets_its_answer_in_the_slack_thread(stack, api, fakes, claude: fake.FakeAnthropic):
    slack, _, _ = fakes
    claude.converse([{"match": "backup", "turns": [{"text": "The backup finished at 03:12."}]}])
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    event = slack_event("<@UBOT> is the backup done?", kind="app_mention")
    slack_post(stack, channel, event)
    [reply] = run_queues(stack, slack, 1, "chat.postMessage")
    body = reply.json
    assert body["thread_ts"] == event["event"]["ts"] and body["channel"] == "C0123OPS"
    assert "The backup finished at 03:12." in body["text"]
    [delivery] = deliveries(api, channel["id"])
    assert delivery["kind"] == "reply" and delivery["status"] == "delivered"


def test_a_reply_in_the_slack_thread_continues_the_thread_and_is_answered_there(stack, api, fakes, claude: fake.FakeAnthropic):
    slack, _, _ = fakes
    claude.converse([{"match": "disks", "turns": [{"text": "Disks are fine."}, {"text": "Fans are fine too."}]}])
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    first = slack_event("check the disks")
    slack_post(stack, channel, first)
    run_queues(stack, slack, 1, "chat.postMessage")
    slack_post(stack, channel, slack_event("and the fans?", thread_ts=first["event"]["ts"]))
    first_answer, second_answer = run_queues(stack, slack, 2, "chat.postMessage")
    assert second_answer.json["thread_ts"] == first["event"]["ts"] and "Fans are fine too." in second_answer.json["text"]
    assert len(threads(api, agent["id"])) == 1


def test_a_slack_answer_acknowledged_without_ok_or_ts_is_delivered_and_the_slack_thread_still_continues(
    stack, api, fakes, claude: fake.FakeAnthropic
):
    slack, _, _ = fakes
    slack.then(Answer(200, {}))
    claude.converse([{"match": "disks", "turns": [{"text": "Disks are fine."}, {"text": "Fans are fine too."}]}])
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "slack")
    first = slack_event("check the disks")
    slack_post(stack, channel, first)
    run_queues(stack, slack, 1, "chat.postMessage")
    assert [d["status"] for d in settle(stack, api, channel["id"])] == ["delivered"]
    slack_post(stack, channel, slack_event("and the fans?", thread_ts=first["event"]["ts"]))
    _, second_answer = run_queues(stack, slack, 2, "chat.postMessage")
    assert second_answer.json["thread_ts"] == first["event"]["ts"] and "Fans are fine too." in second_answer.json["text"]
    assert len(threads(api, agent["id"])) == 1


def test_a_telegram_reply_to_the_bots_answer_continues_the_thread(stack, api, fakes, claude: fake.FakeAnthropic):
    _, _, telegram = fakes
    claude.converse([{"match": "plants", "turns": [{"text": "Watered."}, {"text": "The basil too."}]}])
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "telegram")
    update = int(uuid.uuid4().int % 10**9)
    post(stack, f"/channels/{channel['id']}/telegram", json.dumps(telegram_message(update, "water the plants", message_id=10)).encode(), telegram_headers(TELEGRAM_SECRET))
    [answer] = run_queues(stack, telegram, 1, "sendMessage")
    assert answer.json["reply_to_message_id"] == 10 and "Watered." in answer.json["text"]
    bot_message = 1000 + 1  # the fake's first message id
    again = telegram_message(update + 1, "and the basil?", message_id=12, reply_to=bot_message)
    post(stack, f"/channels/{channel['id']}/telegram", json.dumps(again).encode(), telegram_headers(TELEGRAM_SECRET))
    _, second = run_queues(stack, telegram, 2, "sendMessage")
    assert second.json["reply_to_message_id"] == 12 and "The basil too." in second.json["text"]
    assert len(threads(api, agent["id"])) == 1


def test_a_discord_commands_answer_edits_its_deferred_answer(stack, api, fakes, claude: fake.FakeAnthropic):
    _, discord, _ = fakes
    claude.converse([{"match": "NAS", "turns": [{"text": "The NAS is healthy."}]}])
    app = DiscordApp()
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "discord", config=config("discord", public_key=app.public_key))
    command = discord_interaction(2, data={"name": "ask", "options": [{"name": "message", "type": 3, "value": "how is the NAS?"}]})
    raw = json.dumps(command).encode()
    assert post(stack, f"/channels/{channel['id']}/discord", raw, app.headers(raw)).json() == {"type": 5}
    [edit] = run_queues(stack, discord, 1, "/webhooks/")
    assert edit.method == "PATCH" and edit.path == f"/webhooks/{command['application_id']}/{command['token']}/messages/@original"
    assert edit.json["content"] == "The NAS is healthy."


def test_a_discord_commands_approval_edits_its_deferred_answer_and_the_answer_follows_up(
    stack, api, fakes, claude: fake.FakeAnthropic, tool_server
):
    _, discord, _ = fakes
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "reboot", requires_approval=True)
    claude.converse([{"match": "reboot", "turns": [{"tool_calls": [{"name": tool, "input": {}}]}, {"text": "Rebooted."}]}])
    app = DiscordApp()
    channel = create_channel(api, agent["id"], "discord", config=config("discord", public_key=app.public_key))
    command = discord_interaction(2, data={"name": "ask", "options": [{"name": "message", "type": 3, "value": "reboot the NAS"}]})
    raw = json.dumps(command).encode()
    post(stack, f"/channels/{channel['id']}/discord", raw, app.headers(raw))
    [approval] = run_queues(stack, discord, 1, "/webhooks/")
    assert approval.method == "PATCH" and approval.json["components"][0]["components"][0]["custom_id"].startswith("approve:")
    press = json.dumps(discord_interaction(3, data={"custom_id": approval.json["components"][0]["components"][0]["custom_id"], "component_type": 2})).encode()
    post(stack, f"/channels/{channel['id']}/discord", press, app.headers(press))
    _, answer = run_queues(stack, discord, 2, "/webhooks/")
    assert answer.method == "POST" and answer.path == f"/webhooks/{command['application_id']}/{command['token']}"
    assert answer.json["content"] == "Rebooted."


@pytest.mark.parametrize("refusal", [Answer(404, {"message": "Unknown Webhook", "code": 10015}), Answer(405, {"message": "405: Method Not Allowed"})])
def test_a_discord_commands_answer_is_posted_to_its_channel_once_when_the_interaction_webhook_refuses(
    stack, api, fakes, claude: fake.FakeAnthropic, refusal
):
    _, discord, _ = fakes
    discord.then(refusal)
    claude.converse([{"match": "NAS", "turns": [{"text": "The NAS is healthy."}]}])
    app = DiscordApp()
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "discord", config=config("discord", public_key=app.public_key, channel_id="444444444444444444"))
    command = discord_interaction(2, data={"name": "ask", "options": [{"name": "message", "type": 3, "value": "how is the NAS?"}]})
    raw = json.dumps(command).encode()
    assert post(stack, f"/channels/{channel['id']}/discord", raw, app.headers(raw)).json() == {"type": 5}
    [posted] = run_queues(stack, discord, 1, "/messages$")
    assert posted.method == "POST" and posted.path == f"/channels/{command['channel_id']}/messages"  # the interaction's channel
    assert posted.header("Authorization") == "Bot " + config("discord")["bot_token"] and posted.json["content"] == "The NAS is healthy."
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "delivered" and delivery["attempts"] == 1
    stack.drain()
    assert len(discord.posts("/webhooks/")) == 1 and len(discord.posts("/channels/")) == 1


def test_a_discord_interaction_webhooks_429_is_retried_there_not_posted_to_the_channel(stack, api, fakes, claude: fake.FakeAnthropic):
    _, discord, _ = fakes
    discord.then(Answer(429, {"message": "You are being rate limited.", "retry_after": 0.2, "global": False}))
    claude.converse([{"match": "NAS", "turns": [{"text": "The NAS is healthy."}]}])
    app = DiscordApp()
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "discord", config=config("discord", public_key=app.public_key))
    command = discord_interaction(2, data={"name": "ask", "options": [{"name": "message", "type": 3, "value": "how is the NAS?"}]})
    raw = json.dumps(command).encode()
    post(stack, f"/channels/{channel['id']}/discord", raw, app.headers(raw))
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "delivered" and delivery["attempts"] == 2
    assert [c.method for c in discord.posts("/webhooks/")] == ["PATCH", "PATCH"] and discord.posts("/channels/") == []


def test_once_its_interaction_webhook_refused_a_discord_threads_later_messages_go_to_the_channel(
    stack, api, claude: fake.FakeAnthropic, tool_server, monkeypatch
):
    discord = FakeDiscord(webhooks=False)
    platform_env(monkeypatch, discord=discord)
    try:
        agent = make_agent(api)
        tool = http_tool(api, tool_server, "reboot", requires_approval=True)
        claude.converse([{"match": "reboot", "turns": [{"tool_calls": [{"name": tool, "input": {}}]}, {"text": "Rebooted."}]}])
        app = DiscordApp()
        channel = create_channel(api, agent["id"], "discord", config=config("discord", public_key=app.public_key))
        command = discord_interaction(2, data={"name": "ask", "options": [{"name": "message", "type": 3, "value": "reboot the NAS"}]})
        raw = json.dumps(command).encode()
        post(stack, f"/channels/{channel['id']}/discord", raw, app.headers(raw))
        [approval] = run_queues(stack, discord, 1, "/channels/")
        custom_id = approval.json["components"][0]["components"][0]["custom_id"]
        assert custom_id.startswith("approve:")
        press = json.dumps(discord_interaction(3, data={"custom_id": custom_id, "component_type": 2})).encode()
        post(stack, f"/channels/{channel['id']}/discord", press, app.headers(press))
        _, answer = run_queues(stack, discord, 2, "/channels/")
        assert answer.path == f"/channels/{command['channel_id']}/messages" and answer.json["content"] == "Rebooted."
        assert len(discord.posts("/webhooks/")) == 1  # refused once; not asked again
        assert len(tool_server.requests_for("reboot")) == 1
        assert {d["status"] for d in deliveries(api, channel["id"])} == {"delivered"}
    finally:
        discord.close()
        monkeypatch.undo()
        from wakeful.config import get_settings

        get_settings.cache_clear()


# -- approvals --------------------------------------------------------------------------
def test_an_approval_request_reaches_slack_discord_and_telegram_and_one_allowed_press_runs_the_tool_once(
    stack, api, fakes, claude: fake.FakeAnthropic, tool_server
):
    slack, discord, telegram = fakes
    agent = make_agent(api)
    tool = http_tool(api, tool_server, "restart", requires_approval=True)
    claude.converse([{"match": "restart", "turns": [{"tool_calls": [{"name": tool, "input": {"server": "web-1"}}]}, {"text": "web-1 restarted."}]}])
    app = DiscordApp()
    channels = [
        create_channel(api, agent["id"], "slack", name="ops", allowed_users=["U0BOB"]),
        create_channel(api, agent["id"], "discord", name="dc", config=config("discord", public_key=app.public_key)),
        create_channel(api, agent["id"], "telegram", name="tg"),
    ]
    assert api.patch(f"/agents/{agent['id']}", json={"notify": ["ops", "dc", "tg"]}).status_code == 200
    thread_id = api.post(f"/agents/{agent['id']}/threads", json={"message": "restart web-1"}).json()["id"]
    [to_slack] = run_queues(stack, slack, 1, "chat.postMessage")
    [to_discord] = run_queues(stack, discord, 1, "messages")
    [to_telegram] = run_queues(stack, telegram, 1, "sendMessage")
    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval"
    values = [b["value"] for b in to_slack.json["blocks"][-1]["elements"]]
    assert [b["custom_id"] for b in to_discord.json["components"][0]["components"]] == values
    assert [b["callback_data"] for b in to_telegram.json["reply_markup"]["inline_keyboard"][0]] == values
    approve, deny = values
    assert approve.startswith("approve:") and deny.startswith("deny:")

    slack_post(stack, channels[0], slack_press(approve, user="U0MALLORY"), route="interactions")  # not allowed
    stack.drain()
    assert thread(api, agent["id"], thread_id)["status"] == "waiting_approval" and tool_server.requests_for("restart") == []
    slack_post(stack, channels[0], slack_press(approve, user="U0BOB"), route="interactions")
    stack.drain()
    raw = json.dumps(discord_interaction(3, data={"custom_id": deny, "component_type": 2})).encode()
    post(stack, f"/channels/{channels[1]['id']}/discord", raw, app.headers(raw))  # too late: decided
    stack.drain()
    assert len(tool_server.requests_for("restart")) == 1
    assert thread(api, agent["id"], thread_id)["status"] in ("sleeping", "complete")
    assert all(d["kind"] == "approval" and d["status"] == "delivered" for c in channels for d in deliveries(api, c["id"]))
    # The model read who pressed the button, after the tool's result.
    said = [b["text"] for b in claude.conversation_requests()[-1]["messages"][-1]["content"] if b["type"] == "text"]
    assert any(t.startswith("[system] Approval: your call of ") and "was approved by user U0BOB in slack (ops)." in t for t in said), said


# -- notifications ----------------------------------------------------------------------
def test_send_notification_goes_to_the_agents_notify_or_to_the_channel_it_names(stack, api, fakes, claude: fake.FakeAnthropic):
    slack, _, telegram = fakes
    agent = make_agent(api)
    create_channel(api, agent["id"], "slack", name="ops")
    create_channel(api, agent["id"], "telegram", name="phone")
    api.patch(f"/agents/{agent['id']}", json={"notify": ["ops"]})
    claude.converse([{"match": "downloads", "turns": [
        {"tool_calls": [{"name": "send_notification", "input": {"message": "Paused downloads"}},
                        {"name": "send_notification", "input": {"message": "Ping on the phone", "channel": "phone"}},
                        {"name": "send_notification", "input": {"message": "nowhere", "channel": "nope"}}]},
        {"text": "done"},
    ]}])
    thread_id = api.post(f"/agents/{agent['id']}/threads", json={"message": "pause the downloads"}).json()["id"]
    [to_ops] = run_queues(stack, slack, 1, "chat.postMessage")
    [to_phone] = run_queues(stack, telegram, 1, "sendMessage")
    assert "Paused downloads" in to_ops.json["text"] and "Ping on the phone" in to_phone.json["text"]
    from tests.integration.thread_helpers import history

    results = [m for m in history(api, agent["id"], thread_id) if m["role"] == "tool"]
    assert [r["is_error"] for r in results] == [False, False, True] and "no channel named 'nope'" in results[2]["content"]


def test_notify_must_name_your_channels(stack, api, other_api, fakes):
    agent = make_agent(api)
    mine = create_channel(api, agent["id"], "slack", name="ops")
    theirs_agent = make_agent(other_api)
    create_channel(other_api, theirs_agent["id"], "slack", name="theirs")
    assert api.patch(f"/agents/{agent['id']}", json={"notify": ["theirs"]}).status_code == 422
    assert api.patch(f"/agents/{agent['id']}", json={"notify": ["ops:not a channel"]}).status_code == 422
    assert api.patch(f"/agents/{agent['id']}", json={"notify": ["ops:C0999DEV"]}).json()["notify"] == ["ops:C0999DEV"]
    bad = api.post(f"/agents/{agent['id']}/schedules", json={"prompt": "x", "cron_expression": "0 8 * * *", "notify": ["nope"]})
    assert bad.status_code == 422 and "nope" in bad.json()["error"]["message"]
    assert mine["name"] == "ops"


# -- schedules --------------------------------------------------------------------------
def _run_schedule(stack: Any, api: Any, agent_id: str, schedule_id: str) -> str:
    response = api.post(f"/agents/{agent_id}/schedules/{schedule_id}/run")
    assert response.status_code == 202, response.text
    return response.json()["result_id"]


def _result(api: Any, agent_id: str, schedule_id: str, result_id: str) -> dict[str, Any]:
    for _ in range(300):
        items = api.get(f"/agents/{agent_id}/schedules/{schedule_id}/results?include_pending=true").json()["items"]
        row = next((r for r in items if r["id"] == result_id), None)
        if row is not None and row["status"] != "pending":
            return row
        import time

        time.sleep(0.05)
    raise AssertionError("the run did not finish")


def test_a_heartbeat_answering_heartbeat_ok_sends_nothing_and_a_finding_sends_one_message(stack, api, fakes, claude: fake.FakeAnthropic):
    slack, _, _ = fakes
    claude.converse([
        {"match": "quiet check", "turns": [{"tool_calls": [{"name": "send_notification", "input": {"message": "checking now"}}]}, {"text": "HEARTBEAT_OK"}]},
        {"match": "loud check", "turns": [{"text": "HEARTBEAT_OK\n\nThe disk /var is 97% full."}]},
    ])
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "slack", name="ops")
    config_ = {"schedule_type": "heartbeat", "heartbeat_checklist": ["disk usage"]}
    quiet = api.post(f"/agents/{agent['id']}/schedules", json={"prompt": "quiet check", "cron_expression": "0 8 * * 1-5", "config": config_, "is_active": False, "notify": ["ops"]}).json()
    loud = api.post(f"/agents/{agent['id']}/schedules", json={"prompt": "loud check", "cron_expression": "0 8 * * 1-5", "config": config_, "is_active": False, "notify": ["ops"]}).json()
    quiet_rid = _run_schedule(stack, api, agent["id"], quiet["id"])
    stack.drain()
    row = _result(api, agent["id"], quiet["id"], quiet_rid)
    assert row["status"] == "heartbeat_ok" and row["notified"] is False
    settle(stack, api, channel["id"], count=0)
    assert slack.posts("chat.postMessage") == [] and deliveries(api, channel["id"]) == []

    loud_rid = _run_schedule(stack, api, agent["id"], loud["id"])
    [message] = run_queues(stack, slack, 1, "chat.postMessage")
    assert "The disk /var is 97% full." in message.json["text"] and "HEARTBEAT_OK" not in message.json["text"]
    row = _result(api, agent["id"], loud["id"], loud_rid)
    assert row["status"] == "success" and row["notified"] is True
    [delivery] = deliveries(api, channel["id"])
    assert delivery["kind"] == "schedule_result"
    stack.drain()
    assert len(slack.posts("chat.postMessage")) == 1


def test_a_failed_schedule_run_is_sent_as_schedule_failed(stack, api, fakes, claude: fake.FakeAnthropic):
    _, _, telegram = fakes
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "telegram", name="tg")
    api.patch(f"/agents/{agent['id']}", json={"notify": ["tg"]})
    claude.push(*[fake.error(500, "api_error", "the model is down")] * 10)
    schedule = api.post(f"/agents/{agent['id']}/schedules", json={"prompt": "nightly report", "cron_expression": "0 2 * * *", "is_active": False}).json()
    rid = _run_schedule(stack, api, agent["id"], schedule["id"])
    [message] = run_queues(stack, telegram, 1, "sendMessage")
    assert _result(api, agent["id"], schedule["id"], rid)["status"] == "error"
    assert "failed" in message.json["text"]
    assert [d["kind"] for d in deliveries(api, channel["id"])] == ["schedule_failed"]


def test_a_heartbeat_action_parked_for_approval_asks_slack_and_an_allowed_press_runs_it_once(stack, api, fakes, tool_server):
    from tests.integration.spine_helpers import register_tool, run_heartbeat, subscribe

    slack, _, _ = fakes
    agent = api.create_agent(heartbeat_interval_seconds=3600)
    tool = register_tool(api, tool_server, "reboot")
    subscribe(api, tool, "DISK_FULL", agent["id"])
    channel = create_channel(api, agent["id"], "slack", name="oncall", allowed_users=["U0BOB"])
    api.patch(f"/agents/{agent['id']}", json={"notify": ["oncall"], "tool_policy": {"require_approval": [tool]}})
    api.post(f"/agents/{agent['id']}/events", json={"event_type": "DISK_FULL", "payload": {"disk": "/data"}})

    run_heartbeat(stack, api, agent["id"])
    [asked] = run_queues(stack, slack, 1, "chat.postMessage")

    assert tool in json.dumps(asked.json) and "/data" in json.dumps(asked.json)
    approve, deny = [b["value"] for b in asked.json["blocks"][-1]["elements"]]
    slack_post(stack, channel, slack_press(approve, user="U0MALLORY"), route="interactions")  # not allowed
    stack.drain()
    assert tool_server.requests_for("reboot") == []
    slack_post(stack, channel, slack_press(approve, user="U0BOB"), route="interactions")
    slack_post(stack, channel, slack_press(deny, user="U0BOB"), route="interactions")  # too late: decided
    stack.drain()
    (action,) = [a for a in api.get(f"/agents/{agent['id']}/actions").json()["items"] if a["tool"] == tool]
    assert action["status"] == "COMPLETED" and action["approval"]["decision"] == "approve"
    assert len(tool_server.requests_for("reboot")) == 1


def test_an_interaction_token_and_a_bot_token_discord_repeats_are_redacted_in_the_delivery_log(stack, api, fakes, claude: fake.FakeAnthropic):
    from tests.support.channels import DISCORD_TOKEN

    _, discord, _ = fakes
    discord.then(
        Answer(404, {"message": "Unknown Webhook at {path}", "code": 10015}),  # the interaction's token is in its path
        Answer(403, {"message": "Missing Access for {header:authorization}", "code": 50001}),
    )
    claude.converse([{"match": "NAS", "turns": [{"text": "The NAS is healthy."}]}])
    app = DiscordApp()
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "discord", config=config("discord", public_key=app.public_key))
    command = discord_interaction(2, data={"name": "ask", "options": [{"name": "message", "type": 3, "value": "how is the NAS?"}]})
    raw = json.dumps(command).encode()
    assert post(stack, f"/channels/{channel['id']}/discord", raw, app.headers(raw)).json() == {"type": 5}
    run_queues(stack, discord, 2, "")
    [delivery] = settle(stack, api, channel["id"])
    assert delivery["status"] == "failed" and "Missing Access for Bot [redacted]" in delivery["error"]
    assert f"/webhooks/{command['application_id']}/[redacted]" in delivery["error"]
    shown = api.get(f"/channels/{channel['id']}/deliveries").text
    assert command["token"] not in shown and DISCORD_TOKEN not in shown


# -- a Discord conversation goes on: the Reply button --------------------------------------
def _discord_answered(stack: Any, api: Any, discord: FakeDiscord, app: DiscordApp, **channel_fields: Any) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], str]:
    """A slash command answered: (agent, channel, command, the answer's Reply custom_id)."""
    agent = make_agent(api)
    channel = create_channel(api, agent["id"], "discord", config=config("discord", public_key=app.public_key), **channel_fields)
    command = discord_interaction(2, data={"name": "ask", "options": [{"name": "message", "type": 3, "value": "how is the NAS?"}]})
    raw = json.dumps(command).encode()
    assert post(stack, f"/channels/{channel['id']}/discord", raw, app.headers(raw)).json() == {"type": 5}
    [answer] = run_queues(stack, discord, 1, "/webhooks/")
    [button] = answer.json["components"][0]["components"]
    return agent, channel, command, button["custom_id"]


def _reply_form(custom_id: str, text: str, *, user: str = "111111111111111111") -> dict[str, Any]:
    return discord_interaction(5, user=user, data={"custom_id": custom_id, "components": [{"type": 1, "components": [{"type": 4, "custom_id": "text", "value": text}]}]})


def test_a_discord_answers_reply_button_opens_a_form_whose_text_goes_on_the_thread(stack, api, fakes, claude: fake.FakeAnthropic):
    _, discord, _ = fakes
    claude.converse([{"match": "NAS", "turns": [{"text": "The NAS is healthy."}, {"text": "The disks are fine too."}]}])
    app = DiscordApp()
    agent, channel, _, custom_id = _discord_answered(stack, api, discord, app)
    assert custom_id.startswith("reply:")

    press = json.dumps(discord_interaction(3, data={"custom_id": custom_id, "component_type": 2})).encode()
    modal = post(stack, f"/channels/{channel['id']}/discord", press, app.headers(press)).json()
    assert modal["type"] == 9 and modal["data"]["custom_id"] == custom_id
    assert modal["data"]["components"][0]["components"][0]["type"] == 4  # a text input

    submit = json.dumps(_reply_form(custom_id, "and the disks?")).encode()
    echoed = post(stack, f"/channels/{channel['id']}/discord", submit, app.headers(submit)).json()
    assert echoed["type"] == 4 and echoed["data"]["content"] == "and the disks?"
    _, second = run_queues(stack, discord, 2, "/webhooks/|/messages$")
    assert second.json["content"] == "The disks are fine too."
    [only] = threads(api, agent["id"])
    said = [m for m in history(api, agent["id"], only["id"]) if m["role"] == "user"]
    assert [m["content"] for m in said][-1] == "and the disks?"


def test_a_discord_reply_from_a_user_not_allowed_is_refused_and_posts_nothing(stack, api, fakes, claude: fake.FakeAnthropic):
    _, discord, _ = fakes
    claude.converse([{"match": "NAS", "turns": [{"text": "The NAS is healthy."}, {"text": "Should not be said."}]}])
    app = DiscordApp()
    agent, channel, _, custom_id = _discord_answered(stack, api, discord, app, allowed_users=["111111111111111111"])

    press = json.dumps(discord_interaction(3, user="999999999999999999", data={"custom_id": custom_id, "component_type": 2})).encode()
    refused = post(stack, f"/channels/{channel['id']}/discord", press, app.headers(press)).json()
    assert refused["type"] == 4 and refused["data"]["flags"] == 64  # no form, a private refusal
    submit = json.dumps(_reply_form(custom_id, "say it anyway", user="999999999999999999")).encode()
    refused = post(stack, f"/channels/{channel['id']}/discord", submit, app.headers(submit)).json()
    assert refused["type"] == 4 and refused["data"]["flags"] == 64

    for _ in range(20):
        stack.drain()
    assert len(discord.posts("/webhooks/|/messages$")) == 1  # the first answer only
    [only] = threads(api, agent["id"])
    assert "say it anyway" not in json.dumps(history(api, agent["id"], only["id"]))
