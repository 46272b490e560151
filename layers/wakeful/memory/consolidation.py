"""Consolidation: a run that reads what happened since the last one and adds, merges or
removes memories.

It is a thread (source ``consolidation``), so it is priced and admitted like every run
(the model-call path), interceptable, streamed and listed with the agent's threads; it is
offered only ``remember``, ``recall``, ``forget`` and ``complete_task``: it acts on nothing
outside the agent's memories.

- **Activity**: every run's end (but a consolidation's) is journaled (``~act#``); with
  ``on_quiet`` it pushes the consolidation due to ``quiet_seconds`` after it (a debounce:
  due once the agent is quiet again); with ``nightly`` it is due at the next ``at``.
- **Due** (the scan, :mod:`wakeful.memory.due`): an agent running work is not quiet (later);
  a paused one waits (:func:`wakeful.slots.may_start`: never while paused); nothing new
  since the last one, no run; the day's ``max_per_day`` reached, the next UTC day. Else
  **claim**: one transaction puts the record (running) and marks ``~meta`` running, counted
  in the day, conditioned on none running and the day's room; then the thread starts, its
  id derived from the consolidation's.
- **End**: its run's end marks the record done (or failed) and moves ``last_cons`` to the
  span's end (only a done one: a failed span is read again next time). The span starts at
  ``last_cons``, which only an end moves, and a claim needs none running: never twice for
  the same span. A crash after the claim leaves a lease the scan finds: it starts the
  thread again (the same id: nothing twice) or finishes the record from the ended thread.
"""

from __future__ import annotations

import json
import logging
import zlib
from datetime import datetime, timedelta, timezone
from typing import Any, Mapping

from wakeful import clock, ids, slots
from wakeful.agents import repository as agent_repository
from wakeful.agents.records import Agent
from wakeful.memory import repository, slots as memory_slots, store
from wakeful.memory.exceptions import ConsolidationRefusedError, MaxPerDayReachedError
from wakeful.memory.records import CONS_PREFIX, consolidation_public
from wakeful.threads.records import Thread

logger = logging.getLogger(__name__)

#: How long a claimed consolidation may take to start before the scan looks again.
LEASE_SECONDS = 600
ACTIVITY_DAYS = 30
MAX_DIGEST_EVENTS = 200
MAX_PAYLOAD = 500
MAX_MEMORIES_SHOWN = 200
GUIDANCE = """You are consolidating your long-term memory while you are idle. Below are your memories (with their ids) \
and what happened since your last consolidation. Keep what will help you in future runs:
- remember new lasting facts, preferences and lessons (not one-off details);
- merge duplicates or near-duplicates: remember one memory with replaces = the ids it merges;
- update a memory that is out of date: remember the new text with replaces = [its id];
- forget what is wrong or no longer useful.
Change nothing that is fine as it is. When you are done, call complete_task with a one-line summary."""


def settings_of(agent: Agent) -> dict[str, Any]:
    """The agent's consolidation settings with their defaults."""
    return {"mode": "off", "max_per_day": 1, "quiet_seconds": 900, "at": None, **dict(agent.memory_consolidation or {})}


shard_of = ids.shard_of


def _day(now: float) -> str:
    return datetime.fromtimestamp(now, timezone.utc).strftime("%Y-%m-%d")


def _next_midnight(now: float) -> float:
    day = datetime.fromtimestamp(now, timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
    return (day + timedelta(days=1)).timestamp()


def next_nightly(agent: Agent, now: float) -> float:
    """The next nightly time: ``at`` (UTC), else 03:00 plus up to 30 minutes by agent."""
    at = settings_of(agent)["at"]
    hour, minute = (int(at[:2]), int(at[3:])) if at else (3, zlib.crc32(agent.agent_id.encode()) % 30)
    start = datetime.fromtimestamp(now, timezone.utc).replace(hour=hour, minute=minute, second=0, microsecond=0)
    return (start if start.timestamp() > now else start + timedelta(days=1)).timestamp()


# -- activity ---------------------------------------------------------------------------


def record_activity(agent: Agent, kind: str, ref: str, record: Mapping[str, Any], now: float) -> None:
    """Journal one activity and make the consolidation due accordingly."""
    settings = settings_of(agent)
    if settings["mode"] == "off":
        return
    repository.put_activity(agent.agent_id, now, ref, {"kind": kind, "ref": ref, **record}, now + ACTIVITY_DAYS * 86400)
    meta = repository.meta(agent.agent_id)
    if meta.get("cons_running"):
        return  # its lease is the due entry; the next activity after it sets the due time
    if settings["mode"] == "on_quiet":
        repository.set_due(agent.agent_id, now + int(settings["quiet_seconds"]), shard_of(agent.agent_id))
    elif meta.get("due_at") is None:
        repository.set_due(agent.agent_id, next_nightly(agent, now), shard_of(agent.agent_id))


# -- due and claim ----------------------------------------------------------------------


def _news(agent: Agent, meta: Mapping[str, Any], now: float) -> bool:
    last = meta.get("last_cons") or {}
    if agent.last_seq > int(last.get("up_to_seq") or 0):
        return True
    return bool(repository.activity(agent.agent_id, float(last.get("until_ts") or 0), now, limit=1))


def _today(meta: Mapping[str, Any], now: float) -> int:
    return int(meta.get("cons_today") or 0) if meta.get("cons_day") == _day(now) else 0


def handle_due(agent_id: str, now: float) -> str:
    """The scan found the agent's consolidation due: start it, or say why not (and when
    to look again)."""
    meta = repository.meta(agent_id)
    agent = agent_repository.get(agent_id)
    if agent is None:
        repository.clear_due(agent_id)
        return "agent-gone"
    if meta.get("due_kind") == "cons_lease":
        return recover(agent, meta, now)
    settings = settings_of(agent)
    shard = shard_of(agent_id)
    if settings["mode"] == "off":
        repository.clear_due(agent_id)
        return "off"
    if agent.running_threads:
        repository.set_due(agent_id, now + int(settings["quiet_seconds"]), shard)
        return "busy"
    wait = slots.may_start(agent.owner, agent_id, now)
    if wait is not None:
        repository.set_due(agent_id, wait.until or now + 3600, shard)
        return "paused"
    if not _news(agent, meta, now):
        if settings["mode"] == "nightly":
            repository.set_due(agent_id, next_nightly(agent, now + 60), shard)
        else:
            repository.clear_due(agent_id)
        return "nothing-new"
    if _today(meta, now) >= int(settings["max_per_day"]):
        repository.set_due(agent_id, _next_midnight(now), shard)
        return "max-per-day"
    if claim(agent, meta, settings["mode"], now) is None:
        return "not-claimed"
    return "started"


def start_manual(agent: Agent) -> str:
    """``POST …/memories/consolidations``: start one now (it counts in ``max_per_day``).

    Raises:
        ConsolidationRefusedError: paused (``budget_paused``), nothing new
            (``nothing_new``) or one running (``consolidation_running``).
        MaxPerDayReachedError: the day's ``max_per_day`` reached.
    """
    now = clock.now()
    meta = repository.meta(agent.agent_id)
    wait = slots.may_start(agent.owner, agent.agent_id, now)
    if wait is not None:
        raise ConsolidationRefusedError("budget_paused", f"the agent may not start model work now: {wait.reason}")
    if meta.get("cons_running"):
        raise ConsolidationRefusedError("consolidation_running", "a consolidation of this agent is running")
    if _today(meta, now) >= int(settings_of(agent)["max_per_day"]):
        raise MaxPerDayReachedError(f"the agent had its max_per_day ({settings_of(agent)['max_per_day']}) consolidations today (UTC)")
    if not _news(agent, meta, now):
        raise ConsolidationRefusedError("nothing_new", "nothing happened since the last consolidation")
    cons_id = claim(agent, meta, "manual", now)
    if cons_id is None:
        raise ConsolidationRefusedError("consolidation_running", "a consolidation of this agent started meanwhile")
    return cons_id


def thread_id_of(cons_id: str, started_at: float) -> str:
    """The thread of a consolidation (derived: starting it again creates nothing new)."""
    return "thr_" + ids.derived_ulid(started_at, f"consolidation:{cons_id}")


def new_record(agent: Agent, meta: Mapping[str, Any], trigger: str, now: float) -> dict[str, Any]:
    """The record of a consolidation of the span since the last one (running)."""
    last = meta.get("last_cons") or {}
    cons_id = ids.ulid(now)
    return {
        "agent_id": agent.agent_id,
        "memory_key": CONS_PREFIX + cons_id,
        "cons_id": cons_id,
        "status": "running",
        "trigger": trigger,
        "after_seq": int(last.get("up_to_seq") or 0),
        "up_to_seq": agent.last_seq,
        "span_from": float(last.get("until_ts") or agent.created_at or 0),
        "span_until": now,
        "thread_id": thread_id_of(cons_id, now),
        "started_at": now,
        "changes": {},
        "usd": 0,
    }


def claim_record(agent: Agent, meta: Mapping[str, Any], record: Mapping[str, Any], now: float) -> bool:
    """Claim ``record``'s consolidation (one transaction; see :func:`repository.claim`)."""
    lease = (shard_of(agent.agent_id), now + LEASE_SECONDS)
    return repository.claim(agent.agent_id, record, _day(now), _today(meta, now) + 1, int(settings_of(agent)["max_per_day"]), lease)


def claim(agent: Agent, meta: Mapping[str, Any], trigger: str, now: float) -> str | None:
    """Claim a consolidation of the span since the last one and start its run; its id,
    or None when another claim won."""
    record = new_record(agent, meta, trigger, now)
    if not claim_record(agent, meta, record, now):
        return None
    _start(agent, record)
    return str(record["cons_id"])


def _start(agent: Agent, record: Mapping[str, Any]) -> None:
    from wakeful.threads import service as threads

    span = memory_slots.Span(int(record["after_seq"]), int(record["up_to_seq"]), float(record["span_from"]), float(record["span_until"]))
    threads.start_thread(
        agent.owner, agent.agent_id, first_message(agent, span),
        source="consolidation", source_id=str(record["cons_id"]), thread_id=str(record["thread_id"]),
    )  # fmt: skip


# -- what the run reads -----------------------------------------------------------------


def first_message(agent: Agent, span: memory_slots.Span) -> str:
    """The consolidation run's task: the guidance, the memories, what happened."""
    parts = [GUIDANCE, _memories_block(agent.agent_id), _activity_block(agent.agent_id, span), _events_block(agent.agent_id, span)]
    for provider in memory_slots.PROVIDERS.installed():
        provided = provider.provide(agent, span)
        if provided is not None:
            heading, guidance, data = provided
            parts.append(f"## {heading}\n{guidance}\n{json.dumps(data, default=str, ensure_ascii=False)[:8000]}")
    return "\n\n".join(p for p in parts if p)


def _memories_block(agent_id: str) -> str:
    now = clock.now()
    shown = sorted(store.memories(agent_id), key=lambda m: -m.relevance(now))[:MAX_MEMORIES_SHOWN]
    if not shown:
        return "## Your memories\n(none yet)"
    lines = [f"- [{m.id}] {' '.join(m.text.split())}" + (f" ({', '.join(m.tags)})" if m.tags else "") + (f" key={m.key}" if m.key else "") for m in shown]
    return "## Your memories\n" + "\n".join(lines)


def _activity_block(agent_id: str, span: memory_slots.Span) -> str:
    items = repository.activity(agent_id, span.start, span.until)
    if not items:
        return ""
    lines = [f"- {clock.iso(item.get('at'))} {item.get('kind')} {item.get('status') or ''}: {str(item.get('text') or '')[:2000]}" for item in items]
    return "## What you did\n" + "\n".join(lines)


def _events_block(agent_id: str, span: memory_slots.Span) -> str:
    if span.up_to_seq <= span.after_seq:
        return ""
    from wakeful.events import store as events

    after = max(span.after_seq, span.up_to_seq - MAX_DIGEST_EVENTS)
    found = list(events.read_range(agent_id, after, span.up_to_seq))
    lines = [f"- #{e.seq} {e.event_type}: {json.dumps(e.payload, default=str, ensure_ascii=False)[:MAX_PAYLOAD]}" for e in found]
    skipped = after - span.after_seq
    more = f"\n({skipped} older events not shown)" if skipped > 0 else ""
    return "## Events\n" + "\n".join(lines) + more


# -- end and recovery -------------------------------------------------------------------


def ended(agent: Agent | None, thread: Thread) -> None:
    """A consolidation's run ended: its record done (or failed), ``last_cons`` moved."""
    cons_id = thread.source_id
    if not cons_id or thread.status not in ("complete", "failed", "expired", "sleeping"):
        return
    record = repository.consolidation(thread.agent_id, cons_id)
    if record is None or record.get("status") != "running":
        return
    now = clock.now()
    from wakeful.threads.run_end import run_usage  # what its run's model calls cost

    usd = float((run_usage(thread) or {}).get("usd") or 0)
    if thread.status == "failed" or thread.status == "expired":
        repository.finish(thread.agent_id, cons_id, "failed", {"completed_at": now, "error": thread.error_message or thread.status, "usd": usd}, None)
        return
    last = {"id": cons_id, "until_ts": float(record["span_until"]), "up_to_seq": int(record["up_to_seq"])}
    repository.finish(thread.agent_id, cons_id, "done", {"completed_at": now, "summary": thread.summary or thread.final_text or "", "usd": usd}, last)


def recover(agent: Agent, meta: Mapping[str, Any], now: float) -> str:
    """A claimed consolidation's lease ran out: start its thread again (the same id), or
    end the record from its ended thread."""
    from wakeful.threads import repository as threads

    cons_id = str(meta.get("cons_running") or "")
    record = repository.consolidation(agent.agent_id, cons_id) if cons_id else None
    if record is None or record.get("status") != "running":
        repository.clear_due(agent.agent_id)
        return "no-running"
    thread = threads.get(agent.agent_id, str(record["thread_id"]))
    if thread is None:
        _start(agent, record)
        repository.set_due(agent.agent_id, now + LEASE_SECONDS, shard_of(agent.agent_id), "cons_lease")
        return "restarted"
    if thread.status in ("complete", "failed", "expired"):
        ended(agent, thread)
        return "finished"
    repository.set_due(agent.agent_id, now + LEASE_SECONDS, shard_of(agent.agent_id), "cons_lease")
    return "running"


def listed(agent_id: str, limit: int) -> list[dict[str, Any]]:
    """The API view of the agent's consolidations, newest first."""
    return [consolidation_public(item) for item in repository.consolidations(agent_id, limit)]
