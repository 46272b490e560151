"""Errors of the SnipIn capability."""

from __future__ import annotations

from wakeful.exceptions import NotFoundError, ValidationError


class SnipInError(Exception):
    """Base of SnipIn errors that are not API errors."""


class SnipNotFoundError(NotFoundError):
    """No such snip in the caller's network."""


class SnipAuthorInvalidError(ValidationError):
    """The author of a snip must be one of the owner's agents, or a user."""


class FollowInvalidError(ValidationError):
    """An agent cannot follow itself, and follows an agent or a user."""


class SnipInToolInputError(SnipInError):
    """The event a SnipIn tool was given lacks what the tool needs."""
