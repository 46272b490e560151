"""The orchestrator: drives one heartbeat through its window of events.

A heartbeat is a small state machine persisted on its DynamoDB item, and
:func:`process` is re-entrant: every SQS message only says "look at heartbeat X", and
every transition is a conditional write fenced by the heartbeat's ``attempt``. A
duplicate message, two racing workers, or a worker killed between any two writes leave
the same result (no event missed or processed twice, exactly-once effects, recovery from a crash anywhere: docs/semantics.md).

The window: when it starts, a heartbeat appends its own ``HEARTBEAT`` event and fixes
its window as ``(agent.processed_seq, that event's seq]``: every event up to there is
this heartbeat's, however many (the heartbeat's own event included). It pages through
the window ``MAX_EVENTS_PER_ROUND`` events at a time; a page creates one action per
(event, matching subscription), with a deterministic id, and dispatches them to the
FIFO action queue in order (a *round*); a page with nothing to run just moves the
cursor on. One invocation reads at most ``heartbeat_pages_per_invocation`` pages (20)
and then hands over to a fresh one, so the work is bounded per invocation, not the window.

Cascades: when the window is done and actions ran, the target moves to the log's end
to take in what the tools emitted meanwhile (and anything that arrived with it), up to
``max_cascade_rounds`` generations in all; the rest waits for the next heartbeat.
Completion marks the heartbeat, advances the agent's ``processed_seq`` to the cursor
and schedules the next heartbeat in one transaction, so the heartbeat's ``window``, its
``events_processed`` and the agent's ``processed_seq`` agree.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from itertools import count
from typing import Any

from wakeful import clock, ids, retention
from wakeful.actions import records as actions
from wakeful.actions import repository as action_items
from wakeful.actions.records import Action
from wakeful.agents import repository as agents_repository
from wakeful.agents.records import Agent
from wakeful.config import get_settings
from wakeful.events import store as events
from wakeful.events.models import NewEvent
from wakeful.heartbeats import records as hb
from wakeful.heartbeats import slots as heartbeat_slots
from wakeful.heartbeats import repository
from wakeful.heartbeats.records import Heartbeat
from wakeful.heartbeats.repository import HeartbeatStaleError
from wakeful.hooks.firing import fire, wants
from wakeful.items import opt_float
from wakeful.subscriptions import service as subscriptions
from wakeful.subscriptions.models import passes
from wakeful.actions.queue import send_actions
from wakeful.heartbeats.queue import send_heartbeats

logger = logging.getLogger(__name__)

MAX_EVENTS_PER_ROUND = 100


def process(agent_id: str, heartbeat_id: str, attempt: int | None = None) -> str:
    """Advance a heartbeat as far as it can go now. Returns what happened, for logs.

    Args:
        agent_id: the heartbeat's agent.
        heartbeat_id: the heartbeat.
        attempt: the claim this message was sent for; None (a tool's "continue")
            means whatever claim is current.
    """
    item = repository.get(agent_id, heartbeat_id)
    if item is None:
        return "missing"
    if item.status not in hb.CLAIMED:
        return "not-claimed"
    if attempt is not None and item.attempt != attempt:
        return "stale"
    try:
        return _advance(item)
    except HeartbeatStaleError:
        return "stale"


def _advance(item: Heartbeat) -> str:
    agent = agents_repository.get(item.agent_id)
    if agent is None:
        _finish(item, None, status=hb.FAILED, error="agent deleted")
        return "agent-deleted"
    if item.status == hb.QUEUED:
        if not agent.is_active:
            _park(item)
            return "parked"
        item = _start(item, agent)
    elif item.window_end_seq is None:
        # Started by a version that did not fix the window's end: fix it now.
        end = _append_heartbeat_event(item, agent)
        item = repository.fix_window(item, end)
    return _work_through(item, agent)


def _start(item: Heartbeat, agent: Agent) -> Heartbeat:
    """QUEUED -> EXECUTING, with the window fixed (see :func:`_append_heartbeat_event`)
    in the same write; fires ``BEFORE_HEARTBEAT``."""
    now = clock.now()
    end = item.window_end_seq if item.window_end_seq is not None else _append_heartbeat_event(item, agent)
    item = repository.start(
        item, now=now, lease=now + get_settings().heartbeat_lease_seconds, start_seq=agent.processed_seq, end=end
    )
    if wants(agent, "BEFORE_HEARTBEAT"):
        from wakeful.hooks.events import BeforeHeartbeat  # only for an agent with the hook

        fire(
            agent,
            BeforeHeartbeat(scheduled_at=clock.iso(item.scheduled_at), last_heartbeat=dict(agent.last_heartbeat) if agent.last_heartbeat else None),
            heartbeat_id=item.heartbeat_id,
            context={"triggered_by": "CRON_SCHEDULER"},
            delivery_key=f"{item.heartbeat_id}:before",
        )
    return item


def _work_through(item: Heartbeat, agent: Agent) -> str:
    """Read the window page by page until a round of actions is dispatched, the
    heartbeat finishes, or this invocation has read its share of pages."""
    pages = 0
    while True:
        if item.open_actions:
            # Tools remove their action from ``open_actions`` when it finishes; the last
            # one sends the "continue" that brings us back here with the set empty.
            if item.round_dispatch == item.attempt:
                return "waiting"
            item, redispatched = _redispatch(item)
            if redispatched:
                return "redispatched"
        if item.cursor >= item.target:
            item, agent, outcome = _next_target(item, agent)
            if outcome:
                return outcome
            continue
        if pages >= get_settings().heartbeat_pages_per_invocation:
            # Bound the work of one invocation, not the window: go on in a fresh one.
            send_heartbeats([{"agent_id": item.agent_id, "heartbeat_id": item.heartbeat_id, "attempt": item.attempt}])
            return "paging"
        pages += 1
        item, outcome = _page(item, agent)
        if outcome:
            return outcome


def _page(item: Heartbeat, agent: Agent) -> tuple[Heartbeat, str]:
    """Match the next page of events (up to the target). A page with actions is a
    round, dispatched in order ("dispatched"); one without just moves the cursor ("")."""
    cursor = item.cursor
    target = item.target
    page = list(events.read_range(item.agent_id, cursor, target, limit=MAX_EVENTS_PER_ROUND))
    if not page:  # cannot happen with a gap-free log; never spin on it
        _finish(item, agent, status=hb.FAILED, error=f"events {cursor + 1}..{target} are missing from the log")
        return item, "failed-missing-events"
    round_no = item.round + 1
    fresh = _within_lookback(item, agent, page)
    skipped = item.events_skipped + len(page) - len(fresh)
    action_ids = _create_actions(item, agent, fresh, round_no)
    processed = page[-1].seq - item.window_start - skipped
    if not action_ids:
        return repository.move_cursor(item, cursor=cursor, end=page[-1].seq, processed=processed, skipped=skipped, lease=_lease()), ""
    item = repository.begin_round(
        item, round_no=round_no, end=page[-1].seq, action_ids=action_ids, processed=processed, skipped=skipped, lease=_lease()
    )
    send_actions(item.agent_id, action_ids, f"{item.heartbeat_id}-{item.attempt}")
    return item, "dispatched"


def _within_lookback(item: Heartbeat, agent: Agent, page: list[Any]) -> list[Any]:
    """The page's events no older than the agent's lookback (counted from when the scan
    claimed the heartbeat): after a long pause, older ones are skipped, not processed.
    The heartbeat's own ``HEARTBEAT`` event and what its tools emit are never old."""
    cutoff = (item.queued_at or item.started_at or clock.now()) - agent.event_lookback()
    own = item.heartbeat_event_seq or 0
    return [e for e in page if e.seq >= own or not e.created_at or clock.parse_iso(e.created_at) >= cutoff]


def _lease() -> float:
    return clock.now() + get_settings().heartbeat_lease_seconds


def _append_heartbeat_event(item: Heartbeat, agent: Agent) -> int:
    """Append the heartbeat's own ``HEARTBEAT`` event; its seq is the window's end.

    Idempotent (keyed by the heartbeat), so a retry finds the same event and the same
    end. Appended before anything is read, so the heartbeat's own event is inside its
    window (a clock-time window would miss them). Every event up to that seq is this heartbeat's,
    however many there are.
    """
    appended = events.append(
        item.agent_id,
        [
            NewEvent(
                event_type="HEARTBEAT",
                payload={"heartbeat_id": item.heartbeat_id, "scheduled_at": clock.iso(item.scheduled_at)},
                source="system",
            )
        ],
        idempotency_key=f"heartbeat:{item.heartbeat_id}",
        expected_last_seq=agent.last_seq,
    )
    return appended.events[0].seq


def _redispatch(item: Heartbeat) -> tuple[Heartbeat, bool]:
    """A new claim after a lost worker: the first dispatch of the round may be lost too.
    Sends the round's unfinished actions again; (item, True) if there were any."""
    order = {a: i for i, a in enumerate(item.round_actions)}
    found = action_items.get_many(sorted(item.open_actions))
    pending = sorted(
        (a.action_id for a in found if a.status in actions.OPEN and a.heartbeat_id == item.heartbeat_id),
        key=lambda a: order.get(a, 0),
    )
    item = repository.mark_dispatched(item, _lease())
    if pending:
        send_actions(item.agent_id, pending, f"{item.heartbeat_id}-{item.attempt}")
        return item, True
    # Every open action had in fact finished: the round is closed.
    return repository.close_round(item), False


def _next_target(item: Heartbeat, agent: Agent) -> tuple[Heartbeat, Agent, str]:
    """The cursor reached the target. Finish, or extend the target over what the tools
    emitted meanwhile (a cascade round, up to ``max_cascade_rounds`` in all).

    Returns the item, the agent and an outcome ("" when there is more to read).
    """
    if not item.dispatched_since_target:
        # No action ran since the target was set, so nothing of ours can have emitted
        # more: anything that arrived meanwhile is the next heartbeat's.
        _finish(item, agent, status=hb.COMPLETED)
        return item, agent, "completed"
    if item.cascade_round + 1 >= get_settings().max_cascade_rounds:
        _finish(item, agent, status=hb.COMPLETED)
        return item, agent, "completed-depth-bound"
    agent = agents_repository.get(item.agent_id) or agent
    last_seq = agent.last_seq
    if last_seq <= item.cursor:
        _finish(item, agent, status=hb.COMPLETED)
        return item, agent, "completed"
    item = repository.extend_target(item, target=last_seq, cascade_round=item.cascade_round + 1)
    return item, agent, ""


def _create_actions(item: Heartbeat, agent: Agent, window: list[Any], round_no: int) -> list[str]:
    """One action per (event, matching subscription), in seq then execution_order.

    Ids are deterministic, so a retry finds what an earlier try created. An unfinished
    action left by an earlier, failed heartbeat is adopted into this round; a finished
    one is not run again.
    """
    from wakeful.tools import configs as tool_configs

    subs = subscriptions.for_agent(agent.owner, agent.agent_id)
    usable: dict[str, tool_configs.ToolSettings] | None = None
    context = agent.agent_context()
    chosen: list[str] = []
    now, made = clock.now(), count()  # each action a microsecond after the one before it
    for event in window:
        for sub in subs:
            if sub.event_type != event.event_type or not passes(sub.filter_config, event.priority, event.payload):
                continue
            if usable is None:  # read once, and only when something matches
                usable = tool_configs.effective(agent.owner, agent.agent_id)
            tool_name = sub.tool
            tool = usable.get(tool_name)
            if tool is None or not tool.is_active:
                continue  # switched off (or deleted): the subscription waits, nothing fails
            action_id = ids.action_id(agent.agent_id, event.seq, sub.subscription_id)
            order_key = actions.order_key(round_no, event.seq, sub.execution_order, sub.subscription_id)
            record = {
                "action_id": action_id,
                "agent_id": agent.agent_id,
                "owner": agent.owner,
                "heartbeat_id": item.heartbeat_id,
                "round": round_no,
                "order_key": order_key,
                "event_id": event.id,
                "event_seq": event.seq,
                "event_type": event.event_type,
                "subscription_id": sub.subscription_id,
                "tool": tool_name,
                "status": actions.PENDING,
                "parent_action_id": event.parent_action_id,
                # Copied so the tool runner need not read the agent to fire hooks.
                "hook_types": list(agent.hook_types or []),
                "request_meta": {
                    "event": {
                        "id": event.id,
                        "type": event.event_type,
                        "payload": event.payload,
                        "priority": event.priority,
                        "seq": event.seq,
                        "created_at": event.created_at,
                    },
                    "agent_context": context,
                    "tool_config": tool.config,
                },
                "created_at": now + next(made) * 1e-6,  # "newest first" lists the last dispatched first
                "run_count": 0,
            }
            if _put_or_adopt(Action.from_item(record)):
                chosen.append(action_id)
    return chosen


def _put_or_adopt(record: Action) -> bool:
    """Create the action; if it exists, adopt it when unfinished. True if it is part
    of this round."""
    if action_items.create(record):
        return True
    existing = action_items.get(record.action_id)
    if existing is None or existing.status in actions.TERMINAL:
        return False
    if existing.heartbeat_id == record.heartbeat_id and existing.round == record.round:
        return True
    # False: it finished meanwhile.
    return action_items.adopt(record)


def _park(item: Heartbeat) -> None:
    """The agent was paused after this heartbeat was claimed: back to PENDING, out of
    every index; resuming the agent makes it due again."""
    repository.park(item)


def fail(agent_id: str, heartbeat_id: str, attempt: int, reason: str) -> bool:
    """Mark a claimed heartbeat FAILED (e.g. its workers kept dying) and schedule the
    next one. Its window is not advanced: the next heartbeat processes it again, and
    deterministic action ids keep finished actions from running twice."""
    item = repository.get(agent_id, heartbeat_id)
    if item is None or item.status not in hb.CLAIMED or item.attempt != attempt:
        return False
    agent = agents_repository.get(agent_id)
    try:
        _finish(item, agent, status=hb.FAILED, error=reason)
    except HeartbeatStaleError:
        return False
    return True


def _processed_count(item: Heartbeat) -> int:
    """Events of the log this heartbeat has matched: its window so far."""
    if item.cursor_seq is None or item.window_start_seq is None:
        return item.events_processed
    return item.cursor_seq - item.window_start_seq - item.events_skipped


def _finish(
    item: Heartbeat,
    agent: Agent | None,
    *,
    status: str,
    error: str | None = None,
) -> None:
    """Complete or fail the heartbeat, advance ``processed_seq`` (on success) and put
    the next heartbeat, atomically; then fire ``AFTER_HEARTBEAT``.

    The window ``(window_start_seq, cursor_seq]``, ``events_processed`` and the agent's
    new ``processed_seq`` all come from the cursor, so they agree.

    Raises:
        HeartbeatStaleError: this worker's attempt is no longer the heartbeat's.
    """
    processed = _processed_count(item)
    for _ in range(10):
        now = clock.now()
        heartbeat_part = repository.finish_part(
            item, status=status, now=now, processed=processed, error=error, expires_at=retention.expiry(now)
        )
        if agent is None:
            repository.finish(heartbeat_part)
            return
        next_item, scheduled, summary = _next_heartbeat(item, agent, status, processed, now)
        agent_part = agents_repository.heartbeat_finished_part(
            agent,
            finished_id=item.heartbeat_id,
            next_id=next_item.heartbeat_id,
            scheduled=scheduled,
            summary=summary,
            quiet=hb.quiet_counts(item, agent),
            processed_seq=_processed_seq(item, agent) if status == hb.COMPLETED else None,
        )
        try:
            repository.finish(heartbeat_part, agent_part, next_item)
        except repository.AgentChangedError:
            # The agent changed under us (paused, resumed, a heartbeat requested, or
            # deleted): read it again and retry.
            agent = agents_repository.get(item.agent_id)
            continue
        _after_finish(item, agent, status, error, summary, now, scheduled)
        return
    raise RuntimeError(f"could not finish heartbeat {item.heartbeat_id}: the agent kept changing")


def _processed_seq(item: Heartbeat, agent: Agent) -> int:
    """The agent's ``processed_seq`` once this heartbeat completes: its cursor."""
    return item.cursor_seq if item.cursor_seq is not None else agent.processed_seq


def _next_heartbeat(
    item: Heartbeat, agent: Agent, status: str, processed: int, now: float
) -> tuple[Heartbeat, float, dict[str, Any]]:
    """The agent's next PENDING heartbeat (the one asked for while this ran, due at
    once, or one interval on), when it is due, and the summary of this one the agent
    keeps."""
    requested = agent.requested_heartbeat_id
    next_id = requested or ids.new_id("hb", now)
    scheduled = now if requested else now + agent.heartbeat_interval_seconds
    # ``forced``: asked for while this one ran, so it runs, never quiet.
    next_item = hb.new_pending(agent, next_id, scheduled, now=now, forced=bool(requested))
    quiet = hb.quiet_counts(item, agent)  # carried on, so the count never goes back
    if quiet["quiet_heartbeats"]:
        next_item = replace(
            next_item,
            quiet_heartbeats=int(quiet["quiet_heartbeats"]),
            last_quiet_heartbeat_at=opt_float(quiet["last_quiet_heartbeat_at"]),
        )
    summary = {
        "heartbeat_id": item.heartbeat_id,
        "status": status,
        "completed_at": clock.iso(now),
        "events_processed": processed,
        "actions_triggered": item.actions_triggered,
    }
    return next_item, scheduled, summary


def _after_finish(
    item: Heartbeat,
    agent: Agent,
    status: str,
    error: str | None,
    summary: dict[str, Any],
    now: float,
    scheduled: float,
) -> None:
    """What follows a committed finish: ``AFTER_HEARTBEAT``, the log line, and (once,
    for an agent older than quiet heartbeats) learning its ``HEARTBEAT`` tools."""
    if wants(agent, "AFTER_HEARTBEAT"):
        from wakeful.hooks.events import AfterHeartbeat  # only for an agent with the hook

        fire(
            agent,
            AfterHeartbeat(
                status=status,
                scheduled_at=clock.iso(item.scheduled_at),
                started_at=clock.iso(item.started_at),
                completed_at=clock.iso(now),
                events_processed=summary["events_processed"],
                actions_triggered=summary["actions_triggered"],
                error_message=error,
                next_heartbeat_at=clock.iso(scheduled),
            ),
            heartbeat_id=item.heartbeat_id,
            context={"triggered_by": "HEARTBEAT"},
            delivery_key=f"{item.heartbeat_id}:after",
        )
    logger.info("heartbeat finished", extra={"agent_id": item.agent_id, "heartbeat_id": item.heartbeat_id, "status": status})
    heartbeat_slots.finished(agent, summary, now)
    if agent.heartbeat_tools is None and status == hb.COMPLETED:
        # A new agent (or one older than quiet heartbeats): learn its HEARTBEAT tools once,
        # after a heartbeat that ran (a failure recorded by the scan's lease check leaves
        # it to the next one).
        from wakeful.subscriptions import service as subscriptions

        subscriptions.sync_heartbeat_tools(agent.owner, agent.agent_id)
