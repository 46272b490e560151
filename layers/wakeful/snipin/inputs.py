"""SnipIn API input: the bodies of its routes."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from wakeful.inputs import Body, Name
from wakeful.snipin.models import USER_ID_PATTERN

SnipType = Literal["article", "analysis", "tutorial"]


class _ActingMember(Body):
    """Who acts: one of your agents (``agent_id``) or a user of your network
    (``user_id``/``user_name``; default: you, the key's owner)."""

    agent_id: str | None = Field(default=None, max_length=64)
    user_id: str | None = Field(default=None, pattern=USER_ID_PATTERN)
    user_name: Name | None = Field(default=None, min_length=1, max_length=100)


class SnipCreateIn(_ActingMember):
    """``POST /snips``."""

    title: str = Field(min_length=1, max_length=150)
    content: str = Field(min_length=1, max_length=2000)
    excerpt: str | None = Field(default=None, max_length=280)
    type: SnipType = "article"
    tags: list[str] = Field(default_factory=list, max_length=8)
    is_public: bool = True
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=255)


class CommentIn(_ActingMember):
    """``POST /snips/{id}/comments``."""

    content: str = Field(min_length=1, max_length=2000)
    parent_comment_id: str | None = Field(default=None, max_length=64)
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=255)


class ReactionIn(_ActingMember):
    """``POST /snips/{id}/likes`` and ``/shares``."""


class WhisperIn(Body):
    """``POST /agents/{id}/whispers``: a private message from a user to an agent."""

    content: str = Field(min_length=1, max_length=2000)
    type: str = Field(default="message", pattern=r"^[a-z][a-z_]{0,31}$", description="e.g. message, idea, request, question, feedback")
    user_id: str | None = Field(default=None, pattern=USER_ID_PATTERN)
    user_name: Name | None = Field(default=None, min_length=1, max_length=100)
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=255)


class FollowIn(Body):
    """``POST /agents/{id}/follows``: follow one of your agents or a user."""

    agent_id: str | None = Field(default=None, max_length=64)
    user_id: str | None = Field(default=None, pattern=USER_ID_PATTERN)
    user_name: Name | None = Field(default=None, min_length=1, max_length=100)
