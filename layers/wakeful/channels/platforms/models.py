"""What the platforms are, as plain values (no pydantic, no platform module imported):
a platform's config fields (:class:`ConfigField`), its entry (:class:`PlatformEntry`)
and :data:`REGISTRY`, the one list of platforms every other list derives from, when
asked (so an entry added later counts): a channel's ``kind``, the thread sources, the
inbound routes, the API bases.

A platform plugs in with its module (a :class:`~.base.Platform`) and one entry here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, NamedTuple

_PACKAGE = "wakeful.channels.platforms"


class ConfigField(NamedTuple):
    """One field of a platform's channel ``config``, declared once: the API's check, the
    secret/public split and the docs all read it."""

    name: str
    description: str = ""
    #: The pattern a value must match (None: a secret is any 1 to ``max_length`` visible
    #: ASCII characters).
    pattern: str | None = None
    #: Write-only: sealed at rest, never shown again.
    secret: bool = False
    #: The name in the API and at rest, when it is no Python name (email's ``from``).
    alias: str | None = None
    #: A list of values (``min_items`` to ``max_items``), each checked.
    many: bool = False
    min_items: int = 1
    max_items: int = 1
    #: A JSON integer is taken as its text (an id a platform numbers).
    integer_as_text: bool = False
    max_length: int | None = None

    @property
    def key(self) -> str:
        """The field's name in the API and at rest."""
        return self.alias or self.name


class PlatformEntry(NamedTuple):
    """One platform, as every list of platforms knows it (without loading it)."""

    name: str
    #: Returns the platform's class (its module, and its SDK, load when first called).
    load: Callable[[], Any]
    #: Its routes after ``/channels/{channel_id}/`` (what the API Gateway and ``wakeful
    #: dev`` send to the channel_inbound function).
    routes: tuple[str, ...] = ()
    #: People talk to it (threads with its name as their ``source``).
    chat: bool = True
    #: The environment variable of its API base (a proxy, or a fake in tests) and the
    #: platform's own.
    api_url_env: str | None = None
    default_api_url: str | None = None


def _builtin(module: str, name: str) -> Callable[[], Any]:
    """The loader of one of Wakeful's own platforms: its module imported when first
    asked (by name: the registry names the platforms, it does not import them, so what
    a platform's module imports never leads back here)."""

    def load() -> Any:
        return getattr(importlib.import_module(f"{_PACKAGE}.{module}"), name)

    return load


#: Every platform, by name, in the order lists show them.
REGISTRY: dict[str, PlatformEntry] = {
    "slack": PlatformEntry("slack", _builtin("slack", "Slack"), ("slack/events", "slack/interactions"), True, "WAKEFUL_SLACK_API_URL", "https://slack.com/api"),
    "discord": PlatformEntry("discord", _builtin("discord", "Discord"), ("discord",), True, "WAKEFUL_DISCORD_API_URL", "https://discord.com/api/v10"),
    "telegram": PlatformEntry("telegram", _builtin("telegram", "Telegram"), ("telegram",), True, "WAKEFUL_TELEGRAM_API_URL", "https://api.telegram.org"),
    "email": PlatformEntry("email", _builtin("email", "Email"), (), False),
}


def entry(kind: str) -> PlatformEntry:
    """The registry entry of a channel kind.

    Raises:
        ValueError: no such platform.
    """
    found = REGISTRY.get(kind)
    if found is None:
        raise ValueError(f"no platform {kind!r}")
    return found


def names() -> tuple[str, ...]:
    """Every channel kind."""
    return tuple(REGISTRY)


def chat_names() -> tuple[str, ...]:
    """The kinds people talk to (inbound requests, threads with this ``source``)."""
    return tuple(name for name, found in REGISTRY.items() if found.chat)


def routes() -> dict[str, str]:
    """Each route a platform calls, after ``/channels/{channel_id}/`` -> its kind."""
    return {route: name for name, found in REGISTRY.items() for route in found.routes}


def endpoints() -> dict[str, tuple[str, str]]:
    """Each platform's API: its name -> (the environment variable of its base URL, the
    platform's own)."""
    return {
        name: (found.api_url_env, found.default_api_url or "")
        for name, found in REGISTRY.items()
        if found.api_url_env is not None
    }
