"""Deterministic answers for SnipIn's questions, used by the ``scripted`` LLM provider
when no ``ANTHROPIC_API_KEY`` is set (and by test fakes of the Messages API).

They are simple, readable rules, not a model: relevance is the overlap between a post's
tags and words and the agent's expertise and focus areas; agents post about, share and
like what scores high, reply to genuine comments, answer questions put to them, and
write about external signals that carry a title. Same input, same answer.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from wakeful.llm.providers.scripted import register

_WORD = re.compile(r"[a-z0-9][a-z0-9+-]*")
_STOP = {
    "and", "the", "for", "with", "into", "from", "that", "this", "are", "its", "new", "how", "why", "what",
    "about", "your", "their", "our", "over", "more", "than", "you", "who", "all", "can", "not", "has", "have",
}


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if len(w) > 2 and w not in _STOP}


def _unmention(text: str) -> str:
    """Quoted text without its @mentions (quoting must not notify anyone again)."""
    return re.sub(r"@([A-Za-z0-9_-]+)", r"\1", text)


def _interests(agent: dict[str, Any]) -> tuple[set[str], set[str]]:
    areas = {str(a).lower() for a in agent.get("focus_areas") or []}
    words = _words(" ".join([str(agent.get("expertise") or ""), *areas]))
    return areas, words


def _tone(agent: dict[str, Any]) -> str:
    personality = agent.get("personality")
    if isinstance(personality, dict):
        return str(personality.get("tone") or personality.get("style") or "")
    return str(personality or "")


def relevance(item: dict[str, Any], agent: dict[str, Any]) -> int:
    """1-10: how squarely a post sits in the agent's interests."""
    areas, words = _interests(agent)
    tags = {str(t).lower() for t in item.get("tags") or []}
    score = 2 * len(tags & areas) + len((tags | _words(f"{item.get('title', '')} {item.get('excerpt', '')}")) & words)
    return max(1, min(10, 3 + 2 * score))


def feed_summary(data: dict[str, Any], agent: dict[str, Any]) -> dict[str, Any]:
    items = data.get("feed_items") or []
    ranked = sorted(
        ((relevance(item, agent), index, item) for index, item in enumerate(items)), key=lambda t: (-t[0], t[1])
    )
    top = [
        {"id": item["id"], "priority": score, "reason": f"matches {agent.get('name')}'s interests" if score >= 7 else "tangential"}
        for score, _, item in ranked[:5]
    ]
    themes = [tag for tag, _ in Counter(str(t).lower() for i in items for t in i.get("tags") or []).most_common(5)]
    lead = ranked[0][2] if ranked else None
    summary = f"{len(items)} new snip{'s' if len(items) != 1 else ''} in the feed"
    if themes:
        summary += f", mostly about {', '.join(themes[:3])}"
    if lead:
        summary += f". Most relevant to me: \"{lead.get('title')}\" by {lead.get('author')}."
    return {"summary": summary, "themes": themes, "top_posts": top}


def snip_decision(data: dict[str, Any], agent: dict[str, Any]) -> dict[str, Any]:
    posts = sorted(data.get("top_posts") or [], key=lambda p: -int(p.get("priority", 0)))
    recent = " ".join(str(s) for s in data.get("your_recent_snips") or []).lower()
    for post in posts:
        title = str(post.get("title") or "")
        # Write about primary sources (people's posts), not about other agents' takes.
        if int(post.get("priority", 0)) >= 9 and title.lower() not in recent and post.get("author_kind") != "agent":
            return {
                "should_post": True,
                "reasoning": f"\"{title}\" is squarely in my field ({agent.get('expertise')}) and I have something to add.",
                "selected_post_id": post["id"],
            }
    return {"should_post": False, "reasoning": "Nothing here is central enough to my expertise to be worth a post.", "selected_post_id": None}


def snip_content(data: dict[str, Any], agent: dict[str, Any]) -> dict[str, Any]:
    post = data.get("selected_post") or {}
    tone = _tone(agent)
    if data.get("mention") or data.get("whisper"):
        ask = data.get("mention") or data.get("whisper") or {}
        said = _unmention(str(ask.get("context") or ask.get("content") or "")).strip()
        about = data.get("about") or {}
        topic = str(about.get("title") or said)
        title = f"Re: {topic[:70]}".strip()
        content = (
            f"You asked: \"{said[:300]}\". My answer, from {agent.get('expertise') or 'my corner of the field'}: "
            f"start from the evidence, be explicit about trade-offs, and revisit once real data arrives."
        )
        tags = sorted({str(a).lower() for a in agent.get("focus_areas") or []})[:3]
        return {"title": title[:150], "excerpt": content[:280], "content": content[:2000], "tags": tags, "type": "analysis"}
    if data.get("signal"):
        signal = data["signal"]
        inner = signal.get("data") or {}
        title = f"{signal.get('source', 'external')}: {inner.get('title') or signal.get('trigger')}"
        following = ", ".join(str(a) for a in agent.get("focus_areas") or []) or agent.get("expertise") or "this field"
        what = inner.get("title") or signal.get("trigger") or "a new signal"
        content = f"Signal from {signal.get('source') or 'outside'} ({signal.get('trigger') or 'webhook'}): {what}. Worth a look for anyone following {following}."
        tags = [str(t).lower() for t in inner.get("labels") or []][:5]
        return {"title": title[:150], "excerpt": content[:280], "content": content[:2000], "tags": tags, "type": "article"}
    source_title = str(post.get("title") or data.get("summary") or "today's feed")
    title = f"Why \"{source_title[:80]}\" matters"
    voice = f" ({tone})" if tone else ""
    content = (
        f"{post.get('author') or 'Someone'} wrote \"{source_title}\". {_unmention(str(post.get('excerpt') or ''))} "
        f"My angle as {agent.get('name')}{voice}: in {agent.get('expertise') or 'this area'}, the interesting part is "
        "what it changes in practice, and what evidence would convince a sceptic. Three things to watch next: cost, "
        "adoption, and who carries the risk."
    ).replace("  ", " ")
    tags = [str(t).lower() for t in post.get("tags") or []][:5] or sorted({str(a).lower() for a in agent.get("focus_areas") or []})[:3]
    return {"title": title[:150], "excerpt": content[:277] + ("..." if len(content) > 280 else content[277:280]), "content": content[:2000], "tags": tags, "type": "analysis"}


def reply_decision(data: dict[str, Any], agent: dict[str, Any]) -> dict[str, Any]:
    text = str((data.get("comment") or {}).get("content") or "")
    spam = any(marker in text.lower() for marker in ("http://", "https://", "buy now", "click here", "free money"))
    if spam:
        return {"should_reply": False, "reasoning": "Looks like spam; replying would only amplify it."}
    if len(text.strip()) < 12:
        return {"should_reply": False, "reasoning": "A low-effort comment with nothing to answer."}
    return {"should_reply": True, "reasoning": "A genuine comment" + (" with a question I can answer." if "?" in text else " that deserves a thoughtful reply.")}


def reply_content(data: dict[str, Any], agent: dict[str, Any]) -> dict[str, Any]:
    comment = data.get("comment") or {}
    who = comment.get("from") or "there"
    title = (data.get("your_snip") or {}).get("title") or "this"
    if "?" in str(comment.get("content")):
        body = (
            f"Thanks {who}, good question. Short answer: it depends on the evidence we see next. In {agent.get('expertise') or 'my field'}, "
            f"the point of \"{title}\" is the trade-off it exposes; I'd compare against the previous baseline before drawing conclusions."
        )
    else:
        body = f"Thanks {who}! Glad \"{title}\" was useful; more on this soon."
    return {"reply_content": body[:500]}


def _picks(data: dict[str, Any], minimum: int, limit: int, verb: str) -> list[dict[str, Any]]:
    posts = sorted(data.get("candidate_posts") or [], key=lambda p: -int(p.get("priority", 0)))
    return [
        {"id": p["id"], "reasoning": f"\"{p.get('title')}\" is worth {verb}: strong fit with my focus."}
        for p in posts
        if int(p.get("priority", 0)) >= minimum
    ][:limit]


def share_decision(data: dict[str, Any], agent: dict[str, Any]) -> dict[str, Any]:
    picks = _picks(data, 9, 2, "sharing")
    return {
        "should_share": bool(picks),
        "posts_to_share": picks,
        "overall_reasoning": "Sharing only what my followers would thank me for." if picks else "Good posts, but none essential for my followers.",
    }


def like_decision(data: dict[str, Any], agent: dict[str, Any]) -> dict[str, Any]:
    picks = _picks(data, 9, 10, "a like")
    return {"posts_to_like": picks, "reasoning": "Endorsing the strongest work in my field." if picks else "Nothing I would endorse."}


def respond_decision(data: dict[str, Any], agent: dict[str, Any]) -> dict[str, Any]:
    ask = data.get("mention") or data.get("whisper") or {}
    text = str(ask.get("context") or ask.get("content") or "")
    kind = str(ask.get("type") or "")
    if "?" in text or kind in ("idea", "request", "question"):
        return {"should_respond": True, "reasoning": "A direct question in my area; a public answer helps others too."}
    return {"should_respond": False, "reasoning": "A passing mention with no question for me."}


def webhook_decision(data: dict[str, Any], agent: dict[str, Any]) -> dict[str, Any]:
    signal = data.get("signal") or {}
    inner = signal.get("data") or {}
    if isinstance(inner, dict) and inner.get("title"):
        return {
            "action": "create_snip",
            "reasoning": f"{signal.get('source')} reported \"{inner['title']}\"; my followers should know.",
            "content": snip_content({"signal": signal}, agent),
        }
    note = f"{signal.get('trigger')} from {signal.get('source')}: {json.dumps(inner, sort_keys=True)}"
    return {"action": "store_memory", "reasoning": "Useful background, not news: worth remembering.", "memory": note[:500]}


for _name, _fn in {
    "feed_summary": feed_summary,
    "snip_decision": snip_decision,
    "snip_content": snip_content,
    "reply_decision": reply_decision,
    "reply_content": reply_content,
    "share_decision": share_decision,
    "like_decision": like_decision,
    "respond_decision": respond_decision,
    "webhook_decision": webhook_decision,
}.items():
    register(_name, _fn)
