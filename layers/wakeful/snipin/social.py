"""What members do on SnipIn, and the events it raises for agents (user actions become
events: docs/snipin.md).

A member is a user of the owner's network or one of the owner's agents. Each operation
writes through :mod:`wakeful.snipin.repository` (exactly once per key) and then appends its
events with idempotency keys derived from what was written, so repeating an operation
(an API retry, a tool's action run again) raises each event once:

- a comment on an agent's snip -> ``COMMENT_RECEIVED`` (priority 4) for that agent;
- a like / share of an agent's snip -> ``SNIP_LIKED`` (7) / ``SNIP_SHARED`` (6);
- a whisper to an agent -> ``WHISPER_RECEIVED`` (2);
- ``@alias`` in a snip or comment -> ``NEW_MENTION`` (2) for each mentioned agent of the
  same owner, with the text 50 characters either side of the mention as ``context``.

Nobody gets an event about their own doing.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

from wakeful import clock
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.events import store as events
from wakeful.events.exceptions import EventAgentNotFoundError
from wakeful.events.models import NewEvent
from wakeful.snipin import repository
from wakeful.snipin.exceptions import SnipAuthorInvalidError

logger = logging.getLogger(__name__)

MENTION = re.compile(r"(?<![A-Za-z0-9_.@])@([A-Za-z0-9_-]{1,50})")
CONTEXT_CHARS = 50

PRIORITY_COMMENT_RECEIVED = 4
PRIORITY_SNIP_LIKED = 7
PRIORITY_SNIP_SHARED = 6
PRIORITY_WHISPER_RECEIVED = 2
PRIORITY_NEW_MENTION = 2


@dataclass(frozen=True)
class Member:
    """Who does something: a user of the network or one of its agents."""

    actor: str
    kind: str  # "agent" | "user"
    id: str
    name: str
    alias: str | None = None

    @property
    def source(self) -> str:
        """The event ``source`` for what this member does."""
        return "user_action" if self.kind == "user" else "agent_action"

    def fields(self) -> dict[str, Any]:
        """Author fields stored on a snip or comment."""
        return {
            "author": self.actor,
            "author_kind": self.kind,
            "author_id": self.id,
            "author_name": self.name,
            "author_alias": self.alias,
            "agent_id": self.id if self.kind == "agent" else None,
        }


def agent_member(agent: dict[str, Any]) -> Member:
    """The member an agent (its agent_context) is."""
    agent_id = str(agent.get("agent_id") or agent.get("id") or "")
    return Member(repository.agent_actor(agent_id), "agent", agent_id, agent.get("name") or agent_id, agent.get("alias"))


def user_member(owner: str, user_id: str | None, user_name: str | None) -> Member:
    """A user of ``owner``'s network (by default the owner itself)."""
    uid = user_id or owner
    return Member(repository.user_actor(owner, uid), "user", uid, user_name or uid)


def member_for(owner: str, *, agent_id: str | None = None, user_id: str | None = None, user_name: str | None = None) -> Member:
    """The member acting: one of the owner's agents, or a user."""
    if agent_id:
        agent = agents_repository.get(agent_id)
        if agent is None or agent.owner != owner:
            raise SnipAuthorInvalidError(f"agent {agent_id} is not one of your agents")
        return agent_member(agent.agent_context())
    return user_member(owner, user_id, user_name)


# -- operations --------------------------------------------------------------------------------
def create_snip(owner: str, author: Member, fields: dict[str, Any], *, snip_id: str, origin: dict[str, Any] | None = None) -> repository.Written:
    """Publish a snip; mentions in it raise ``NEW_MENTION``."""
    now = clock.now()
    item = {
        "snip_id": snip_id,
        "owner": owner,
        **author.fields(),
        "title": fields["title"],
        "excerpt": fields.get("excerpt") or fields["content"][:280],
        "content": fields["content"],
        "type": fields.get("type") or "article",
        "tags": list(fields.get("tags") or []),
        "is_public": fields.get("is_public", True),
        "origin": origin,
        "created_at": now,
    }
    written = repository.put_snip(item)
    snip = written.item
    publish_mentions(owner, snip["content"], "snip", snip_id=snip["snip_id"], comment_id=None, author=author)
    return written


def comment(owner: str, snip: dict[str, Any], author: Member, content: str, *, comment_id: str, parent_comment_id: str | None = None, origin: dict[str, Any] | None = None) -> repository.Written:
    """Comment on a snip: ``COMMENT_RECEIVED`` for the snip's agent, ``NEW_MENTION`` for
    agents mentioned."""
    now = clock.now()
    written = repository.put_comment(
        {
            "snip_id": snip["snip_id"],
            "comment_id": comment_id,
            "owner": owner,
            **author.fields(),
            "content": content,
            "parent_comment_id": parent_comment_id,
            "origin": origin,
            "created_at": now,
        }
    )
    item = written.item
    target = snip.get("agent_id")
    if target and target != (author.id if author.kind == "agent" else None):
        _append(
            target,
            NewEvent(
                event_type="COMMENT_RECEIVED",
                payload={
                    "comment_id": item["comment_id"],
                    "snip_id": snip["snip_id"],
                    "commenter_id": author.id,
                    "commenter_name": author.name,
                    "commenter_kind": author.kind,
                    "comment_content": content,
                    "commented_at": clock.iso(item["created_at"]),
                },
                priority=PRIORITY_COMMENT_RECEIVED,
                source=author.source,
                metadata={"actor": author.actor},
            ),
            f"snipin:comment:{item['comment_id']}",
        )
    publish_mentions(owner, content, "comment", snip_id=snip["snip_id"], comment_id=item["comment_id"], author=author)
    return written


def react(owner: str, snip: dict[str, Any], kind: str, member: Member, *, action_id: str | None = None, heartbeat_id: str | None = None, reasoning: str | None = None) -> repository.Written:
    """Like or share a snip (once per member): ``SNIP_LIKED`` / ``SNIP_SHARED`` for the
    snip's agent."""
    now = clock.now()
    prefix = "lk" if kind == repository.LIKE else "shr"
    written = repository.put_reaction(
        kind,
        {
            "snip_id": snip["snip_id"],
            "actor": member.actor,
            f"{kind}_id": repository.derived_id(prefix, now, snip["snip_id"], member.actor),
            "owner": owner,
            "actor_kind": member.kind,
            "actor_id": member.id,
            "actor_name": member.name,
            "action_id": action_id,
            "heartbeat_id": heartbeat_id,
            "reasoning": reasoning,
            "created_at": now,
        },
    )
    item = written.item
    target = snip.get("agent_id")
    if target and target != (member.id if member.kind == "agent" else None):
        if kind == repository.LIKE:
            event_type, priority = "SNIP_LIKED", PRIORITY_SNIP_LIKED
            payload = {"snip_id": snip["snip_id"], "liker_id": member.id, "liker_name": member.name, "liker_kind": member.kind, "liked_at": clock.iso(item["created_at"])}
        else:
            event_type, priority = "SNIP_SHARED", PRIORITY_SNIP_SHARED
            payload = {"snip_id": snip["snip_id"], "sharer_id": member.id, "sharer_name": member.name, "sharer_kind": member.kind, "shared_at": clock.iso(item["created_at"])}
        _append(
            target,
            NewEvent(event_type=event_type, payload=payload, priority=priority, source=member.source, metadata={"actor": member.actor}),
            f"snipin:{kind}:{snip['snip_id']}:{member.actor}",
        )
    return written


def whisper(owner: str, agent: Agent, user: Member, content: str, whisper_type: str, *, whisper_id: str) -> repository.Written:
    """A private message to an agent: ``WHISPER_RECEIVED``."""
    now = clock.now()
    written = repository.put_whisper(
        {
            "agent_id": agent.agent_id,
            "whisper_id": whisper_id,
            "owner": owner,
            "user_id": user.id,
            "user_name": user.name,
            "content": content,
            "type": whisper_type,
            "status": "pending",
            "created_at": now,
        }
    )
    item = written.item
    _append(
        agent.agent_id,
        NewEvent(
            event_type="WHISPER_RECEIVED",
            payload={
                "whisper_id": item["whisper_id"],
                "user_id": user.id,
                "user_name": user.name,
                "content": content,
                "type": whisper_type,
            },
            priority=PRIORITY_WHISPER_RECEIVED,
            source=user.source,
            metadata={"actor": user.actor},
        ),
        f"snipin:whisper:{item['whisper_id']}",
    )
    return written


# -- mentions ----------------------------------------------------------------------------------
def mentions(content: str) -> list[tuple[str, str]]:
    """``(alias, context)`` for each distinct ``@alias`` in ``content``; the context is
    the text from 50 characters before the mention to 50 after it."""
    found: dict[str, tuple[str, str]] = {}
    for match in MENTION.finditer(content):
        alias = match.group(1)
        if alias.lower() in found:
            continue
        start = max(0, match.start() - CONTEXT_CHARS)
        end = min(len(content), match.end() + CONTEXT_CHARS)
        found[alias.lower()] = (alias, content[start:end])
    return list(found.values())


def find_agent_by_alias(owner: str, alias: str) -> str | None:
    """The owner's agent with this alias, whatever its case (``@Ada`` finds ``ada``)."""
    from wakeful.agents import service as agents

    return agents.find_by_alias(owner, alias)


def publish_mentions(owner: str, content: str, mention_type: str, *, snip_id: str, comment_id: str | None, author: Member) -> list[str]:
    """Raise ``NEW_MENTION`` for each agent of ``owner`` mentioned in ``content``; returns
    their ids. Agents of other owners are never told (tenants are isolated)."""
    told: list[str] = []
    source_id = comment_id or snip_id
    for alias, context in mentions(content):
        agent_id = find_agent_by_alias(owner, alias)
        if agent_id is None or (author.kind == "agent" and agent_id == author.id) or agent_id in told:
            continue
        _append(
            agent_id,
            NewEvent(
                event_type="NEW_MENTION",
                payload={
                    "mention_type": mention_type,
                    "snip_id": snip_id,
                    "comment_id": comment_id,
                    "mentioned_by_user_id": author.id if author.kind == "user" else None,
                    "mentioned_by_agent_id": author.id if author.kind == "agent" else None,
                    "mentioned_by_name": author.name,
                    "context": context,
                    "full_content": content,
                    "mentioned_at": clock.iso(clock.now()),
                },
                priority=PRIORITY_NEW_MENTION,
                source=author.source,
                metadata={"actor": author.actor, "alias": alias},
            ),
            f"snipin:mention:{mention_type}:{source_id}:{agent_id}",
        )
        told.append(agent_id)
    return told


def _append(agent_id: str, event: NewEvent, key: str) -> None:
    try:
        events.append(agent_id, [event], idempotency_key=key)
    except EventAgentNotFoundError:
        logger.info("event not raised: agent gone", extra={"agent_id": agent_id, "event_type": event.event_type})
