"""What the platforms are, as plain values (no pydantic, no platform module imported):
a platform's config fields (:class:`ConfigField`), and the registry's lists, derived
from the installed entries (:data:`wakeful.channels.slots.PLATFORMS`) each time they
are asked (so an entry installed later counts): a channel's ``kind``, the thread
sources, the inbound routes, the API bases.
"""

from __future__ import annotations

from typing import NamedTuple

from wakeful.channels.slots import PLATFORMS, PlatformEntry

__all__ = ["ConfigField", "PlatformEntry", "chat_names", "endpoints", "entries", "entry", "names", "routes"]


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


def entries() -> dict[str, PlatformEntry]:
    """Every installed platform, by name, in the order lists show them."""
    return {entry.name: entry for source in PLATFORMS.installed() for entry in source.entries()}


def entry(kind: str) -> PlatformEntry:
    """The registry entry of a channel kind.

    Raises:
        ValueError: no such platform.
    """
    found = entries().get(kind)
    if found is None:
        raise ValueError(f"no platform {kind!r}")
    return found


def names() -> tuple[str, ...]:
    """Every channel kind."""
    return tuple(entries())


def chat_names() -> tuple[str, ...]:
    """The kinds people talk to (inbound requests, threads with this ``source``)."""
    return tuple(name for name, found in entries().items() if found.chat)


def routes() -> dict[str, str]:
    """Each route a platform calls, after ``/channels/{channel_id}/`` -> its kind."""
    return {route: name for name, found in entries().items() for route in found.routes}


def endpoints() -> dict[str, tuple[str, str]]:
    """Each platform's API: its name -> (the environment variable of its base URL, the
    platform's own)."""
    return {
        name: (found.api_url_env, found.default_api_url or "")
        for name, found in entries().items()
        if found.api_url_env is not None
    }
