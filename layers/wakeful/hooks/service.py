"""Registering, reading, changing and deleting hooks.

The agent item carries ``hook_types``, the types its *active* hooks listen to, so that
firing costs nothing for an agent without hooks (:mod:`wakeful.hooks.firing`). Every
change to an agent's hooks recomputes it from the hooks table, conditioned on the
agent's ``hooks_version``, so concurrent changes never leave it stale.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from wakeful import clock, ids, net, secrets, signing
from wakeful.config import get_settings
from wakeful.hooks import delivery_repository, repository
from wakeful.hooks.exceptions import HookDeliveryNotFoundError, HookLimitError, HookNotFoundError
from wakeful.hooks.records import Hook, HookDelivery, HookExecution

if TYPE_CHECKING:  # the API's bodies (pydantic): the routes build them
    from wakeful.hooks.inputs import HookCreate, HookPatch

MAX_HOOKS_PER_AGENT = 50



def _agent_of(owner: str, agent_id: str) -> None:
    """The owner's agent exists (else AgentNotFoundError). Loaded here: the API's paths
    need it, delivering a hook does not."""
    from wakeful.agents import service as agents

    agents.get(owner, agent_id)

def secret_context(hook: Hook) -> dict[str, str]:
    """The KMS encryption context binding a hook's secret to its record."""
    return {"owner": hook.owner, "hook": hook.hook_id}


def auth_context(hook: Hook) -> dict[str, str]:
    """The KMS encryption context binding a hook's auth header to its record."""
    return {"owner": hook.owner, "hook": hook.hook_id, "field": "auth_header"}


def _dev_mode(dev_mode: bool | None) -> bool:
    return get_settings().dev_mode if dev_mode is None else dev_mode


def create(owner: str, agent_id: str, body: HookCreate, *, dev_mode: bool | None = None) -> tuple[Hook, str]:
    """Register a hook on the owner's agent. Returns the hook and its ``whsec_``
    secret (the one given in ``body.secret``, else a new one), shown only here.

    Args:
        dev_mode: allow loopback/http endpoints; default from settings (a seam for tests
            of the production rule).
    """
    _agent_of(owner, agent_id)
    net.check_url(body.endpoint_url, dev_mode=_dev_mode(dev_mode))
    if len(repository.agent_hooks(agent_id)) >= MAX_HOOKS_PER_AGENT:
        raise HookLimitError(f"an agent can have at most {MAX_HOOKS_PER_AGENT} hooks")
    now = clock.now()
    unsealed = Hook(
        agent_id=agent_id,
        hook_id=ids.new_id("hook", now),
        owner=owner,
        hook_type=body.hook_type,
        endpoint_url=body.endpoint_url,
        secret="",  # sealed below: its encryption context names the hook
        is_active=body.is_active,
        retry_config=body.retry_config.model_dump(),
        metadata=body.metadata,
        created_at=now,
        updated_at=now,
    )
    secret = body.secret or signing.new_secret()
    hook = replace(
        unsealed,
        secret=secrets.seal(secret, context=secret_context(unsealed)),
        auth_header=secrets.seal(body.auth_header, context=auth_context(unsealed)) if body.auth_header else None,
    )
    repository.create(hook)
    sync_hook_types(agent_id)
    return hook, secret


def get(owner: str, agent_id: str, hook_id: str) -> Hook:
    """The owner's hook; another owner's agent or hook is not found."""
    _agent_of(owner, agent_id)
    hook = repository.get(agent_id, hook_id)
    if hook is None or hook.owner != owner:
        raise HookNotFoundError(f"hook {hook_id} not found")
    return hook


def list_page(owner: str, agent_id: str, limit: int, cursor: str | None) -> tuple[list[Hook], str | None]:
    """The agent's hooks, newest first."""
    _agent_of(owner, agent_id)
    return repository.list_page(agent_id, limit, cursor)


def patch(owner: str, agent_id: str, hook_id: str, body: HookPatch, *, dev_mode: bool | None = None) -> Hook:
    """Change a hook. ``is_active: true`` also re-enables a hook disabled for failing
    (its reason and failure streak are cleared)."""
    hook = get(owner, agent_id, hook_id)
    changes = body.model_dump(exclude_unset=True)
    sets: dict[str, Any] = {"updated_at": clock.now()}
    removes: list[str] = []
    if changes.get("endpoint_url") is not None:
        net.check_url(changes["endpoint_url"], dev_mode=_dev_mode(dev_mode))
        sets["endpoint_url"] = changes["endpoint_url"]
    if "auth_header" in changes:
        if changes["auth_header"]:
            sets["auth_header"] = secrets.seal(changes["auth_header"], context=auth_context(hook))
        else:
            removes.append("auth_header")
    if changes.get("retry_config") is not None:
        from wakeful.hooks.inputs import RetryConfig  # pydantic: the API path only

        # Only the fields sent change; the others keep their current values.
        current = RetryConfig.model_validate(hook.retry_config or {}).model_dump()
        sets["retry_config"] = RetryConfig.model_validate({**current, **changes["retry_config"]}).model_dump()
    if "metadata" in changes:
        sets["metadata"] = changes["metadata"]
    if changes.get("is_active") is not None:
        sets["is_active"] = changes["is_active"]
        if changes["is_active"]:
            removes += ["disabled_reason", "disabled_at", "failing_since"]
    updated = repository.update(agent_id, hook_id, sets, removes)
    if "is_active" in sets:
        sync_hook_types(agent_id)
    return updated


def delete(owner: str, agent_id: str, hook_id: str) -> None:
    """Delete a hook; deliveries in flight stop at their next attempt."""
    get(owner, agent_id, hook_id)
    repository.delete(agent_id, hook_id)
    sync_hook_types(agent_id)


def disable(agent_id: str, hook_id: str, reason: str) -> bool:
    """Disable a hook with a recorded reason (410 Gone, or failing for too long).
    Returns False when it was already inactive or is gone."""
    if not repository.disable(agent_id, hook_id, reason[:1000], clock.now()):
        return False
    sync_hook_types(agent_id)
    return True


def note_failure(hook: Hook, now: float) -> float:
    """Start the hook's failure streak if none is running; returns when it started."""
    return repository.start_failure_streak(hook.agent_id, hook.hook_id, now)


def note_success(hook: Hook) -> None:
    """End the hook's failure streak, if one is running."""
    if hook.failing_since is None:
        return
    repository.end_failure_streak(hook.agent_id, hook.hook_id)


def active_hooks(agent_id: str, hook_type: str) -> list[Hook]:
    """The agent's active hooks of one type (one Query on the agent's partition)."""
    return [h for h in repository.agent_hooks(agent_id) if h.hook_type == hook_type and h.is_active]


def sync_hook_types(agent_id: str) -> None:
    """Recompute the agent's ``hook_types`` from its active hooks.

    Optimistic: the write is conditioned on the ``hooks_version`` read before the
    hooks were queried; whoever changed hooks meanwhile bumps it, and this retries.
    The last successful writer has queried after every change that preceded it.
    """
    from wakeful.agents import repository as agent_repository  # changing hooks only, not delivering

    for _ in range(20):
        version = repository.hooks_version(agent_id)
        if version is None:
            return
        types = sorted({h.hook_type for h in repository.agent_hooks(agent_id) if h.is_active})
        if agent_repository.set_hook_types(agent_id, types, version):
            return
    raise RuntimeError(f"could not update hook_types of agent {agent_id}: its hooks kept changing")


def executions_page(
    owner: str, agent_id: str, hook_id: str, limit: int, cursor: str | None, delivery_id: str | None = None
) -> tuple[list[HookExecution], str | None]:
    """One row per delivery attempt, newest first (optionally of one delivery)."""
    get(owner, agent_id, hook_id)
    return delivery_repository.executions_page(hook_id, limit, cursor, delivery_id)


def deliveries_page(owner: str, agent_id: str, hook_id: str, limit: int, cursor: str | None) -> tuple[list[HookDelivery], str | None]:
    """The hook's deliveries, newest first."""
    get(owner, agent_id, hook_id)
    return delivery_repository.hook_page(hook_id, limit, cursor)


def get_delivery(owner: str, agent_id: str, hook_id: str, delivery_id: str) -> HookDelivery:
    """One delivery of the owner's hook."""
    get(owner, agent_id, hook_id)
    row = delivery_repository.get(delivery_id)
    if row is None or row.hook_id != hook_id or row.owner != owner:
        raise HookDeliveryNotFoundError(f"delivery {delivery_id} not found")
    return row
