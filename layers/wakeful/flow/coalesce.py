"""Coalescing: matching events with equal key values go to ONE run, all of them, in order.

The router (:mod:`wakeful.threads.router`) consults :func:`plan` for every wake or start
it decides; an entry (a ``thread_triggers`` entry, or the wait a sleeping thread set)
with ``coalesce`` turns it into ``coalesced``: the decision is recorded, then
:func:`hold` adds the event's seq to the open hold of that entry and key value. The hold
fires ``quiet_seconds`` after its last event, at ``max_wait_seconds`` after its first, or
at once at ``max_events``: :func:`fire_due` (the scan) or :func:`hold` closes it and the
held events go to one run, listed in seq order in its first message (a trigger's new
thread) or its wake message (a wait).

Nothing is dropped and a crash loses nothing: the events are in the log before they are
held, a hold is an item with a due time, and a fire that did not finish is fired again
by the scan (a start is idempotent by its derived thread id, a wake by its wait id).
"""

from __future__ import annotations

import hashlib
import json
import logging
import zlib
from typing import Any, Mapping

from wakeful import clock
from wakeful.config import get_settings
from wakeful.agents import repository as agent_repository
from wakeful.agents.records import Agent
from wakeful.events import store as events
from wakeful.flow import holds_repository as holds
from wakeful.slots import COALESCED_EVENTS, count_saving
from wakeful.threads import records, repository, routing_repository, service

logger = logging.getLogger(__name__)

COALESCED = "coalesced"
#: Each held event's payload in the run's message is cut at this many bytes.
EVENT_TEXT_BYTES = 4096
#: The whole message stays under this many bytes.
MESSAGE_BYTES = 200 * 1024


def _shard(agent_id: str) -> int:
    """The due-index shard of an agent's holds (the scan's shards)."""
    return zlib.crc32(agent_id.encode()) % get_settings().due_shards


def key_value(payload: Mapping[str, Any], path: str | None) -> Any:
    """The value at a dotted ``path`` of ``payload`` (None when absent or no path)."""
    value: Any = payload
    for part in (path or "").split(".") if path else []:
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value if path else None


def _spec(event: Any, target: dict[str, Any], prefix: str, coalesce: Mapping[str, Any]) -> dict[str, Any]:
    value = key_value(event.payload or {}, coalesce.get("key"))
    canonical = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    kh = hashlib.sha256(canonical.encode()).hexdigest()[:16]
    return {"key": f"open#{prefix}#{kh}", "target": target, "coalesce": dict(coalesce), "key_value": canonical[:200]}


def plan(agent: Agent, event: Any, decision: str, thread_ids: list[str], plan_: dict[str, Any]) -> tuple[str, list[str], dict[str, Any]]:
    """The router's plan, with the wakes and starts of coalescing entries turned into holds."""
    specs: list[dict[str, Any]] = []
    kept: list[dict[str, Any]] = []
    if plan_.get("start") is not None:
        index = int(plan_["trigger"])
        coalesce = dict(agent.thread_triggers[index]).get("coalesce")
        if not coalesce:
            return decision, thread_ids, plan_
        specs.append(_spec(event, {"kind": "trigger", "index": index}, f"t{index}", coalesce))
    for wake in plan_.get("wake") or []:
        if wake.get("coalesce"):
            target = {"kind": "wait", "thread_id": wake["thread_id"], "wait_id": wake["wait_id"]}
            specs.append(_spec(event, target, f"w{wake['thread_id']}#{wake['wait_id']}", wake["coalesce"]))
        else:
            kept.append(wake)
    if not specs:
        return decision, thread_ids, plan_
    if kept:
        return decision, [w["thread_id"] for w in kept], {"wake": kept, "hold": specs}
    return COALESCED, [], {"hold": specs}


def hold(agent: Agent, event: Any, plan_: Mapping[str, Any]) -> None:
    """Add the event to its holds (a redelivery adds nothing); fire a full one at once."""
    recorded = routing_repository.decision(agent.agent_id, event.seq) or {}
    if recorded.get("decision") == COALESCED and recorded.get("thread_ids"):
        return  # its hold already fired: the event reached its run
    now = clock.now()
    for spec in plan_.get("hold") or []:
        item = holds.add(agent.agent_id, spec, int(event.seq), now, _shard(agent.agent_id))
        if len(item["seqs"]) >= int(spec["coalesce"].get("max_events", 50)):
            fire(agent.agent_id, spec["key"], now, reason="max_events")


def fire(agent_id: str, hold_key: str, now: float, reason: str | None = None) -> bool:
    """Close an open hold and hand its events to their run. True when this call fired it."""
    item = holds.get(agent_id, hold_key)
    if item is None or not hold_key.startswith("open#"):
        return False
    if reason is None:
        maximum = float(item["first_at"]) + int(item["coalesce"]["max_wait_seconds"])
        reason = "max_wait" if float(item["due_at"]) >= maximum else "quiet"
    fired = holds.claim(item, reason, now)
    if fired is None:
        return False
    deliver(fired, now)
    return True


def fire_due(now: float, shards: Any) -> int:
    """The scan's part: fire every open hold that is due, and fire again every hold whose
    fire did not finish (its worker died). Returns how many it handed to their run."""
    return fire_found([found for shard in shards for found in holds.due(shard, now)], now)


def fire_found(found: list[tuple[str, str]], now: float) -> int:
    """Fire the due holds ``found`` (``(agent_id, hold_key)``, read from the due index)."""
    fired = 0
    for agent_id, hold_key in found:
        try:
            fired += _fire_one(agent_id, hold_key, now)
        except Exception:  # noqa: BLE001 - one hold never stops the others
            logger.exception("due hold not fired", extra={"agent_id": agent_id, "hold_key": hold_key})
    return fired


def _fire_one(agent_id: str, hold_key: str, now: float) -> int:
    if hold_key.startswith("open#"):
        item = holds.get(agent_id, hold_key)
        return int(item is not None and float(item["due_at"]) <= now and fire(agent_id, hold_key, now))
    item = holds.get(agent_id, hold_key)
    if item is None or item.get("status") != "firing" or float(item.get("due_at", now + 1)) > now:
        return 0
    deliver(item, now)
    return 1


def deliver(fired: dict[str, Any], now: float) -> None:
    """Hand a fired hold's events, in order, to one run; then mark it done and count
    what it saved."""
    agent = agent_repository.get(fired["agent_id"])
    if agent is None:
        holds.finish(fired, "dropped", None, "agent deleted")
        return
    seqs = sorted(int(s) for s in fired["seqs"])
    held = [e for e in (events.get(agent.agent_id, s) for s in seqs) if e is not None]
    if not held:
        holds.finish(fired, "dropped", None, "events no longer in the log")
        return
    target = fired["target"]
    thread_id: str | None
    note: str | None
    if target["kind"] == "trigger":
        thread_id, note = _start(agent, fired, held), None
    else:
        thread_id, note = _wake(agent, target, held)
    for seq in seqs:
        if thread_id:
            routing_repository.name_thread(agent.agent_id, seq, thread_id)
    holds.finish(fired, "dropped" if note else "done", thread_id, note)
    if len(seqs) > 1:
        count_saving(agent.owner, agent.agent_id, COALESCED_EVENTS, len(seqs) - 1, now)
    logger.info("held events fired", extra={"agent_id": agent.agent_id, "events": len(seqs), "reason": fired["reason"], "thread_id": thread_id})


def listing(held: list[Any], reason: str) -> str:
    """The message that hands held events to a run: every one, in seq order."""
    per_event = max(256, min(EVENT_TEXT_BYTES, MESSAGE_BYTES // max(1, len(held))))
    lines = [f"{len(held)} event(s) arrived together (held, then handed over: {reason}), oldest first:"]
    for event in held:
        payload = json.dumps(event.payload, sort_keys=True, separators=(",", ":"), default=str)
        if len(payload.encode()) > per_event:
            payload = payload.encode()[:per_event].decode(errors="ignore") + f" (truncated; full event at seq {event.seq})"
        lines.append(f"- Event {event.event_type} (seq {event.seq}, source {event.source}): {payload}")
    return "\n".join(lines)


def _start(agent: Agent, fired: dict[str, Any], held: list[Any]) -> str:
    first = held[0]
    index = int(fired["target"]["index"])
    thread_id = records.derived_thread_id(float(fired["first_at"]), agent.agent_id, "hold", str(fired["hold_id"]))
    thread = service.start_thread(
        agent.owner,
        agent.agent_id,
        listing(held, fired["reason"]),
        source="webhook" if str(first.source).startswith("webhook") else "event",
        source_id=first.event_type,
        thread_id=thread_id,
        created_by="system",
        event=service.event_view(first),
    )
    routing_repository.set_trigger_state(agent.agent_id, index, thread.thread_id, clock.now() if thread.created_at is None else thread.created_at)
    return thread.thread_id


def _wake(agent: Agent, target: Mapping[str, Any], held: list[Any]) -> tuple[str | None, str | None]:
    """Wake the waiting thread with every held event; a thread whose wait went (its timer
    woke it, it was cancelled) gets them in its inbox; an ended one leaves them in the log."""
    from wakeful.threads.exceptions import ThreadStateError

    thread_id, text = target["thread_id"], listing(held, "coalesced")
    view = service.event_view(held[-1])  # the wake has seen up to the last held event
    if service.wake_by_event(agent, thread_id, target["wait_id"], view, notice=f"You were woken by events you waited for.\n{text}"):
        return thread_id, None
    thread = repository.get(agent.agent_id, thread_id)
    if thread is None or thread.status in records.ENDED:
        return None, "thread ended"
    try:
        service.post_message(agent.owner, agent.agent_id, thread_id, text, created_by="system", event=view, wake=False)
    except ThreadStateError:
        return None, "thread ended"
    return thread_id, None
