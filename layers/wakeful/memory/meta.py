"""The ``remember``, ``recall`` and ``forget`` tools of every thread.

They are meta tools (:mod:`wakeful.threads.meta`): offered to every thread and run
inside the step's tool-call event, so an interceptor, and the agent's ``tool_policy``
(``deny: ["forget"]``), apply to them like to any tool. Bad arguments are an error
result the model can correct. What one call remembers has an id derived from the thread
and the call: a step run again writes nothing twice. In a consolidation run each write
is recorded as one of the consolidation's changes.

Inside a dry run (a replay, :mod:`wakeful.dryrun`) ``recall`` reads and changes nothing
(the memories it finds are not marked used), and ``remember`` and ``forget`` are checked
as usual, then captured (kind ``memory``, target the tool, body its arguments) and
change nothing.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from wakeful import dryrun
from wakeful.memory import store
from wakeful.memory.exceptions import MemoryCapReachedError, MemoryInvalidError
from wakeful.memory.models import DEFAULT_CAP, MAX_RECALL
from wakeful.threads.slots import MetaResult

if TYPE_CHECKING:
    from wakeful.agents.records import Agent
    from wakeful.threads.records import Thread

REMEMBER, RECALL, FORGET = "remember", "recall", "forget"
MAX_REPLACES = 10

def provenance(thread: Thread) -> dict[str, Any]:
    """Where a thread's memory comes from: its consolidation, its schedule result, or the thread."""
    if thread.source == "consolidation":
        return store.source("consolidation", thread.source_id, thread.thread_id)
    if thread.source == "scheduled":
        return store.source("schedule", str(thread.attributes.get("schedule_result_id") or thread.source_id or "") or None, thread.thread_id)
    return store.source("thread", thread.thread_id, thread.thread_id)


def _error(message: str) -> MetaResult:
    return MetaResult(message, is_error=True)


def _replaces(value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or len(value) > MAX_REPLACES:
        raise MemoryInvalidError(f"replaces must be a list of at most {MAX_REPLACES} memory ids")
    return value


def run_remember(agent: Agent, thread: Thread, call: dict[str, Any], now: float) -> MetaResult:
    args = call.get("arguments") or {}
    try:
        text, tags = store.clean_text(args.get("text")), store.clean_tags(args.get("tags"))
        key = args.get("key")
        if key is not None and (not isinstance(key, str) or not key.strip() or len(key) > 200):
            raise MemoryInvalidError("key must be a non-empty string of at most 200 characters")
        replaces = _replaces(args.get("replaces"))
    except MemoryInvalidError as error:
        return _error(f"remember: {error.message}")
    if dryrun.capture("memory", REMEMBER, args):
        return MetaResult(json.dumps({"remembered": None, "replaced": [], "dry_run": True}))
    at = thread.run_started_at or thread.created_at or now
    memory = store.new_memory(
        agent.agent_id, text, tags, provenance(thread),
        memory_id=store.derived_id(thread.thread_id, str(call["id"]), at), key=key.strip() if key else None, now=now,
    )  # fmt: skip
    try:
        stored, replaced = store.remember(memory, cap=agent.memory_cap or DEFAULT_CAP, replaces=replaces)
    except MemoryCapReachedError as error:
        return _error(f"remember: {error.message}")
    if thread.source == "consolidation" and thread.source_id:
        op = "merged" if len(replaced) > 1 else "updated" if replaced or (key and stored.created_at < now) else "added"
        _record(thread, call, {"op": op, "memory_id": stored.id, "text": stored.text, **({"from_ids": replaced} if replaced else {}), "at": now})
    return MetaResult(json.dumps({"remembered": stored.id, "replaced": replaced}))


def run_recall(agent: Agent, thread: Thread, call: dict[str, Any], now: float) -> MetaResult:
    args = call.get("arguments") or {}
    query, limit = args.get("query"), args.get("limit", 5)
    if not isinstance(query, str) or not query.strip() or len(query) > 2000:
        return _error("recall: query must be a non-empty string of at most 2000 characters")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_RECALL:
        return _error(f"recall: limit must be a whole number from 1 to {MAX_RECALL}")
    # A dry run reads only: the found memories are not marked used.
    found = store.search(agent.agent_id, query, limit) if dryrun.current() else store.recall(agent.agent_id, query, limit)
    return MetaResult(json.dumps({"memories": [{"id": m.id, "text": m.text, "tags": list(m.tags), "score": round(s, 4)} for m, s in found]}))


def run_forget(agent: Agent, thread: Thread, call: dict[str, Any], now: float) -> MetaResult:
    memory_id = (call.get("arguments") or {}).get("memory_id")
    if not isinstance(memory_id, str) or not memory_id.strip():
        return _error("forget: memory_id must be the id of one of your memories (mem_...)")
    if dryrun.capture("memory", FORGET, {"memory_id": memory_id.strip()}):
        return MetaResult(json.dumps({"forgotten": store.get(agent.agent_id, memory_id.strip()) is not None, "dry_run": True}))
    if not store.forget(agent.agent_id, memory_id.strip()):
        return MetaResult(json.dumps({"forgotten": False, "reason": "not found"}))
    if thread.source == "consolidation" and thread.source_id:
        _record(thread, call, {"op": "removed", "memory_id": memory_id.strip(), "at": now})
    return MetaResult(json.dumps({"forgotten": True}))


def _record(thread: Thread, call: dict[str, Any], change: dict[str, Any]) -> None:
    from wakeful.memory import repository

    repository.add_change(thread.agent_id, str(thread.source_id), str(call["id"]), change)


RUNS = {REMEMBER: run_remember, RECALL: run_recall, FORGET: run_forget}
