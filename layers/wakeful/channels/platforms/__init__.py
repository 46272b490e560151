"""The chat platforms, one module each: :mod:`.slack` (``chat.postMessage``, Block Kit
with a ``text`` fallback), :mod:`.discord` (``content`` and button ``components``; an
interaction's follow-up), :mod:`.telegram` (``sendMessage`` with HTML and an inline
keyboard) and :mod:`.email` (SES ``SendEmail``).

Each module defines a :class:`~.base.Platform`: how its requests are verified and read
(what the chat platforms share for that: :mod:`.reading`), its config fields (public and secret), its conversations, and ``parts(channel,
delivery)`` (the message, split at the platform's length limits, in the order to post)
and ``post(channel, delivery, part, index)`` (one request, judged: an
:class:`~.base.Outcome`). The HTTP platforms go through
:func:`wakeful.outbound.request`: the one URL policy and a total deadline for every call
Wakeful makes.

A platform plugs in with its module and one :class:`~wakeful.channels.slots.PlatformEntry`
(Wakeful's own: :mod:`.builtin`, installed by the channels manifest into
:data:`wakeful.channels.slots.PLATFORMS`). Every list of platforms derives from the
installed entries, when asked (:mod:`.models`): a channel's ``kind``, the thread
sources, the inbound routes (the API Gateway's, ``wakeful dev``'s), the API bases in
the settings and the deployment's context keys.
"""

from __future__ import annotations

import re
from typing import Any

from wakeful.channels.platforms.base import Platform
from wakeful.channels.platforms.models import ConfigField, PlatformEntry, chat_names, endpoints, entries, entry, names, routes

__all__ = ["ConfigField", "Platform", "PlatformEntry", "chat_names", "conversation_pattern", "endpoints", "entries", "entry", "inbound_answers", "inbound_operations", "names", "of", "routes"]


_loaded: dict[PlatformEntry, Platform] = {}


def of(kind: str) -> Platform:
    """The platform of a channel kind (its module loaded when first needed: slack_sdk
    only for Slack).

    Raises:
        ValueError: no such platform.
    """
    found = entry(kind)
    platform = _loaded.get(found)
    if platform is None:
        platform = _loaded[found] = found.load()()
    return platform


def conversation_pattern(kind: str) -> re.Pattern[str]:
    """The pattern a conversation of ``kind`` must match (its platform's)."""
    return re.compile(of(kind).conversation_pattern)


def inbound_operations() -> dict[str, dict[str, Any]]:
    """Path -> ``{"post": operation}`` of each platform's routes (each platform's own
    part of the OpenAPI document; the channel-inbound function serves them)."""
    return {path: item for name in names() for path, item in of(name).openapi()[0].items()}


def inbound_answers() -> tuple[type, ...]:
    """The models of the platforms' answers, added to the document's components."""
    return tuple(model for name in names() for model in of(name).openapi()[1])
