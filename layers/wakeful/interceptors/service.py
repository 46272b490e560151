"""Registering, reading, changing and deleting interceptors.

At most one interceptor of an agent is active: the agent item's
``active_interceptor_id`` names it, and every change that activates an interceptor
sets that attribute in the same transaction, on the condition that it is absent (or
already names this one). Two concurrent activations cannot both win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wakeful import clock, ids, net, secrets, signing
from wakeful.agents import repository as agent_repository
from wakeful.agents import service as agents
from wakeful.agents.records import Agent
from wakeful.config import get_settings
from wakeful.interceptors import calls_repository, repository
from wakeful.interceptors.endpoint import secret_context
from wakeful.interceptors.exceptions import InterceptorLimitError, InterceptorNotFoundError

if TYPE_CHECKING:
    from wakeful.interceptors.inputs import InterceptorCreate, InterceptorPatch

MAX_INTERCEPTORS_PER_AGENT = 20


def _dev_mode(dev_mode: bool | None) -> bool:
    return get_settings().dev_mode if dev_mode is None else dev_mode


def create(
    owner: str, agent_id: str, body: InterceptorCreate, *, dev_mode: bool | None = None
) -> tuple[dict[str, Any], str]:
    """Register an interceptor on the owner's agent. Returns the item and its ``whsec_``
    secret, which is shown only here.

    Raises:
        InterceptorActiveConflictError: it would be active and another one is.
    """
    agents.get(owner, agent_id)
    net.check_url(body.endpoint_url, dev_mode=_dev_mode(dev_mode))
    if len(repository.agent_interceptors(agent_id)) >= MAX_INTERCEPTORS_PER_AGENT:
        raise InterceptorLimitError(f"an agent can have at most {MAX_INTERCEPTORS_PER_AGENT} interceptors")
    now = clock.now()
    item: dict[str, Any] = {
        "agent_id": agent_id,
        "interceptor_id": ids.new_id("icp", now),
        "owner": owner,
        "endpoint_url": body.endpoint_url,
        "events": body.events,
        "timeout_ms": body.timeout_ms,
        "on_failure": body.on_failure,
        "is_active": body.is_active,
        "created_at": now,
        "updated_at": now,
    }
    secret = signing.new_secret()
    item["secret"] = secrets.seal(secret, context=secret_context(item))
    repository.create(item, activate=body.is_active)
    return item, secret


def get(owner: str, agent_id: str, interceptor_id: str) -> dict[str, Any]:
    """The owner's interceptor; another owner's agent or interceptor is not found."""
    agents.get(owner, agent_id)
    item = repository.get(agent_id, interceptor_id)
    if item is None or item.get("owner") != owner:
        raise InterceptorNotFoundError(f"interceptor {interceptor_id} not found")
    return item


def list_page(owner: str, agent_id: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """The agent's interceptors, newest first."""
    agents.get(owner, agent_id)
    return repository.list_page(agent_id, limit, cursor)


def patch(
    owner: str, agent_id: str, interceptor_id: str, body: InterceptorPatch, *, dev_mode: bool | None = None
) -> dict[str, Any]:
    """Change an interceptor. Activating one while another is active is a conflict."""
    get(owner, agent_id, interceptor_id)
    changes = {k: v for k, v in body.model_dump(exclude_unset=True).items() if v is not None}
    if "endpoint_url" in changes:
        net.check_url(changes["endpoint_url"], dev_mode=_dev_mode(dev_mode))
    changes["updated_at"] = clock.now()
    repository.update(agent_id, interceptor_id, changes, activate=bool(changes.get("is_active")))
    if changes.get("is_active") is False:
        agent_repository.release_interceptor(agent_id, interceptor_id)
    return get(owner, agent_id, interceptor_id)


def delete(owner: str, agent_id: str, interceptor_id: str) -> None:
    """Delete an interceptor; the steps after this one are not sent to it. Its call
    log stays until it expires."""
    get(owner, agent_id, interceptor_id)
    repository.delete(agent_id, interceptor_id)
    agent_repository.release_interceptor(agent_id, interceptor_id)


def calls_page(
    owner: str, agent_id: str, interceptor_id: str, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """The interceptor's calls, newest first."""
    get(owner, agent_id, interceptor_id)
    return calls_repository.page(interceptor_id, limit, cursor)


def active_for(agent: Agent) -> dict[str, Any] | None:
    """The agent's active interceptor, named by the agent's
    ``active_interceptor_id``. The thread runtime reads the agent at every step,
    so a change applies from the next step on; an agent without an interceptor costs
    no read at all."""
    interceptor_id = agent.active_interceptor_id
    if not interceptor_id:
        return None
    item = repository.get(agent.agent_id, interceptor_id)
    if item is None or not item.get("is_active", True):
        return None
    return item
