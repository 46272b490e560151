"""Storing subscriptions and finding the ones that apply to an agent."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wakeful import clock, ids
from wakeful.agents import repository as agents_repository
from wakeful.subscriptions import repository
from wakeful.subscriptions.exceptions import (
    SubscriptionDuplicateError,
    SubscriptionEventTypeError,
    SubscriptionNotFoundError,
    SubscriptionToolUnknownError,
)
from wakeful.subscriptions.records import Subscription, scope_of

if TYPE_CHECKING:  # the API's bodies (pydantic): the routes build them
    from wakeful.subscriptions.inputs import SubscriptionIn, SubscriptionPatch


def create(owner: str, body: SubscriptionIn, *, sync: bool = True) -> Subscription:
    """Subscribe a tool to an event type for one agent or every agent of the owner.

    ``sync=False`` leaves the agent's ``heartbeat_tools`` as they are (a preset
    subscribing a new agent: its first heartbeat, which always runs, learns them)."""
    from wakeful.agents import service as agents
    from wakeful.tools import registry

    tool = registry.resolve(owner, body.tool)
    if tool is None:
        raise SubscriptionToolUnknownError(f"unknown tool {body.tool!r}; GET /tools lists the tools you can use")
    if body.agent_id is not None:
        agents.get(owner, body.agent_id)  # 404 for another owner's agent
    if not tool.accepts(body.event_type):
        raise SubscriptionEventTypeError(
            f"{body.tool} does not handle {body.event_type} events; it handles: {', '.join(tool.handled())}"
        )
    scope = scope_of(owner, body.agent_id)
    for existing in _in_scope(scope):
        if existing.tool == body.tool and existing.event_type == body.event_type:
            raise SubscriptionDuplicateError(
                f"{body.tool} is already subscribed to {body.event_type} here (subscription {existing.subscription_id})"
            )
    now = clock.now()
    subscription = Subscription(
        subscription_id=ids.new_id("sub", now),
        owner=owner,
        scope=scope,
        agent_id=body.agent_id,
        tool=body.tool,
        event_type=body.event_type,
        filter_config=body.filter_config.model_dump(exclude_none=True) if body.filter_config else None,
        execution_order=body.execution_order,
        is_active=body.is_active,
        created_at=now,
        updated_at=now,
    )
    repository.create(subscription)
    if sync:
        _changed(owner, body.agent_id)
    return subscription


def get(owner: str, subscription_id: str) -> Subscription:
    """The owner's subscription (another owner's is not found)."""
    subscription = repository.get(subscription_id)
    if subscription is None or subscription.owner != owner:
        raise SubscriptionNotFoundError(f"subscription {subscription_id} not found")
    return subscription


def list_page(owner: str, limit: int, cursor: str | None) -> tuple[list[Subscription], str | None]:
    """The owner's subscriptions, newest first."""
    return repository.page(owner, limit, cursor)


def patch(owner: str, subscription_id: str, body: SubscriptionPatch) -> Subscription:
    """Change filter, order or activity."""
    existing = get(owner, subscription_id)
    changes = body.model_dump(exclude_unset=True)
    if "filter_config" in changes and body.filter_config is not None:
        changes["filter_config"] = body.filter_config.model_dump(exclude_none=True)
    for key in ("execution_order", "is_active"):
        if key in changes and changes[key] is None:
            del changes[key]
    changes["updated_at"] = clock.now()
    repository.update(subscription_id, changes)
    _changed(owner, existing.agent_id)
    return get(owner, subscription_id)


def delete(owner: str, subscription_id: str) -> None:
    """Remove a subscription."""
    existing = get(owner, subscription_id)
    repository.delete(subscription_id)
    _changed(owner, existing.agent_id)


def _in_scope(scope: str) -> list[Subscription]:
    return repository.in_scope(scope)


def for_agent(owner: str, agent_id: str) -> list[Subscription]:
    """Active subscriptions that apply to an agent, ordered by (execution_order, id).

    One tool runs once per event per agent: an agent's own subscription for a (tool,
    event type) replaces the owner's every-agent one for that pair, filter, order and
    ``is_active`` included (so ``is_active: false`` there switches it off for this
    agent alone).
    """
    own = _in_scope(scope_of(owner, agent_id))
    taken = {(s.tool, s.event_type) for s in own}
    found = own + [s for s in _in_scope(scope_of(owner, None)) if (s.tool, s.event_type) not in taken]
    active = [s for s in found if s.is_active]
    return sorted(active, key=lambda s: (s.execution_order, s.subscription_id))


def delete_for_tool(owner: str, tool: str) -> list[str]:
    """Delete every subscription of the owner to ``tool`` (any scope); returns their ids."""
    found = list(repository.of_owner_to_tool(owner, tool))
    removed = []
    for subscription in found:
        repository.delete(subscription.subscription_id)
        removed.append(subscription.subscription_id)
    for agent_id in {subscription.agent_id for subscription in found}:
        _changed(owner, agent_id)
    return removed


# -- the agents' heartbeat tools ------------------------------------------------------


def heartbeat_tools(owner: str, agent_id: str) -> list[str]:
    """The tools of the agent's active ``HEARTBEAT`` subscriptions (its own and the
    owner's every-agent ones), sorted."""
    return sorted({s.tool for s in for_agent(owner, agent_id) if s.event_type == "HEARTBEAT"})


def sync_heartbeat_tools(owner: str, agent_id: str) -> None:
    """Recompute the agent's ``heartbeat_tools`` after a subscription changed.

    Optimistic, like the agent's ``hook_types``: the write is conditioned on the
    ``subs_version`` read before the subscriptions were queried; a concurrent change
    bumps it and this retries, so the last successful writer queried after every change.
    """
    for _ in range(20):
        agent = agents_repository.get(agent_id)
        if agent is None:
            return
        version = agent.subs_version
        if agents_repository.set_heartbeat_tools(agent_id, heartbeat_tools(owner, agent_id), version):
            return
    raise RuntimeError(f"could not update heartbeat_tools of agent {agent_id}: its subscriptions kept changing")


def sync_owner(owner: str) -> None:
    """An every-agent subscription changed: recompute each of the owner's agents."""
    for agent in agents_repository.of_owner(owner):
        sync_heartbeat_tools(owner, agent.agent_id)


def _changed(owner: str, agent_id: str | None) -> None:
    """Keep the agents' ``heartbeat_tools`` (what lets the scan skip a quiet heartbeat,
    :mod:`wakeful.heartbeats.quiet`) in step with their subscriptions."""
    if agent_id:
        sync_heartbeat_tools(owner, agent_id)
    else:
        sync_owner(owner)
