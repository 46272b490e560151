"""Targets: where a notification, a schedule's result or an approval request goes.

A target is a channel name (the channel's default conversation) or
``name:conversation`` (another Slack channel, Discord channel, Telegram chat or email
address of the same channel). An agent's ``notify`` names its targets; a schedule's
``notify`` overrides the agent's for that schedule's runs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from wakeful.channels import models, platforms, repository
from wakeful.channels.exceptions import ChannelConfigError
from wakeful.channels.records import Channel

_TARGET = re.compile(models.TARGET_PATTERN)


def split(target: str) -> tuple[str, str | None]:
    """``"ops:C123"`` -> ``("ops", "C123")``; ``"ops"`` -> ``("ops", None)``."""
    name, _, conversation = target.partition(":")
    return name, conversation or None


def conversation_error(channel: Channel, conversation: str) -> str | None:
    """Why ``conversation`` cannot be one of ``channel``'s, or None."""
    if not platforms.conversation_pattern(channel.kind).fullmatch(conversation):
        return f"{conversation!r} is not a {channel.kind} conversation ({platforms.of(channel.kind).conversation_hint})"
    return None


def check(owner: str, targets: Iterable[str] | None) -> None:
    """Every target names one of the owner's channels, and a conversation it can reach.

    Raises:
        ChannelConfigError: naming the first target that does not.
    """
    for target in targets or ():
        if not _TARGET.fullmatch(target):
            raise ChannelConfigError(f"notify target {target!r} is not a channel name or name:conversation")
        name, conversation = split(target)
        channel_id = repository.find_name(owner, name)
        channel = repository.get(channel_id) if channel_id else None
        if channel is None or channel.owner != owner:
            raise ChannelConfigError(f"notify target {target!r}: you have no channel named {name!r} (create it with POST /channels)")
        problem = conversation_error(channel, conversation) if conversation else None
        if problem:
            raise ChannelConfigError(f"notify target {target!r}: {problem}")


def resolve(owner: str, target: str) -> tuple[Channel, str | None] | None:
    """The owner's channel a target names and the conversation it overrides, or None
    when there is no such channel (any more) or the conversation does not fit it."""
    if not _TARGET.fullmatch(target):
        return None
    name, conversation = split(target)
    channel_id = repository.find_name(owner, name)
    channel = repository.get(channel_id) if channel_id else None
    if channel is None or channel.owner != owner:
        return None
    if conversation and conversation_error(channel, conversation):
        return None
    return channel, conversation
