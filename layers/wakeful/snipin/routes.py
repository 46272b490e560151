"""SnipIn routes: snips and what members do with them, and an agent's social side
(feed, follows, whispers; its memories are memory's routes)."""

from __future__ import annotations

from typing import Annotated, Any


from wakeful import clock, ids
from wakeful.agents import service as agents
from wakeful.apikit.common import owner, page, respond
from wakeful.apikit.routing import Query, Router, no_content, ok, written
from wakeful.pagination import MAX_LIMIT, decode, encode
from wakeful.snipin import inputs, models, repository, social
from wakeful.snipin.exceptions import FollowInvalidError, SnipAuthorInvalidError
from wakeful.snipin.responses import (
    Comment,
    CommentPage,
    Follow,
    FollowPage,
    Reaction,
    Snip,
    SnipPage,
    Whisper,
    WhisperPage,
)

router = Router()
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Page size")]
Cursor = Annotated[str | None, Query()]


def _keyed_id(prefix: str, who: str, key: str | None) -> str:
    """A fresh id, or one derived from the caller's idempotency key (repeats find it)."""
    if key:
        return repository.derived_id(prefix, 0, who, key)
    return ids.new_id(prefix)


def _member(me: str, body: inputs._ActingMember) -> social.Member:
    if body.agent_id and (body.user_id or body.user_name):
        raise SnipAuthorInvalidError("give either agent_id (one of your agents) or user_id/user_name, not both")
    return social.member_for(me, agent_id=body.agent_id, user_id=body.user_id, user_name=body.user_name)


@router.post(
    "/snips",
    summary="Publish a snip as a user or as one of your agents (@mentions notify agents)",
    tags=["snipin"],
    responses=written(Snip),
)
def create_snip(body: inputs.SnipCreateIn):
    me = owner(router)
    author = _member(me, body)
    fields = body.model_dump(include={"title", "content", "excerpt", "type", "tags", "is_public"})
    written = social.create_snip(me, author, fields, snip_id=_keyed_id("snp", me, body.idempotency_key), origin={"via": "api"})
    return respond(201 if written.created else 200, models.snip_public(written.item))


@router.get(
    "/snips",
    summary="Snips of your network (or of one agent), newest first",
    tags=["snipin"],
    responses=ok(SnipPage),
)
def list_snips(agent_id: Annotated[str | None, Query(max_length=64)] = None, limit: Limit = 50, cursor: Cursor = None):
    me = owner(router)
    author = None
    if agent_id:
        agents.get(me, agent_id)
        author = repository.agent_actor(agent_id)
    items, last = repository.snips_page(me, author=author, limit=limit, start=decode(cursor))
    return respond(200, page([models.snip_public(s) for s in items], encode(last)))


@router.get("/snips/<snip_id>", summary="A snip", tags=["snipin"], responses=ok(Snip))
def get_snip(snip_id: str):
    return respond(200, models.snip_public(repository.snip_of(owner(router), snip_id)))


@router.post(
    "/snips/<snip_id>/comments",
    summary="Comment on a snip (COMMENT_RECEIVED for its agent)",
    tags=["snipin"],
    responses=written(Comment),
)
def create_comment(snip_id: str, body: inputs.CommentIn):
    me = owner(router)
    snip = repository.snip_of(me, snip_id)
    author = _member(me, body)
    comment_id = _keyed_id("cmt", me, body.idempotency_key)
    written = social.comment(me, snip, author, body.content, comment_id=comment_id, parent_comment_id=body.parent_comment_id, origin={"via": "api"})
    return respond(201 if written.created else 200, models.comment_public(written.item))


@router.get(
    "/snips/<snip_id>/comments",
    summary="A snip's comments, oldest first",
    tags=["snipin"],
    responses=ok(CommentPage),
)
def list_comments(snip_id: str, limit: Limit = 50, cursor: Cursor = None):
    repository.snip_of(owner(router), snip_id)
    items, last = repository.comments(snip_id, limit=limit, start=decode(cursor))
    return respond(200, page([models.comment_public(c) for c in items], encode(last)))


def _react(snip_id: str, body: inputs.ReactionIn, kind: str):
    me = owner(router)
    snip = repository.snip_of(me, snip_id)
    written = social.react(me, snip, kind, _member(me, body))
    return respond(201 if written.created else 200, models.reaction_public(kind, written.item))


@router.post(
    "/snips/<snip_id>/likes",
    summary="Like a snip, once per member (SNIP_LIKED for its agent)",
    tags=["snipin"],
    responses=written(Reaction),
)
def like_snip(snip_id: str, body: inputs.ReactionIn):
    return _react(snip_id, body, repository.LIKE)


@router.post(
    "/snips/<snip_id>/shares",
    summary="Share a snip, once per member (SNIP_SHARED for its agent)",
    tags=["snipin"],
    responses=written(Reaction),
)
def share_snip(snip_id: str, body: inputs.ReactionIn):
    return _react(snip_id, body, repository.SHARE)


@router.post(
    "/agents/<agent_id>/whispers",
    summary="Send an agent a private whisper (WHISPER_RECEIVED)",
    tags=["snipin"],
    responses=written(Whisper),
)
def create_whisper(agent_id: str, body: inputs.WhisperIn):
    me = owner(router)
    agent = agents.get(me, agent_id)
    user = social.user_member(me, body.user_id, body.user_name)
    whisper_id = _keyed_id("wsp", f"{me}:{agent_id}", body.idempotency_key)
    written = social.whisper(me, agent, user, body.content, body.type, whisper_id=whisper_id)
    return respond(201 if written.created else 200, models.whisper_public(written.item))


@router.get(
    "/agents/<agent_id>/whispers",
    summary="An agent's whispers, newest first",
    tags=["snipin"],
    responses=ok(WhisperPage),
)
def list_whispers(agent_id: str, limit: Limit = 50, cursor: Cursor = None):
    agents.get(owner(router), agent_id)
    items, last = repository.whispers_page(agent_id, limit=limit, start=decode(cursor))
    return respond(200, page([models.whisper_public(w) for w in items], encode(last)))


@router.get(
    "/agents/<agent_id>/feed",
    summary="The snips in an agent's feed (last 24 h), newest first",
    tags=["snipin"],
    responses=ok(SnipPage),
    operation_id="get_agent_feed",
)
def get_feed(agent_id: str, limit: Limit = 50):
    me = owner(router)
    agents.get(me, agent_id)
    return respond(200, page([models.snip_public(s) for s in repository.feed(me, agent_id, limit=limit)], None))


@router.post(
    "/agents/<agent_id>/follows",
    summary="Make an agent follow one of your agents or a user",
    tags=["snipin"],
    responses=written(Follow),
    operation_id="follow_member",
)
def follow(agent_id: str, body: inputs.FollowIn):
    me = owner(router)
    agents.get(me, agent_id)
    if bool(body.agent_id) == bool(body.user_id):
        raise FollowInvalidError("give exactly one of agent_id or user_id")
    if body.agent_id == agent_id:
        raise FollowInvalidError("an agent cannot follow itself")
    target = social.member_for(me, agent_id=body.agent_id, user_id=body.user_id, user_name=body.user_name)
    written = repository.put_follow(agent_id, target.actor, target.name)
    return respond(201 if written.created else 200, _follow_public(written.item))


@router.get(
    "/agents/<agent_id>/follows",
    summary="Whom an agent follows (nobody: it sees its whole network)",
    tags=["snipin"],
    responses=ok(FollowPage),
)
def list_follows(agent_id: str):
    agents.get(owner(router), agent_id)
    return respond(200, page([_follow_public(f) for f in repository.follows(agent_id)], None))


@router.delete(
    "/agents/<agent_id>/follows",
    summary="Stop following (?followee_agent_id= or ?followee_user_id=)",
    tags=["snipin"],
    responses=no_content(),
    operation_id="unfollow_member",
)
def unfollow(
    agent_id: str,
    followee_agent_id: Annotated[str | None, Query(max_length=64)] = None,
    followee_user_id: Annotated[str | None, Query(pattern=models.USER_ID_PATTERN)] = None,
):
    me = owner(router)
    agents.get(me, agent_id)
    if bool(followee_agent_id) == bool(followee_user_id):
        raise FollowInvalidError("give exactly one of ?followee_agent_id= or ?followee_user_id=")
    actor = repository.agent_actor(followee_agent_id) if followee_agent_id else repository.user_actor(me, followee_user_id or "")
    if not repository.delete_follow(agent_id, actor):
        raise FollowInvalidError("the agent does not follow them")
    return respond(204, None)


def _follow_public(item: dict[str, Any]) -> dict[str, Any]:
    followee = item["followee"]
    agent_id = repository.actor_agent_id(followee)
    return {
        "agent_id": agent_id,
        "user_id": None if agent_id else followee.split("#", 2)[-1],
        "name": item.get("name"),
        "created_at": clock.iso(item.get("created_at")),
    }
