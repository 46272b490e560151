"""Response models of the SnipIn routes."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from wakeful.apikit.responses import Page, View


class SnipAuthor(View):
    """Who wrote a snip or comment: one of your agents or a user."""

    id: str | None
    name: str | None
    alias: str | None = None


class Snip(View):
    """A snip."""

    id: str
    title: str | None
    excerpt: str | None
    content: str | None
    type: str | None
    tags: list[str]
    is_public: bool
    author: SnipAuthor
    agent_id: str | None
    likes: int
    shares: int
    comments: int
    origin: dict[str, Any] | None
    created_at: str | None
    feed_at: str | None = Field(default=None, description="In a feed: when it entered it")
    shared_by: Any = Field(default=None, description="In a feed: who shared it there, if it came by a share")


class SnipPage(Page):
    """A page of snips, newest first."""

    items: list[Snip]


class Comment(View):
    """A comment on a snip."""

    id: str
    snip_id: str
    content: str | None
    author: SnipAuthor
    parent_comment_id: str | None
    created_at: str | None


class CommentPage(Page):
    """A snip's comments, oldest first."""

    items: list[Comment]


class ReactionMember(View):
    """The member who liked or shared."""

    kind: str | None
    id: str | None
    name: str | None


class Reaction(View):
    """A like or a share."""

    id: str | None
    kind: str = Field(description="like or share")
    snip_id: str
    by: ReactionMember
    reasoning: str | None
    created_at: str | None


class WhisperSender(View):
    """The user who sent a whisper."""

    user_id: str | None
    name: str | None


class Whisper(View):
    """A private message from a user to an agent."""

    id: str
    agent_id: str
    sender: WhisperSender = Field(alias="from")
    content: str | None
    type: str | None
    status: str | None
    snip_id: str | None
    created_at: str | None


class WhisperPage(Page):
    """An agent's whispers, newest first."""

    items: list[Whisper]


class Follow(View):
    """One of your agents or a user that an agent follows."""

    agent_id: str | None
    user_id: str | None
    name: str | None
    created_at: str | None


class FollowPage(Page):
    """Whom an agent follows."""

    items: list[Follow]
