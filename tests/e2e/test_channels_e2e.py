"""Channels through `wakeful dev` as a user runs it: a real process with background
workers and a scripted model (`--script`), real HTTP to local fakes of the Slack Web API,
the Discord API and the Telegram Bot API, moto's SES, and inbound requests signed the way
each platform signs them (Slack's v0 HMAC, Discord's Ed25519 with a real key pair,
Telegram's secret token). No secret appears in any answer, log line or stream event."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import requests

from tests.fakes.chat_platforms import Answer, DiscordApp, FakeDiscord, FakeSlack, FakeTelegram, slack_headers, telegram_headers
from tests.support import openapi_check
from tests.support.channels import SECRETS, SLACK_SIGNING, TELEGRAM_SECRET, config, discord_interaction, slack_event, slack_press, telegram_message
from tests.support.tool_server import ToolServer
from wakeful_dev.runtime import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.e2e, pytest.mark.long(seconds=60)]
KEY = "channels-e2e-key"
OTHER_KEY = "channels-e2e-other"

SCRIPT = {
    "rules": [
        {"when": "is the backup done", "then": [{"text": "The backup finished at 03:12."}]},
        {"when": "restart web-1", "then": [{"tool": "restart_server", "input": {"server": "web-1"}}, {"text": "web-1 restarted."}]},
        {"when": "quiet check", "then": [{"tool": "send_notification", "input": {"message": "checking the servers"}}, {"text": "HEARTBEAT_OK"}]},
        {"when": "disk check", "then": [{"text": "HEARTBEAT_OK\n\nThe disk /var is 97% full."}]},
    ]
}


class Platforms:
    """The three platform fakes of the module."""

    def __init__(self) -> None:
        self.slack, self.discord, self.telegram = FakeSlack(), FakeDiscord(), FakeTelegram()

    def close(self) -> None:
        for fake in (self.slack, self.discord, self.telegram):
            fake.close()


class Dev:
    """The `wakeful dev` process: its URL, its AWS endpoint, every line it printed."""

    def __init__(self, url: str, aws_endpoint: str, lines: list[str]) -> None:
        self.url = url
        self.aws_endpoint = aws_endpoint
        self.lines = lines


@pytest.fixture(scope="module")
def platforms() -> Iterator[Platforms]:
    found = Platforms()
    yield found
    found.close()


@pytest.fixture(scope="module")
def tools() -> Iterator[ToolServer]:
    server = ToolServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def dev(platforms: Platforms, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Dev]:
    script = tmp_path_factory.mktemp("script") / "script.json"
    script.write_text(json.dumps(SCRIPT))
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WAKEFUL_", "AWS_", "MOTO_", "POWERTOOLS_", "ANTHROPIC_", "OPENAI_"))}
    env.update({
        "WAKEFUL_DEV_API_KEYS": f"e2e:{KEY},other:{OTHER_KEY}",
        "WAKEFUL_SLACK_API_URL": platforms.slack.url,
        "WAKEFUL_DISCORD_API_URL": platforms.discord.url,
        "WAKEFUL_TELEGRAM_API_URL": platforms.telegram.url,
        "WAKEFUL_HOOK_BACKOFF_BASE_SECONDS": "0.2",
        "POWERTOOLS_LOG_LEVEL": "INFO",  # every log line, to look for secrets in them
    })
    process = subprocess.Popen(
        [sys.executable, "-m", "wakeful_dev.cli", "dev", "--port", str(port), "--tick", "0.5", "--script", str(script)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    lines: list[str] = []
    aws_endpoint = ""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = process.stdout.readline()  # type: ignore[union-attr]
        lines.append(line)
        if line.startswith("AWS endpoint:"):
            aws_endpoint = line.split(":", 1)[1].strip()
        if not line or line.startswith("Wakeful dev server on"):
            break
    threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True).start()  # type: ignore[arg-type]
    url = f"http://127.0.0.1:{port}"
    openapi_check.watch(url)
    yield Dev(url, aws_endpoint, lines)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=120) == 0


class Client:
    """The API as one owner, keeping every answer it got (to look for secrets in them)."""

    seen: list[str] = []

    def __init__(self, dev: Dev, key: str = KEY) -> None:
        self.dev = dev
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {key}"

    def call(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        response = self.http.request(method, self.dev.url + path, timeout=30, **kwargs)
        Client.seen.append(response.text)
        return response

    def platform(self, path: str, body: bytes, headers: dict[str, str]) -> requests.Response:
        response = requests.post(self.dev.url + path, data=body, headers=headers, timeout=30)
        Client.seen.append(response.text)
        return response

    def agent(self, **fields: Any) -> dict[str, Any]:
        response = self.call("POST", "/agents", json={"name": "Ops", "alias": f"ops{uuid.uuid4().hex[:10]}", **fields})
        assert response.status_code == 201, response.text
        agent_id = response.json()["id"]
        self.call("PATCH", f"/agents/{agent_id}", json={"is_active": False})  # no heartbeats: not under test
        return response.json()

    def channel(self, agent_id: str, kind: str, name: str | None = None, **fields: Any) -> dict[str, Any]:
        body = {"kind": kind, "name": name or f"{kind}-{uuid.uuid4().hex[:6]}", "agent_id": agent_id, "config": config(kind), **fields}
        response = self.call("POST", "/channels", json=body)
        assert response.status_code == 201, response.text
        return response.json()

    def items(self, path: str) -> list[dict[str, Any]]:
        response = self.call("GET", path)
        assert response.status_code == 200, response.text
        return response.json()["items"]


def until(what: Callable[[], Any], timeout: float = 60.0, explain: Callable[[], Any] = lambda: "") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not reached in time: {explain()}")


def slack_post(client: Client, channel: dict[str, Any], body: Any, *, route: str = "events", secret: str = SLACK_SIGNING, timestamp: int | None = None) -> requests.Response:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    kind = "application/x-www-form-urlencoded" if route == "interactions" else "application/json"
    return client.platform(f"/channels/{channel['id']}/slack/{route}", raw, slack_headers(secret, raw, timestamp, content_type=kind))


# -- a conversation in Slack ------------------------------------------------------------
def test_a_slack_message_starts_a_thread_whose_answer_comes_back_in_the_slack_thread(dev: Dev, platforms: Platforms) -> None:
    client = Client(dev)
    agent = client.agent()
    channel = client.channel(agent["id"], "slack", allowed_users=["U0ALICE"])
    event = slack_event("<@UBOT> is the backup done?", kind="app_mention", channel="C0777ASK")
    started = time.monotonic()
    answer = slack_post(client, channel, event)
    assert answer.status_code == 200 and time.monotonic() - started < 3  # Slack's deadline
    reply = until(lambda: [c for c in platforms.slack.posts("chat.postMessage") if c.json["channel"] == "C0777ASK"])[0]
    assert reply.json["thread_ts"] == event["event"]["ts"] and "The backup finished at 03:12." in reply.json["text"]
    [thread] = client.items(f"/agents/{agent['id']}/threads")
    assert thread["source"] == "slack" and thread["source_id"] == channel["id"]
    [request] = client.items(f"/channels/{channel['id']}/requests")
    assert request["status"] == "accepted" and request["thread_id"] == thread["id"]


# -- approvals from a button ------------------------------------------------------------
def test_an_approval_reaches_slack_discord_and_telegram_and_only_one_allowed_press_runs_the_tool_once(
    dev: Dev, platforms: Platforms, tools: ToolServer
) -> None:
    client = Client(dev)
    agent = client.agent()
    body = {"name": "restart_server", "kind": "http", "endpoint_url": tools.url("restart"), "requires_approval": True,
            "input_schema": {"type": "object", "properties": {"server": {"type": "string"}}}}  # fmt: skip
    assert client.call("POST", "/tools", json=body).status_code == 201
    app = DiscordApp()
    slack = client.channel(agent["id"], "slack", name="ops", allowed_users=["U0BOB"], config=config("slack", channel="C0APPROVE"))
    discord = client.channel(agent["id"], "discord", name="dc", allowed_users=["222"], config=config("discord", public_key=app.public_key, channel_id="555555555555555555"))
    telegram = client.channel(agent["id"], "telegram", name="tg", allowed_users=["5551"], config=config("telegram", chat_id="-100777"))
    assert client.call("PATCH", f"/agents/{agent['id']}", json={"notify": ["ops", "dc", "tg"]}).status_code == 200
    thread_id = client.call("POST", f"/agents/{agent['id']}/threads", json={"message": "restart web-1"}).json()["id"]

    to_slack = until(lambda: [c for c in platforms.slack.posts("chat.postMessage") if c.json["channel"] == "C0APPROVE"])[0]
    to_discord = until(lambda: platforms.discord.posts("/channels/555555555555555555/messages"))[0]
    to_telegram = until(lambda: [c for c in platforms.telegram.posts("sendMessage") if c.json["chat_id"] == -100777])[0]
    buttons = [
        [b["value"] for b in to_slack.json["blocks"][-1]["elements"]],
        [b["custom_id"] for b in to_discord.json["components"][0]["components"]],
        [b["callback_data"] for b in to_telegram.json["reply_markup"]["inline_keyboard"][0]],
    ]
    assert buttons[0] == buttons[1] == buttons[2]
    approve, deny = buttons[0]
    assert approve.startswith("approve:") and deny.startswith("deny:") and len(approve.encode()) <= 64

    # A press by someone outside allowed_users changes nothing.
    press = {"update_id": int(uuid.uuid4().int % 10**9), "callback_query": {"id": "cb-1", "from": {"id": 9999}, "data": approve, "message": {"message_id": 1, "chat": {"id": -100777}}}}
    assert client.platform(f"/channels/{telegram['id']}/telegram", json.dumps(press).encode(), telegram_headers(TELEGRAM_SECRET)).status_code == 200
    time.sleep(1.5)
    status = lambda: client.call("GET", f"/agents/{agent['id']}/threads/{thread_id}").json()["status"]  # noqa: E731
    assert status() == "waiting_approval" and tools.requests_for("restart") == []

    # The allowed press runs the tool, once; a second press (another platform) changes nothing.
    assert slack_post(client, slack, slack_press(approve, user="U0BOB"), route="interactions").status_code == 200
    until(lambda: status() != "waiting_approval")
    raw = json.dumps(discord_interaction(3, user="222", data={"custom_id": deny, "component_type": 2})).encode()
    assert client.platform(f"/channels/{discord['id']}/discord", raw, app.headers(raw)).json() == {"type": 6}
    until(lambda: any("nothing changed" in (r.get("outcome") or "") for r in client.items(f"/channels/{discord['id']}/requests")))
    until(lambda: status() in ("sleeping", "complete"))
    assert len(tools.requests_for("restart")) == 1
    rejected = client.items(f"/channels/{telegram['id']}/requests")[0]
    assert rejected["status"] == "rejected" and "9999" in rejected["reason"]


# -- schedules ------------------------------------------------------------------------
def test_a_heartbeat_schedule_answering_heartbeat_ok_sends_nothing_and_a_finding_sends_one_message(dev: Dev, platforms: Platforms) -> None:
    client = Client(dev)
    agent = client.agent()
    channel = client.channel(agent["id"], "telegram", name="alerts", config=config("telegram", chat_id="-100888"))
    heartbeat = {"schedule_type": "heartbeat", "heartbeat_checklist": ["disk usage under 90%"]}
    quiet = client.call("POST", f"/agents/{agent['id']}/schedules", json={"prompt": "quiet check", "cron_expression": "0 8 * * 1-5", "config": heartbeat, "is_active": False, "notify": ["alerts"]}).json()
    loud = client.call("POST", f"/agents/{agent['id']}/schedules", json={"prompt": "disk check", "cron_expression": "0 8 * * 1-5", "config": heartbeat, "is_active": False, "notify": ["alerts"]}).json()

    def finished(schedule_id: str) -> list[dict[str, Any]]:
        return [r for r in client.items(f"/agents/{agent['id']}/schedules/{schedule_id}/results") if r["status"] != "pending"]

    client.call("POST", f"/agents/{agent['id']}/schedules/{quiet['id']}/run")
    [silent] = until(lambda: finished(quiet["id"]))
    assert silent["status"] == "heartbeat_ok" and silent["notified"] is False
    client.call("POST", f"/agents/{agent['id']}/schedules/{loud['id']}/run")
    [finding] = until(lambda: finished(loud["id"]))
    assert finding["status"] == "success" and finding["notified"] is True
    to_chat = lambda: [c for c in platforms.telegram.posts("sendMessage") if c.json["chat_id"] == -100888]  # noqa: E731
    [message] = until(to_chat)
    time.sleep(1.5)  # nothing else follows
    assert len(to_chat()) == 1
    assert "The disk /var is 97% full." in message.json["text"] and "HEARTBEAT_OK" not in message.json["text"]
    assert [d["kind"] for d in client.items(f"/channels/{channel['id']}/deliveries")] == ["schedule_result"]


# -- deliveries -----------------------------------------------------------------------
def test_a_429_then_success_is_delivered_once(dev: Dev, platforms: Platforms) -> None:
    client = Client(dev)
    channel = client.channel(client.agent()["id"], "slack", config=config("slack", channel="C0RATE"))
    platforms.slack.then(Answer(429, {"ok": False, "error": "ratelimited"}, {"Retry-After": "1"}))
    delivery_id = client.call("POST", f"/channels/{channel['id']}/test", json={}).json()["delivery_id"]
    done = until(lambda: [d for d in client.items(f"/channels/{channel['id']}/deliveries") if d["id"] == delivery_id and d["status"] != "pending"])[0]
    assert done["status"] == "delivered" and done["attempts"] == 2
    time.sleep(1)
    assert len([c for c in platforms.slack.posts("chat.postMessage") if c.json["channel"] == "C0RATE"]) == 2  # one refused, one delivered


def test_email_goes_through_ses(dev: Dev) -> None:
    import boto3

    ses = boto3.client("ses", endpoint_url=dev.aws_endpoint, region_name="us-east-1", aws_access_key_id="testing", aws_secret_access_key="testing")
    before = ses.get_send_quota()["SentLast24Hours"]
    client = Client(dev)
    channel = client.channel(client.agent()["id"], "email", config={"from": "agent@example.com", "to": ["ops@example.com"]})
    client.call("POST", f"/channels/{channel['id']}/test", json={"message": "The disk is full"})
    until(lambda: [d for d in client.items(f"/channels/{channel['id']}/deliveries") if d["status"] == "delivered"])
    assert ses.get_send_quota()["SentLast24Hours"] == before + 1


# -- refusals -------------------------------------------------------------------------
def test_bad_signatures_stale_timestamps_and_replays_are_refused_and_logged(dev: Dev) -> None:
    client = Client(dev)
    agent = client.agent()
    slack = client.channel(agent["id"], "slack")
    app = DiscordApp()
    discord = client.channel(agent["id"], "discord", config=config("discord", public_key=app.public_key))
    telegram = client.channel(agent["id"], "telegram")
    event = slack_event("hello")
    assert slack_post(client, slack, event, secret="not-the-secret").status_code == 401
    assert slack_post(client, slack, event, timestamp=int(time.time()) - 600).status_code == 401
    assert slack_post(client, slack, event).status_code == 200
    assert slack_post(client, slack, event).status_code == 200  # the replay: answered, not taken
    raw = json.dumps({"id": "1", "type": 1}).encode()
    assert client.platform(f"/channels/{discord['id']}/discord", raw, DiscordApp().headers(raw)).status_code == 401
    assert client.platform(f"/channels/{discord['id']}/discord", raw, app.headers(raw, int(time.time()) - 900)).status_code == 401
    update = json.dumps(telegram_message(int(uuid.uuid4().int % 10**9), "hi")).encode()
    assert client.platform(f"/channels/{telegram['id']}/telegram", update, telegram_headers("wrong")).status_code == 401
    assert client.platform(f"/channels/{telegram['id']}/telegram", update, telegram_headers(TELEGRAM_SECRET)).status_code == 200
    assert client.platform(f"/channels/{telegram['id']}/telegram", update, telegram_headers(TELEGRAM_SECRET)).status_code == 200

    # Requests with a valid signature have rows, newest first; the refused ones are
    # counted, one item per minute and reason, placed at their minute's start.
    slack_rows = client.items(f"/channels/{slack['id']}/requests")
    assert [r["status"] for r in slack_rows] == ["duplicate", "accepted", "unauthorized", "unauthorized"]
    assert {"s old" in r["reason"] or "does not match" in r["reason"] for r in slack_rows[2:]} == {True}
    assert {"s old" in r["reason"] for r in slack_rows[2:]} == {True, False} and all(r["count"] == 1 for r in slack_rows)
    assert [r["status"] for r in client.items(f"/channels/{discord['id']}/requests")] == ["unauthorized", "unauthorized"]
    assert [r["status"] for r in client.items(f"/channels/{telegram['id']}/requests")] == ["duplicate", "accepted", "unauthorized"]
    until(lambda: len(client.items(f"/agents/{agent['id']}/threads")) == 2)  # one per taken message
    time.sleep(1)
    assert len(client.items(f"/agents/{agent['id']}/threads")) == 2


def test_another_owners_channel_answers_404_on_every_route(dev: Dev) -> None:
    mine = Client(dev)
    channel = mine.channel(mine.agent()["id"], "slack")
    other = Client(dev, OTHER_KEY)
    path = f"/channels/{channel['id']}"
    answers = [
        other.call("GET", path), other.call("PATCH", path, json={"name": "stolen"}), other.call("DELETE", path),
        other.call("GET", f"{path}/deliveries"), other.call("GET", f"{path}/requests"), other.call("POST", f"{path}/test", json={}),
    ]  # fmt: skip
    assert [a.status_code for a in answers] == [404] * 6
    assert mine.call("GET", path).json()["name"] == channel["name"]


def test_no_secret_appears_in_any_answer_log_line_or_stream_event(dev: Dev, platforms: Platforms) -> None:
    client = Client(dev)
    # Some work of its own (the other tests may run elsewhere): a conversation and a test message.
    agent = client.agent()
    channel = client.channel(agent["id"], "slack", config=config("slack", channel="C0SECRETS"))
    slack_post(client, channel, slack_event("is the backup done?", channel="C0SECRETS"))
    until(lambda: [c for c in platforms.slack.posts("chat.postMessage") if c.json["channel"] == "C0SECRETS"])
    client.call("PATCH", f"/channels/{channel['id']}", json={"config": {"bot_token": "xoxb-rotated-but-still-secret"}})
    time.sleep(1)  # the last lines of the work
    streamed = []
    for agent in client.items("/agents?limit=100"):
        for thread in client.items(f"/agents/{agent['id']}/threads?limit=100"):
            streamed.append(client.call("GET", f"/agents/{agent['id']}/threads/{thread['id']}/stream-events").text)
    haystacks = {"answers": Client.seen, "log lines": dev.lines, "stream events": streamed}
    assert len(dev.lines) > 10 and Client.seen and streamed
    for where, texts in haystacks.items():
        for secret in (*SECRETS, "xoxb-rotated-but-still-secret"):
            assert not any(secret in text for text in texts), f"a secret appears in the {where}"
