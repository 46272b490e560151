"""The memories a run's system prompt holds (no model call).

At a run's first model call the threads ask their prompt-part contributors
(:mod:`wakeful.threads.prompt_parts`); memory's answers with the agent's memories most
relevant to the run's own messages (its task, the notice it woke with, the events it was
started or woken for: at most :data:`MAX_QUERY` characters), at most the agent's
``memory_recall`` (default 5; 0: none)::

    ## What you remember
    - [mem_01J…] The NAS backup runs at 02:00 (backup, nas)

The threads pin the text for the run and put it in the per-call part of the system
prompt, after the cache breakpoint. Using a memory reinforces it: that is done when the
run ends (:func:`reinforce_pinned`), off the run's start.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from wakeful.memory import store
from wakeful.memory.models import DEFAULT_RECALL

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.threads.records import Thread

HEADING = "## What you remember"
MAX_QUERY = 4096
_IDS = re.compile(r"^- \[(mem_[0-9A-Za-z]+)\]", re.MULTILINE)


def query_of(run_messages: list[dict[str, Any]]) -> str:
    """The text a run's recall ranks against: its own messages, newest last, cut."""
    text = "\n".join(str(m.get("content") or "") for m in run_messages if m.get("role") != "assistant")
    return text[-MAX_QUERY:]


def contribute(agent: Agent, thread: Thread, run_messages: list[dict[str, Any]]) -> str:
    """The ``## What you remember`` block for a run ("" for none)."""
    limit = DEFAULT_RECALL if agent.memory_recall is None else agent.memory_recall
    if limit <= 0 or thread.source == "consolidation":
        return ""
    query = query_of(run_messages)
    found = store.search(agent.agent_id, query, limit) if query.strip() else []
    if not found:
        return ""
    lines = [HEADING]
    for memory, _ in found:
        tags = f" ({', '.join(memory.tags)})" if memory.tags else ""
        lines.append(f"- [{memory.id}] {' '.join(memory.text.split())}{tags}")
    return "\n".join(lines)


def reinforce_pinned(thread: Thread) -> None:
    """The memories a run's prompt held were used: reinforce them."""
    parts = (thread.prompt_parts or {}).get("parts") or []
    used = [m for part in parts for m in _IDS.findall(str(part))]
    if used:
        found = [m for m in (store.get(thread.agent_id, memory_id) for memory_id in used) if m is not None]
        store.use(thread.agent_id, found)
