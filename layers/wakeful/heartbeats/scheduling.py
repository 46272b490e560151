"""An agent's pending heartbeat, kept in step with the agent.

Every active agent has one pending heartbeat. It is written with the agent, in the
agent's creation transaction (due at once), taken out of the due index with a pause and
put back with a resume, moved when the interval changes, made due now by a request or
an urgent event, failed when the agent is deleted, and read into the agent's view. The
agents never import this module: it fills their lifecycle and deleted slots
(:mod:`wakeful.agents.slots`), and the events' urgent slot.
"""

from __future__ import annotations

from typing import Any

from wakeful import clock, ids
from wakeful.agents import repository as agents
from wakeful.agents import service as agents_service
from wakeful.agents.exceptions import AgentPausedError
from wakeful.agents.records import Agent
from wakeful.exceptions import ConflictError
from wakeful.heartbeats import records as hb
from wakeful.heartbeats import repository


def created(agent: Agent, now: float) -> list[dict[str, Any]]:
    """The first heartbeat, pending and due at once, written with the agent. It always
    runs and leaves its record (never quiet)."""
    first = hb.new_pending(agent, agent.active_heartbeat_id or "", now, now=now, forced=True)
    return [repository.new_pending_part(first, once=False)]


def toggled(agent: Agent, active: bool) -> list[dict[str, Any]]:
    """A pause takes the pending heartbeat out of the due index, a resume puts it back.
    When the heartbeat is running (the part fails), its completion reads ``is_active``
    and schedules (or parks) the next one."""
    if not agent.active_heartbeat_id:
        return []
    move = repository.resume_part if active else repository.pause_part
    return [move(agent.agent_id, agent.active_heartbeat_id)]


def changed(before: Agent, after: Agent) -> None:
    """A new interval moves the pending heartbeat."""
    if after.heartbeat_interval_seconds != before.heartbeat_interval_seconds:
        _reschedule(after, before.heartbeat_interval_seconds, after.heartbeat_interval_seconds)


def _reschedule(agent: Agent, old_interval: int, new_interval: int) -> None:
    """Move the pending heartbeat to the new interval: it was due ``old_interval``
    after the last one, now it is due ``new_interval`` after it (at once if that has
    passed). A heartbeat already due, or running, is left alone: the next one is
    scheduled from the new interval when it completes."""
    heartbeat_id = agent.active_heartbeat_id
    if not heartbeat_id:
        return
    item = repository.get(agent.agent_id, heartbeat_id)
    now = clock.now()
    if item is None or item.status != hb.PENDING or item.scheduled_at is None or item.scheduled_at <= now:
        return
    scheduled = max(now, item.scheduled_at - old_interval + new_interval)
    part = repository.reschedule_part(
        agent.agent_id, heartbeat_id, scheduled=scheduled, was=item.scheduled_at, in_due_index=item.in_due_index
    )
    # False: it was claimed, paused or requested meanwhile; its completion schedules
    # the next heartbeat from the new interval.
    agents.reschedule(agent.agent_id, heartbeat_id, scheduled, part)


def shown(page: list[Agent]) -> list[Agent]:
    """The agents as the API shows them: a quiet heartbeat moves the pending heartbeat,
    not the agent item, so ``next_heartbeat_at`` and the quiet counts are read from the
    pending heartbeat (one BatchGetItem for the page)."""
    keys = [{"agent_id": a.agent_id, "heartbeat_id": a.active_heartbeat_id} for a in page if a.active_heartbeat_id]
    if not keys:
        return page
    pending = {h.agent_id: h for h in repository.get_many(keys)}
    result = []
    for agent in page:
        item = pending.get(agent.agent_id)
        if item is not None and item.heartbeat_id == agent.active_heartbeat_id:
            counts = hb.quiet_counts(item, agent)
            agent = agent._replace(
                quiet_heartbeats=int(counts["quiet_heartbeats"]), last_quiet_heartbeat_at=counts["last_quiet_heartbeat_at"]
            )
            if item.status == hb.PENDING and item.scheduled_at is not None:
                agent = agent._replace(next_heartbeat_at=item.scheduled_at)
        result.append(agent)
    return result


def deleted(agent: Agent) -> None:
    """The deleted agent's pending heartbeat leaves the due index, failed (a running
    heartbeat finds the agent gone and fails on its own)."""
    if agent.active_heartbeat_id:
        repository.fail_pending(agent.agent_id, agent.active_heartbeat_id, message="agent deleted", now=clock.now())


def request(owner: str, agent_id: str) -> str:
    """Make a heartbeat due now and return its id.

    The pending heartbeat is moved to now. If a heartbeat is running, the next one is
    named now and scheduled at its completion, so two never run at once.
    """
    agent = agents_service.get(owner, agent_id)
    if not agent.is_active:
        raise AgentPausedError(f"agent {agent_id} is paused; PATCH is_active=true first")
    return _due_now(agent, forced=True)


def wake_for_urgent_events(agent: Agent) -> str | None:
    """An urgent event arrived (priority <= the agent's ``wake_on_priority``): make a
    heartbeat due now. Coalesced: the pending heartbeat is moved (once due, it stays
    the one), or, while one runs, its successor is named once; a burst makes one
    heartbeat. Returns its id (None for a paused agent)."""
    if not agent.is_active:
        return None
    return _due_now(agent)


def _due_now(agent: Agent, *, forced: bool = False) -> str:
    """Make the pending heartbeat due now or, if one is running, ask for the next one
    at its completion; returns the id of the heartbeat that will run.

    The agent may have moved on since it was read (its heartbeat completed and the next
    is pending): then it is read again and the new pending heartbeat is the one moved.
    ``forced`` (a heartbeat asked for through the API) marks it so that it runs and
    leaves its record even when it would be quiet (see wakeful.heartbeats.quiet).
    """
    for _ in range(3):
        done = _try_due_now(agent, forced)
        if done is not None:
            return done
        agent = agents.get(agent.agent_id) or agent
    raise ConflictError(f"agent {agent.agent_id} kept changing; try again")


def _try_due_now(agent: Agent, forced: bool = False) -> str | None:
    """One try of :func:`_due_now` against the agent as read; None if it moved on."""
    agent_id = agent.agent_id
    now = clock.now()
    active = agent.active_heartbeat_id
    if (
        active
        and repository.make_due_now(agent_id, active, now, forced=forced)
        and agents.point_next_heartbeat(agent_id, active, now)
    ):
        return active
    # A heartbeat is running: name its successor now and ask for it to be due at once,
    # provided it is still the one running (else the agent moved on: try again).
    next_id = agent.requested_heartbeat_id or ids.new_id("hb", now)
    if not agents.request_successor(agent_id, next_id, active):
        return None
    refreshed = agents.get(agent_id)
    return (refreshed.requested_heartbeat_id if refreshed else None) or next_id
