"""What a SnipIn agent learns from its consolidation: which topics get engagement
(``interaction_pattern``) and which it engages with itself (``topic_preference``).

The consolidation run of a ``snipin`` agent is given, besides its memories and activity,
the engagement its snips got (likes, shares, comments by tag), the agent's own recent
likes and shares, and the tags of what it wrote; it is asked to keep exactly one keyed
memory of each. SnipCreate and WebhookHandler read both back into their prompts
(:func:`learned`), so what it learns changes what it writes.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from wakeful import clock

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.memory.slots import Span

INTERACTION_PATTERN = "interaction_pattern"
TOPIC_PREFERENCE = "topic_preference"
HEADING = "Your SnipIn engagement"
GUIDANCE = (
    "Keep exactly one memory with key \"interaction_pattern\" (which topics of your snips get the most engagement: "
    "likes, shares, comments) and one with key \"topic_preference\" (the topics you engage with yourself, and the "
    "trend); write each again with remember {key: ...} when the data below changes it."
)


def provide(agent: Agent, span: Span) -> tuple[str, str, Any] | None:
    """The engagement data of a ``snipin`` agent for its consolidation (None for others)."""
    if agent.preset != "snipin":
        return None
    from wakeful.snipin import repository

    actor = repository.agent_actor(agent.agent_id)
    snips = repository.snips_by_author(actor, limit=50)
    by_tag: Counter[str] = Counter()
    for snip in snips:
        engagement = int(snip.get("like_count") or 0) + 2 * int(snip.get("share_count") or 0) + int(snip.get("comment_count") or 0)
        for tag in snip.get("tags") or ["untagged"]:
            by_tag[str(tag)] += engagement
    reactions = repository.reactions_by(actor, since=0, limit=50)
    data = {
        "engagement_by_tag": dict(by_tag.most_common(20)),
        "your_snips": [
            {"title": s.get("title") or "", "tags": s.get("tags") or [], "likes": s.get("like_count", 0), "shares": s.get("share_count", 0), "comments": s.get("comment_count", 0)}
            for s in snips[:20]
        ],
        "your_recent_interactions": [{"kind": r.get("kind"), "snip_id": r.get("snip_id"), "at": clock.iso(r.get("created_at"))} for r in reactions[:20]],
        "span_since": clock.iso(span.start),
    }
    return HEADING, GUIDANCE, data


def learned(agent_id: str) -> dict[str, str]:
    """The agent's learned interaction pattern and topic preference (what it has of them)."""
    from wakeful.memory import store

    found = {}
    for key in (INTERACTION_PATTERN, TOPIC_PREFERENCE):
        memory = store.by_key(agent_id, key)
        if memory is not None:
            found[key] = memory.text
    return found
