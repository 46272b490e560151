"""Routing an agent's log to its threads: the route queue's work.

The router reads the agent's log in sequence from its cursor (like a heartbeat window)
and decides, for each event: wake every sleeping thread whose ``wake_on_events`` it
matches (each once), else deliver it to the live thread its thread trigger started
within the trigger's cooldown, else start a thread from the first matching
``thread_triggers`` entry, else ``ignored`` (left to heartbeats). The decision is
recorded before it is carried out, and every action is idempotent (a wake is
conditioned on the wait it answers, a started thread has an id derived from the event),
so a redelivered routing message repeats the decision, never doubles it.

Sequence-exact waits: a thread's wait covers events after the log position its run
started from (``wait_after_seq``). When a run ends with a wait, the runner asks the
router (``thread_id``) to match it against events the router already passed; an event
appended while the thread still ran therefore wakes it.

A coalescer (:data:`wakeful.threads.slots.COALESCER`) may turn a wake or a start into
``coalesced``: the event is held with others and goes to one run later (the holds are
timers over events already in the log, fired by the scan).

One message group per agent on a FIFO queue: one router per agent at a time.
"""

from __future__ import annotations

import logging
from typing import Any

from wakeful import clock
from wakeful.agents import repository as agent_repository
from wakeful.agents.records import Agent
from wakeful.events import store as events
from wakeful.threads import matching, metrics, records, repository, routing_repository, service
from wakeful.threads.slots import COALESCER

logger = logging.getLogger(__name__)

WOKE = "woke"
COALESCED = "coalesced"
STARTED = "started"
IGNORED = "ignored"


def route(agent_id: str, thread_id: str | None = None) -> dict[str, int]:
    """Route the agent's log up to its end; first re-check ``thread_id``'s new wait."""
    agent = agent_repository.get(agent_id)
    if agent is None:
        return {"routed": 0}
    cursor = routing_repository.cursor(agent_id)
    if thread_id:
        _recheck(agent, thread_id, cursor)
    last = agent.last_seq
    routed = 0
    for event in events.read_range(agent_id, cursor, last):
        _route_one(agent, event)
        if not routing_repository.advance_cursor(agent_id, cursor, event.seq):
            break  # another router moved it (a redelivery racing this one)
        cursor = event.seq
        routed += 1
    metrics.add(metrics.THREAD_EVENTS_ROUTED, routed)
    return {"routed": routed}


def _recheck(agent: Agent, thread_id: str, cursor: int) -> None:
    thread = repository.get(agent.agent_id, thread_id)
    if not thread or thread.status != records.SLEEPING or not thread.wake_on_events:
        return
    after = thread.wait_after_seq or 0
    for event in events.read_range(agent.agent_id, after, cursor):
        if thread.waits_for(event.event_type, event.payload):
            # Decision first, as for every routed event: a redelivery finds it recorded.
            routing_repository.add_woken(agent.agent_id, event.seq, thread_id)
            service.wake_by_event(agent, thread_id, str(thread.wait_id), service.event_view(event))
            return


def _route_one(agent: Agent, event: Any) -> None:
    agent_id = agent.agent_id
    view = service.event_view(event)
    decision, thread_ids, plan = _decide(agent, event)
    coalescer = next(iter(COALESCER.installed()), None)
    if coalescer is not None and decision in (WOKE, STARTED):
        decision, thread_ids, plan = coalescer.plan(agent, event, decision, thread_ids, plan)
    record = routing_repository.decide(agent_id, event.seq, {"event_id": event.id, "event_type": event.event_type}, decision, thread_ids, plan)
    plan = record.get("plan") or {}
    for wake in plan.get("wake") or []:
        service.wake_by_event(agent, wake["thread_id"], wake["wait_id"], view)
    if plan.get("deliver"):
        _deliver(agent, plan["deliver"], event, view)
    if plan.get("start"):
        _start(agent, plan["start"], int(plan["trigger"]), event, view)
    if plan.get("hold") and coalescer is not None:
        coalescer.hold(agent, event, plan)
    logger.info("event routed", extra={"agent_id": agent_id, "seq": event.seq, "decision": record["decision"]})


def _decide(agent: Agent, event: Any) -> tuple[str, list[str], dict[str, Any]]:
    waiting = [t for t in repository.waiting(agent.agent_id) if t.wait_after_seq < event.seq and t.waits_for(event.event_type, event.payload)]
    if waiting:
        wakes = [_wake(t, event) for t in waiting]
        return WOKE, [t.thread_id for t in waiting], {"wake": wakes}
    triggers = [dict(t) for t in agent.thread_triggers]
    index = matching.matching_trigger(triggers, event.event_type, event.payload)
    if index is None:
        return IGNORED, [], {}
    live = _cooldown_thread(agent, index, triggers[index])
    if live is not None:
        return WOKE, [live], {"deliver": live}
    created = clock.parse_iso(event.created_at)
    thread_id = records.derived_thread_id(created, agent.agent_id, str(event.seq), str(index))
    return STARTED, [thread_id], {"start": thread_id, "trigger": index}


def _wake(thread: records.WaitingThread, event: Any) -> dict[str, Any]:
    """A wake of the plan; with the matched wait's ``coalesce``, if it has one."""
    wake: dict[str, Any] = {"thread_id": thread.thread_id, "wait_id": thread.wait_id}
    matched = next(w for w in thread.wake_on_events if w.matches(event.event_type, event.payload))
    if matched.coalesce:
        wake["coalesce"] = dict(matched.coalesce)
    return wake


def _cooldown_thread(agent: Agent, index: int, trigger: dict[str, Any]) -> str | None:
    """The thread this trigger started, if it is not complete and younger than the
    trigger's cooldown: further events of the trigger go to it."""
    state = routing_repository.trigger_state(agent.agent_id, index)
    if not state:
        return None
    cooldown = int(trigger.get("cooldown_seconds", records.DEFAULT_TRIGGER_COOLDOWN))
    if clock.now() - float(state.get("started_at", 0)) >= cooldown:
        return None
    thread = repository.get(agent.agent_id, state["thread_id"])
    if thread is None or thread.status in records.ENDED:
        return None
    return thread.thread_id


def event_text(event: Any) -> str:
    import json

    return f"Event {event.event_type} (seq {event.seq}, source {event.source}): {json.dumps(event.payload, sort_keys=True, default=str)}"


def _deliver(agent: Agent, thread_id: str, event: Any, view: dict[str, Any]) -> None:
    from wakeful.threads.exceptions import ThreadStateError

    try:
        # A sleeping thread stays asleep: the event waits in its inbox for its next wake
        # (its timer, or one of its own wake_on_events); a running one reads it next.
        service.post_message(agent.owner, agent.agent_id, thread_id, event_text(event), created_by="system", event=view, wake=False)
    except ThreadStateError:
        logger.info("cooldown thread ended before the event reached it", extra={"thread_id": thread_id, "seq": event.seq})


def _start(agent: Agent, thread_id: str, index: int, event: Any, view: dict[str, Any]) -> None:
    source = "webhook" if str(event.source).startswith("webhook") else "event"
    thread = service.start_thread(
        agent.owner,
        agent.agent_id,
        event_text(event),
        source=source,
        source_id=event.event_type,
        thread_id=thread_id,
        created_by="system",
        event=view,
    )
    routing_repository.set_trigger_state(agent.agent_id, index, thread_id, clock.now() if thread.created_at is None else thread.created_at)
