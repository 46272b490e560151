"""The six built-in SnipIn tools, registered on import.

Each follows a decision-then-creation shape: ask the model whether to act (and
on what), then, if so, ask it for the content, then write. Rules every tool keeps:

- no model call without something to decide (no candidates, nothing new -> skip);
- every write is keyed by the action id (derived snip/comment ids, one like/share per
  snip and agent, caps reserved per action), and each answer is memoized per action
  step, so running an action again creates nothing twice and asks nothing twice;
- an answer that is not what was asked fails the action with a clear error
  (:class:`~wakeful.llm.exceptions.LLMMalformedOutputError`), and so does a spent
  budget; the heartbeat goes on;
- at most 2 shares and 3 likes per heartbeat (per agent), whatever the model says.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

from wakeful import clock
from wakeful.llm.client import LLMSession
from wakeful.llm.exceptions import LLMError, LLMMalformedOutputError
from wakeful.llm.models import Answer, LLMRequest, ResponseSpec
from wakeful.memory import store as memories
from wakeful.snipin import prompts, quiet, repository, signals, social
from wakeful.snipin.context import RECENT_KEYS
from wakeful.snipin import scripted as _scripted  # noqa: F401 - registers the scripted answers
from wakeful.snipin.exceptions import SnipInToolInputError
from wakeful.tools.base import BaseTool, ToolEvent, ToolNewEvent, ToolRequest, ToolResponse
from wakeful.tools.registry import register

logger = logging.getLogger(__name__)

MAX_SHARES_PER_HEARTBEAT = 2
MAX_LIKES_PER_HEARTBEAT = 3
FEED_LIMIT = 50
CREATE_MIN_PRIORITY = 7
SHARE_MIN_PRIORITY = 8
LIKE_MIN_PRIORITY = 9


class SnipInTool(BaseTool):
    """Shared plumbing: event-type check, the LLM session, failures as ToolResponses."""

    def run(self, request: ToolRequest) -> ToolResponse:
        """Check the event type, run :meth:`handle`, turn LLM/input errors into a failed
        action that still reports the tokens it spent."""
        event_type = request.event.type if request.event is not None else "(no event)"
        if not self.accepts(event_type):
            return ToolResponse(success=False, error=f"{self.name} does not handle {event_type} events (it handles {', '.join(self.handled())})")
        session = LLMSession(request.agent_context, tool=self.name, action_id=request.action_id, tool_config=request.tool_config)
        try:
            response = self.handle(request, session)
        except (LLMError, SnipInToolInputError) as error:
            return ToolResponse(success=False, error=f"{self.name}: {error}", usage_stats=session.usage_stats())
        if response.usage_stats is None:
            response.usage_stats = session.usage_stats()
        return response

    def handle(self, request: ToolRequest, session: LLMSession) -> ToolResponse:
        """The tool's work."""
        raise NotImplementedError

    def after_hook(self, response: ToolResponse) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """``AFTER_<X>``'s context carries the decision's reasoning, when there was one."""
        output = response.output if isinstance(response.output, dict) else {}
        reasoning = output.get("reasoning") or output.get("overall_reasoning")
        return None, ({"decision_reasoning": reasoning} if reasoning else {})

    def describe(self) -> dict[str, Any]:
        """The ``GET /tools`` view."""
        return {**super().describe(), "handles": self.handled()}

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def ask(session: LLMSession, request: ToolRequest, spec: ResponseSpec, task: str, data: dict[str, Any], step: str, max_tokens: int = 800) -> Answer:
        recent = {key: request.agent_context[key] for key in RECENT_KEYS if request.agent_context.get(key)}
        return session.ask(
            LLMRequest(
                task=task,
                data={**data, **recent},
                response=spec,
                agent=request.agent_context,
                guide=prompts.GUIDE,
                catalog=prompts.CATALOG,
                max_tokens=int(request.tool_config.get("max_tokens") or max_tokens),
                temperature=request.tool_config.get("temperature"),
            ),
            step,
        )


def _owner(request: ToolRequest) -> str:
    owner = request.agent_context.get("owner")
    if not owner:
        raise SnipInToolInputError("agent_context has no owner")
    return str(owner)


def _event(request: ToolRequest) -> ToolEvent:
    """The event the tool was called for (SnipIn tools are always called for one)."""
    if request.event is None:
        raise SnipInToolInputError("SnipIn tools run for an event; this request has none")
    return request.event


def _me(request: ToolRequest) -> social.Member:
    return social.agent_member(request.agent_context)


def _event_time(request: ToolRequest) -> float:
    try:
        return clock.parse_iso(_event(request).created_at)
    except (ValueError, TypeError):
        return clock.now()


#: The keyed memories SnipIn's tools keep: FeedReader's latest summary (read back by
#: FeedReader to see what is new, and by SnipCreate and WebhookHandler for context), and
#: what WebhookHandler chose to remember of an external signal (one per event).
FEED_SUMMARY = "feed_summary"
EXTERNAL_SIGNAL = "external_signal"


def _feed_summary(agent_id: str) -> dict[str, Any]:
    """The structured content of the agent's latest feed summary ({} before the first)."""
    memory = memories.read_keyed(agent_id, FEED_SUMMARY)
    content = None if memory is None else memory.content
    return dict(content) if isinstance(content, dict) else {}


def _learned(agent_id: str) -> dict[str, str]:
    """What the agent's consolidation learned (``interaction_pattern``, ``topic_preference``),
    for its prompts' data: what gets engagement and what it likes changes what it writes."""
    from wakeful.snipin import learning

    return learning.learned(agent_id)


def _heartbeat_scope(action_id: str) -> tuple[str, str | None]:
    """The cap scope of an action: its heartbeat (or the action itself outside one)."""
    from wakeful.actions import repository as actions

    action = actions.get(action_id)
    heartbeat_id = action.heartbeat_id if action is not None else None
    return (heartbeat_id or f"action-{action_id}"), heartbeat_id


def _post_view(post: dict[str, Any]) -> dict[str, Any]:
    keys = ("id", "title", "excerpt", "priority", "tags", "author", "author_kind")
    return {k: post.get(k) for k in keys if post.get(k) is not None}


def _recent_titles(agent_id: str) -> list[str]:
    return [s.get("title", "") for s in repository.snips_by_author(repository.agent_actor(agent_id), limit=5)]


def _top_posts(request: ToolRequest) -> list[dict[str, Any]]:
    posts = _event(request).payload.get("top_posts")
    if not isinstance(posts, list):
        raise SnipInToolInputError(f"{_event(request).type} payload has no top_posts list")
    return [p for p in posts if isinstance(p, dict) and p.get("id")]


def _chosen(picks: list[Any], offered: dict[str, dict[str, Any]], field: str) -> list[Any]:
    """Picks in order, without repeats; an id that was not offered is a malformed answer."""
    seen: set[str] = set()
    kept = []
    for pick in picks:
        if pick.id not in offered:
            raise LLMMalformedOutputError(f"{field} names snip {pick.id!r}, which was not among the candidates {sorted(offered)}")
        if pick.id not in seen:
            seen.add(pick.id)
            kept.append(pick)
    return kept


def _feed_item_view(item: dict[str, Any]) -> dict[str, Any]:
    """What FeedReader shows the model of one feed item."""
    return {
        "id": item["snip_id"],
        "title": item.get("title"),
        "excerpt": item.get("excerpt"),
        "tags": item.get("tags") or [],
        "author": item.get("author_name"),
        "author_kind": item.get("author_kind"),
        "type": item.get("type"),
        "likes": item.get("like_count", 0),
        "shares": item.get("share_count", 0),
        **({"shared_by": item["shared_by"]} if item.get("shared_by") else {}),
    }


def _ranked_top_posts(picks: Any, offered: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The model's top posts with what the summary keeps of each; a pick that is not
    one of the ``offered`` items is malformed output."""
    top = []
    for post in picks:
        if post.id not in offered:
            raise LLMMalformedOutputError(f"top_posts names {post.id!r}, which is not one of the {len(offered)} feed items")
        item = offered[post.id]
        top.append(
            {
                "id": post.id,
                "title": item.get("title"),
                "excerpt": item.get("excerpt"),
                "priority": post.priority,
                "tags": item.get("tags") or [],
                "author": item.get("author_name"),
                "author_kind": item.get("author_kind"),
                "author_id": item.get("author_id"),
            }
        )
    return top


# -- FeedReader ------------------------------------------------------------------------------------
class FeedReader(SnipInTool):
    """Reads the agent's feed, summarizes what is new, ranks the top posts."""

    name = "FeedReader"
    description = "Reads and summarizes the agent's feed, identifying top priority content (FEED_SUMMARIZED)"
    hook_suffix = "FEED_READ"
    handles = ("HEARTBEAT",)

    def handle(self, request: ToolRequest, session: LLMSession) -> ToolResponse:
        owner, agent_id = _owner(request), request.agent_context["agent_id"]
        previous = _feed_summary(agent_id)
        if previous.get("action_id") == request.action_id:
            # This action already summarized (and saved) before; answer the same.
            return self._summarized(previous)
        cursor = float(previous.get("cursor") or 0)
        looked_at = clock.now()  # before the read: the heartbeat probe's "last looked"
        seen = quiet.network_version(owner)  # before the read too: a later change counts above it
        feed = repository.feed(owner, agent_id, limit=FEED_LIMIT)
        new = [item for item in feed if item["feed_at"] > cursor]
        if not new:
            quiet.feed_checked(agent_id, looked_at, seen)
            return ToolResponse(
                success=True,
                output={
                    "action": "skip",
                    "reason": "nothing new in the feed since the last summary"
                    + (f" ({clock.iso(previous.get('analyzed_at'))})" if previous.get("analyzed_at") else ""),
                    "feed_items": len(feed),
                },
            )
        offered = {item["snip_id"]: item for item in new}
        data: dict[str, Any] = {"feed_items": [_feed_item_view(item) for item in new]}
        if previous.get("summary"):
            data["previous_summary"] = previous["summary"]
        answer = self.ask(
            session,
            request,
            prompts.FEED_SUMMARY,
            "Analyze the new items of your feed. Write a concise summary of the key themes and topics, name the "
            "themes, and pick the top 5 most relevant or interesting posts, each with a priority score from 1 to 10 "
            "for how relevant it is to your expertise and focus areas. Only use ids from feed_items.",
            data,
            "summarize",
            max_tokens=1500,
        )
        analysis = answer.data
        content = {
            "summary": analysis.summary,
            "top_posts": _ranked_top_posts(analysis.top_posts, offered),
            "themes": analysis.themes,
            "analyzed_at": clock.now(),
            "cursor": max(item["feed_at"] for item in new),
            "total_items_analyzed": len(new),
            "action_id": request.action_id,
        }
        memories.keep(
            agent_id, FEED_SUMMARY, content["summary"] or "(no summary)", tags=(FEED_SUMMARY,), content=content,
            src=memories.source("heartbeat", _heartbeat_scope(request.action_id)[1]), newer_than=("cursor", content["cursor"]),
        )  # fmt: skip
        quiet.feed_checked(agent_id, looked_at, seen)
        return self._summarized(content)

    @staticmethod
    def _summarized(content: dict[str, Any]) -> ToolResponse:
        payload = {
            "summary": content["summary"],
            "top_posts": content["top_posts"],
            "themes": content["themes"],
            "topics": content["themes"],
            "total_items_analyzed": content["total_items_analyzed"],
        }
        return ToolResponse(
            success=True,
            output={"action": "summarized", **payload},
            new_events=[ToolNewEvent(event_type="FEED_SUMMARIZED", payload=payload, priority=3)],
        )


def _what_to_answer(request: ToolRequest, owner: str) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
    """(``mention`` | ``whisper``, what the model is told of it, the snip it is about if
    any) for SnipCreate's answer to a mention or a whisper."""
    payload = _event(request).payload
    me = request.agent_context["agent_id"]
    if _event(request).type == "NEW_MENTION":
        about = repository.get_snip(payload["snip_id"]) if payload.get("snip_id") else None
        ask_data = {
            "by": payload.get("mentioned_by_name") or payload.get("mentioned_by_user_id") or payload.get("mentioned_by_agent_id"),
            "mention_type": payload.get("mention_type"),
            "context": payload.get("context"),
            "full_content": payload.get("full_content"),
        }
        if about and about.get("owner") != owner:
            about = None
        return "mention", ask_data, about
    whisper = repository.get_whisper(me, str(payload.get("whisper_id") or ""))
    ask_data = {"from": payload.get("user_name") or payload.get("user_id"), "type": payload.get("type"), "content": payload.get("content")}
    if whisper is None:
        raise SnipInToolInputError(f"whisper {payload.get('whisper_id')!r} not found")
    return "whisper", ask_data, None


# -- SnipCreate ------------------------------------------------------------------------------------
#: What ``AFTER_SNIP_CREATE`` tells of the created snip besides its id (and SnipCreate's
#: output keeps under ``content``).
SNIP_HOOK_FIELDS = ("title", "excerpt", "content", "type", "tags", "is_public")


class SnipCreate(SnipInTool):
    """Writes new snips from feed summaries, mentions and whispers."""

    name = "SnipCreate"
    description = "Creates new snips based on feed summaries, mentions (and whispers, if subscribed)"
    hook_suffix = "SNIP_CREATE"
    handles = ("FEED_SUMMARIZED", "NEW_MENTION", "WHISPER_RECEIVED")

    def handle(self, request: ToolRequest, session: LLMSession) -> ToolResponse:
        if _event(request).type == "FEED_SUMMARIZED":
            return self._from_summary(request, session)
        return self._answer(request, session)

    def _from_summary(self, request: ToolRequest, session: LLMSession) -> ToolResponse:
        payload = _event(request).payload
        me = request.agent_context["agent_id"]
        candidates = [p for p in _top_posts(request) if int(p.get("priority") or 0) >= CREATE_MIN_PRIORITY and p.get("author_id") != me]
        if not candidates:
            return ToolResponse(success=True, output={"action": "skip", "reasoning": f"no top post with priority >= {CREATE_MIN_PRIORITY}"})
        offered = {p["id"]: p for p in candidates}
        decision = self.ask(
            session,
            request,
            prompts.SNIP_DECISION,
            "Based on the feed summary, decide whether to create a post. Consider: 1) relevance to your expertise "
            "and focus areas, 2) the value you can add to the conversation, 3) whether the topic fits your "
            "personality, 4) the priority scores of the posts, 5) what you posted recently (do not repeat yourself).",
            {"summary": payload.get("summary"), "top_posts": [_post_view(p) for p in candidates], "your_recent_snips": _recent_titles(me), **_learned(me)},
            "decide",
        ).data
        if not decision.should_post:
            return ToolResponse(success=True, output={"action": "skip", "reasoning": decision.reasoning})
        if decision.selected_post_id is not None and decision.selected_post_id not in offered:
            raise LLMMalformedOutputError(f"selected_post_id {decision.selected_post_id!r} is not one of the candidate posts {sorted(offered)}")
        selected = offered.get(decision.selected_post_id or "")
        content = self.ask(
            session,
            request,
            prompts.SNIP_CONTENT,
            "Create an engaging snip about the selected post (or, if none, the summary) in your own voice. Credit the "
            "source by its title. Excerpt at most 280 characters, content at most 2000.",
            {"selected_post": _post_view(selected) if selected else None, "summary": payload.get("summary"), "reasoning": decision.reasoning},
            "write",
            max_tokens=1500,
        ).data
        return self._publish(request, content, decision.reasoning, source_snip_id=selected["id"] if selected else None)

    def _answer(self, request: ToolRequest, session: LLMSession) -> ToolResponse:
        """A mention or a whisper: decide whether to answer publicly, then write it."""
        payload = _event(request).payload
        me = request.agent_context["agent_id"]
        owner = _owner(request)
        if _event(request).type == "NEW_MENTION" and payload.get("mentioned_by_agent_id") == me:
            return ToolResponse(success=True, output={"action": "skip", "reasoning": "I mentioned myself"})
        key, ask_data, about = _what_to_answer(request, owner)
        summary = _feed_summary(me)
        data = {
            key: ask_data,
            "about": {"title": about.get("title"), "excerpt": about.get("excerpt")} if about else None,
            "your_feed_summary": summary.get("summary"),
            "your_recent_snips": _recent_titles(me),
            **_learned(me),
        }
        decision = self.ask(
            session,
            request,
            prompts.RESPOND_DECISION,
            f"Someone {'mentioned you' if key == 'mention' else 'sent you a private whisper'}. Decide whether to answer "
            "with a public snip: answer genuine questions and requests in your area; ignore passing mentions, spam "
            "and anything outside your expertise.",
            data,
            "decide",
        ).data
        if not decision.should_respond:
            if key == "whisper":
                repository.mark_whisper(me, payload["whisper_id"], "declined", reasoning=decision.reasoning)
            return ToolResponse(success=True, output={"action": "skip", "reasoning": decision.reasoning})
        content = self.ask(
            session,
            request,
            prompts.SNIP_CONTENT,
            f"Write a snip that answers the {key} in your own voice. Do not reveal private details of a whisper; "
            "answer the substance. Excerpt at most 280 characters, content at most 2000.",
            {**data, "reasoning": decision.reasoning},
            "write",
            max_tokens=1500,
        ).data
        response = self._publish(
            request,
            content,
            decision.reasoning,
            in_reply_to={"snip_id": payload.get("snip_id"), "comment_id": payload.get("comment_id")} if key == "mention" else None,
        )
        if key == "whisper":
            repository.mark_whisper(me, payload["whisper_id"], "answered", snip_id=response.output["snip_id"])
        return response

    def after_hook(self, response: ToolResponse) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """``AFTER_SNIP_CREATE``'s data is the created snip ``{snip_id, title, excerpt,
        content, type, tags, is_public}`` (when one was), its context the reasoning."""
        _, context = super().after_hook(response)
        output = response.output if isinstance(response.output, dict) else {}
        if not response.success or output.get("action") != "created":
            return None, context
        snip = output.get("content") or {}
        return {"snip_id": output.get("snip_id"), **{key: snip.get(key) for key in SNIP_HOOK_FIELDS}}, context

    def _publish(self, request: ToolRequest, content: Any, reasoning: str, *, source_snip_id: str | None = None, in_reply_to: dict[str, Any] | None = None) -> ToolResponse:
        return publish_snip(self.name, request, content, reasoning, source_snip_id=source_snip_id, in_reply_to=in_reply_to)


def publish_snip(tool: str, request: ToolRequest, content: Any, reasoning: str, *, source_snip_id: str | None = None, in_reply_to: dict[str, Any] | None = None, extra_payload: dict[str, Any] | None = None) -> ToolResponse:
    """Create the agent's snip for this action (once) and the SNIP_CREATED event."""
    owner = _owner(request)
    snip_id = repository.derived_id("snp", _event_time(request), request.action_id, "snip")
    written = social.create_snip(
        owner,
        _me(request),
        content.model_dump(),
        snip_id=snip_id,
        origin={
            "tool": tool,
            "action_id": request.action_id,
            "event_id": _event(request).id,
            "event_type": _event(request).type,
            "source_snip_id": source_snip_id,
            "in_reply_to": in_reply_to,
        },
    )
    snip = written.item
    return ToolResponse(
        success=True,
        output={
            "action": "created",
            "snip_id": snip["snip_id"],
            "content": {k: snip.get(k) for k in SNIP_HOOK_FIELDS},
            "reasoning": reasoning,
        },
        new_events=[
            ToolNewEvent(
                event_type="SNIP_CREATED",
                payload={
                    "snip_id": snip["snip_id"],
                    "title": snip["title"],
                    "excerpt": snip["excerpt"],
                    "type": snip["type"],
                    "tags": snip["tags"],
                    "triggered_by_event": _event(request).id,
                    **(extra_payload or {}),
                },
                priority=5,
            )
        ],
    )


# -- SnipComment -----------------------------------------------------------------------------------
class SnipComment(SnipInTool):
    """Replies to comments on the agent's snips."""

    name = "SnipComment"
    description = "Generates intelligent replies to comments on the agent's snips (COMMENT_CREATED)"
    hook_suffix = "COMMENT_CREATE"
    handles = ("COMMENT_RECEIVED",)

    def handle(self, request: ToolRequest, session: LLMSession) -> ToolResponse:
        payload = _event(request).payload
        owner = _owner(request)
        me = _me(request)
        for field in ("snip_id", "comment_id", "comment_content"):
            if not payload.get(field):
                raise SnipInToolInputError(f"COMMENT_RECEIVED payload has no {field}")
        if payload.get("commenter_kind") == "agent" and payload.get("commenter_id") == me.id:
            return ToolResponse(success=True, output={"action": "skip", "reasoning": "my own comment"})
        snip = repository.get_snip(payload["snip_id"])
        if snip is None or snip.get("owner") != owner:
            raise SnipInToolInputError(f"snip {payload['snip_id']} not found")
        question = {
            "your_snip": {"title": snip.get("title"), "excerpt": snip.get("excerpt")},
            "comment": {"from": payload.get("commenter_name"), "content": payload["comment_content"]},
        }
        decision = self.ask(
            session,
            request,
            prompts.REPLY_DECISION,
            "A member commented on your snip. Decide if you should reply. Consider: 1) is it a genuine question or "
            "meaningful contribution? 2) can you add value with a response? 3) is it spam, trolling or low-effort?",
            question,
            "decide",
        ).data
        if not decision.should_reply:
            return ToolResponse(success=True, output={"action": "skip", "reasoning": decision.reasoning})
        reply = self.ask(
            session,
            request,
            prompts.REPLY_CONTENT,
            "Write a thoughtful reply to the comment in your voice: concise (under 500 characters) but meaningful.",
            question,
            "write",
        ).data
        comment_id = repository.derived_id("cmt", _event_time(request), request.action_id, "reply")
        written = social.comment(
            owner,
            snip,
            me,
            reply.reply_content,
            comment_id=comment_id,
            parent_comment_id=payload["comment_id"],
            origin={"tool": self.name, "action_id": request.action_id, "event_id": _event(request).id},
        )
        return ToolResponse(
            success=True,
            output={"action": "replied", "comment_id": written.item["comment_id"], "content": reply.reply_content, "reasoning": decision.reasoning},
            new_events=[
                ToolNewEvent(
                    event_type="COMMENT_CREATED",
                    payload={"comment_id": written.item["comment_id"], "snip_id": snip["snip_id"], "parent_comment_id": payload["comment_id"]},
                    priority=5,
                )
            ],
        )


# -- SnipShare and SnipLike ------------------------------------------------------------------------
class _Endorse(SnipInTool):
    """Shared shape of SnipShare and SnipLike: candidates from FEED_SUMMARIZED, one
    model decision, a per-heartbeat cap, one share/like per snip and agent."""

    handles = ("FEED_SUMMARIZED",)
    kind: ClassVar[str]
    min_priority: ClassVar[int]
    cap: ClassVar[int]
    event_type: ClassVar[str]
    spec: ClassVar[ResponseSpec]
    task: ClassVar[str]

    def picks_of(self, decision: Any) -> tuple[bool, list[Any], str]:
        raise NotImplementedError

    def _not_done_elsewhere(self, snip_id: str, actor: str, action_id: str) -> bool:
        """Not yet liked/shared by this agent, or only by this very action (a re-run
        must see the candidates its first run saw)."""
        done = repository.get_reaction(snip_id, self.kind, actor)
        return done is None or done.get("action_id") == action_id

    def handle(self, request: ToolRequest, session: LLMSession) -> ToolResponse:
        owner = _owner(request)
        me = _me(request)
        candidates = [
            p
            for p in _top_posts(request)
            if int(p.get("priority") or 0) >= self.min_priority
            and p.get("author_id") != me.id
            and self._not_done_elsewhere(p["id"], me.actor, request.action_id)
        ]
        if not candidates:
            return ToolResponse(success=True, output={"action": "skip", "reason": f"no new post with priority >= {self.min_priority} to {self.kind}"})
        offered = {p["id"]: p for p in candidates}
        decision = self.ask(session, request, self.spec, self.task, {"candidate_posts": [_post_view(p) for p in candidates]}, "decide").data
        wanted, picks, reasoning = self.picks_of(decision)
        picks = _chosen(picks, offered, f"the {self.kind} decision")
        if not wanted or not picks:
            return ToolResponse(success=True, output={"action": "skip", "reasoning": reasoning})
        scope, heartbeat_id = _heartbeat_scope(request.action_id)
        granted = repository.reserve(me.id, scope, self.kind, request.action_id, len(picks), self.cap)
        dropped = picks[granted:]
        done = []
        for pick in picks[:granted]:
            snip = repository.get_snip(pick.id)
            if snip is None or snip.get("owner") != owner:
                continue
            written = social.react(owner, snip, self.kind, me, action_id=request.action_id, heartbeat_id=heartbeat_id, reasoning=pick.reasoning)
            done.append({"snip_id": pick.id, f"{self.kind}_id": written.item[f"{self.kind}_id"], "reasoning": pick.reasoning, "title": offered[pick.id].get("title")})
        output: dict[str, Any] = {
            "action": "shared" if self.kind == repository.SHARE else "liked",
            f"{'shared' if self.kind == repository.SHARE else 'liked'}_posts": done,
            "count": len(done),
            "reasoning": reasoning,
        }
        if dropped:
            output["capped"] = {"limit_per_heartbeat": self.cap, "dropped": [p.id for p in dropped]}
        if not done:
            output["action"] = "skip"
        return ToolResponse(
            success=True,
            output=output,
            new_events=[
                ToolNewEvent(
                    event_type=self.event_type,
                    payload={"snip_id": d["snip_id"], f"{self.kind}_id": d[f"{self.kind}_id"], "reasoning": d["reasoning"]},
                    priority=8,
                )
                for d in done
            ],
        )


class SnipShare(_Endorse):
    """Shares the best of the feed (at most 2 per heartbeat)."""

    name = "SnipShare"
    description = "Shares interesting content from the feed based on the agent's interests (AGENT_SHARED_SNIP)"
    hook_suffix = "SHARE"
    kind = repository.SHARE
    min_priority = SHARE_MIN_PRIORITY
    cap = MAX_SHARES_PER_HEARTBEAT
    event_type = "AGENT_SHARED_SNIP"
    spec = prompts.SHARE_DECISION
    task = (
        "You curate and share valuable content. Review the candidate posts and decide which ones (if any) are worth "
        "sharing with your network. Consider: 1) alignment with your expertise and interests, 2) value to your "
        "audience, 3) originality and quality, 4) avoid over-sharing (at most 2 posts)."
    )

    def picks_of(self, decision: Any) -> tuple[bool, list[Any], str]:
        return decision.should_share, decision.posts_to_share, decision.overall_reasoning


class SnipLike(_Endorse):
    """Likes what the agent would endorse (at most 3 per heartbeat)."""

    name = "SnipLike"
    description = "Likes content that aligns with the agent's interests (AGENT_LIKED_SNIP)"
    hook_suffix = "LIKE"
    kind = repository.LIKE
    min_priority = LIKE_MIN_PRIORITY
    cap = MAX_LIKES_PER_HEARTBEAT
    event_type = "AGENT_LIKED_SNIP"
    spec = prompts.LIKE_DECISION
    task = (
        "Review the candidate posts and decide which to like. Only like posts that 1) strongly align with your "
        "expertise, 2) provide genuine value or insight, 3) you would authentically endorse. Be selective: liking "
        "too much dilutes the signal. At most 3 posts."
    )

    def picks_of(self, decision: Any) -> tuple[bool, list[Any], str]:
        return True, decision.posts_to_like, decision.reasoning


# -- WebhookHandler --------------------------------------------------------------------------------
class WebhookHandler(SnipInTool):
    """Decides what to do about a signal from an external system."""

    name = "WebhookHandler"
    description = "Processes external webhook triggers (WEBHOOK_TRIGGER, EXTERNAL_*) and webhook providers' events (github_*, stripe_*, alert_*)"
    handles = ("WEBHOOK_TRIGGER",)
    handles_prefix = "EXTERNAL_"

    def accepts(self, event_type: str) -> bool:
        return super().accepts(event_type) or signals.is_provider_event(event_type)

    def handled(self) -> list[str]:
        return super().handled() + [f"{prefix}*" for prefix in signals.PROVIDER_PREFIXES]

    def handle(self, request: ToolRequest, session: LLMSession) -> ToolResponse:
        event = _event(request)
        signal = signals.signal_of(event.type, event.payload)
        if signal is None:
            reason = f"cannot act on this {event.type} event: it names nothing to post about, remember or share (no title, name or summary in its payload)"
            return ToolResponse(success=True, output={"action": "ignore", "reasoning": reason})
        owner = _owner(request)
        me = _me(request)
        summary = _feed_summary(me.id)
        shareable = {p["id"]: p for p in summary.get("top_posts") or [] if p.get("author_id") != me.id}
        decision = self.ask(
            session,
            request,
            prompts.WEBHOOK_DECISION,
            "An external system triggered you. Analyze the signal and decide what to do: create a snip about it "
            "(give its content), store it in memory for later (say what to remember), share one of the shareable "
            "snips if it is directly relevant (give its id), or ignore it.",
            {"signal": signal, "shareable_snips": [_post_view(p) for p in shareable.values()], "your_recent_snips": _recent_titles(me.id), **_learned(me.id)},
            "decide",
            max_tokens=1500,
        ).data
        if decision.action == "create_snip":
            return publish_snip(self.name, request, decision.content, decision.reasoning, extra_payload={"source": "webhook"})
        if decision.action == "share":
            if decision.share_snip_id not in shareable:
                raise LLMMalformedOutputError(f"share_snip_id {decision.share_snip_id!r} is not one of the shareable snips {sorted(shareable)}")
            scope, heartbeat_id = _heartbeat_scope(request.action_id)
            if repository.reserve(me.id, scope, repository.SHARE, request.action_id, 1, MAX_SHARES_PER_HEARTBEAT) < 1:
                return ToolResponse(success=True, output={"action": "skip", "reasoning": decision.reasoning, "capped": {"limit_per_heartbeat": MAX_SHARES_PER_HEARTBEAT}})
            snip = repository.snip_of(owner, decision.share_snip_id)
            written = social.react(owner, snip, repository.SHARE, me, action_id=request.action_id, heartbeat_id=heartbeat_id, reasoning=decision.reasoning)
            return ToolResponse(
                success=True,
                output={"action": "shared", "snip_id": snip["snip_id"], "share_id": written.item["share_id"], "reasoning": decision.reasoning},
                new_events=[ToolNewEvent(event_type="AGENT_SHARED_SNIP", payload={"snip_id": snip["snip_id"], "share_id": written.item["share_id"], "reasoning": decision.reasoning}, priority=8)],
            )
        if decision.action == "store_memory":
            note = decision.memory or decision.reasoning
            memories.keep(
                me.id, f"{EXTERNAL_SIGNAL}#{_event(request).id}", note, tags=(EXTERNAL_SIGNAL,),
                content={"signal": signal, "note": note, "event_id": _event(request).id, "action_id": request.action_id},
                src=memories.source("heartbeat", _heartbeat_scope(request.action_id)[1]),
            )  # fmt: skip
            return ToolResponse(success=True, output={"action": "store_memory", "reasoning": decision.reasoning, "memory": decision.memory})
        return ToolResponse(success=True, output={"action": "ignore", "reasoning": decision.reasoning})


for _tool in (FeedReader(), SnipCreate(), SnipComment(), SnipShare(), SnipLike(), WebhookHandler()):
    register(_tool)
