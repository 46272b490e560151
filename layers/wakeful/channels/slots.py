"""The slots the channels own, which the assembly fills. :data:`BUTTONS`: the chat
buttons of capabilities above the channels; :data:`PLATFORMS`: the chat platforms (and
email) a channel may be of.

A button's value is ``<prefix>:<ref>`` (:mod:`wakeful.channels.buttons`); the channels'
own prefixes (``approve``, ``deny``, ``reply``) are in its table, and a capability above
them adds its prefix here (the spend guard's ``extend``): its messages carry such
buttons through ``actions``, every platform renders them, and a press by an allowed user
is handed to its ``press``.

A platform plugs in with one module (its :class:`~wakeful.channels.platforms.base.Platform`)
and one :class:`PlatformEntry`. Wakeful's own are listed in
:mod:`wakeful.channels.platforms.builtin`, which the channels manifest installs; every
list of platforms derives from what is installed here, when asked
(:mod:`wakeful.channels.platforms.models`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wakeful.listening import Slot
from wakeful.structs import Struct


class Button(Struct):
    """A capability's button: its prefix (``name``) and what a press does."""

    name: str
    #: ``(channel, job) -> (outcome, thread_id | None)``: the job has ``ref`` and ``user``
    #: (the channel a :class:`~wakeful.channels.records.Channel`; a leaf module, read by
    #: the platforms' registry and the API's bodies, so not typed here).
    press: Callable[[Any, dict[str, Any]], tuple[str, str | None]]


#: The installed buttons (the entry points fill it, through :func:`wakeful.assembly.install`).
BUTTONS: Slot[Button] = Slot("chat buttons")


class PlatformEntry(Struct):
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


class PlatformSource(Struct):
    """Platforms a capability installs: their entries, asked for when a list is needed
    (the modules that list them load then, not on a cold start)."""

    name: str
    entries: Callable[[], tuple[PlatformEntry, ...]]


#: The installed platforms, in the order lists show them (the entry points fill it,
#: through :func:`wakeful.assembly.install`).
PLATFORMS: Slot[PlatformSource] = Slot("chat platforms")
