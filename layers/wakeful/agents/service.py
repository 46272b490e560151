"""Creating, reading, changing and deleting agents.

Creation is one transaction: the agent, its alias reservation and what the lifecycle
listeners write with it (the heartbeats: its first heartbeat, pending and due at once).
A pause or a resume writes their parts with the agent's change (the heartbeats: the
pending heartbeat leaves or rejoins the due index). See :mod:`wakeful.agents.slots`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wakeful import clock, ids
from wakeful.agents import repository, slots
from wakeful.agents.records import Agent
from wakeful.agents.exceptions import AgentPresetUnknownError

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
    repository.create(agent, slots.created_parts(agent, now))
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
    """The agents as the API shows them (the heartbeats read the next heartbeat's time
    and the quiet counts from the pending heartbeat)."""
    return slots.shown(agents)


def patch(owner: str, agent_id: str, body: AgentPatch) -> Agent:
    """Change an agent; a pause or a resume writes the lifecycle listeners' parts in
    the same transaction, and each hears of the change once it is written."""
    agent = get(owner, agent_id)
    given = body.model_dump(exclude_unset=True)
    slots.check(owner, given)
    changes = _patch_changes(body, given)
    toggled = "is_active" in changes and changes["is_active"] != agent.is_active
    repository.update(agent_id, changes, slots.toggled_parts(agent, bool(changes["is_active"])) if toggled else [])
    changed = get(owner, agent_id)
    slots.changed(agent, changed)
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


def delete(owner: str, agent_id: str) -> None:
    """Delete an agent and free its alias; the deleted listeners drop what goes with it
    (its pending heartbeat, its tool settings). Its log, heartbeats and actions stay as
    the audit trail."""
    agent = get(owner, agent_id)
    repository.delete(agent_id, owner, agent.alias)
    slots.deleted(agent)
