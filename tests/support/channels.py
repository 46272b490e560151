"""Channel test helpers: configs with recognisable secrets, and creating channels."""

from __future__ import annotations

import uuid
from typing import Any

#: Secret values the tests look for in every answer, log line and stream event.
SLACK_TOKEN = "xoxb-111-222-slacksecrettoken"
SLACK_SIGNING = "slack-signing-secret-8f3a91"
DISCORD_TOKEN = "discord-bot-token-q9w8e7"
TELEGRAM_TOKEN = "123456789:telegramSecretTokenAAAAAAAAAAAA"
TELEGRAM_SECRET = "tg-webhook-secret-77"
SECRETS = (SLACK_TOKEN, SLACK_SIGNING, DISCORD_TOKEN, TELEGRAM_TOKEN, TELEGRAM_SECRET)


def config(kind: str, **overrides: Any) -> dict[str, Any]:
    """A valid config of ``kind``."""
    base = {
        "slack": {"bot_token": SLACK_TOKEN, "signing_secret": SLACK_SIGNING, "channel": "C0123OPS"},
        "discord": {"bot_token": DISCORD_TOKEN, "public_key": "ab" * 32, "channel_id": "123456789012345678"},
        "telegram": {"bot_token": TELEGRAM_TOKEN, "secret_token": TELEGRAM_SECRET, "chat_id": "-1001234567"},
        "email": {"from": "agent@example.com", "to": ["ops@example.com"]},
    }[kind]
    return {**base, **overrides}


def create_channel(api: Any, agent_id: str, kind: str, name: str | None = None, **fields: Any) -> dict[str, Any]:
    """A channel through the API; returns its body."""
    body = {"kind": kind, "name": name or f"{kind}-{uuid.uuid4().hex[:8]}", "agent_id": agent_id, "config": config(kind), **fields}
    response = api.post("/channels", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def deliveries(api: Any, channel_id: str) -> list[dict[str, Any]]:
    response = api.get(f"/channels/{channel_id}/deliveries")
    assert response.status_code == 200, response.text
    return response.json()["items"]


def settle(stack: Any, api: Any, channel_id: str, count: int = 1, timeout: float = 60.0) -> list[dict[str, Any]]:
    """Run the queues (with background workers off) until the channel has ``count``
    deliveries and none is pending; returns them, newest first. A retry waits in the
    queue (a delay), so the queues are run again until it is done."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        stack.drain()
        found = deliveries(api, channel_id)
        if len(found) >= count and all(d["status"] != "pending" for d in found):
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"deliveries did not settle: {found}")
        time.sleep(0.1)


def platform_env(monkeypatch: Any, slack: Any = None, discord: Any = None, telegram: Any = None) -> None:
    """Point the in-process stack at the platform fakes (the settings are read again)."""
    from wakeful.config import get_settings

    for variable, fake in (("WAKEFUL_SLACK_API_URL", slack), ("WAKEFUL_DISCORD_API_URL", discord), ("WAKEFUL_TELEGRAM_API_URL", telegram)):
        if fake is not None:
            monkeypatch.setenv(variable, fake.url)
    get_settings.cache_clear()


def requests_of(api: Any, channel_id: str) -> list[dict[str, Any]]:
    response = api.get(f"/channels/{channel_id}/requests")
    assert response.status_code == 200, response.text
    return response.json()["items"]


def slack_event(text: str, *, user: str = "U0ALICE", channel: str = "C0123OPS", ts: str | None = None, event_id: str | None = None,
                kind: str = "message", thread_ts: str | None = None, **extra: Any) -> dict[str, Any]:
    """An Events API ``event_callback`` of a person's message."""
    stamp = ts or f"{uuid.uuid4().int % 10**10}.{uuid.uuid4().int % 10**6:06d}"
    event: dict[str, Any] = {"type": kind, "user": user, "text": text, "ts": stamp, "channel": channel, "channel_type": "channel", **extra}
    if thread_ts:
        event["thread_ts"] = thread_ts
    return {"type": "event_callback", "team_id": "T1", "api_app_id": "A1", "event": event, "event_id": event_id or f"Ev{uuid.uuid4().hex[:10]}", "event_time": 1}


def slack_press(value: str, *, user: str = "U0ALICE") -> bytes:
    """A Slack ``block_actions`` interactivity body (form field ``payload``)."""
    from urllib.parse import urlencode
    import json

    payload = {
        "type": "block_actions",
        "user": {"id": user},
        "trigger_id": f"trig.{uuid.uuid4().hex}",
        "container": {"type": "message", "message_ts": "1.1", "channel_id": "C0123OPS"},
        "actions": [{"action_id": value.split(":")[0], "value": value, "type": "button", "action_ts": "2.2"}],
    }
    return urlencode({"payload": json.dumps(payload)}).encode()


def discord_interaction(kind: int, *, user: str = "111111111111111111", **fields: Any) -> dict[str, Any]:
    return {"id": str(uuid.uuid4().int % 10**18), "application_id": "900000000000000001", "type": kind, "token": f"itoken-{uuid.uuid4().hex}",
            "channel_id": "123456789012345678", "member": {"user": {"id": user}}, **fields}


def telegram_update(update_id: int, **fields: Any) -> dict[str, Any]:
    return {"update_id": update_id, **fields}


def telegram_message(update_id: int, text: str, *, user: int = 5551, message_id: int = 10, reply_to: int | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"message_id": message_id, "from": {"id": user, "is_bot": False}, "chat": {"id": -1001234567, "type": "group"}, "text": text}
    if reply_to is not None:
        message["reply_to_message"] = {"message_id": reply_to, "from": {"id": 42, "is_bot": True}}
    return {"update_id": update_id, "message": message}
