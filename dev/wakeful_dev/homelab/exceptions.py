"""Errors of the simulated homelab."""

from __future__ import annotations


class HomelabError(Exception):
    """Base of the homelab's errors."""


class WorldError(HomelabError):
    """A change the homelab cannot make (an unknown server, a value out of range)."""


class ToolInputError(HomelabError):
    """The model's arguments do not fit the tool's input schema."""


class ControlError(HomelabError):
    """A control API request of the wrong shape (answered 400)."""


class SetupError(HomelabError):
    """The Wakeful API refused part of the homelab's setup."""
