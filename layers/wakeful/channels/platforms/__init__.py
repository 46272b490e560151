"""Each platform's message format and API: :mod:`.slack` (``chat.postMessage``, Block
Kit with a ``text`` fallback), :mod:`.discord` (``content`` and button
``components``; an interaction's follow-up), :mod:`.telegram` (``sendMessage`` with
HTML and an inline keyboard) and :mod:`.email` (SES ``SendEmail``).

Every platform module has ``parts(channel, delivery)`` (the message, split at the
platform's length limits, in the order to post) and ``post(channel, delivery, part,
index)`` (one request, judged: an :class:`~.base.Outcome`). The HTTP platforms go
through :func:`wakeful.outbound.request`: the one URL policy and a total deadline for
every call Wakeful makes.
"""

from __future__ import annotations

from types import ModuleType


def of(kind: str) -> ModuleType:
    """The platform module of a channel kind (loaded when first needed: slack_sdk only
    for Slack)."""
    if kind == "slack":
        from wakeful.channels.platforms import slack

        return slack
    if kind == "discord":
        from wakeful.channels.platforms import discord

        return discord
    if kind == "telegram":
        from wakeful.channels.platforms import telegram

        return telegram
    if kind == "email":
        from wakeful.channels.platforms import email

        return email
    raise ValueError(f"no platform {kind!r}")
