"""Errors about channels."""

from __future__ import annotations

from wakeful.exceptions import ConflictError, NotFoundError, ValidationError, WakefulError


class ChannelError(WakefulError):
    """Base of the channel errors."""


class ChannelNotFoundError(NotFoundError):
    """No such channel for this owner."""


class ChannelNameTakenError(ConflictError):
    """The owner already has a channel with this name."""


class ChannelConfigError(ValidationError):
    """A channel's config, or a target naming a channel, breaks a rule."""


class ChannelLimitError(ConflictError):
    """The owner already has as many channels as allowed."""


class ChannelChangedError(ConflictError):
    """The channel changed between its read and its write (retry)."""
