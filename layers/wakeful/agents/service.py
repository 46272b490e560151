"""Creating, reading, changing and deleting agents.

Creation is one transaction: the agent, its alias reservation and its first heartbeat
(PENDING, due at once). Pausing takes the pending
heartbeat out of the due index; resuming puts it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wakeful import clock, ids
from wakeful.agents import repository, slots
from wakeful.agents.records import Agent
from wakeful.agents.exceptions import AgentPausedError, AgentPresetUnknownError
from wakeful.exceptions import ConflictError
from wakeful.heartbeats import records as hb
from wakeful.heartbeats import repository as heartbeats

if TYPE_CHECKING:  # the API's bodies: pydantic, imported by the routes that build them
    from wakeful.agents.inputs import AgentCreate, AgentPatch


def find_by_alias(owner: str, alias: str) -> str | None:
    """The id of the owner's agent with this alias, in any case (one GetItem)."""
    return repository.find_alias(owner, alias)


def create(owner: str, body: AgentCreate) -> Agent:
    """Create an agent whose first heartbeat is due now; apply its preset."""
    from wakeful import presets

    if body.preset is not None and body.preset not in presets.PRESETS:
        raise AgentPresetUnknownError(
            f"unknown preset {body.preset!r}; known presets: {', '.join(sorted(presets.PRESETS)) or 'none'}"
        )
    given = body.model_dump()
    slots.check(owner, given, body.preset)
    now = clock.now()
    agent = _new_agent(owner, body, given, now)
    # The first heartbeat always runs and leaves its record (never quiet).
    first = hb.new_pending(agent, agent.active_heartbeat_id or "", now, now=now, forced=True)
    repository.create(agent, heartbeats.new_pending_part(first, once=False))
    if body.preset is not None:
        presets.PRESETS[body.preset](owner, agent.agent_id)
    return repository.get(agent.agent_id) or agent


def _new_agent(owner: str, body: AgentCreate, given: dict[str, Any], now: float) -> Agent:
    """A new agent, pointing at its first heartbeat (due now)."""
    return Agent.from_item({
        "agent_id": ids.new_id("agt", now),
        "owner": owner,
        "name": body.name,
        "alias": body.alias,
        "personality": body.personality,
        "expertise": body.expertise,
        "focus_areas": body.focus_areas,
        "preset": body.preset,
        "is_active": True,
        "last_seq": 0,
        "processed_seq": 0,
        "active_heartbeat_id": ids.new_id("hb", now),
        "next_heartbeat_at": now,
        "created_at": now,
        "updated_at": now,
        **_field_values(body, given),
    })


def _field_values(body: AgentCreate | AgentPatch, given: dict[str, Any]) -> dict[str, Any]:
    """The item attributes of the capabilities' agent fields in ``given`` (the values
    sent), each kept and stored as its declaration says (:mod:`wakeful.agents.slots`):
    thread triggers also route the agent's log, a tool policy and a budget are kept whole."""
    values: dict[str, Any] = {}
    for field in slots.installed():
        if field.name in given:
            values.update(slots.kept(field, getattr(body, field.name), given[field.name]))
    return values


def get(owner: str, agent_id: str) -> Agent:
    """The owner's agent. Another owner's agent is not found (tenants are isolated)."""
    return repository.get_owned(owner, agent_id)


def list_page(owner: str, limit: int, cursor: str | None) -> tuple[list[Agent], str | None]:
    """The owner's agents, newest first."""
    return repository.page(owner, limit, cursor)


def with_schedule(agents: list[Agent]) -> list[Agent]:
    """The agents as the API shows them: a quiet heartbeat moves the pending heartbeat,
    not the agent item, so ``next_heartbeat_at`` and the quiet counts are read from the
    pending heartbeat (one BatchGetItem for the page)."""
    keys = [{"agent_id": a.agent_id, "heartbeat_id": a.active_heartbeat_id} for a in agents if a.active_heartbeat_id]
    if not keys:
        return agents
    pending = {h.agent_id: h for h in heartbeats.get_many(keys)}
    shown = []
    for agent in agents:
        item = pending.get(agent.agent_id)
        if item is not None and item.heartbeat_id == agent.active_heartbeat_id:
            counts = hb.quiet_counts(item, agent)
            agent = agent._replace(
                quiet_heartbeats=int(counts["quiet_heartbeats"]), last_quiet_heartbeat_at=counts["last_quiet_heartbeat_at"]
            )
            if item.status == hb.PENDING and item.scheduled_at is not None:
                agent = agent._replace(next_heartbeat_at=item.scheduled_at)
        shown.append(agent)
    return shown


def patch(owner: str, agent_id: str, body: AgentPatch) -> Agent:
    """Change an agent; pausing or resuming moves its pending heartbeat out of or into
    the due index in the same transaction."""
    agent = get(owner, agent_id)
    given = body.model_dump(exclude_unset=True)
    slots.check(owner, given)
    changes = _patch_changes(body, given)
    toggled = "is_active" in changes and changes["is_active"] != agent.is_active
    heartbeat_part = None
    if toggled and agent.active_heartbeat_id:
        move = heartbeats.resume_part if changes["is_active"] else heartbeats.pause_part
        heartbeat_part = move(agent_id, agent.active_heartbeat_id)
    repository.update(agent_id, changes, heartbeat_part)
    new_interval = changes.get("heartbeat_interval_seconds")
    if new_interval is not None and new_interval != agent.heartbeat_interval_seconds:
        _reschedule(get(owner, agent_id), agent.heartbeat_interval_seconds, int(new_interval))
    changed = get(owner, agent_id)
    if "budget" in changes:
        for listener in slots.BUDGET_CHANGED.installed():
            listener.changed(changed)
    return changed


def _patch_changes(body: AgentPatch, given: dict[str, Any]) -> dict[str, Any]:
    """The attributes a PATCH sets (``given``: the values sent; ``null`` for an optional
    field unsets it)."""
    changes = {**given, **_field_values(body, given)}
    changes["updated_at"] = clock.now()
    return changes


def _reschedule(agent: Agent, old_interval: int, new_interval: int) -> None:
    """Move the pending heartbeat to the new interval: it was due ``old_interval``
    after the last one, now it is due ``new_interval`` after it (at once if that has
    passed). A heartbeat already due, or running, is left alone: the next one is
    scheduled from the new interval when it completes."""
    heartbeat_id = agent.active_heartbeat_id
    if not heartbeat_id:
        return
    item = heartbeats.get(agent.agent_id, heartbeat_id)
    now = clock.now()
    if item is None or item.status != hb.PENDING or item.scheduled_at is None or item.scheduled_at <= now:
        return
    scheduled = max(now, item.scheduled_at - old_interval + new_interval)
    part = heartbeats.reschedule_part(
        agent.agent_id, heartbeat_id, scheduled=scheduled, was=item.scheduled_at, in_due_index=item.in_due_index
    )
    # False: it was claimed, paused or requested meanwhile; its completion schedules
    # the next heartbeat from the new interval.
    repository.reschedule(agent.agent_id, heartbeat_id, scheduled, part)


def delete(owner: str, agent_id: str) -> None:
    """Delete an agent and free its alias. Its pending heartbeat leaves the due index;
    its log, heartbeats and actions stay as the audit trail."""
    agent = get(owner, agent_id)
    repository.delete(agent_id, owner, agent.alias)
    slots.deleted(agent_id)
    if agent.active_heartbeat_id:
        # A running heartbeat (not PENDING) finds the agent gone and fails on its own.
        heartbeats.fail_pending(agent_id, agent.active_heartbeat_id, message="agent deleted", now=clock.now())


def request_heartbeat(owner: str, agent_id: str) -> str:
    """Make a heartbeat due now and return its id.

    The pending heartbeat is moved to now. If a heartbeat is running, the next one is
    named now and scheduled at its completion, so two never run at once.
    """
    agent = get(owner, agent_id)
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
        agent = repository.get(agent.agent_id) or agent
    raise ConflictError(f"agent {agent.agent_id} kept changing; try again")


def _try_due_now(agent: Agent, forced: bool = False) -> str | None:
    """One try of :func:`_due_now` against the agent as read; None if it moved on."""
    agent_id = agent.agent_id
    now = clock.now()
    active = agent.active_heartbeat_id
    if (
        active
        and heartbeats.make_due_now(agent_id, active, now, forced=forced)
        and repository.point_next_heartbeat(agent_id, active, now)
    ):
        return active
    # A heartbeat is running: name its successor now and ask for it to be due at once,
    # provided it is still the one running (else the agent moved on: try again).
    next_id = agent.requested_heartbeat_id or ids.new_id("hb", now)
    if not repository.request_successor(agent_id, next_id, active):
        return None
    refreshed = repository.get(agent_id)
    return (refreshed.requested_heartbeat_id if refreshed else None) or next_id
