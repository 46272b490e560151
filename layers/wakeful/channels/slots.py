"""The slots the channels own, which the assembly fills. :data:`BUTTONS`: the chat
buttons of capabilities above the channels.

A button's value is ``<prefix>:<ref>`` (:mod:`wakeful.channels.buttons`); the channels'
own prefixes (``approve``, ``deny``, ``reply``) are in its table, and a capability above
them adds its prefix here (the spend guard's ``extend``): its messages carry such
buttons through ``actions``, every platform renders them, and a press by an allowed user
is handed to its ``press``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from wakeful.listening import Slot

if TYPE_CHECKING:
    from wakeful.channels.records import Channel


class Button(NamedTuple):
    """A capability's button: its prefix (``name``) and what a press does."""

    name: str
    #: ``(channel, job) -> (outcome, thread_id | None)``: the job has ``ref`` and ``user``.
    press: Callable[[Channel, dict[str, Any]], tuple[str, str | None]]


#: The installed buttons (the entry points fill it, through :func:`wakeful.assembly.install`).
BUTTONS: Slot[Button] = Slot("chat buttons")
