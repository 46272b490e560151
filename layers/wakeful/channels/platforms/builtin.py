"""Wakeful's own platforms, as the channels manifest installs them
(:data:`wakeful.channels.slots.PLATFORMS`): each entry names its routes and its API,
and loads its module when first used (slack_sdk only for Slack)."""

from __future__ import annotations

from typing import Any

from wakeful.channels.slots import PlatformEntry


def _slack() -> Any:
    from wakeful.channels.platforms.slack import Slack

    return Slack


def _discord() -> Any:
    from wakeful.channels.platforms.discord import Discord

    return Discord


def _telegram() -> Any:
    from wakeful.channels.platforms.telegram import Telegram

    return Telegram


def _email() -> Any:
    from wakeful.channels.platforms.email import Email

    return Email


#: Wakeful's own platforms, in the order lists show them: a platform plugs in with its
#: module and one entry here.
BUILTIN: tuple[PlatformEntry, ...] = (
    PlatformEntry("slack", _slack, ("slack/events", "slack/interactions"), True, "WAKEFUL_SLACK_API_URL", "https://slack.com/api"),
    PlatformEntry("discord", _discord, ("discord",), True, "WAKEFUL_DISCORD_API_URL", "https://discord.com/api/v10"),
    PlatformEntry("telegram", _telegram, ("telegram",), True, "WAKEFUL_TELEGRAM_API_URL", "https://api.telegram.org"),
    PlatformEntry("email", _email, (), False),
)
