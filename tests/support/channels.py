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
