"""What SnipIn adds to a tool request's ``agent_context``: what the agent posted lately
(``recent_snips``) and what it liked and shared lately (``recent_interactions``), newest
first. The tools' context listener (:data:`wakeful.tools.slots.CONTEXT`, plugged in by
:mod:`wakeful.snipin.manifest`) calls :func:`extra` as every tool request is built: a
SnipIn agent's (created with ``preset: "snipin"``) for any tool, HTTP and Lambda tools
included, and any agent's for SnipIn's own tools, whose prompts show both.
"""

from __future__ import annotations

from typing import Any

from wakeful import clock
from wakeful.snipin import repository

PRESET = "snipin"
#: SnipIn's built-in tools (registered by :mod:`wakeful.snipin.tools`).
TOOLS = frozenset({"FeedReader", "SnipCreate", "SnipComment", "SnipShare", "SnipLike", "WebhookHandler"})
RECENT_KEYS = ("recent_snips", "recent_interactions")
RECENT_SNIPS = 5
RECENT_INTERACTIONS = 10


def extra(context: dict[str, Any], tool_name: str) -> dict[str, Any]:
    """``recent_snips`` and ``recent_interactions`` for a SnipIn agent or a SnipIn tool
    (two Queries); nothing for others, or for a context without an agent."""
    if not context.get("agent_id") or (context.get("preset") != PRESET and tool_name not in TOOLS):
        return {}
    return recent(str(context["agent_id"]))


def recent(agent_id: str) -> dict[str, Any]:
    """The agent's last snips and likes and shares, as a tool receives them."""
    actor = repository.agent_actor(agent_id)
    snips = repository.snips_by_author(actor, limit=RECENT_SNIPS)
    reactions = repository.reactions_by(actor, since=0, limit=RECENT_INTERACTIONS)
    return {
        "recent_snips": [
            {"snip_id": s["snip_id"], "title": s.get("title") or "", "created_at": clock.iso(s.get("created_at"))} for s in snips
        ],
        "recent_interactions": [
            {"kind": r.get("kind"), "snip_id": r.get("snip_id"), "created_at": clock.iso(r.get("created_at"))} for r in reactions
        ],
    }
